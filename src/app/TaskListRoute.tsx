/**
 * The task lists' route (lazy, src/app/router.tsx): the shell hands the lists what they show of
 * other features (the attendance banner, the missions widget, the map switch), so src/tasks
 * imports none of them.
 */
import { AttendanceBanner } from '../attendance/AttendanceBanner';
import { MapToggle } from '../map/MapToggle';
import { MissionsWidget } from '../missions/MissionsWidget';
import { prefetchMissions } from '../missions/queries';
import type { TaskListSlots } from '../tasks/slots';
import { TaskListScreen } from '../tasks/TaskListScreen';

const slots: TaskListSlots = { AttendanceBanner, MissionsWidget, MapToggle, prefetchMissions };

export function TaskListRoute() {
  return <TaskListScreen slots={slots} />;
}
