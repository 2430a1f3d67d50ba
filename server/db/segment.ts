/**
 * The open write segment of a batch (server/http/batch.ts): one transaction that the records of a
 * segment share, seen by the code their routes run through AsyncLocalStorage — the idempotency
 * rows read once, the viewer's row, the memo of what the segment's own writes left, the deferred
 * writes. Kept beside the database so the services that keep a memo or defer a write
 * (server/execution/service.ts) and the HTTP layer both read it without importing the batch route.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Insertable, Selectable } from 'kysely';
import type { Db } from './database';
import type { IdempotencyKeysTable, UsersTable } from './schema';

/** An idempotency row as the segment knows it: the answer stored for a key and the request it answered. */
export type KnownKey = Pick<Selectable<IdempotencyKeysTable>, 'status_code' | 'response' | 'request_hash'>;

/** The open transaction of a batch segment, seen by the records' routes (through AsyncLocalStorage). */
export interface BatchTransaction {
  trx: Db;
  /** The batch's viewer: the idempotency scope of its records. */
  scope: string;
  /** Idempotency rows of the segment's keys (read once, then kept up to date by runIdempotent). */
  known: Map<string, KnownKey>;
  /** The viewer's user row once a record's route read it (server/auth/guard.ts): the segment's routes change no user row. */
  viewer?: Selectable<UsersTable>;
  /** False once the segment has committed or rolled back: work a route left behind uses the pool again. */
  open: boolean;
  /**
   * What the segment's own writes left in the database, kept by the routes so a later record of
   * the segment need not read it again (server/execution/service.ts: the locked task row, a task's
   * scan list). Rows a route memoises are locked by this transaction (the task row lock), so no
   * other transaction changes them before the commit; emptied at every rollback to a savepoint.
   */
  memo: Map<string, unknown>;
  /** Key rows of the segment's fresh records (answers and refusals), written together before the commit. */
  pendingKeys: PendingKeyRow[];
  /** Whether this run of the segment defers the writes of the direct writes registered with `defers` (false on the rerun). */
  defer: boolean;
  /** Whether the record running now is one whose writes are deferred (it takes no savepoint). */
  recordDefers: boolean;
  /** Deferred writes by task and kind, in first-deferred order (flushDeferred runs them). */
  deferred: Map<string, DeferredWrite>;
  /** Set when a deferring record failed other than by a refusal: the segment is rolled back and run again without deferring. */
  poisoned: boolean;
}

/** An idempotency row waiting for its segment's commit (the answer as JSON text). */
export type PendingKeyRow = Insertable<IdempotencyKeysTable>;

/** A deferred write: given the segment's memo as it is when the write runs. */
export type DeferredWrite = (memo: Map<string, unknown>) => Promise<void>;

/** The segment's deferred writes when the record running now defers (`trx` is the segment's), else null. */
export function deferredWrites(trx: unknown): Map<string, DeferredWrite> | null {
  const t = batchTransaction();
  return t && t.trx === trx && t.defer && t.recordDefers ? t.deferred : null;
}

export const segmentStore = new AsyncLocalStorage<BatchTransaction>();

/** The batch transaction the current request runs in, or null. */
export function batchTransaction(): BatchTransaction | null {
  const t = segmentStore.getStore();
  return t?.open ? t : null;
}

/** The segment's memo when `trx` is the open batch segment's transaction (else null: nothing is kept). */
export function segmentMemo(trx: unknown): Map<string, unknown> | null {
  const t = batchTransaction();
  return t && t.trx === trx ? t.memo : null;
}
