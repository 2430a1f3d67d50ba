/**
 * /{taskId} (spec section 2): the task photos redirect for the photo hosts' embedded viewer — to
 * /task/{taskId}/photos in the embedded view (grouped by tag, no chrome). Enabled only on local
 * hosts and the configured photo hosts (photoHosts.ts) and only with the embedded flag
 * (`?isEmbeddedView` or `?hideNavigation`); anywhere else the path is "not found".
 */
import { Navigate, useParams } from 'react-router';
import { isPlausibleId } from '#domain/validation';
import { GreenLayout } from '../chrome/GreenLayout';
import { NotFoundScreen } from '../chrome/NotFoundScreen';
import { useEmbeddedView } from '../shared/useEmbeddedView';
import { photoRouteEnabled } from './photoHosts';

export function TaskPhotosRoute() {
  const { taskId } = useParams<{ taskId: string }>();
  const embedded = useEmbeddedView();
  if (!embedded || !isPlausibleId(taskId) || !photoRouteEnabled(window.location.hostname)) {
    return (
      <GreenLayout>
        <NotFoundScreen />
      </GreenLayout>
    );
  }
  return <Navigate to={`/task/${encodeURIComponent(taskId)}/photos?isEmbeddedView=true`} replace />;
}
