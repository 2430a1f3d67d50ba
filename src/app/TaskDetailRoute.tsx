/**
 * The task detail's route (lazy, src/app/router.tsx): the shell hands the detail what it shows of
 * other features (the attendance banner, the instructions link, doing the work, a finished task's
 * sync status and work), so src/tasks imports none of them.
 */
import { AttendanceBanner } from '../attendance/AttendanceBanner';
import { FinishedTaskSyncStatus } from '../execution/FinishedTaskSyncStatus';
import { TaskExecutionSections } from '../execution/TaskExecutionSections';
import { HistoryWorkDetails } from '../taskExtras/HistoryWorkDetails';
import { InstructionsButton } from '../taskExtras/InstructionsScreen';
import type { TaskDetailSlots } from '../tasks/slots';
import { TaskDetailScreen } from '../tasks/TaskDetailScreen';

const slots: TaskDetailSlots = { AttendanceBanner, InstructionsButton, TaskExecutionSections, FinishedTaskSyncStatus, HistoryWorkDetails };

export function TaskDetailRoute() {
  return <TaskDetailScreen slots={slots} />;
}
