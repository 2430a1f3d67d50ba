/**
 * Delta sync of the task lists (docs/decisions/0009-delta-sync.md): what a `since`
 * cursor means, when it is still good, and the changed/removed answer.
 *
 * The cursor is opaque to clients: base64url JSON of
 *   s — the database snapshot (pg_current_snapshot() text) taken *before* the answer was read,
 *   t — the server clock (ms) of that answer (isStartable flips with the clock, not with a write),
 *   b — the server clock (ms) of the last full answer this chain of deltas started from,
 *   f — a fingerprint of everything outside the task rows that shapes the list for this viewer.
 * A cursor whose fingerprint differs (another viewer, another status list, approval, market,
 * trainings or reserved minutes for the available list, a schema change), that is malformed,
 * from the future, or whose chain is older than FULL_RESYNC_AFTER_MS answers the full list again.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { startIntervalJob, type JobHandle } from '../jobs/runner';
import { MIGRATIONS } from '../db/migrations';
import type { TaskStatus } from '#domain/types';
import { listTasks, orderSpec, type TaskRow, type Viewer } from '../tasks/queries';
import { currentSnapshot, readListChanges } from '../tasks/listChanges';

/** Bump when the meaning or the shape of a delta changes: every client then resyncs once. */
const DELTA_VERSION = 1;

/**
 * A chain of deltas is cut after this long and the whole list sent again: the bounded staleness
 * for what no task write records (reference data edited by hand in the database, a store's
 * `place.distance` after the tasker moved — screens compute it from the device's position).
 */
export const FULL_RESYNC_AFTER_MS = 60 * 60_000;

/** More changes than this in one delta → the full list instead (paged as usual). */
export const DELTA_MAX_CHANGED = 50;

/** More tombstones than this → the full list instead. */
export const DELTA_MAX_REMOVED = 500;

const MAX_CURSOR_LENGTH = 4096;
const SCHEMA_VERSION = Object.keys(MIGRATIONS).length;

export interface DeltaCursor {
  s: string;
  t: number;
  b: number;
  f: string;
}

export function encodeDeltaCursor(cursor: DeltaCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

export function decodeDeltaCursor(text: string): DeltaCursor | null {
  if (text.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(text)) return null;
  try {
    const v: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (v === null || typeof v !== 'object') return null;
    const c = v as Record<string, unknown>;
    // A pg_snapshot text: xmin:xmax:xip,xip…
    if (typeof c.s !== 'string' || !/^\d{1,20}:\d{1,20}:(\d{1,20}(,\d{1,20})*)?$/.test(c.s)) return null;
    if (typeof c.t !== 'number' || typeof c.b !== 'number' || !Number.isFinite(c.t) || !Number.isFinite(c.b)) return null;
    if (typeof c.f !== 'string') return null;
    return { s: c.s, t: c.t, b: c.b, f: c.f };
  } catch {
    return null;
  }
}

/**
 * Everything besides the task rows that decides what this viewer's list holds and how its rows
 * read. Reserved minutes and done trainings only shape `isReservable`, so they count only for a
 * list that can hold available tasks. `dataEpoch` (server/db/dataEpoch.ts) changes with every
 * restore of the database, whose transaction ids then no longer mean what a cursor's snapshot
 * says; '' (never restored) adds nothing, so cursors made before the epoch existed stay good.
 */
export function listFingerprint(viewer: Viewer, statuses: TaskStatus[] | undefined, dataEpoch = ''): string {
  const list = statuses && statuses.length > 0 ? [...statuses].sort() : null;
  const holdsAvailable = list === null || list.includes('available');
  const parts = [
    DELTA_VERSION,
    SCHEMA_VERSION,
    viewer.id,
    viewer.countryCode,
    viewer.status,
    viewer.canSeeTasks,
    viewer.isApproved,
    list,
    holdsAvailable ? [[...viewer.doneTrainingIds].sort(), viewer.reservationUsed, viewer.reservationLimit] : null,
    ...(dataEpoch ? [dataEpoch] : []),
  ];
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 16);
}

/** Is `since` a cursor this viewer's list can be answered from as a delta? */
export function usableCursor(since: string, fingerprint: string, now: Date): DeltaCursor | null {
  const cursor = decodeDeltaCursor(since);
  if (!cursor || cursor.f !== fingerprint) return null;
  const t = now.getTime();
  if (cursor.t > t || cursor.b > cursor.t || t - cursor.b > FULL_RESYNC_AFTER_MS) return null;
  return cursor;
}

export type DeltaRead = { kind: 'delta'; changed: TaskRow[]; removed: string[]; cursor: string } | { kind: 'full' };

/**
 * The rows of the viewer's list written since `cursor` and the ids that left it. The changed and
 * removed ids and the new cursor's snapshot come from one statement (readListChanges); the
 * changed rows are then read as usual — a row written in between may come now and again next
 * time (rows are idempotent by `updatedAt`), never not at all.
 */
export async function readDelta(db: Db, viewer: Viewer, statuses: TaskStatus[] | undefined, cursor: DeltaCursor, fingerprint: string, now: Date): Promise<DeltaRead> {
  const ids = await readListChanges(db, viewer, statuses, cursor.s, new Date(cursor.t), now, { changed: DELTA_MAX_CHANGED + 1, removed: DELTA_MAX_REMOVED + 1 });
  if (ids.changed.length > DELTA_MAX_CHANGED || ids.removed.length > DELTA_MAX_REMOVED) return { kind: 'full' };
  const changed =
    ids.changed.length === 0 ? [] : await listTasks(db, viewer, { statuses, ids: ids.changed }, orderSpec('time_window_start', null), null, DELTA_MAX_CHANGED + 1, now);
  const changedIds = new Set(changed.map((r) => r.id));
  return {
    kind: 'delta',
    changed,
    removed: ids.removed.filter((id) => !changedIds.has(id)),
    cursor: encodeDeltaCursor({ s: ids.snapshot, t: now.getTime(), b: cursor.b, f: fingerprint }),
  };
}

/** The cursor a full answer carries: the snapshot taken before its first page is read. */
export async function fullCursor(db: Db, fingerprint: string, now: Date): Promise<string> {
  const snapshot = await currentSnapshot(db);
  return encodeDeltaCursor({ s: snapshot, t: now.getTime(), b: now.getTime(), f: fingerprint });
}

/**
 * task_list_exits rows are read only by deltas whose chain began less than FULL_RESYNC_AFTER_MS
 * ago; a day keeps a wide margin for clocks. Safe in many processes at once (a plain delete).
 */
export const EXITS_KEPT_MS = 24 * 60 * 60_000;

export async function pruneTaskListExits(db: Db, now: Date): Promise<number> {
  const result = await sql`delete from task_list_exits where created_at < ${new Date(now.getTime() - EXITS_KEPT_MS)}::timestamptz`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** Hourly in every server process (server/main.ts). */
export function startTaskExitsPruneJob(db: Db, clock: Clock, log: (line: string) => void = console.error): JobHandle {
  return startIntervalJob('task-list-exits', async () => void (await pruneTaskListExits(db, clock.now())), log, 60 * 60_000);
}
