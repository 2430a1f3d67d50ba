/**
 * /task/{taskId}/photos/ (spec section 2): the task's photos in review mode — no capture buttons,
 * no back navigation (the route has no back arrow) — grouped by tag in the embedded view.
 */
import { useLingui } from '@lingui/react/macro';
import { useParams } from 'react-router';
import { useScreenTitle } from '../shared/screenTitle';
import { useEmbeddedView } from '../shared/useEmbeddedView';
import { usePhotos } from './queries';
import { Spinner } from '#ui/Spinner';
import { ExecutionGate } from './ExecutionGate';
import { PhotoCollection } from './PhotoCollection';
import { useExecutionTask } from './useExecutionTask';
import '../ui/workPage.css';
import './execution.css';

export function PhotosReviewScreen() {
  const { taskId = '' } = useParams<{ taskId: string }>();
  const { t } = useLingui();
  useScreenTitle(t`Photos`);
  const embedded = useEmbeddedView();
  const task = useExecutionTask(taskId);
  const photos = usePhotos(taskId);
  if (!task) return <ExecutionGate task={task} taskId={taskId} />;
  return (
    <div className="exec-page">
      {photos === undefined ? <Spinner /> : <PhotoCollection taskId={taskId} photos={photos} groupByTag={embedded} readOnly />}
    </div>
  );
}
