/** The task lists by status (history lists through history.ts) and one task. */
import type { ApiResult } from '../http';
import type { Task, TaskStatus } from '#domain/types';
import { getTask, listTasks } from '#contracts/api/tasks';
import { isPageEnvelope, isTask, isTaskDeltaEnvelope } from '../answers';
import { toTaskRow } from '../kinds';
import { failure, isHistoryStatus, MAX_PAGES, metaKeyForStatus, metaKeyForTask, OK, pinnedTaskIds, type PullContext, type PullResult, putTasks, recordFailure, successMeta, TASK_PULL_REPORT_THRESHOLD, taskListQuery } from './base';
import { pullHistoryFirstPage } from './history';

/** A delta answer of `GET task?…&since=<cursor>` (server/sync/taskDelta.ts), its tasks checked one by one. */
interface TaskDelta {
  changed: unknown[];
  removed: string[];
  cursor: string;
}

/**
 * A delta (docs/sync-protocol.md, "Delta task lists"), in one transaction with its meta row and
 * cursor: changed tasks are put with the usual guards (unsent records, newer `updatedAt`, local
 * writes since `mark`); a removed id goes only while the mirror still has it in this status (a
 * task the tasker just reserved leaves `available` but stays as `reserved`). Nothing changed →
 * only the meta row is written.
 */
async function applyTaskDelta(ctx: PullContext, status: TaskStatus, key: string, delta: TaskDelta, mark: number, now: Date): Promise<string[]> {
  const { db } = ctx;
  const changed = delta.changed.filter(isTask);
  let removed: string[] = [];
  await db.transaction('rw', [db.session, db.tasks, db.outbox, db.meta], async () => {
    if (!(await db.session.get('tokens'))) return;
    const pinned = changed.length > 0 || delta.removed.length > 0 ? await pinnedTaskIds(db) : new Set<string>();
    if (delta.removed.length > 0) {
      const rows = await db.tasks.bulkGet(delta.removed);
      removed = delta.removed.filter((id, i) => rows[i]?.status === status && !pinned.has(id) && !ctx.writes.writtenSince(id, mark));
      await db.tasks.bulkDelete(removed);
    }
    if (changed.length > 0) await putTasks(ctx, changed, pinned, mark, () => undefined);
    await db.meta.put(successMeta(key, now, delta.cursor));
  });
  return removed;
}

/**
 * GET task?status=… through every page, then replace the mirror's rows of that status in one
 * transaction: tasks that left the status disappear, the rest keep the server's order in
 * `sortKey`. Rows with unsent outbox records keep their optimistic state, and a row is never
 * overwritten by an older `updatedAt` (a parallel pull of another status may have moved it).
 * The first page asks with `since` (the meta row's cursor, or '' for none): a delta answer is
 * applied as such; a full answer (no cursor yet, or the server chose to resync) replaces as
 * above and keeps the cursor it carries. Returns the ids removed from the mirror.
 */
export async function pullTasksByStatus(
  ctx: PullContext,
  status: TaskStatus,
  options: { replaceAll?: boolean } = {},
): Promise<PullResult & { removed?: string[] }> {
  if (isHistoryStatus(status)) return pullHistoryFirstPage(ctx, status, options.replaceAll ?? false);
  const { db } = ctx;
  const key = metaKeyForStatus(status);
  const now = ctx.now();
  const mark = ctx.writes.mark();
  const tasks: Task[] = [];
  const seenCursors = new Set<string>();
  let after: string | null = null;
  const since = (await db.meta.get(key))?.cursor ?? '';
  let cursor: string | null = null;
  for (let page = 0; ; page++) {
    if (page >= MAX_PAGES) {
      await recordFailure(db, key, now, 'TOO_MANY_PAGES');
      return { ok: false, error: { status: 0, code: 'TOO_MANY_PAGES', message: `More than ${MAX_PAGES} pages of ${status} tasks` } };
    }
    const result: ApiResult<unknown> = await ctx.session.call(listTasks, { query: taskListQuery(status, after, page === 0 ? since : undefined) });
    if (!result.ok) {
      await recordFailure(db, key, now, result.error.code);
      return failure(result);
    }
    if (page === 0 && isTaskDeltaEnvelope(result.body)) {
      return { ok: true, value: undefined, removed: await applyTaskDelta(ctx, status, key, result.body, mark, now) };
    }
    if (page === 0) {
      const carried = (result.body as { cursor?: unknown } | null)?.cursor;
      cursor = typeof carried === 'string' ? carried : null;
    }
    if (!isPageEnvelope(result.body)) {
      await recordFailure(db, key, now, 'UNKNOWN');
      return { ok: false, error: { status: result.status, code: 'UNKNOWN', message: 'Malformed task page' } };
    }
    for (const item of result.body.data) if (isTask(item)) tasks.push(item);
    const { hasNext, endCursor }: { hasNext: boolean; endCursor: string | null } = result.body.pageInfo;
    if (!hasNext) break;
    if (!endCursor || seenCursors.has(endCursor)) {
      await recordFailure(db, key, now, 'PAGING_LOOP');
      return { ok: false, error: { status: 0, code: 'PAGING_LOOP', message: 'The server repeated a cursor' } };
    }
    seenCursors.add(endCursor);
    after = endCursor;
  }
  if (tasks.length > TASK_PULL_REPORT_THRESHOLD) ctx.reportOverflow(key, tasks.length);

  let removed: string[] = [];
  await db.transaction('rw', [db.session, db.tasks, db.outbox, db.meta], async () => {
    if (!(await db.session.get('tokens'))) return;
    const pinned = await pinnedTaskIds(db);
    const fetchedIds = new Set(tasks.map((t) => t.id));
    const stale = await db.tasks
      .where('status')
      .equals(status)
      .filter((row) => !fetchedIds.has(row.id) && !pinned.has(row.id) && !ctx.writes.writtenSince(row.id, mark))
      .primaryKeys();
    await db.tasks.bulkDelete(stale);
    removed = stale;
    await putTasks(ctx, tasks, pinned, mark, (index) => index);
    await db.meta.put(successMeta(key, now, cursor));
  });
  return { ok: true, value: undefined, removed };
}

/** GET task/{id}. A 404 removes the task from the mirror and answers TASK_NOT_FOUND. */
export async function pullTask(ctx: PullContext, taskId: string): Promise<PullResult> {
  const { db } = ctx;
  const key = metaKeyForTask(taskId);
  const now = ctx.now();
  const mark = ctx.writes.mark();
  const result = await ctx.session.call(getTask, { params: { taskId } });
  if (!result.ok) {
    if (result.status === 404) {
      // Another tasker took it (TASK_NO_LONGER_AVAILABLE) or it is unknown: gone either way, the code says which.
      const code = result.error.code === 'TASK_NO_LONGER_AVAILABLE' ? 'TASK_NO_LONGER_AVAILABLE' : 'TASK_NOT_FOUND';
      await db.transaction('rw', db.tasks, db.meta, async () => {
        await db.tasks.delete(taskId);
        // Synced: the server's answer is known (the task is gone); error tells the screen why.
        await db.meta.put({ key, syncedAt: now.toISOString(), error: code, attemptedAt: now.toISOString() });
      });
      return { ok: false, error: { status: 404, code, message: result.error.message } };
    }
    await recordFailure(db, key, now, result.error.code);
    return failure(result);
  }
  if (!isTask(result.body) || result.body.id !== taskId) {
    await recordFailure(db, key, now, 'UNKNOWN');
    return { ok: false, error: { status: result.status, code: 'UNKNOWN', message: 'Malformed task' } };
  }
  const task = result.body;
  await db.transaction('rw', [db.session, db.tasks, db.outbox, db.meta], async () => {
    if (!(await db.session.get('tokens'))) return;
    const pinned = (await db.outbox.where('taskId').equals(taskId).filter((r) => r.state === 'pending' || r.state === 'sending').count()) > 0;
    const current = await db.tasks.get(taskId);
    if (!pinned && !ctx.writes.writtenSince(taskId, mark)) await db.tasks.put(toTaskRow(task, current?.sortKey));
    await db.meta.put(successMeta(key, now));
  });
  return OK;
}
