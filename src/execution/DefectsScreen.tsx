/** /task/{taskId}/defects (spec section 2): log the regular defects found; works offline. */
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate, useParams } from 'react-router';
import { useScreenTitle } from '../shared/screenTitle';
import { useTaskDefects } from './queries';
import { Spinner } from '#ui/Spinner';
import { cameraPath } from './checklist';
import { DefectChecklist } from './DefectChecklist';
import { ExecutionGate } from './ExecutionGate';
import { useExecutionTask } from './useExecutionTask';
import { Link } from 'react-router';
import '../ui/workPage.css';
import './execution.css';
import { useSearchParams } from 'react-router';
import { defectsOption } from './MandatoryPhotoNote';

export function DefectsScreen() {
  const { taskId = '' } = useParams<{ taskId: string }>();
  const { t } = useLingui();
  useScreenTitle(t`Defects`);
  const navigate = useNavigate();
  const task = useExecutionTask(taskId);
  const defects = useTaskDefects(taskId);
  // `?defectsOption` (spec section 2): which defects to list, regular (default) or task blockers.
  const [params] = useSearchParams();
  const type = defectsOption(params.get('defectsOption'));
  if (!task) return <ExecutionGate task={task} taskId={taskId} />;
  const inProgress = task.status === 'in_progress';
  return (
    <div className="exec-page">
      <p className="muted">
        <Trans>Tick every defect you found. Changes are saved on this device at once.</Trans>
      </p>
      <section className="card">{defects === undefined ? <Spinner /> : <DefectChecklist taskId={taskId} defects={defects} type={type} disabled={!inProgress} />}</section>
      {inProgress ? (
        <Link className="btn btn-secondary" to={cameraPath(taskId, ['defect'], t`Defect photos`)}>
          <Trans>Take defect photos</Trans>
        </Link>
      ) : null}
      <button type="button" className="btn" onClick={() => navigate(`/task/${encodeURIComponent(taskId)}`)}>
        <Trans>Done</Trans>
      </button>
    </div>
  );
}
