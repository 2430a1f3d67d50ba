/**
 * Appending to the outbox (DESIGN.md, "The write path", step 1): the optimistic mirror change and
 * the queued record are written in ONE Dexie transaction, so the tasker never sees a change that
 * is not queued, nor a queued change the mirror does not show. Used by the sync worker and by the
 * page's mutation hooks; the worker alone drains (workers/sync/outbox.ts).
 */
import type { Table } from 'dexie';
import type { OutboxRecord, ShelfworkDb } from './schema';

export interface NewMutation {
  /** Null for account-level mutations (settings); they form their own queue. */
  taskId: string | null;
  kind: string;
  method: OutboxRecord['method'];
  /** Path under /api, e.g. 'user/set-country'. */
  path: string;
  payload: unknown;
}

/** States of records that still have to reach the server. */
export const UNSENT_STATES = ['pending', 'sending'] as const;

let lastCreatedAt = 0;

/**
 * createdAt orders a queue, so within one runtime it is strictly increasing: two records queued in
 * the same millisecond (or under a frozen test clock) are stamped 1 ms apart, in call order.
 */
function monotonicCreatedAt(now: Date): string {
  const ms = Math.max(now.getTime(), lastCreatedAt + 1);
  lastCreatedAt = ms;
  return new Date(ms).toISOString();
}

export function newOutboxRecord(mutation: NewMutation, now: Date, ownerId: string | null): OutboxRecord {
  return {
    id: crypto.randomUUID(),
    taskId: mutation.taskId,
    kind: mutation.kind,
    method: mutation.method,
    path: mutation.path,
    payload: mutation.payload,
    createdAt: monotonicCreatedAt(now),
    attempts: 0,
    state: 'pending',
    nextAttemptAt: null,
    error: null,
    ownerId,
  };
}

/**
 * Applies `optimistic` to the mirror and appends the record in one transaction. `tables` lists the
 * mirror tables `optimistic` writes to (the outbox and user tables are always included).
 */
export async function enqueueMutation(
  db: ShelfworkDb,
  mutation: NewMutation,
  options: { now: Date; tables?: Table[]; optimistic?: () => Promise<void> | void },
): Promise<OutboxRecord> {
  const tables = [db.outbox, db.user, ...(options.tables ?? [])];
  return db.transaction('rw', tables, async () => {
    const me = await db.user.get('me');
    const record = newOutboxRecord(mutation, options.now, me?.id ?? null);
    if (options.optimistic) await options.optimistic();
    await db.outbox.add(record);
    return record;
  });
}

/** Unsent and rejected records, in queue order (what "waiting for signal" shows). */
export async function outstandingRecords(db: ShelfworkDb): Promise<OutboxRecord[]> {
  const rows = await db.outbox.where('state').anyOf(['pending', 'sending', 'rejected']).toArray();
  return rows.sort(compareOutboxRecords);
}

/** Queue order: createdAt (strictly increasing per runtime), then id so the order is total. */
export function compareOutboxRecords(a: OutboxRecord, b: OutboxRecord): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
