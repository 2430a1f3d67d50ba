/**
 * /task/{taskId}/confirm_incomplete (spec sections 4 and 5): finishing with required checklist
 * items left needs a reason ('Please add the required information'), the policy agreement and
 * at least one photo. Works offline. The reason and the tick are kept as a draft in the mirror
 * (finishForm.ts): taking the photo, a reload or a closed app loses neither.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useScreenTitle } from '../shared/screenTitle';
import type { TaskRow } from '#db/schema';
import { canSendCompletion, COMPLETION_TEXT_MAX, completionErrors, type CompletionInput } from '#domain/completion';
import { fieldErrorMessage } from '../i18n/errorMessages';
import { usePhotos } from './queries';
import { TextField } from '#ui/TextField';
import { CompletionFailure } from './CompletionFailure';
import { ExecutionGate } from './ExecutionGate';
import { PhotoRequirement } from './PhotoRequirement';
import { SuggestionsPopup } from './SuggestionsPopup';
import { finishDraftKey, useFinish, useFinishDraft } from './finishForm';
import { useExecutionTask } from './useExecutionTask';
import './execution.css';

export function ConfirmIncompleteScreen() {
  const { taskId = '' } = useParams<{ taskId: string }>();
  const { t } = useLingui();
  useScreenTitle(t`Task not completed`);
  const task = useExecutionTask(taskId);
  if (!task) return <ExecutionGate task={task} taskId={taskId} />;
  return <ConfirmIncomplete task={task} />;
}

const EMPTY = { reason: '', agreed: false };

function ConfirmIncomplete({ task }: { task: TaskRow }) {
  const { i18n } = useLingui();
  const photos = usePhotos(task.id);
  const draftKey = finishDraftKey('incomplete', task.id);
  const { values, change } = useFinishDraft(draftKey, EMPTY);
  const [tried, setTried] = useState(false);
  const { submit, busy, error, next, finish } = useFinish(task, draftKey);
  if (next) return <SuggestionsPopup taskId={task.id} onDone={finish} />;
  if (task.status !== 'in_progress') return <ExecutionGate task={task} taskId={task.id} />;
  // The draft is being read: the form appears with it, not empty and then filled.
  if (!values) return null;
  const { reason, agreed } = values;
  const photoCount = photos?.length ?? 0;
  // The reason is the tasker's comment too. The rule is the worker's and the server's (src/domain/completion.ts).
  const input: CompletionInput = { outcome: 'incomplete', taskerComment: reason, reason, policyAgreed: agreed };
  const errors = completionErrors(input);
  const valid = canSendCompletion(input, photoCount);
  return (
    <form
      className="exec-page"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (valid) void submit(input);
      }}
    >
      <h2 className="exec-page__title">
        <Trans>Some required items are not done</Trans>
      </h2>
      <p className="muted">
        <Trans>Explain why the task could not be done in full and add photos that show it.</Trans>
      </p>
      <TextField
        multiline
        id="incomplete-reason"
        label={<Trans>Reason</Trans>}
        rows={4}
        value={reason}
        onChange={(e) => change({ reason: e.target.value })}
        error={tried && errors.reason ? i18n._(fieldErrorMessage('reason', errors.reason)) : undefined}
        maxLength={COMPLETION_TEXT_MAX}
      />
      <PhotoRequirement taskId={task.id} count={photoCount} tag="after" showError={tried} />
      <label className="check-row">
        <input type="checkbox" checked={agreed} onChange={(e) => change({ agreed: e.target.checked })} aria-invalid={tried && !!errors.policyAgreed} />
        <span>
          <Trans>I understand that an incomplete task may be paid less or not at all, as the task policy says.</Trans>
        </span>
      </label>
      {tried && errors.policyAgreed ? <span className="field-error">{i18n._(fieldErrorMessage('policyAgreed', errors.policyAgreed))}</span> : null}
      <CompletionFailure error={error} />
      <button type="submit" className="btn btn-block" disabled={busy}>
        <Trans>Finish without completing</Trans>
      </button>
    </form>
  );
}
