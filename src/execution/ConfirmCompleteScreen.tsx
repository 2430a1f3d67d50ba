/**
 * /task/{taskId}/confirm_complete (spec section 4): finish with an optional comment; works offline.
 * A Formik form on the completion rule's schema (finishSchemas.ts); the comment is kept as a draft
 * in the mirror (finishForm.ts) until the completion is queued.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useFormik } from 'formik';
import { useParams } from 'react-router';
import { useScreenTitle } from '../shared/screenTitle';
import { COMPLETION_TEXT_MAX } from '#domain/completion';
import { formikField } from '#ui/formikField';
import { TextField } from '#ui/TextField';
import { fieldErrorMessage, type FormErrorCode } from '../i18n/errorMessages';
import { ExecutionGate } from './ExecutionGate';
import { CompletionFailure } from './CompletionFailure';
import { FinishFormGate, type FinishFormProps } from './FinishFormGate';
import { useKeepDraft } from './finishForm';
import { completeInput, completeSchema, EMPTY_COMPLETE, type CompleteValues } from './finishSchemas';
import { useExecutionTask } from './useExecutionTask';
import '../ui/workPage.css';
import './execution.css';

export function ConfirmCompleteScreen() {
  const { taskId = '' } = useParams<{ taskId: string }>();
  const { t } = useLingui();
  useScreenTitle(t`Complete task`);
  const task = useExecutionTask(taskId);
  if (!task) return <ExecutionGate task={task} taskId={taskId} />;
  return <FinishFormGate task={task} outcome="complete" empty={EMPTY_COMPLETE} form={(props) => <CompleteForm {...props} />} />;
}

function CompleteForm({ draftKey, initialValues, finishing }: FinishFormProps<CompleteValues>) {
  const { i18n } = useLingui();
  const formik = useFormik<CompleteValues>({
    initialValues,
    validationSchema: completeSchema,
    onSubmit: (values) => finishing.submit(completeInput(values)),
  });
  useKeepDraft(draftKey, formik.values);
  const comment = formikField(formik, 'comment', (code) => (code ? i18n._(fieldErrorMessage('comment', code as FormErrorCode)) : undefined));
  return (
    <form className="exec-page" noValidate onSubmit={formik.handleSubmit}>
      <h2 className="exec-page__title">
        <Trans>Is everything done?</Trans>
      </h2>
      <p className="muted">
        <Trans>The task goes to review. If you are offline, it is sent when there is a connection.</Trans>
      </p>
      <TextField multiline id="complete-comment" label={<Trans>Comment (optional)</Trans>} rows={4} {...comment} maxLength={COMPLETION_TEXT_MAX} />
      <CompletionFailure error={finishing.error} />
      <button type="submit" className="btn btn-block" disabled={finishing.busy}>
        <Trans>Complete task</Trans>
      </button>
    </form>
  );
}
