/** The history lists: the first page on the schedule, older pages on demand, and their cursor in kv. */
import type { ShelfworkDb } from '#db/schema';
import { type HistoryCursor, historyCursorKey, readHistoryCursor as readHistoryCursorValue } from '#contracts/kv';
import { type PageInfo, type Task, TASK_PAGE_SIZE, type TaskStatus } from '#domain/types';
import { listTasks } from '#contracts/api/tasks';
import { isTask } from '../answers';
import { failure, fetchPage, metaKeyForStatus, OK, pinnedTaskIds, type PullContext, type PullResult, putTasks, recordFailure, successMeta, taskListQuery } from './base';

/** The server's -end_time sort value: coalesce(end_time, time_window_end). */
export function historySortValue(task: Pick<Task, 'endTime' | 'timeWindowEnd'>): number {
  return Date.parse(task.endTime ?? task.timeWindowEnd);
}

export async function readHistoryCursor(db: ShelfworkDb, status: TaskStatus): Promise<HistoryCursor | null> {
  return readHistoryCursorValue((await db.kv.get(historyCursorKey(status)))?.value);
}

function lastSortValue(tasks: readonly Task[]): string | null {
  const last = tasks[tasks.length - 1];
  return last ? new Date(historySortValue(last)).toISOString() : null;
}

/**
 * History statuses: only the first page (50, newest end first) is pulled on the schedule; older
 * pages come with `pullMoreTasks`. The replace is limited to the first page's window: a row of
 * the status that the page did not return is deleted only if it sorts strictly before the page's
 * last row (it would be on this page if it still had the status); rows at or after that edge may
 * be on later pages and stay. A page without `hasNext` is the whole list: everything else goes.
 * `replaceAll` (the list was just opened) drops the later pages too and starts paging afresh.
 * The deepest loaded cursor is kept while it is deeper than the first page.
 */
export async function pullHistoryFirstPage(ctx: PullContext, status: TaskStatus, replaceAll: boolean): Promise<PullResult & { removed?: string[] }> {
  const { db } = ctx;
  const key = metaKeyForStatus(status);
  const now = ctx.now();
  const mark = ctx.writes.mark();
  const result = await fetchPage(ctx, listTasks, { query: taskListQuery(status, null) });
  if (!result.ok) {
    await recordFailure(db, key, now, result.error.code);
    return failure(result);
  }
  const tasks = result.body.data.filter(isTask);
  const { hasNext, endCursor } = result.body.pageInfo;
  const boundary = lastSortValue(tasks);

  let removed: string[] = [];
  await db.transaction('rw', [db.session, db.tasks, db.outbox, db.meta, db.kv], async () => {
    if (!(await db.session.get('tokens'))) return;
    const pinned = await pinnedTaskIds(db);
    const fetchedIds = new Set(tasks.map((t) => t.id));
    const wholeList = !hasNext || replaceAll;
    const edge = boundary === null ? null : Date.parse(boundary);
    const inWindow = (row: Task) => wholeList || (edge !== null && historySortValue(row) > edge);
    const stale = await db.tasks
      .where('status')
      .equals(status)
      .filter((row) => !fetchedIds.has(row.id) && !pinned.has(row.id) && !ctx.writes.writtenSince(row.id, mark) && inWindow(row))
      .primaryKeys();
    await db.tasks.bulkDelete(stale);
    removed = stale;
    await putTasks(ctx, tasks, pinned, mark, (index) => index);

    const previous = await readHistoryCursor(db, status);
    const deeper =
      !wholeList &&
      previous !== null &&
      previous.pages > 1 &&
      previous.boundary !== null &&
      boundary !== null &&
      Date.parse(previous.boundary) < Date.parse(boundary);
    if (!deeper) {
      const cursor: HistoryCursor = { endCursor, hasNext, pages: 1, boundary };
      await db.kv.put({ key: historyCursorKey(status), value: cursor });
    }
    await db.meta.put(successMeta(key, now));
  });
  return { ok: true, value: undefined, removed };
}

/**
 * The next page of a history list after the stored cursor (`pullMoreTasks`). Upserts the page
 * and deletes, within the window between the previous and the new last row (both edges
 * excluded), rows the page did not return. Without a stored cursor the first page is pulled.
 * If a first-page pull replaced the cursor meanwhile, the page is dropped (the caller asks again).
 */
export async function pullNextHistoryPage(ctx: PullContext, status: TaskStatus): Promise<PullResult> {
  const { db } = ctx;
  const previous = await readHistoryCursor(db, status);
  if (!previous) return pullHistoryFirstPage(ctx, status, false);
  if (!previous.hasNext || !previous.endCursor) return OK;
  const mark = ctx.writes.mark();
  const result = await fetchPage(ctx, listTasks, { query: taskListQuery(status, previous.endCursor) });
  if (!result.ok) return failure(result);
  const tasks = result.body.data.filter(isTask);
  const { hasNext, endCursor }: PageInfo = result.body.pageInfo;
  const boundary = lastSortValue(tasks) ?? previous.boundary;

  await db.transaction('rw', [db.session, db.tasks, db.outbox, db.kv], async () => {
    if (!(await db.session.get('tokens'))) return;
    const current = await readHistoryCursor(db, status);
    if (!current || current.endCursor !== previous.endCursor || current.pages !== previous.pages) return;
    const pinned = await pinnedTaskIds(db);
    const fetchedIds = new Set(tasks.map((t) => t.id));
    const upper = previous.boundary === null ? Infinity : Date.parse(previous.boundary);
    const lower = !hasNext ? -Infinity : boundary === null ? upper : Date.parse(boundary);
    const stale = await db.tasks
      .where('status')
      .equals(status)
      .filter((row) => {
        if (fetchedIds.has(row.id) || pinned.has(row.id) || ctx.writes.writtenSince(row.id, mark)) return false;
        const value = historySortValue(row);
        return value < upper && value > lower;
      })
      .primaryKeys();
    await db.tasks.bulkDelete(stale);
    const offset = previous.pages * TASK_PAGE_SIZE;
    await putTasks(ctx, tasks, pinned, mark, (index) => offset + index);
    const cursor: HistoryCursor = { endCursor: endCursor ?? previous.endCursor, hasNext, pages: previous.pages + 1, boundary };
    await db.kv.put({ key: historyCursorKey(status), value: cursor });
  });
  return OK;
}
