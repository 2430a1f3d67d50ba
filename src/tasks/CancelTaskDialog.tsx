/**
 * Cancelling a reservation (spec sections 4 and 5). Early: a confirmation. Late: a reason under
 * 160 characters with a live counter, the policy checkbox and a warning that the account may be
 * restricted (a Formik form on cancelSchema.ts, the domain's rule the server applies too). Online only: the server judges the deadline with its own clock, so its refusal
 * (e.g. the early deadline passed while the dialog was open) is shown here in words.
 */
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useFormik } from 'formik';
import { useState } from 'react';
import type { TaskRow } from '#db/schema';
import type { CancelPolicy } from '#domain/lifecycle';
import { errorMessage, isNoConnection } from '../i18n/errorMessages';
import { Alert } from '#ui/Alert';
import { Dialog } from '#ui/Dialog';
import { TextField } from '#ui/TextField';
import { showToast } from '#ui/toastStore';
import { cancelFormState } from './cancelForm';
import { cancelSchema, EMPTY_CANCEL, type CancelValues } from './cancelSchema';
import { useCancelTask } from './mutations';

export interface CancelTaskDialogProps {
  open: boolean;
  task: TaskRow;
  /** Judged when the dialog opened. */
  policy: Exclude<CancelPolicy, 'none'>;
  onClose: () => void;
  onCanceled: () => void;
}

export function CancelTaskDialog({ open, task, policy, onClose, onCanceled }: CancelTaskDialogProps) {
  const { t, i18n } = useLingui();
  const cancelTask = useCancelTask();
  const [error, setError] = useState<string | null>(null);
  const formik = useFormik<CancelValues>({
    initialValues: EMPTY_CANCEL,
    validationSchema: cancelSchema(policy),
    // The button stays off until the late cancel's reason and tick are there.
    validateOnMount: true,
    onSubmit: (values) => submit(values),
  });
  const { justification, policyAccepted } = formik.values;
  const form = cancelFormState({ policy, justification, policyAccepted });
  const sending = formik.isSubmitting;

  const submit = async (values: CancelValues) => {
    setError(null);
    const result = await cancelTask(task.id, cancelFormState({ policy, ...values }).justification);
    if (result.ok) {
      showToast({ id: `canceled-${task.id}`, kind: 'success', message: msg`Reservation canceled` });
      onCanceled();
      return;
    }
    if (isNoConnection(result.error)) {
      setError(t`Canceling needs a connection. Nothing was canceled: connect to the internet and try again.`);
      return;
    }
    const message = errorMessage('cancel', result.error);
    setError(typeof message === 'string' ? message : i18n._(message));
  };

  const remaining = form.remaining;
  const length = form.length;
  const max = form.maxLength;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={policy === 'early' ? <Trans>Cancel this reservation?</Trans> : <Trans>Late cancellation</Trans>}
      actions={
        <>
          <button type="button" className="btn btn-text" onClick={onClose} disabled={sending}>
            <Trans>Keep it</Trans>
          </button>
          <button type="button" className="btn btn-danger" onClick={() => void formik.submitForm()} disabled={!formik.isValid || sending}>
            {sending ? <Trans>Canceling…</Trans> : <Trans>Cancel task</Trans>}
          </button>
        </>
      }
    >
      <form className="stack cancel-form" noValidate onSubmit={formik.handleSubmit}>
        {policy === 'early' ? (
          <p>
            <Trans>The task goes back to the offerings, and other taskers can reserve it.</Trans>
          </p>
        ) : (
          <>
            <Alert tone="warning" role="note">
              <Trans>The free cancellation period is over. Late cancellations are recorded and may restrict your account.</Trans>
            </Alert>
            <TextField
              multiline
              rows={3}
              label={<Trans>Why are you canceling?</Trans>}
              live
              hint={<Trans>{remaining} characters left</Trans>}
              error={form.tooLong ? <Trans>The reason must be shorter than 160 characters ({length}/{max}).</Trans> : undefined}
              messageClassName="cancel-form__counter"
              {...formik.getFieldProps('justification')}
            />
            <label className="check-row">
              <input type="checkbox" {...formik.getFieldProps({ name: 'policyAccepted', type: 'checkbox' })} />
              <span>
                <Trans>I understand the cancellation policy and that my account may be restricted.</Trans>
              </span>
            </label>
          </>
        )}
        {error && (
          <Alert tone="error" role="alert">
            {error}
          </Alert>
        )}
      </form>
    </Dialog>
  );
}
