/**
 * The read path's first half: pull one collection from the API into the Dexie mirror and record
 * the attempt in `meta`. Each pull writes atomically (one transaction with its meta row) and only
 * while a session exists, so a pull racing a logout cannot resurrect the previous tasker's data.
 */
import type { ApiResult } from './http';
import { compareOutboxRecords, UNSENT_STATES } from './queue';
import type { ShelfworkDb, SyncMeta } from '../../src/db/schema';
import { ACCOUNT_KV_PREFIXES, historyCursorKey, readHistoryCursor as readHistoryCursorValue, readSuggestionsState, suggestionsKey, type HistoryCursor, type SuggestionsState } from '../../src/contracts/kv';
import type { CommandResult } from '../../src/contracts/sync';
import {
  HISTORY_STATUSES,
  SUGGESTIONS_PAGE_SIZE,
  TASK_PAGE_SIZE,
  type Country,
  type Page,
  type PageInfo,
  type ReservationLimit,
  type Task,
  type TaskStatus,
  type Training,
  type User,
} from '../../src/domain/types';
import { isPage, isTask, isUser, listOf } from './answers';
import { overlayUnsent, toTaskRow } from './kinds';
import { clearPacks, packTables } from './pack';
import type { Session } from './session';

/** Refresh intervals (spec section 9; trainings and countries are unspecified and change rarely). */
export const INTERVALS_MS = {
  user: 60_000,
  tasks: 60_000,
  reservationLimit: 60_000,
  task: 30_000,
  trainings: 5 * 60_000,
  countries: 24 * 60 * 60_000,
} as const;

/** A failed pull is not retried sooner than this (the worker's timer ticks every 15 s). */
export const FAILED_PULL_RETRY_MS = 15_000;

/** More than this many tasks in one pull is reported once (spec sections 8 and 9). */
export const TASK_PULL_REPORT_THRESHOLD = 500;

/** Guard against a server that never ends its paging (50 × 200 = 10 000 tasks). */
const MAX_PAGES = 200;

/**
 * Which task rows a command wrote from an authoritative answer (reserve, cancel, a settled outbox
 * record), in a sequence local to this worker. A pull takes a mark before its first request and
 * leaves alone every row written after that mark: its answer may predate the command (a reserved
 * list fetched just before the reserve would otherwise delete the freshly reserved task).
 */
export class LocalWrites {
  private seq = 0;
  private readonly last = new Map<string, number>();

  mark(): number {
    return this.seq;
  }

  touch(taskId: string): void {
    this.last.set(taskId, ++this.seq);
  }

  writtenSince(taskId: string, mark: number): boolean {
    return (this.last.get(taskId) ?? 0) > mark;
  }
}

export interface PullContext {
  db: ShelfworkDb;
  session: Session;
  now: () => Date;
  /** Called once per engine when a pull returns more than 500 tasks. */
  reportOverflow: (key: string, count: number) => void;
  writes: LocalWrites;
}

export type PullResult = CommandResult<void>;

const OK: PullResult = { ok: true, value: undefined };

function failure(result: Extract<ApiResult, { ok: false }>): PullResult {
  return { ok: false, error: { status: result.status, ...result.error } };
}

export function metaKeyForStatus(status: TaskStatus): string {
  return `tasks:${status}`;
}

export function metaKeyForTask(taskId: string): string {
  return `task:${taskId}`;
}

export function metaKeyForSuggestions(taskId: string): string {
  return `suggestions:${taskId}`;
}

export function isHistoryStatus(status: TaskStatus): boolean {
  return (HISTORY_STATUSES as readonly string[]).includes(status);
}

/** Is `key` due for a pull, given its interval? `eager` skips the failed-pull pause (e.g. back online). */
export async function isDue(db: ShelfworkDb, key: string, intervalMs: number, now: Date, eager = false): Promise<boolean> {
  const meta = await db.meta.get(key);
  if (!meta) return true;
  const t = now.getTime();
  const synced = meta.syncedAt ? Date.parse(meta.syncedAt) : -Infinity;
  if (t - synced < intervalMs) return false;
  if (eager || !meta.attemptedAt) return true;
  return t - Date.parse(meta.attemptedAt) >= Math.min(intervalMs, FAILED_PULL_RETRY_MS);
}

async function recordFailure(db: ShelfworkDb, key: string, now: Date, code: string): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    const previous = await db.meta.get(key);
    await db.meta.put({ key, syncedAt: previous?.syncedAt ?? null, error: code, attemptedAt: now.toISOString() });
  });
}

function successMeta(key: string, now: Date): SyncMeta {
  const at = now.toISOString();
  return { key, syncedAt: at, error: null, attemptedAt: at };
}

async function unsentRecords(db: ShelfworkDb) {
  const rows = await db.outbox.where('state').anyOf([...UNSENT_STATES]).toArray();
  return rows.sort(compareOutboxRecords);
}

/** Deletes the kv rows that belong to an account (suggestions, history cursors). */
export async function clearAccountKv(db: ShelfworkDb): Promise<void> {
  await Promise.all(ACCOUNT_KV_PREFIXES.map((prefix) => db.kv.where('key').startsWith(prefix).delete()));
}

/** GET user → user 'me'. A different account than the mirrored one wipes the old account's rows. */
export async function pullUser(ctx: PullContext): Promise<PullResult> {
  const { db } = ctx;
  const now = ctx.now();
  const result = await ctx.session.request<unknown>('GET', 'user');
  if (!result.ok) {
    await recordFailure(db, 'user', now, result.error.code);
    return failure(result);
  }
  if (!isUser(result.body)) {
    await recordFailure(db, 'user', now, 'UNKNOWN');
    return { ok: false, error: { status: result.status, code: 'UNKNOWN', message: 'Malformed user' } };
  }
  const user: User = result.body;
  await db.transaction('rw', [db.session, db.user, db.tasks, db.trainings, db.reservationLimit, db.meta, db.outbox, db.kv, ...packTables(db)], async () => {
    if (!(await db.session.get('tokens'))) return;
    const previous = await db.user.get('me');
    if (previous && previous.id !== user.id) {
      await Promise.all([db.tasks.clear(), db.trainings.clear(), db.reservationLimit.clear(), db.meta.clear(), clearAccountKv(db), clearPacks(db)]);
    }
    const unsent = (await unsentRecords(db)).filter((r) => r.ownerId == null || r.ownerId === user.id);
    await db.user.put({ ...overlayUnsent(user, unsent), key: 'me' });
    await db.meta.put(successMeta('user', now));
  });
  return OK;
}

/** GET country. Reference data, also needed by the register screen, so a token is optional. */
export async function pullCountries(ctx: PullContext): Promise<PullResult> {
  const { db } = ctx;
  const now = ctx.now();
  const result = await ctx.session.request<unknown>('GET', 'country', { auth: 'optional' });
  if (!result.ok) {
    await recordFailure(db, 'countries', now, result.error.code);
    return failure(result);
  }
  const list = listOf<Country>(result.body);
  if (!list) {
    await recordFailure(db, 'countries', now, 'UNKNOWN');
    return { ok: false, error: { status: result.status, code: 'UNKNOWN', message: 'Malformed country list' } };
  }
  await db.transaction('rw', db.countries, db.meta, async () => {
    await db.countries.clear();
    await db.countries.bulkPut(list);
    await db.meta.put(successMeta('countries', now));
  });
  return OK;
}

/** GET training → trainings (replaced as a whole: a disabled training disappears). */
export async function pullTrainings(ctx: PullContext): Promise<PullResult> {
  const { db } = ctx;
  const now = ctx.now();
  const result = await ctx.session.request<unknown>('GET', 'training');
  if (!result.ok) {
    await recordFailure(db, 'trainings', now, result.error.code);
    return failure(result);
  }
  const list = listOf<Training>(result.body);
  if (!list) {
    await recordFailure(db, 'trainings', now, 'UNKNOWN');
    return { ok: false, error: { status: result.status, code: 'UNKNOWN', message: 'Malformed training list' } };
  }
  await db.transaction('rw', db.session, db.trainings, db.meta, async () => {
    if (!(await db.session.get('tokens'))) return;
    await db.trainings.clear();
    await db.trainings.bulkPut(list);
    await db.meta.put(successMeta('trainings', now));
  });
  return OK;
}

export async function pullReservationLimit(ctx: PullContext): Promise<PullResult> {
  const { db } = ctx;
  const now = ctx.now();
  const result = await ctx.session.request<ReservationLimit>('GET', 'task/reservation-limit');
  if (!result.ok) {
    await recordFailure(db, 'reservationLimit', now, result.error.code);
    return failure(result);
  }
  const { used, limit } = result.body ?? ({} as Partial<ReservationLimit>);
  if (typeof used !== 'number' || typeof limit !== 'number') {
    await recordFailure(db, 'reservationLimit', now, 'UNKNOWN');
    return { ok: false, error: { status: result.status, code: 'UNKNOWN', message: 'Malformed reservation limit' } };
  }
  await db.transaction('rw', db.session, db.reservationLimit, db.meta, async () => {
    if (!(await db.session.get('tokens'))) return;
    await db.reservationLimit.put({ used, limit, key: 'me' });
    await db.meta.put(successMeta('reservationLimit', now));
  });
  return OK;
}

function taskListPath(status: TaskStatus, after: string | null): string {
  const query = new URLSearchParams({ status, first: String(TASK_PAGE_SIZE) });
  // History can be long and is read newest first, page by page (the server's -end_time order).
  if (isHistoryStatus(status)) query.set('orderBy', '-end_time');
  if (after) query.set('after', after);
  return `task?${query.toString()}`;
}

/** Ids of tasks with unsent outbox records: their optimistic state is never overwritten by a pull. */
async function pinnedTaskIds(db: ShelfworkDb): Promise<Set<string>> {
  return new Set((await unsentRecords(db)).map((r) => r.taskId).filter((id): id is string => id !== null));
}

/**
 * Puts `tasks` unless a row is pinned, newer (`updatedAt`) or written by a command since `mark`.
 * `sortKeyOf` gives the row's sortKey (undefined keeps the existing one). Runs inside a transaction.
 */
async function putTasks(
  ctx: PullContext,
  tasks: readonly Task[],
  pinned: ReadonlySet<string>,
  mark: number,
  sortKeyOf: (index: number) => number | undefined,
): Promise<void> {
  const { db } = ctx;
  const existing = await db.tasks.bulkGet(tasks.map((t) => t.id));
  const rows = tasks
    .map((task, index) => ({ task, index, current: existing[index] }))
    .filter(({ task, current }) => !pinned.has(task.id) && !ctx.writes.writtenSince(task.id, mark) && !(current && current.updatedAt > task.updatedAt))
    .map(({ task, index, current }) => toTaskRow(task, sortKeyOf(index) ?? current?.sortKey));
  await db.tasks.bulkPut(rows);
}

/** One page of a list endpoint, validated. */
async function fetchPage(ctx: PullContext, path: string): Promise<ApiResult<Page<unknown>>> {
  const result = await ctx.session.request<unknown>('GET', path);
  if (!result.ok) return result;
  if (!isPage(result.body)) return { ok: false, status: result.status, error: { code: 'UNKNOWN', message: 'Malformed task page' } };
  return { ok: true, status: result.status, body: result.body };
}

/**
 * GET task?status=… through every page, then replace the mirror's rows of that status in one
 * transaction: tasks that left the status disappear, the rest keep the server's order in
 * `sortKey`. Rows with unsent outbox records keep their optimistic state, and a row is never
 * overwritten by an older `updatedAt` (a parallel pull of another status may have moved it).
 * Returns the ids removed from the mirror.
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
  for (let page = 0; ; page++) {
    if (page >= MAX_PAGES) {
      await recordFailure(db, key, now, 'TOO_MANY_PAGES');
      return { ok: false, error: { status: 0, code: 'TOO_MANY_PAGES', message: `More than ${MAX_PAGES} pages of ${status} tasks` } };
    }
    const result: ApiResult<unknown> = await ctx.session.request<unknown>('GET', taskListPath(status, after));
    if (!result.ok) {
      await recordFailure(db, key, now, result.error.code);
      return failure(result);
    }
    if (!isPage(result.body)) {
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
    await db.meta.put(successMeta(key, now));
  });
  return { ok: true, value: undefined, removed };
}

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
async function pullHistoryFirstPage(ctx: PullContext, status: TaskStatus, replaceAll: boolean): Promise<PullResult & { removed?: string[] }> {
  const { db } = ctx;
  const key = metaKeyForStatus(status);
  const now = ctx.now();
  const mark = ctx.writes.mark();
  const result = await fetchPage(ctx, taskListPath(status, null));
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
  const result = await fetchPage(ctx, taskListPath(status, previous.endCursor));
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

  const query = new URLSearchParams({ first: String(SUGGESTIONS_PAGE_SIZE) });
  if (append && previous.pageInfo.endCursor) query.set('after', previous.pageInfo.endCursor);
  const mark = ctx.writes.mark();
  const result = await fetchPage(ctx, `task/${encodeURIComponent(taskId)}/suggestions?${query.toString()}`);
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

/** GET task/{id}. A 404 removes the task from the mirror and answers TASK_NOT_FOUND. */
export async function pullTask(ctx: PullContext, taskId: string): Promise<PullResult> {
  const { db } = ctx;
  const key = metaKeyForTask(taskId);
  const now = ctx.now();
  const mark = ctx.writes.mark();
  const result = await ctx.session.request<unknown>('GET', `task/${encodeURIComponent(taskId)}`);
  if (!result.ok) {
    if (result.status === 404) {
      await db.transaction('rw', db.tasks, db.meta, async () => {
        await db.tasks.delete(taskId);
        // Synced: the server's answer is known (the task is gone); error tells the screen why.
        await db.meta.put({ key, syncedAt: now.toISOString(), error: 'TASK_NOT_FOUND', attemptedAt: now.toISOString() });
      });
      return { ok: false, error: { status: 404, code: 'TASK_NOT_FOUND', message: result.error.message } };
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
