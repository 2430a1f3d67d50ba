/**
 * /task/{taskId}/blockers (spec section 2): what keeps the task from being done; then the
 * blocked confirmation. Works offline.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useParams } from 'react-router';
import { useScreenTitle } from '../shared/screenTitle';
import { useTaskDefects } from './queries';
import { Spinner } from '#ui/Spinner';
import { executionPath } from './checklist';
import { DefectChecklist } from './DefectChecklist';
import { ExecutionGate } from './ExecutionGate';
import { useExecutionTask } from './useExecutionTask';
import '../ui/workPage.css';
import './execution.css';

export function BlockersScreen() {
  const { taskId = '' } = useParams<{ taskId: string }>();
  const { t } = useLingui();
  useScreenTitle(t`Cannot be completed`);
  const task = useExecutionTask(taskId);
  const defects = useTaskDefects(taskId);
  if (!task) return <ExecutionGate task={task} taskId={taskId} />;
  if (task.status !== 'in_progress') return <ExecutionGate task={task} taskId={taskId} />;
  const selected = (defects ?? []).filter((d) => d.type === 'task_blocker' && d.checked).length;
  return (
    <div className="exec-page">
      <p className="muted">
        <Trans>Select what prevents you from completing the task.</Trans>
      </p>
      <section className="card">{defects === undefined ? <Spinner /> : <DefectChecklist taskId={taskId} defects={defects} type="task_blocker" disabled={false} />}</section>
      {selected > 0 ? (
        <Link className="btn btn-block" to={executionPath(taskId, 'confirm_blocked')}>
          <Trans>Continue</Trans>
        </Link>
      ) : (
        <button type="button" className="btn btn-block" disabled>
          <Trans>Continue</Trans>
        </button>
      )}
    </div>
  );
}
