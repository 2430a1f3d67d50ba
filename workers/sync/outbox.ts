/**
 * The write path's second half (DESIGN.md, "The write path", steps 2-4): drain `db.outbox` in
 * order per queue (one queue per task, one for the account), one request in flight per queue,
 * `Idempotency-Key: <record.id>`. The retry policy below is the only place that decides a
 * record's fate; nothing is ever dropped without a 2xx (docs/sync-protocol.md).
 */
import type { ApiResult } from './http';
import { compareOutboxRecords, recordedAtOf, UNSENT_STATES } from './queue';
import type { OutboxRecord, ShelfworkDb } from '#db/schema';
import { outboxKind, type FollowUp } from './kinds';
import type { Session } from './session';

export const OUTBOX_LOCK = 'shelfwork-outbox';
export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_CAP_MS = 5 * 60_000;

export type Verdict = 'done' | 'retry' | 'auth' | 'rejected';

/**
 * 2xx → done. No answer, 408, 429, 5xx → retry later. 401 (after the session's own refresh and
 * retry) → wait for a new login. Any other 4xx, and 420 → rejected, shown with the server's message.
 */
export function verdictFor(result: ApiResult): Verdict {
  if (result.ok) return 'done';
  const { status } = result;
  if (status === 0 || status === 408 || status === 429 || status >= 500) return 'retry';
  if (status === 401) return 'auth';
  return 'rejected';
}

/**
 * Exponential backoff after the n-th failed attempt (n ≥ 1): 1 s, 2 s, 4 s … capped at 5 min,
 * with ±20 % jitter so a fleet of phones coming back online does not retry in lockstep.
 */
export function backoffMs(attempts: number, random: () => number): number {
  const exponential = BACKOFF_BASE_MS * 2 ** Math.max(0, Math.min(attempts - 1, 30));
  const capped = Math.min(BACKOFF_CAP_MS, exponential);
  return Math.min(BACKOFF_CAP_MS, Math.round(capped * (0.8 + 0.4 * random())));
}

export interface DrainContext {
  db: ShelfworkDb;
  session: Session;
  now: () => Date;
  random: () => number;
  /** Pulls what a settled record says is stale; errors are recorded in meta, never thrown. */
  followUp: (followUp: FollowUp) => Promise<void>;
  /** A 2xx answer was written into this task's row: pulls already in flight must not undo it. */
  taskWritten?: (taskId: string) => void;
}

export interface DrainOptions {
  /** Send records even if their backoff has not elapsed (the connection just came back). */
  ignoreBackoff: boolean;
}

/** One pass over the outbox. Records queued during the pass are picked up by the next one. */
export async function drainOnce(ctx: DrainContext, options: DrainOptions): Promise<void> {
  const { db } = ctx;
  if (!(await ctx.session.tokens())) return;
  const me = await db.user.get('me');
  const records = (await db.outbox.where('state').anyOf([...UNSENT_STATES]).toArray())
    // Records kept across a logout wait for their owner's session (see docs/sync-protocol.md).
    .filter((r) => r.ownerId == null || r.ownerId === me?.id)
    .sort(compareOutboxRecords);

  const queues = new Map<string, OutboxRecord[]>();
  for (const record of records) {
    const key = record.taskId ?? '';
    const queue = queues.get(key);
    if (queue) queue.push(record);
    else queues.set(key, [record]);
  }
  await Promise.all([...queues.values()].map((queue) => drainQueue(ctx, queue, options)));
}

async function drainQueue(ctx: DrainContext, queue: OutboxRecord[], options: DrainOptions): Promise<void> {
  for (const record of queue) {
    const due = !record.nextAttemptAt || Date.parse(record.nextAttemptAt) <= ctx.now().getTime();
    // A record waiting out its backoff holds back the later records of its queue: order per task.
    if (!due && !options.ignoreBackoff) return;
    const verdict = await sendRecord(ctx, record);
    // A rejected record does not block its queue: the server judges each later record on its own.
    if (verdict === 'retry' || verdict === 'auth') return;
  }
}

/**
 * Marks the record 'sending' and returns it as stored now: a coalesced payload written after the
 * pass read the queue must be the one sent (coalescing never touches a record once attempted).
 */
async function claim(db: ShelfworkDb, id: string): Promise<OutboxRecord | null> {
  return db.transaction('rw', db.outbox, async () => {
    const current = await db.outbox.get(id);
    if (!current || (current.state !== 'pending' && current.state !== 'sending')) return null;
    const claimed: OutboxRecord = { ...current, state: 'sending', attempts: current.attempts + 1 };
    await db.outbox.put(claimed);
    return claimed;
  });
}

async function sendRecord(ctx: DrainContext, queued: OutboxRecord): Promise<Verdict> {
  const { db } = ctx;
  // Marked 'sending' before the request: if the worker dies now, the next pass resends with the
  // same Idempotency-Key and the server answers the stored response.
  const record = await claim(db, queued.id);
  if (!record) return 'done'; // Removed (e.g. dismissed, dropped with its photo) or rejected meanwhile.
  const attempts = record.attempts;

  const kind = outboxKind(record);
  const result = kind.send
    ? await kind.send({ db, session: ctx.session, now: ctx.now }, record)
    : await ctx.session.request<unknown>(record.method, record.path, {
        body: record.payload ?? undefined,
        idempotencyKey: record.id,
        recordedAt: recordedAtOf(record),
        auth: 'required',
      });
  const verdict = verdictFor(result);
  let followUp: FollowUp = null;

  switch (verdict) {
    case 'done':
      // 'done' is transient: the record is deleted in the transaction that reconciles the mirror.
      followUp = await db.transaction('rw', reconcileTables(db), async () => {
        const next = await kind.reconcile(db, { ...record, state: 'done', attempts }, result.ok ? result.body : null);
        await db.outbox.delete(record.id);
        // Inside the transaction: no pull can commit between this write and the mark.
        if (record.taskId) ctx.taskWritten?.(record.taskId);
        return next;
      });
      break;
    case 'retry':
      await db.outbox.update(record.id, {
        state: 'pending',
        nextAttemptAt: new Date(ctx.now().getTime() + backoffMs(attempts, ctx.random)).toISOString(),
      });
      break;
    case 'auth':
      // Not the record's fault: it waits, uncounted, for the tasker to log in again.
      await db.outbox.update(record.id, { state: 'pending', attempts: record.attempts - 1, nextAttemptAt: null });
      break;
    case 'rejected':
      if (!result.ok) {
        await db.outbox.update(record.id, {
          state: 'rejected',
          nextAttemptAt: null,
          // The server's per-field codes are kept: a refused profile save shows them under its fields.
          error: result.error.fields
            ? { status: result.status, code: result.error.code, message: result.error.message, fields: result.error.fields }
            : { status: result.status, code: result.error.code, message: result.error.message },
        });
      }
      followUp = kind.afterRejection(record);
      break;
  }
  if (followUp) await ctx.followUp(followUp);
  return verdict;
}

/** Every table a kind's reconcile may write (the mirror's server data). */
export function reconcileTables(db: ShelfworkDb) {
  return [db.outbox, db.user, db.tasks, db.meta, db.checklistItems, db.scannedItems, db.taskDefects, db.defects, db.photos, db.kv, db.userDocuments];
}

/** When the earliest waiting record becomes due (the worker schedules its next drain by it). */
export async function nextAttemptAt(db: ShelfworkDb): Promise<Date | null> {
  const waiting = await db.outbox.where('state').equals('pending').toArray();
  let earliest: number | null = null;
  for (const r of waiting) {
    const t = r.nextAttemptAt ? Date.parse(r.nextAttemptAt) : 0;
    if (earliest === null || t < earliest) earliest = t;
  }
  return earliest === null ? null : new Date(earliest);
}
