/**
 * What the task screens show of other features, handed in by the shell (src/app/TaskListRoute.tsx,
 * src/app/TaskDetailRoute.tsx) instead of imported: the attendance banner, the missions widget,
 * the map switch, doing the work, the instructions and a finished task's work. Those features sit
 * above tasks and read it through src/tasks/index.ts, so tasks never imports them back.
 */
import { createContext, useContext, type ComponentType } from 'react';
import type { TaskRow } from '#db/schema';
import type { ListStatus } from './routes';

export interface TaskListSlots {
  /** The attendance questions of the tasker's tasks (above the lists). */
  AttendanceBanner: ComponentType;
  /** The missions carousel above the offerings. */
  MissionsWidget: ComponentType;
  /** The switch to the list's map. */
  MapToggle: ComponentType<{ status: ListStatus }>;
  /** Reads the missions ahead with the other lists' first pages. */
  prefetchMissions: () => Promise<void>;
}

export interface TaskDetailSlots {
  /** The attendance question of this task. */
  AttendanceBanner: ComponentType<{ taskId: string }>;
  /** The link to the task type's instructions. */
  InstructionsButton: ComponentType<{ taskId: string }>;
  /** Checklist, pack, sync status and finish actions of a task in progress. */
  TaskExecutionSections: ComponentType<{ task: TaskRow }>;
  /** Whether a finished task's work has reached the server. */
  FinishedTaskSyncStatus: ComponentType<{ taskId: string }>;
  /** A finished task's photos, scans and defects. */
  HistoryWorkDetails: ComponentType<{ task: TaskRow }>;
}

const TaskListSlotsContext = createContext<TaskListSlots | null>(null);
const TaskDetailSlotsContext = createContext<TaskDetailSlots | null>(null);

export const TaskListSlotsProvider = TaskListSlotsContext.Provider;
export const TaskDetailSlotsProvider = TaskDetailSlotsContext.Provider;

export function useTaskListSlots(): TaskListSlots {
  const slots = useContext(TaskListSlotsContext);
  if (!slots) throw new Error('The task lists render inside TaskListScreen, which the shell gives their slots');
  return slots;
}

export function useTaskDetailSlots(): TaskDetailSlots {
  const slots = useContext(TaskDetailSlotsContext);
  if (!slots) throw new Error('The task detail renders inside TaskDetailScreen, which the shell gives its slots');
  return slots;
}
