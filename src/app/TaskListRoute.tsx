/**
 * The task lists' route (lazy, src/app/router.tsx): the shell hands the lists what they show of
 * other features (the attendance banner, the missions widget, the map switch), so src/tasks
 * imports none of them.
 */
import { prefetchAttendanceRequests } from '../attendance/queries';
import { AttendanceBanner } from '../attendance/AttendanceBanner';
import { MapToggle } from '../map/MapToggle';
import { MissionsWidget } from '../missions/MissionsWidget';
import { prefetchMissions } from '../missions/queries';
import { prefetchTaskListScreens } from '../tasks/listScreenQueries';
import { statusFromPathname } from '../tasks/routes';
import { pageLimit } from '../tasks/selectTasks';
import type { TaskListSlots } from '../tasks/slots';
import { TaskListScreen } from '../tasks/TaskListScreen';
import { within } from '../shared/within';

const slots: TaskListSlots = { AttendanceBanner, MissionsWidget, MapToggle, prefetchMissions };

/** How long the route waits for the mirror before it renders anyway (a blocked or slow IndexedDB). */
const READ_AHEAD_WAIT_MS = 500;

/**
 * Reads what the list at `pathname` shows from the mirror — its first page, the attendance banners
 * and (on the offerings) the missions widget — into the answer cache before the route first
 * renders (src/shared/cachedLiveQuery.ts): all of it is in the first paint, and nothing that
 * arrives a moment later pushes the cards down (Lighthouse measured a CLS of 0.35 when the widget
 * and the banners answered after the list). Never rejects; gives up waiting after 500 ms.
 */
export function readAheadFirstPaint(pathname: string): Promise<void> {
  const status = statusFromPathname(pathname);
  const reads = Promise.all([
    prefetchTaskListScreens([status], pageLimit(1)),
    prefetchAttendanceRequests(),
    status === 'available' ? prefetchMissions() : null,
  ]).then(() => undefined);
  return within(reads, READ_AHEAD_WAIT_MS);
}

export function TaskListRoute() {
  return <TaskListScreen slots={slots} />;
}
