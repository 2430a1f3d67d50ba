/**
 * Tasks as the mirror holds them (lists, one task, the tasker's trainings and reservation limit):
 * live-query hooks (re-render when the mirror changes; `undefined` means "still reading
 * IndexedDB", never "no data"). Commands: ./mutations.ts. The list screens' own query:
 * ./listScreenQueries.ts (kept apart: the bottom bar's count needs none of the lists' selection code).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { getDb, type TaskRow } from '#db/schema';
import type { ReservationLimit, TaskStatus, Training } from '#domain/types';
import { readTasksByStatus } from './tasksByStatus';

/** Every task of these statuses (grouped by status, by id within one). Lists use `useTaskList`. */
export function useTasksByStatus(statuses: readonly TaskStatus[]): TaskRow[] | undefined {
  const key = statuses.join(',');
  return useLiveQuery(() => readTasksByStatus(getDb(), statuses), [key]);
}

/** null = not in the mirror. */
export function useTask(taskId: string | undefined): TaskRow | null | undefined {
  return useLiveQuery(async () => (taskId ? ((await getDb().tasks.get(taskId)) ?? null) : null), [taskId]);
}

export function useTrainings(): Training[] | undefined {
  return useLiveQuery(() => getDb().trainings.toArray(), []);
}

export function useReservationLimit(): ReservationLimit | null | undefined {
  return useLiveQuery(async () => (await getDb().reservationLimit.get('me')) ?? null, []);
}
