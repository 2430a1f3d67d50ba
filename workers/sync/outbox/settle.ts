/**
 * One record's delivery and its answer (docs/sync-protocol.md): claiming it ('sending' before the
 * request, so a worker that dies resends it with the same Idempotency-Key), sending it (one
 * request, or its kind's own `send`), and settling the answer by the retry policy (`verdictFor`):
 * the mirror written by its kind's `reconcile`, the record deleted, kept for a retry with backoff,
 * or rejected with the server's error; then the follow-up pulls. The only place that decides a
 * record's fate; nothing is ever dropped without a 2xx.
 */
import type { ApiResult } from '../http';
import { outboxKind, type FollowUp, type MetadataTurn, type WrittenWith } from '../kinds';
import { recordedAtOf, replacementKey } from '../queue';
import type { Session } from '../session';
import type { OutboxRecord, ShelfworkDb } from '#db/schema';

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

/**
 * Marks the record 'sending' and returns it as stored now: a coalesced payload written after the
 * pass read the queue must be the one sent (coalescing never touches a record once attempted).
 */
export async function claim(db: ShelfworkDb, id: string): Promise<OutboxRecord | null> {
  return db.transaction('rw', db.outbox, async () => {
    const current = await db.outbox.get(id);
    if (!current || (current.state !== 'pending' && current.state !== 'sending')) return null;
    const claimed: OutboxRecord = { ...current, state: 'sending', attempts: current.attempts + 1 };
    await db.outbox.put(claimed);
    return claimed;
  });
}

export async function sendRecord(ctx: DrainContext, queued: OutboxRecord): Promise<Verdict> {
  const sent = await claimAndSend(ctx, queued);
  return sent ? settle(ctx, sent.record, sent.result) : 'done';
}

/** Claims a record and sends it: its answer, or null if it is gone or settled meanwhile. */
export async function claimAndSend(ctx: DrainContext, queued: OutboxRecord, metadataTurn?: MetadataTurn): Promise<Answered | null> {
  const { db } = ctx;
  // Marked 'sending' before the request: if the worker dies now, the next pass resends with the
  // same Idempotency-Key and the server answers the stored response.
  const record = await claim(db, queued.id);
  if (!record) return null; // Removed (e.g. dismissed, dropped with its photo) or rejected meanwhile.
  const kind = outboxKind(record);
  const result = kind.send
    ? await kind.send({ db, session: ctx.session, now: ctx.now, ...(metadataTurn ? { metadataTurn } : {}) }, record)
    : await ctx.session.request<unknown>(record.method, record.path, {
        body: record.payload ?? undefined,
        idempotencyKey: record.id,
        recordedAt: recordedAtOf(record),
        auth: 'required',
      });
  return { record, result };
}

/** Applies an answer to a claimed record: the retry policy (verdictFor), the mirror, the follow-up pull. */
export async function settle(ctx: DrainContext, record: OutboxRecord, result: ApiResult): Promise<Verdict> {
  const [verdict] = await settleMany(ctx, [{ record, result }]);
  return verdict as Verdict;
}

export interface Answered {
  record: OutboxRecord;
  result: ApiResult;
}

/**
 * Applies many answers (a batch's) in order, in one transaction: the same writes as settling each
 * alone, without a transaction per record. The follow-up pulls run afterwards, each once.
 */
export async function settleMany(ctx: DrainContext, answered: readonly Answered[]): Promise<Verdict[]> {
  const { db } = ctx;
  const verdicts = answered.map((a) => verdictFor(a.result));
  if (answered.length === 0) return verdicts;
  // A record with a later one of the same kind and path among these answers is not the truth to
  // show: its kind need not look for that later record in the outbox (features/execution/kinds.ts, laterUnsent).
  const seen = new Set<string>();
  const replaced: boolean[] = [];
  for (let k = answered.length - 1; k >= 0; k--) {
    const key = replacementKey((answered[k] as Answered).record);
    replaced[k] = seen.has(key);
    seen.add(key);
  }
  const followUps = await db.transaction('rw', reconcileTables(db), async () => {
    const out: FollowUp[] = [];
    for (const [k, { record, result }] of answered.entries()) {
      out.push(await writeVerdict(ctx, record, result, verdicts[k] as Verdict, { replacedInWrite: replaced[k] ?? false }));
    }
    return out;
  });
  const pulled = new Set<string>();
  for (const followUp of followUps) {
    if (!followUp) continue;
    const key = JSON.stringify(followUp);
    if (pulled.has(key)) continue;
    pulled.add(key);
    await ctx.followUp(followUp);
  }
  return verdicts;
}

/** One answer's writes (inside settleMany's transaction); returns what to pull afterwards. */
async function writeVerdict(ctx: DrainContext, record: OutboxRecord, result: ApiResult, verdict: Verdict, written: WrittenWith): Promise<FollowUp> {
  const { db } = ctx;
  const attempts = record.attempts;
  const kind = outboxKind(record);
  switch (verdict) {
    case 'done': {
      // 'done' is transient: the record is deleted in the transaction that reconciles the mirror.
      const next = await kind.reconcile(db, { ...record, state: 'done', attempts }, result.ok ? result.body : null, written);
      await db.outbox.delete(record.id);
      // Inside the transaction: no pull can commit between this write and the mark.
      if (record.taskId) ctx.taskWritten?.(record.taskId);
      return next;
    }
    case 'retry':
      await db.outbox.update(record.id, {
        state: 'pending',
        nextAttemptAt: new Date(ctx.now().getTime() + backoffMs(attempts - (record.backoffFrom ?? 0), ctx.random)).toISOString(),
      });
      return null;
    case 'auth':
      // Not the record's fault: it waits, uncounted, for the tasker to log in again.
      await db.outbox.update(record.id, { state: 'pending', attempts: record.attempts - 1, nextAttemptAt: null });
      return null;
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
      return kind.afterRejection(record);
  }
}

/** Every table a kind's reconcile may write (the mirror's server data). */
export function reconcileTables(db: ShelfworkDb) {
  return [db.outbox, db.user, db.tasks, db.meta, db.checklistItems, db.scannedItems, db.taskDefects, db.defects, db.photos, db.kv, db.userDocuments];
}

