/**
 * Appending to the outbox (DESIGN.md, "The write path", step 1): the optimistic mirror change and
 * the queued record are written in ONE Dexie transaction, so the tasker never sees a change that
 * is not queued, nor a queued change the mirror does not show. Used by the sync worker's commands;
 * the drain is workers/sync/outbox.ts.
 */
import type { Table } from 'dexie';
import type { OutboxKindName, OutboxPayloads } from '#db/outboxKinds';
import type { OutboxRecord, ShelfworkDb } from '#db/schema';
import { outboxKind } from './kinds';

/** A mutation to queue: one kind with that kind's payload. */
export type NewMutation = { [K in OutboxKindName]: NewMutationOf<K> }[OutboxKindName];

interface NewMutationOf<K extends OutboxKindName> {
  /** Null for account-level mutations (settings); they form their own queue. */
  taskId: string | null;
  kind: K;
  method: OutboxRecord['method'];
  /** Path under /api, e.g. 'user/set-country'. */
  path: string;
  payload: OutboxPayloads[K];
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
  const createdAt = monotonicCreatedAt(now);
  return {
    ...mutation,
    id: crypto.randomUUID(),
    createdAt,
    recordedAt: createdAt,
    attempts: 0,
    state: 'pending',
    nextAttemptAt: null,
    error: null,
    ownerId,
  };
}

/** `optimistic` returns this to say "nothing to send after all" (e.g. deleting a photo never sent). */
export const NO_RECORD = Symbol('no-record');

export interface EnqueueOptions {
  now: Date;
  tables?: Table[];
  /** The mirror change; returning NO_RECORD commits it without queueing anything. */
  optimistic?: () => Promise<void | typeof NO_RECORD> | void | typeof NO_RECORD;
  /** Whether this record coalesces; by default its kind's `coalesce` (kinds.ts). */
  coalesce?: boolean;
}

/**
 * Applies `optimistic` to the mirror and appends the record in one transaction. `tables` lists the
 * mirror tables `optimistic` writes to (the outbox and user tables are always included).
 */
export async function enqueueMutation(db: ShelfworkDb, mutation: NewMutation, options: EnqueueOptions): Promise<OutboxRecord> {
  const record = await enqueueMutationIf(db, mutation, options);
  if (!record) throw new Error('enqueueMutation: optimistic returned NO_RECORD; use enqueueMutationIf');
  return record;
}

/** As enqueueMutation, but `optimistic` may decide that no record is needed (answers null then). */
export async function enqueueMutationIf(db: ShelfworkDb, mutation: NewMutation, options: EnqueueOptions): Promise<OutboxRecord | null> {
  const tables = [db.outbox, db.user, ...(options.tables ?? [])];
  return db.transaction('rw', tables, async () => {
    const me = await db.user.get('me');
    if (options.optimistic && (await options.optimistic()) === NO_RECORD) return null;
    // "Last state wins" for kinds that coalesce (kinds.ts): a record of the same task, kind and path
    // that is still `pending` and was never attempted gets this payload instead of a new record
    // being appended. A record that was attempted keeps its payload: the server may hold its
    // Idempotency-Key with that body, so the new state needs a new key.
    if ((options.coalesce ?? outboxKind(mutation).coalesce) && mutation.taskId !== null) {
      const open = await coalescible(db, mutation);
      if (open) {
        // The new state replaces the old one, so it is recorded now (the queue order keeps createdAt).
        const recordedAt = options.now.toISOString();
        await db.outbox.update(open.id, { payload: mutation.payload, recordedAt });
        // Same kind as `mutation` (coalescible matched it), so the payload is that kind's.
        return { ...open, payload: mutation.payload, recordedAt } as OutboxRecord;
      }
    }
    const record = newOutboxRecord(mutation, options.now, me?.id ?? null);
    await db.outbox.add(record);
    return record;
  });
}

/**
 * Records with the same key replace one another (the last state wins): the same task, kind and
 * path. Coalescing (`coalescible`), a settled answer that a later record outdates
 * (features/execution/kinds.ts, `laterUnsent`) and a batch's answers (outbox/settle.ts,
 * `settleMany`) all go by it.
 */
export function replacementKey(record: Pick<OutboxRecord, 'taskId' | 'kind' | 'path'>): string {
  return JSON.stringify([record.taskId, record.kind, record.path]);
}

/**
 * The record `mutation` may replace the payload of: the task's NEWEST not-done record of the same
 * kind and path, if it is still pending and was never attempted (an older one would put the new
 * state before a newer record's; a rejected or attempted newest one gets a record behind it). Walks the queue backwards and stops at the first match, so it
 * does not read the whole outbox.
 */
export async function coalescible(db: ShelfworkDb, mutation: Pick<NewMutation, 'taskId' | 'kind' | 'path'>): Promise<OutboxRecord | undefined> {
  if (mutation.taskId === null) return undefined;
  const key = replacementKey(mutation);
  const newest = await db.outbox
    .where('[state+createdAt]')
    .between(['pending', ''], ['sending', '\uffff'], true, true)
    .reverse()
    .filter((r) => replacementKey(r) === key)
    .first();
  return newest && newest.state === 'pending' && newest.attempts === 0 ? newest : undefined;
}

/** A storage quota error, however Dexie wrapped it (AbortError → inner QuotaExceededError). */
export function isQuotaError(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    const name = (e as { name?: unknown }).name;
    if (name === 'QuotaExceededError') return true;
    e = (e as { inner?: unknown; cause?: unknown }).inner ?? (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Unsent and rejected records, in queue order (what "waiting for signal" shows). */
export async function outstandingRecords(db: ShelfworkDb): Promise<OutboxRecord[]> {
  const rows = await db.outbox.where('state').anyOf(['pending', 'sending', 'rejected']).toArray();
  return rows.sort(compareOutboxRecords);
}

/** When the tasker did what the record carries (records queued before `recordedAt` existed: createdAt). */
export function recordedAtOf(record: Pick<OutboxRecord, 'createdAt' | 'recordedAt'>): string {
  return record.recordedAt ?? record.createdAt;
}

/** Queue order: createdAt (strictly increasing per runtime), then id so the order is total. */
export function compareOutboxRecords(a: OutboxRecord, b: OutboxRecord): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
