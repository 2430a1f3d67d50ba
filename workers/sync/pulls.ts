/**
 * The read path's first half: pull one collection from the API into the Dexie mirror and record
 * the attempt in `meta`. Each pull writes atomically (one transaction with its meta row) and only
 * while a session exists, so a pull racing a logout cannot resurrect the previous tasker's data.
 */
import type { ApiResult } from '../../src/api/http';
import { compareOutboxRecords, UNSENT_STATES } from '../../src/db/outbox';
import type { ShelfworkDb, SyncMeta } from '../../src/db/schema';
import type { CommandResult } from '../../src/sync/contract';
import {
  TASK_PAGE_SIZE,
  type Country,
  type Page,
  type ReservationLimit,
  type Task,
  type TaskStatus,
  type Training,
  type User,
} from '../../src/domain/types';
import { isTask, isUser, overlayUnsent, toTaskRow } from './kinds';
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

export interface PullContext {
  db: ShelfworkDb;
  session: Session;
  now: () => Date;
  /** Called once per engine when a pull returns more than 500 tasks. */
  reportOverflow: (key: string, count: number) => void;
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
  await db.transaction('rw', [db.session, db.user, db.tasks, db.trainings, db.reservationLimit, db.meta, db.outbox], async () => {
    if (!(await db.session.get('tokens'))) return;
    const previous = await db.user.get('me');
    if (previous && previous.id !== user.id) {
      await Promise.all([db.tasks.clear(), db.trainings.clear(), db.reservationLimit.clear(), db.meta.clear()]);
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

/** Lists come as an array or as `{ data }` (a page); accept both. */
function listOf<T>(body: unknown): T[] | null {
  if (Array.isArray(body)) return body as T[];
  const data = (body as { data?: unknown } | null)?.data;
  return Array.isArray(data) ? (data as T[]) : null;
}

function isPage(body: unknown): body is Page<unknown> {
  const page = body as Page<unknown> | null;
  return !!page && Array.isArray(page.data) && typeof page.pageInfo === 'object' && page.pageInfo !== null;
}

function taskListPath(status: TaskStatus, after: string | null): string {
  const query = new URLSearchParams({ status, first: String(TASK_PAGE_SIZE) });
  if (after) query.set('after', after);
  return `task?${query.toString()}`;
}

/**
 * GET task?status=… through every page, then replace the mirror's rows of that status in one
 * transaction: tasks that left the status disappear, the rest keep the server's order in
 * `sortKey`. Rows with unsent outbox records keep their optimistic state, and a row is never
 * overwritten by an older `updatedAt` (a parallel pull of another status may have moved it).
 * Returns the ids removed from the mirror.
 */
export async function pullTasksByStatus(ctx: PullContext, status: TaskStatus): Promise<PullResult & { removed?: string[] }> {
  const { db } = ctx;
  const key = metaKeyForStatus(status);
  const now = ctx.now();
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
    const pinned = new Set((await unsentRecords(db)).map((r) => r.taskId).filter((id): id is string => id !== null));
    const fetchedIds = new Set(tasks.map((t) => t.id));
    const stale = await db.tasks.where('status').equals(status).filter((row) => !fetchedIds.has(row.id) && !pinned.has(row.id)).primaryKeys();
    await db.tasks.bulkDelete(stale);
    removed = stale;

    const existing = await db.tasks.bulkGet(tasks.map((t) => t.id));
    const rows = tasks
      .map((task, index) => ({ task, index, current: existing[index] }))
      .filter(({ task, current }) => !pinned.has(task.id) && !(current && current.updatedAt > task.updatedAt))
      .map(({ task, index }) => toTaskRow(task, index));
    await db.tasks.bulkPut(rows);
    await db.meta.put(successMeta(key, now));
  });
  return { ok: true, value: undefined, removed };
}

/** GET task/{id}. A 404 removes the task from the mirror and answers TASK_NOT_FOUND. */
export async function pullTask(ctx: PullContext, taskId: string): Promise<PullResult> {
  const { db } = ctx;
  const key = metaKeyForTask(taskId);
  const now = ctx.now();
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
    if (!pinned) await db.tasks.put(toTaskRow(task, current?.sortKey));
    await db.meta.put(successMeta(key, now));
  });
  return OK;
}
