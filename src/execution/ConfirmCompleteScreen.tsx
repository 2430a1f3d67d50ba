/**
 * /task/{taskId}/confirm_complete (spec section 4): finish with an optional comment; works offline.
 * The comment is kept as a draft in the mirror (finishForm.ts) until the completion is queued.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useParams } from 'react-router';
import { useScreenTitle } from '../shared/screenTitle';
import type { TaskRow } from '#db/schema';
import { COMPLETION_TEXT_MAX } from '#domain/completion';
import { TextField } from '#ui/TextField';
import { ExecutionGate } from './ExecutionGate';
import { CompletionFailure } from './CompletionFailure';
import { SuggestionsPopup } from './SuggestionsPopup';
import { finishDraftKey, useFinish, useFinishDraft } from './finishForm';
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

const EMPTY = { comment: '' };

function ConfirmComplete({ task }: { task: TaskRow }) {
  const draftKey = finishDraftKey('complete', task.id);
  const { values, change } = useFinishDraft(draftKey, EMPTY);
  const { submit, busy, error, next, finish } = useFinish(task, draftKey);
  if (next) return <SuggestionsPopup taskId={task.id} onDone={finish} />;
  if (task.status !== 'in_progress') return <ExecutionGate task={task} taskId={task.id} />;
  // The draft is being read: the form appears with it, not empty and then filled.
  if (!values) return null;
  const { comment } = values;
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
        onChange={(e) => change({ comment: e.target.value })}
        maxLength={COMPLETION_TEXT_MAX}
      />
      <CompletionFailure error={error} />
      <button type="submit" className="btn btn-block" disabled={busy}>
        <Trans>Complete task</Trans>
      </button>
    </form>
  );
}
