/**
 * The attendance confirmation popup (spec sections 2, 4, 5 and 8): will the tasker come to the
 * reserved task? Yes, or no with a reason (required, under 160 characters, with a live counter)
 * and the attendance policy ticked; choosing yes clears the reason and the checkbox. Submit is
 * enabled for yes, or for no with both. The answer is queued in the sync worker (works offline,
 * sent once); a failure to queue it says 'try again', a refusal by the server comes back through
 * the outbox (AttendanceRefusalToasts). What was chosen and typed is kept as a draft in the mirror
 * until the answer is queued: 'Later', leaving the screen or a reload loses nothing.
 */
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { ATTENDANCE_JUSTIFICATION_MAX_EXCLUSIVE, canSubmitAttendance, chooseAttendance, readAttendanceAnswer, type AttendanceFormValues } from '#domain/attendance';
import { formatDateTime } from '../i18n/format';
import { Alert } from '#ui/Alert';
import { Dialog } from '#ui/Dialog';
import { TextField } from '#ui/TextField';
import { showToast } from '#ui/toastStore';
import { clearDraft, useDraftValues } from '../shared/drafts';
import { isOnline } from '../shared/useOnline';
import { useAnswerAttendance } from './mutations';
import type { AttendanceRequestView } from './queries';
import './attendance.css';

export interface AttendanceDialogProps {
  request: AttendanceRequestView;
  onClose: () => void;
}

/** The answer a draft holds (a draft of another version of the app gives an empty answer). */
function readDraft(saved: unknown): AttendanceFormValues {
  const kept = typeof saved === 'object' && saved !== null ? (saved as Record<string, unknown>) : {};
  return {
    accept: typeof kept.accept === 'boolean' ? kept.accept : null,
    justification: typeof kept.justification === 'string' ? kept.justification : '',
    policyAgreed: typeof kept.policyAgreed === 'boolean' ? kept.policyAgreed : false,
  };
}

function attendanceDraftKey(taskId: string): string {
  return `attendance:${taskId}`;
}

export function AttendanceDialog({ request, onClose }: AttendanceDialogProps) {
  const draft = useDraftValues(attendanceDraftKey(request.taskId), readDraft);
  // The draft is being read: the popup opens with it, not empty and then filled.
  if (!draft.values) return null;
  return <AttendanceForm request={request} onClose={onClose} values={draft.values} setValues={draft.change} />;
}

/** The popup itself, for the values given (the dialog above passes its draft). */
export function AttendanceForm({
  request,
  onClose,
  values,
  setValues,
}: AttendanceDialogProps & { values: AttendanceFormValues; setValues: (update: (values: AttendanceFormValues) => AttendanceFormValues) => void }) {
  const { i18n } = useLingui();
  const answerAttendance = useAnswerAttendance();
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);
  const name = useId();
  const locale = i18n.locale;
  const max = ATTENDANCE_JUSTIFICATION_MAX_EXCLUSIVE - 1;
  const length = values.justification.trim().length;
  const tooLong = length > max;
  const canSubmit = canSubmitAttendance(values) && !sending;

  const submit = async () => {
    if (!canSubmit) return;
    const { answer } = readAttendanceAnswer(values);
    if (!answer) return;
    setSending(true);
    setFailed(false);
    const result = await answerAttendance(request.taskId, answer);
    setSending(false);
    if (!result.ok) {
      if (result.error.code === 'ATTENDANCE_ALREADY_SUBMITTED') {
        await clearDraft(attendanceDraftKey(request.taskId));
        showToast({ id: `attendance-${request.taskId}`, kind: 'warning', message: msg`You have already answered this attendance request.`, durationMs: 5000 });
        onClose();
        return;
      }
      setFailed(true);
      return;
    }
    await clearDraft(attendanceDraftKey(request.taskId));
    const online = isOnline();
    showToast({
      id: `attendance-${request.taskId}`,
      kind: 'success',
      message: online ? msg`Thank you, your answer is being sent.` : msg`Your answer is saved on this phone and will be sent when there is signal.`,
    });
    onClose();
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={<Trans>Will you attend?</Trans>}
      actions={
        <>
          <button type="button" className="btn btn-text" onClick={onClose} disabled={sending}>
            <Trans>Later</Trans>
          </button>
          <button type="button" className="btn btn-primary" onClick={() => void submit()} disabled={!canSubmit}>
            {sending ? <Trans>Sending…</Trans> : <Trans>Send answer</Trans>}
          </button>
        </>
      }
    >
      <form
        className="stack attendance-form"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <div className="attendance-form__task">
          <strong>{request.task.title}</strong>
          <span className="muted">
            {request.task.place.title}, {request.task.place.address}
          </span>
          <span>
            <Trans>Starts {formatDateTime(request.task.timeWindowStart, locale)}</Trans>
          </span>
        </div>
        <p className="attendance-form__lead">
          <Trans>
            Please confirm that you will do this task. Without an answer by {formatDateTime(request.expiresAt, locale)}, the reservation is canceled.
          </Trans>
        </p>
        <fieldset className="attendance-form__choice">
          <legend className="visually-hidden">
            <Trans>Your answer</Trans>
          </legend>
          <label className="check-row">
            <input type="radio" name={name} checked={values.accept === true} onChange={() => setValues((v) => chooseAttendance(v, true))} />
            <span>
              <Trans>Yes, I will attend</Trans>
            </span>
          </label>
          <label className="check-row">
            <input type="radio" name={name} checked={values.accept === false} onChange={() => setValues((v) => chooseAttendance(v, false))} />
            <span>
              <Trans>No, I cannot attend</Trans>
            </span>
          </label>
        </fieldset>
        {values.accept === false && (
          <>
            <TextField
              multiline
              rows={2}
              label={<Trans>Why can't you attend?</Trans>}
              live
              hint={<Trans>{max - length} characters left</Trans>}
              error={tooLong ? <Trans>The reason must be shorter than 160 characters ({length}/{max}).</Trans> : undefined}
              messageClassName="attendance-form__counter"
              value={values.justification}
              onChange={(event) => setValues((v) => ({ ...v, justification: event.target.value }))}
            />
            <label className="check-row">
              <input type="checkbox" checked={values.policyAgreed} onChange={(event) => setValues((v) => ({ ...v, policyAgreed: event.target.checked }))} />
              <span>
                <Trans>I understand the attendance policy: not attending a reserved task is recorded and may restrict my account.</Trans>
              </span>
            </label>
          </>
        )}
        {failed && (
          <Alert tone="error" role="alert">
            <Trans>Your answer could not be sent. Please try again.</Trans>
          </Alert>
        )}
      </form>
    </Dialog>
  );
}
