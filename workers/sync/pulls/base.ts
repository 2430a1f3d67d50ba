/**
 * The read path's first half, shared by every pull: pull one collection from the API into the Dexie
 * mirror and record the attempt in `meta`. Each pull writes atomically (one transaction with its
 * meta row) and only while a session exists, so a pull racing a logout cannot resurrect the
 * previous tasker's data. The pulls themselves are by feature beside this file.
 */
import type { ApiResult } from '../http';
import { compareOutboxRecords, UNSENT_STATES } from '../queue';
import type { ShelfworkDb, SyncMeta } from '#db/schema';
import { ACCOUNT_KV_PREFIXES } from '#contracts/kv';
import type { CommandResult } from '#contracts/sync';
import { HISTORY_STATUSES, type Page, type Task, TASK_PAGE_SIZE, type TaskStatus } from '#domain/types';
import type { RouteDefinition } from '#contracts/api/common';
import { isPageEnvelope } from '../answers';
import { toTaskRow } from '../kinds';
import type { CallOptions, Session } from '../session';

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
export const MAX_PAGES = 200;

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

export const OK: PullResult = { ok: true, value: undefined };

export function failure(result: Extract<ApiResult, { ok: false }>): PullResult {
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

/**
 * Is `key` due for a pull, given its interval? After a failed attempt it waits the failed-pull
 * pause (or its interval, when shorter) — also a collection without an interval (missions: 0, asked
 * whenever a trigger wants it), or every sync would ask a server that is down again. `eager` skips
 * the pause (back online).
 */
export async function isDue(db: ShelfworkDb, key: string, intervalMs: number, now: Date, eager = false): Promise<boolean> {
  const meta = await db.meta.get(key);
  if (!meta) return true;
  const t = now.getTime();
  const synced = meta.syncedAt ? Date.parse(meta.syncedAt) : -Infinity;
  if (t - synced < intervalMs) return false;
  // A successful pull stamps both times alike: only a later attempt failed.
  if (eager || !meta.attemptedAt || meta.attemptedAt === meta.syncedAt) return true;
  const pause = intervalMs > 0 ? Math.min(intervalMs, FAILED_PULL_RETRY_MS) : FAILED_PULL_RETRY_MS;
  return t - Date.parse(meta.attemptedAt) >= pause;
}

export async function recordFailure(db: ShelfworkDb, key: string, now: Date, code: string): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    const previous = await db.meta.get(key);
    // The delta cursor stays: the mirror still holds what it describes.
    await db.meta.put({ key, syncedAt: previous?.syncedAt ?? null, error: code, attemptedAt: now.toISOString(), ...(previous?.cursor ? { cursor: previous.cursor } : {}) });
  });
}

export function successMeta(key: string, now: Date, cursor?: string | null): SyncMeta {
  const at = now.toISOString();
  return { key, syncedAt: at, error: null, attemptedAt: at, ...(cursor ? { cursor } : {}) };
}

export async function unsentRecords(db: ShelfworkDb) {
  const rows = await db.outbox.where('state').anyOf([...UNSENT_STATES]).toArray();
  return rows.sort(compareOutboxRecords);
}

/** Deletes the kv rows that belong to an account (suggestions, history cursors). */
export async function clearAccountKv(db: ShelfworkDb): Promise<void> {
  await Promise.all(ACCOUNT_KV_PREFIXES.map((prefix) => db.kv.where('key').startsWith(prefix).delete()));
}

/**
 * A list page. `since` (first page only) asks for a delta list: '' for the whole list with a
 * cursor, a cursor for what changed since (docs/sync-protocol.md, "Delta task lists").
 */
export function taskListQuery(status: TaskStatus, after: string | null, since?: string): Record<string, string | undefined> {
  return {
    status,
    first: String(TASK_PAGE_SIZE),
    // History can be long and is read newest first, page by page (the server's -end_time order).
    orderBy: isHistoryStatus(status) ? '-end_time' : undefined,
    after: after || undefined,
    since: after ? undefined : since,
  };
}

/** Ids of tasks with unsent outbox records: their optimistic state is never overwritten by a pull. */
export async function pinnedTaskIds(db: ShelfworkDb): Promise<Set<string>> {
  return new Set((await unsentRecords(db)).map((r) => r.taskId).filter((id): id is string => id !== null));
}

/**
 * Puts `tasks` unless a row is pinned, newer (`updatedAt`) or written by a command since `mark`.
 * `sortKeyOf` gives the row's sortKey (undefined keeps the existing one). Runs inside a transaction.
 */
export async function putTasks(
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

/** One page of a list route, its envelope checked (the caller checks each item and skips a malformed one). */
export async function fetchPage<D extends RouteDefinition>(ctx: PullContext, def: D, options: CallOptions<D>): Promise<ApiResult<Page<unknown>>> {
  const result = await ctx.session.call(def, options);
  if (!result.ok) return result;
  if (!isPageEnvelope(result.body)) return { ok: false, status: result.status, error: { code: 'UNKNOWN', message: 'Malformed task page' } };
  return { ok: true, status: result.status, body: result.body };
}
