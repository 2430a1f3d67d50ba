/** /task/{taskId}/confirm_complete (spec section 4): finish with an optional comment; works offline. */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useScreenTitle } from '../shared/screenTitle';
import type { TaskRow } from '#db/schema';
import { COMPLETION_TEXT_MAX } from '#domain/completion';
import { TextField } from '#ui/TextField';
import { ExecutionGate } from './ExecutionGate';
import { CompletionFailure } from './CompletionFailure';
import { SuggestionsPopup } from './SuggestionsPopup';
import { useCompleteTask } from './mutations';
import { useExecutionTask } from './useExecutionTask';
import '../ui/workPage.css';
import './execution.css';

export function ConfirmCompleteScreen() {
  const { taskId = '' } = useParams<{ taskId: string }>();
  const { t } = useLingui();
  useScreenTitle(t`Complete task`);
  const task = useExecutionTask(taskId);
  if (!task) return <ExecutionGate task={task} taskId={taskId} />;
  return <ConfirmComplete task={task} />;
}

function ConfirmComplete({ task }: { task: TaskRow }) {
  const [comment, setComment] = useState('');
  const { submit, busy, error, next, finish } = useCompleteTask(task);
  if (next) return <SuggestionsPopup taskId={task.id} onDone={finish} />;
  if (task.status !== 'in_progress') return <ExecutionGate task={task} taskId={task.id} />;
  return (
    <form
      className="exec-page"
      onSubmit={(event) => {
        event.preventDefault();
        void submit({ outcome: 'complete', taskerComment: comment.trim() });
      }}
    >
      <h2 className="exec-page__title">
        <Trans>Is everything done?</Trans>
      </h2>
      <p className="muted">
        <Trans>The task goes to review. If you are offline, it is sent when there is a connection.</Trans>
      </p>
      <TextField
        multiline
        id="complete-comment"
        label={<Trans>Comment (optional)</Trans>}
        rows={4}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        maxLength={COMPLETION_TEXT_MAX}
      />
      <CompletionFailure error={error} />
      <button type="submit" className="btn btn-block" disabled={busy}>
        <Trans>Complete task</Trans>
      </button>
    </form>
  );
}
