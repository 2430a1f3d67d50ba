/**
 * /task/{taskId}/instructions (spec sections 2 and 6): the task type's training links (each with
 * done / not done, opening the training in the app) and its full description, the markdown
 * rendered as plain headings, paragraphs and lists (MarkdownText: no HTML, no links run). For
 * approved taskers; others see why. From the mirror, so it opens offline once the task was seen.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, Navigate, useParams } from 'react-router';
import { useUser } from '../auth';
import { MarkdownText, useTask, useTrainings, TaskDetailLoading } from '../tasks';
import { useScreenTitle } from '../shared/screenTitle';
import { DetailSection } from '#ui/DetailSection';
import { Icon } from '#ui/Icon';
import './taskExtras.css';

export function InstructionsScreen() {
  const { taskId = '' } = useParams<{ taskId: string }>();
  const { t } = useLingui();
  const task = useTask(taskId);
  const user = useUser();
  const trainings = useTrainings();
  useScreenTitle(task ? task.title : t`Instructions`);
  if (task === undefined || user === undefined) return <TaskDetailLoading />;
  if (task === null) return <Navigate to={`/task/${encodeURIComponent(taskId)}`} replace />;
  const approved = user?.isApproved === true;
  const done = new Set((trainings ?? []).filter((tr) => tr.doneAt).map((tr) => tr.id));
  const description = task.taskType.fullDescription.trim();
  const refs = task.taskType.trainings;
  return (
    <div className="task-detail stack">
      <h2 className="visually-hidden">
        <Trans>Instructions</Trans>
      </h2>
      {!approved ? (
        <p className="muted">
          <Trans>Instructions are shown once your profile is approved.</Trans>
        </p>
      ) : (
        <>
          <DetailSection title={<Trans>Trainings</Trans>}>
            {refs.length === 0 ? (
              <p className="muted">
                <Trans>This task needs no training.</Trans>
              </p>
            ) : (
              <ul className="instructions-trainings">
                {refs.map((ref) => (
                  <li key={ref.id}>
                    <Icon name="school" size={18} />
                    <Link to={`/trainings/${encodeURIComponent(ref.id)}`}>{ref.title}</Link>
                    <span className={`instructions-trainings__state ${done.has(ref.id) ? '' : 'muted'}`}>
                      {done.has(ref.id) ? <Trans>Completed</Trans> : <Trans>Not completed</Trans>}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </DetailSection>
          <DetailSection title={<Trans>Description</Trans>}>
            {description === '' ? (
              <p className="muted">
                <Trans>No further instructions.</Trans>
              </p>
            ) : (
              <MarkdownText markdown={description} />
            )}
          </DetailSection>
        </>
      )}
    </div>
  );
}

/** The button on the task detail that opens the instructions. */
export function InstructionsButton({ taskId }: { taskId: string }) {
  return (
    <Link className="btn btn-secondary instructions-button" to={`/task/${encodeURIComponent(taskId)}/instructions`}>
      <Icon name="book" size={18} />
      <Trans>Instructions</Trans>
    </Link>
  );
}
