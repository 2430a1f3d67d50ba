/**
 * The list screens' one live query and its read-ahead (src/tasks/TaskStatusList.tsx,
 * src/app/TaskListRoute.tsx). Apart from ./queries.ts, which the first screen's bottom bar imports:
 * the selection code these read with stays in the lists' lazy chunk.
 */
import { getDb } from '#db/schema';
import type { TaskStatus } from '#domain/types';
import { prefetchAnswer, useCachedLiveQuery } from '../shared/cachedLiveQuery';
import { readTaskListScreen, type TaskListRequest, type TaskListScreenData } from './taskListQuery';

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
