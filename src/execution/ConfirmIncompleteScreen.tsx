/**
 * /task/{taskId}/confirm_incomplete (spec sections 4 and 5): finishing with required checklist
 * items left needs a reason ('Please add the required information'), the policy agreement and
 * at least one photo. Works offline. A Formik form on the completion rule's schema
 * (finishSchemas.ts); the reason and the tick are kept as a draft in the mirror (finishForm.ts):
 * taking the photo, a reload or a closed app loses neither.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useFormik } from 'formik';
import { useParams } from 'react-router';
import { useScreenTitle } from '../shared/screenTitle';
import { canSendCompletion, COMPLETION_TEXT_MAX } from '#domain/completion';
import { fieldErrorMessage, type FormErrorCode } from '../i18n/errorMessages';
import { usePhotos } from './queries';
import { formikField } from '#ui/formikField';
import { TextField } from '#ui/TextField';
import { CompletionFailure } from './CompletionFailure';
import { ExecutionGate } from './ExecutionGate';
import { FinishFormGate, type FinishFormProps } from './FinishFormGate';
import { PhotoRequirement } from './PhotoRequirement';
import { useKeepDraft } from './finishForm';
import { EMPTY_INCOMPLETE, incompleteInput, incompleteSchema, type IncompleteValues } from './finishSchemas';
import { useExecutionTask } from './useExecutionTask';
import './execution.css';

export function ConfirmIncompleteScreen() {
  const { taskId = '' } = useParams<{ taskId: string }>();
  const { t } = useLingui();
  useScreenTitle(t`Task not completed`);
  const task = useExecutionTask(taskId);
  if (!task) return <ExecutionGate task={task} taskId={taskId} />;
  return <FinishFormGate task={task} outcome="incomplete" empty={EMPTY_INCOMPLETE} form={(props) => <IncompleteForm {...props} />} />;
}

function IncompleteForm({ task, draftKey, initialValues, finishing }: FinishFormProps<IncompleteValues>) {
  const { i18n } = useLingui();
  const photos = usePhotos(task.id);
  const photoCount = photos?.length ?? 0;
  const formik = useFormik<IncompleteValues>({
    initialValues,
    validationSchema: incompleteSchema,
    onSubmit: async (values) => {
      // The photo is the camera's, not a field: the rule is the worker's and the server's (src/domain/completion.ts).
      const input = incompleteInput(values);
      if (canSendCompletion(input, photoCount)) await finishing.submit(input);
    },
  });
  useKeepDraft(draftKey, formik.values);
  const errorText = (field: 'reason' | 'policyAgreed') => (code: string | undefined) => (code ? i18n._(fieldErrorMessage(field, code as FormErrorCode)) : undefined);
  const reason = formikField(formik, 'reason', errorText('reason'));
  const agreed = formik.getFieldProps({ name: 'agreed', type: 'checkbox' });
  const agreedError = formik.submitCount > 0 || formik.touched.agreed ? errorText('policyAgreed')(formik.errors.agreed) : undefined;
  return (
    <form className="exec-page" noValidate onSubmit={formik.handleSubmit}>
      <h2 className="exec-page__title">
        <Trans>Some required items are not done</Trans>
      </h2>
      <p className="muted">
        <Trans>Explain why the task could not be done in full and add photos that show it.</Trans>
      </p>
      <TextField multiline id="incomplete-reason" label={<Trans>Reason</Trans>} rows={4} {...reason} maxLength={COMPLETION_TEXT_MAX} />
      <PhotoRequirement taskId={task.id} count={photoCount} tag="after" showError={formik.submitCount > 0} />
      <label className="check-row">
        <input type="checkbox" {...agreed} aria-invalid={agreedError ? true : undefined} aria-describedby={agreedError ? 'incomplete-policy-error' : undefined} />
        <span>
          <Trans>I understand that an incomplete task may be paid less or not at all, as the task policy says.</Trans>
        </span>
      </label>
      {agreedError ? (
        <span id="incomplete-policy-error" className="field-error">
          {agreedError}
        </span>
      ) : null}
      <CompletionFailure error={finishing.error} />
      <button type="submit" className="btn btn-block" disabled={finishing.busy}>
        <Trans>Finish without completing</Trans>
      </button>
    </form>
  );
}
