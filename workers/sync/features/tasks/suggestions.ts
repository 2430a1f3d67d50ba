/** A task's suggestions (available tasks at the same place), a page at a time, into kv. */
import { readSuggestionsState, suggestionsKey, type SuggestionsState } from '#contracts/kv';
import { SUGGESTIONS_PAGE_SIZE } from '#domain/types';
import { suggestions } from '#contracts/api/tasks';
import { isTask } from '../../answers';
import { failure, fetchPage, metaKeyForSuggestions, OK, pinnedTaskIds, type PullContext, type PullResult, putTasks, recordFailure, successMeta } from '../../pulls/base';

/**
 * GET task/{id}/suggestions (25 per page): available tasks at the same place. They are upserted
 * into `tasks` like any pulled task; they are part of the available list too (same viewer, same
 * visibility), so the next available-list replace keeps them while they are still available and
 * deletes them when they are not. Screens show the ids from kv that are in `tasks` as available.
 */
export async function pullSuggestions(ctx: PullContext, taskId: string, more: boolean): Promise<PullResult> {
  const { db } = ctx;
  const key = suggestionsKey(taskId);
  const metaKey = metaKeyForSuggestions(taskId);
  const now = ctx.now();
  const previousRow = await db.kv.get(key);
  const previous = readSuggestionsState(previousRow?.value);
  const append = more && previous !== null;
  if (append && (!previous.pageInfo.hasNext || !previous.pageInfo.endCursor)) return OK;

  const query = { first: String(SUGGESTIONS_PAGE_SIZE), after: (append && previous.pageInfo.endCursor) || undefined };
  const mark = ctx.writes.mark();
  const result = await fetchPage(ctx, suggestions, { params: { taskId }, query });
  if (!result.ok) {
    await recordFailure(db, metaKey, now, result.error.code);
    return failure(result);
  }
  const tasks = result.body.data.filter(isTask).filter((t) => t.id !== taskId);
  const totalCount = (result.body as { totalCount?: unknown }).totalCount;

  await db.transaction('rw', [db.session, db.tasks, db.outbox, db.kv, db.meta], async () => {
    if (!(await db.session.get('tokens'))) return;
    const pinned = await pinnedTaskIds(db);
    await putTasks(ctx, tasks, pinned, mark, () => undefined);
    const current = await db.kv.get(key);
    const base = append ? (readSuggestionsState(current?.value)?.taskIds ?? []) : [];
    const taskIds = [...new Set([...base, ...tasks.map((t) => t.id)])];
    const state: SuggestionsState = {
      taskIds,
      pageInfo: result.body.pageInfo,
      total: typeof totalCount === 'number' ? totalCount : null,
      syncedAt: now.toISOString(),
    };
    await db.kv.put({ key, value: state });
    await db.meta.put(successMeta(metaKey, now));
  });
  return OK;
}
