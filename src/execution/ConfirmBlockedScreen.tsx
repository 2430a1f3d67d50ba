/**
 * /task/{taskId}/confirm_blocked (spec section 4): the task cannot be done — at least one
 * blocker, at least one photo, an optional comment. Works offline. A Formik form on the completion
 * rule's schema (finishSchemas.ts); the comment is kept as a draft in the mirror (finishForm.ts):
 * taking the photo or changing the blockers loses nothing.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useFormik } from 'formik';
import { Link, useParams } from 'react-router';
import { useScreenTitle } from '../shared/screenTitle';
import { canSendCompletion, COMPLETION_TEXT_MAX } from '#domain/completion';
import { fieldErrorMessage, type FormErrorCode } from '../i18n/errorMessages';
import { usePhotos, useTaskDefects } from './queries';
import { formikField } from '#ui/formikField';
import { TextField } from '#ui/TextField';
import { executionPath } from './checklist';
import { CompletionFailure } from './CompletionFailure';
import { ExecutionGate } from './ExecutionGate';
import { PhotoRequirement } from './PhotoRequirement';
import { FinishFormGate, type FinishFormProps } from './FinishFormGate';
import { useKeepDraft } from './finishForm';
import { blockedInput, blockedSchema, EMPTY_BLOCKED, type BlockedValues } from './finishSchemas';
import { useExecutionTask } from './useExecutionTask';
import './execution.css';

export function ConfirmBlockedScreen() {
  const { taskId = '' } = useParams<{ taskId: string }>();
  const { t } = useLingui();
  useScreenTitle(t`Cannot be completed`);
  const task = useExecutionTask(taskId);
  if (!task) return <ExecutionGate task={task} taskId={taskId} />;
  return <FinishFormGate task={task} outcome="blocked" empty={EMPTY_BLOCKED} form={(props) => <BlockedForm {...props} />} />;
}

function BlockedForm({ task, draftKey, initialValues, finishing }: FinishFormProps<BlockedValues>) {
  const { i18n } = useLingui();
  const photos = usePhotos(task.id);
  const defects = useTaskDefects(task.id);
  const blockers = (defects ?? []).filter((d) => d.type === 'task_blocker' && d.checked);
  const photoCount = photos?.length ?? 0;
  const formik = useFormik<BlockedValues>({
    initialValues,
    validationSchema: blockedSchema,
    onSubmit: async (values) => {
      // The blockers and the photo are not typed here: the rule is the worker's and the server's (src/domain/completion.ts).
      const input = blockedInput(values, blockers.map((b) => b.id));
      if (canSendCompletion(input, photoCount)) await finishing.submit(input);
    },
  });
  useKeepDraft(draftKey, formik.values);
  const tried = formik.submitCount > 0;
  const comment = formikField(formik, 'comment', (code) => (code ? i18n._(fieldErrorMessage('comment', code as FormErrorCode)) : undefined));
  return (
    <form className="exec-page" noValidate onSubmit={formik.handleSubmit}>
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
      <TextField multiline id="blocked-comment" label={<Trans>Comment (optional)</Trans>} rows={4} {...comment} maxLength={COMPLETION_TEXT_MAX} />
      <CompletionFailure error={finishing.error} />
      <button type="submit" className="btn btn-block" disabled={finishing.busy}>
        <Trans>Send as blocked</Trans>
      </button>
    </form>
  );
}
