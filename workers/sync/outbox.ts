/**
 * The write path's second half (DESIGN.md, "The write path", steps 2-4): drain `db.outbox` in
 * order per queue (one queue per task, one for the account; with batches, per lane of a task:
 * outbox/batch.ts), one request in flight per queue, `Idempotency-Key: <record.id>`. A record's
 * delivery and the retry policy are outbox/settle.ts: nothing is ever dropped without a 2xx
 * (docs/sync-protocol.md).
 */
import { compareOutboxRecords, UNSENT_STATES } from './queue';
import type { OutboxRecord, ShelfworkDb } from '#db/schema';
import { outboxKind } from './kinds';
import { batchDelivery, batchUnsupportedUntil, drainBatched } from './outbox/batch';
import { sendRecord, type DrainContext, type DrainOptions } from './outbox/settle';

export { BATCH_MAX_BYTES, BATCH_MAX_RECORDS, BATCH_UNSUPPORTED_MS, batchDelivery } from './outbox/batch';
export { BACKOFF_BASE_MS, BACKOFF_CAP_MS, backoffMs, reconcileTables, verdictFor, type DrainContext, type DrainOptions, type Verdict } from './outbox/settle';

export const OUTBOX_LOCK = 'shelfwork-outbox';

/** One pass over the outbox. Records queued during the pass are picked up by the next one. */
export async function drainOnce(ctx: DrainContext, options: DrainOptions): Promise<void> {
  const { db } = ctx;
  if (!(await ctx.session.tokens())) return;
  const me = await db.user.get('me');
  // One `equals` per state: a key range each (getAll), where `anyOf` walks a cursor record by record.
  const records = (await Promise.all(UNSENT_STATES.map((state) => db.outbox.where('state').equals(state).toArray())))
    .flat()
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
  const batchable = records.filter((r) => !outboxKind(r).send).length;
  if (batchDelivery.enabled && batchable >= 2 && (batchUnsupportedUntil.get(ctx.session) ?? 0) <= ctx.now().getTime()) await drainBatched(ctx, [...queues.values()], options);
  else await Promise.all([...queues.values()].map((queue) => drainQueue(ctx, queue, options)));
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

/** When the earliest waiting record becomes due (the worker schedules its next drain by it). */
/**
 * The connection is back (app start, online, login): every waiting record's backoff starts over,
 * counting only the failures from now on. Attempts made with no signal reached no server, and a
 * record that failed eight times offline would otherwise wait minutes after its first failure
 * with the signal back (an answer lost on the way, a server restarting).
 */
export async function restartBackoff(db: ShelfworkDb): Promise<void> {
  await db.outbox
    .where('state')
    .anyOf(['pending', 'sending'])
    .modify((record) => {
      record.backoffFrom = record.attempts;
    });
}

export async function nextAttemptAt(db: ShelfworkDb): Promise<Date | null> {
  const waiting = await db.outbox.where('state').equals('pending').toArray();
  let earliest: number | null = null;
  for (const r of waiting) {
    const t = r.nextAttemptAt ? Date.parse(r.nextAttemptAt) : 0;
    if (earliest === null || t < earliest) earliest = t;
  }
  return earliest === null ? null : new Date(earliest);
}
