/**
 * /task/{taskId}/confirm_blocked (spec section 4): the task cannot be done — at least one
 * blocker, at least one photo, an optional comment. Works offline. The comment is kept as a draft
 * in the mirror (finishForm.ts): taking the photo or changing the blockers loses nothing.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useScreenTitle } from '../shared/screenTitle';
import type { TaskRow } from '#db/schema';
import { canSendCompletion, COMPLETION_TEXT_MAX, type CompletionInput } from '#domain/completion';
import { usePhotos, useTaskDefects } from './queries';
import { TextField } from '#ui/TextField';
import { executionPath } from './checklist';
import { CompletionFailure } from './CompletionFailure';
import { ExecutionGate } from './ExecutionGate';
import { PhotoRequirement } from './PhotoRequirement';
import { SuggestionsPopup } from './SuggestionsPopup';
import { finishDraftKey, useFinish, useFinishDraft } from './finishForm';
import { useExecutionTask } from './useExecutionTask';
import './execution.css';

export function ConfirmBlockedScreen() {
  const { taskId = '' } = useParams<{ taskId: string }>();
  const { t } = useLingui();
  useScreenTitle(t`Cannot be completed`);
  const task = useExecutionTask(taskId);
  if (!task) return <ExecutionGate task={task} taskId={taskId} />;
  return <ConfirmBlocked task={task} />;
}

const EMPTY = { comment: '' };

function ConfirmBlocked({ task }: { task: TaskRow }) {
  const photos = usePhotos(task.id);
  const defects = useTaskDefects(task.id);
  const draftKey = finishDraftKey('blocked', task.id);
  const { values, change } = useFinishDraft(draftKey, EMPTY);
  const [tried, setTried] = useState(false);
  const { submit, busy, error, next, finish } = useFinish(task, draftKey);
  if (next) return <SuggestionsPopup taskId={task.id} onDone={finish} />;
  if (task.status !== 'in_progress') return <ExecutionGate task={task} taskId={task.id} />;
  // The draft is being read: the form appears with it, not empty and then filled.
  if (!values) return null;
  const { comment } = values;
  const blockers = (defects ?? []).filter((d) => d.type === 'task_blocker' && d.checked);
  const photoCount = photos?.length ?? 0;
  // The rule is the worker's and the server's (src/domain/completion.ts).
  const input: CompletionInput = { outcome: 'blocked', taskerComment: comment, blockerIds: blockers.map((b) => b.id) };
  const valid = canSendCompletion(input, photoCount);
  return (
    <form
      className="exec-page"
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (valid) void submit(input);
      }}
    >
      <h2 className="exec-page__title">
        <Trans>The task cannot be completed</Trans>
      </h2>
      <section className="card stack">
        {blockers.length > 0 ? (
          <ul>
            {blockers.map((b) => (
              <li key={b.id}>{b.name}</li>
            ))}
          </ul>
        ) : (
          <p className={tried ? 'exec-required is-missing' : 'exec-required'} role={tried ? 'alert' : undefined}>
            <Trans>Select at least one blocker.</Trans>
          </p>
        )}
        <Link className="btn btn-text" to={executionPath(task.id, 'blockers')} replace>
          <Trans>Change blockers</Trans>
        </Link>
      </section>
      <PhotoRequirement taskId={task.id} count={photoCount} tag="task_blocker" showError={tried} />
      <TextField
        multiline
        id="blocked-comment"
        label={<Trans>Comment (optional)</Trans>}
        rows={4}
        value={comment}
        onChange={(e) => change({ comment: e.target.value })}
        maxLength={COMPLETION_TEXT_MAX}
      />
      <CompletionFailure error={error} />
      <button type="submit" className="btn btn-block" disabled={busy}>
        <Trans>Send as blocked</Trans>
      </button>
    </form>
  );
}
