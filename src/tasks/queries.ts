/**
 * Tasks as the mirror holds them (lists, one task, the tasker's trainings and reservation limit):
 * live-query hooks (re-render when the mirror changes; `undefined` means "still reading
 * IndexedDB", never "no data"). Commands: ./mutations.ts.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { getDb, type TaskRow } from '#db/schema';
import type { ReservationLimit, TaskStatus, Training } from '#domain/types';
import { prefetchAnswer, useCachedLiveQuery } from '../shared/cachedLiveQuery';
import { readTaskListScreen, readTasksByStatus, type TaskListRequest, type TaskListScreenData } from './taskListQuery';

/** Every task of these statuses (grouped by status, by id within one). Lists use `useTaskList`. */
export function useTasksByStatus(statuses: readonly TaskStatus[]): TaskRow[] | undefined {
  const key = statuses.join(',');
  return useLiveQuery(() => readTasksByStatus(getDb(), statuses), [key]);
}

/**
 * Everything one list screen shows (rows, user, trainings, sync meta, reservation limit) from ONE
 * live query: the cards come in one render, not after the last of several separate queries. While
 * a changed request (next page, search) is being read the previous answer stays (`showTaskList`
 * marks it stale). A list shown before (or read ahead by `prefetchTaskListScreens`) starts from its
 * last answer: a tab switch paints the cards in its first render (cachedLiveQuery.ts).
 */
export function useTaskListScreen(status: TaskStatus, limit: TaskListRequest['limit']): TaskListScreenData | undefined {
  return useCachedLiveQuery(`tasks:${status}`, () => readTaskListScreen(getDb(), { status, limit }), [status, limit]);
}

/**
 * Reads the first page of these lists into the cache (the other tabs); `refresh` reads them again.
 * The lists are read at once, not in turn: a short list (in progress) is cached as soon as its own
 * read answers, not after the offerings' page (a tab tapped meanwhile finds it cached).
 */
export async function prefetchTaskListScreens(statuses: readonly TaskStatus[], limit: number, refresh = false): Promise<void> {
  await Promise.all(statuses.map((status) => prefetchAnswer(`tasks:${status}`, () => readTaskListScreen(getDb(), { status, limit }), refresh)));
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
