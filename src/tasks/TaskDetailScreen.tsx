/**
 * /task/{taskId} (spec section 2): a different view per status (reserve, start, cancel, history),
 * rendered from the mirror. While open, the sync worker watches the task (refreshing it every
 * 30 s); on arrival it is refreshed once. A task the server does not know (404), another tasker
 * took (404 TASK_NO_LONGER_AVAILABLE) or hides (403) and that is not in the mirror sends the
 * tasker back to the offerings with a message saying which.
 */
import { useEffect, useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { useReservationLimit, useTask, useTrainings } from './queries';
import { useSyncMeta } from '../sync/hooks';
import { useUser } from '../auth';
import { refreshOutcome, type RefreshOutcome } from './refreshOutcome';
import type { TaskListLocationState } from './routes';
import { refreshTask, watchCollections } from './mutations';
import { TaskDetailContent } from './TaskDetailContent';
import { TaskDetailLoading } from './TaskDetailLoading';
import { TaskDetailSlotsProvider, type TaskDetailSlots } from './slots';
import { TaskUnavailable } from './TaskUnavailable';
import { useOnline } from '../shared/useOnline';
import './TaskDetailScreen.css';
import { setShopCookie } from './shopCookie';

/** How long a successful refresh may take to show up in the mirror before "not found". */
const MIRROR_SETTLE_MS = 3000;

/** `slots`: what the detail shows of other features (the shell's, src/app/TaskDetailRoute.tsx). */
export function TaskDetailScreen({ slots }: { slots: TaskDetailSlots }) {
  const { taskId } = useParams<{ taskId: string }>();
  const row = useTask(taskId);
  // The live query keeps answering with the previous task until the new id's read completes.
  const task = row && row.id !== taskId ? undefined : row;
  const user = useUser();
  const trainings = useTrainings();
  const limit = useReservationLimit();
  const meta = useSyncMeta(`task:${taskId ?? ''}`);
  const online = useOnline();
  // The outcome belongs to the task id it was asked for, so a stale answer never misleads.
  const [refresh, setRefresh] = useState<{ taskId: string | undefined; outcome: RefreshOutcome }>({ taskId, outcome: 'pending' });
  const outcome = refresh.taskId === taskId ? refresh.outcome : 'pending';

  useEffect(() => {
    if (!taskId) return;
    let cancelled = false;
    void watchCollections({ taskId });
    void refreshTask(taskId).then((result) => {
      if (!cancelled) setRefresh({ taskId, outcome: refreshOutcome(result) });
    });
    return () => {
      cancelled = true;
      void watchCollections({ taskId: null });
    };
  }, [taskId]);

  // Spec section 7: the `shop` cookie names the store of the task being looked at, for a day.
  const placeTitle = task?.place.title;
  useEffect(() => {
    if (placeTitle) setShopCookie(placeTitle);
  }, [placeTitle]);

  // The worker answers before the page's live query sees its write; give the mirror a moment
  // before concluding that a successful refresh produced nothing this viewer may see.
  useEffect(() => {
    if (outcome !== 'ok' || task !== null) return;
    const timer = window.setTimeout(() => setRefresh({ taskId, outcome: 'not_found' }), MIRROR_SETTLE_MS);
    return () => window.clearTimeout(timer);
  }, [outcome, task, taskId]);

  if (!taskId) return <Navigate to="/reservable" replace state={{ notice: 'TASK_NOT_FOUND' } satisfies TaskListLocationState} />;
  if (task === undefined) return <TaskDetailLoading />;
  if (task === null) {
    if (outcome === 'not_found') {
      return <Navigate to="/reservable" replace state={{ notice: 'TASK_NOT_FOUND' } satisfies TaskListLocationState} />;
    }
    if (outcome === 'taken') {
      return <Navigate to="/reservable" replace state={{ notice: 'TASK_NO_LONGER_AVAILABLE' } satisfies TaskListLocationState} />;
    }
    if (outcome === 'forbidden') {
      return <Navigate to="/reservable" replace state={{ notice: 'CONTENT_NOT_AVAILABLE' } satisfies TaskListLocationState} />;
    }
    if (outcome === 'offline' || !online) return <TaskUnavailable reason="offline" />;
    if (outcome === 'error') return <TaskUnavailable reason="error" />;
    // 'pending', or 'ok' while the mirror settles.
    return <TaskDetailLoading />;
  }
  return (
    <TaskDetailSlotsProvider value={slots}>
      <TaskDetailContent task={task} user={user ?? null} trainings={trainings} meta={meta} limit={limit} />
    </TaskDetailSlotsProvider>
  );
}
