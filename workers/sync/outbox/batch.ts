/**
 * Delivery in batches: POST /api/batch carries many records, each with its own Idempotency-Key,
 * recorded time and answer (server/http/batch.ts), settled as if each had been sent alone
 * (settle.ts). Records whose kind has its own `send` (photo bytes) still go alone, a task's
 * records go in lanes by their kind's `delivery`, and a server without the batch route gets the
 * records one by one.
 */
import { apiErrorOf, type ApiResult } from '../http';
import { outboxKind, type MetadataTurn } from '../kinds';
import { recordedAtOf } from '../queue';
import type { Session } from '../session';
import { sendBatch as sendBatchRoute } from '#contracts/api/batch';
import type { OutboxRecord, ShelfworkDb } from '#db/schema';
import { claimAndSend, settle, settleMany, verdictFor, type Answered, type DrainContext, type DrainOptions, type Verdict } from './settle';

/** Most records, and most JSON bytes of bodies, in one batch. */
export const BATCH_MAX_RECORDS = 100;
export const BATCH_MAX_BYTES = 256 * 1024;
/** After a server answered the batch route 404/405, records go alone for this long. */
export const BATCH_UNSUPPORTED_MS = 10 * 60_000;
export const batchUnsupportedUntil = new WeakMap<Session, number>();
/**
 * Tests that put transport faults on single routes (a 503 in front of one path) turn batches off
 * to exercise the record-by-record path, which is also the fallback for a server without batches.
 */
export const batchDelivery = {
  enabled: true,
  /** Photos in their own lane (below); off, a photo cuts its task's queue (bench:outbox's 'batches' side). */
  photoLane: true,
  /**
   * An answer's writes run behind the next requests, a batch's in one transaction (drainBatched);
   * off, each answer is written in its own transaction before anything waiting for it leaves.
   */
  writeBehind: true,
  /**
   * A task's photo creates in flight at once (different photos: their order does not matter); a
   * comment or deletion waits for every earlier photo record, as the completion does.
   */
  photoCreatesAtOnce: 3,
};

interface BatchAnswer {
  id: string;
  status: number;
  body: unknown;
  skipped?: boolean;
}

function batchable(record: OutboxRecord): boolean {
  return !outboxKind(record).send;
}

function isDue(ctx: DrainContext, record: OutboxRecord, options: DrainOptions): boolean {
  return options.ignoreBackoff || !record.nextAttemptAt || Date.parse(record.nextAttemptAt) <= ctx.now().getTime();
}

/** Claims many records in one transaction (see `claim`); answers those still unsent, in order. */
async function claimMany(db: ShelfworkDb, ids: string[]): Promise<OutboxRecord[]> {
  return db.transaction('rw', db.outbox, async () => {
    const rows = await db.outbox.bulkGet(ids);
    const claimed: OutboxRecord[] = [];
    for (const current of rows) {
      if (!current || (current.state !== 'pending' && current.state !== 'sending')) continue;
      claimed.push({ ...current, state: 'sending', attempts: current.attempts + 1 });
    }
    await db.outbox.bulkPut(claimed);
    return claimed;
  });
}

/** A claimed record that was not attempted after all: back to pending, its attempt uncounted. */
async function unclaim(db: ShelfworkDb, records: OutboxRecord[]): Promise<void> {
  await db.transaction('rw', db.outbox, async () => {
    for (const r of records) {
      const current = await db.outbox.get(r.id);
      if (current?.state === 'sending') await db.outbox.put({ ...current, state: 'pending', attempts: Math.max(0, current.attempts - 1) });
    }
  });
}

function answerResult(answer: BatchAnswer): ApiResult {
  if (answer.status >= 200 && answer.status < 300) return { ok: true, status: answer.status, body: answer.body };
  return { ok: false, status: answer.status, error: apiErrorOf(answer.body, answer.status) };
}

function readAnswers(body: unknown): Map<string, BatchAnswer> | null {
  const results = (body as { results?: unknown } | null)?.results;
  if (!Array.isArray(results)) return null;
  const map = new Map<string, BatchAnswer>();
  for (const r of results as unknown[]) {
    const a = r as Partial<BatchAnswer> | null;
    if (a && typeof a.id === 'string' && typeof a.status === 'number') map.set(a.id, { id: a.id, status: a.status, body: a.body ?? null, ...(a.skipped ? { skipped: true } : {}) });
  }
  return map;
}

/**
 * A task's records in lanes, by their kind's `delivery` (kinds.ts): its photos (create, comment,
 * deletion) go one after the other beside its ticks, scans and defects, which go in batches;
 * neither waits for the other, since the server applies them to different rows. Any other record
 * of the task (start, the completion…) is a barrier: it waits for every earlier record of the
 * task, and every later record waits for it, so the completion still leaves after all the photos
 * and ticks before it. A queue without a task (the account's) is all barriers: strictly in order.
 */
type Lane = 'photo' | 'work' | 'barrier';

function laneOf(record: Pick<OutboxRecord, 'kind' | 'taskId'>): Lane {
  if (!record.taskId || !batchDelivery.photoLane) return 'barrier';
  return outboxKind(record).delivery?.lane ?? 'barrier';
}

/** Records of a kind that goes several at once (photo creates), taking turns for their metadata POST. */
function concurrent(record: Pick<OutboxRecord, 'kind' | 'taskId'>): boolean {
  return outboxKind(record).delivery?.concurrent === true;
}

type Progress = 'waiting' | 'busy' | 'settled' | 'held';
interface QueueState {
  records: OutboxRecord[];
  /** Per record: not sent yet, in flight, settled (done or rejected), or held (retry/auth/skipped: waits for the next pass). */
  progress: Progress[];
  /** A record got retry/auth or was skipped: nothing more of this queue leaves in this pass. */
  stopped: boolean;
}

/**
 * The records of a queue that may go now, in queue order: waiting, due, and everything they wait
 * for (their lane's earlier records and the barriers; for a barrier, every earlier record)
 * settled, or `passes` — going ahead of them in the same batch. Reads `progress` as it goes, so a
 * record the caller marks busy holds back what waits for it.
 */
function* readyRecords(q: QueueState, due: (record: OutboxRecord) => boolean, passes: (i: number) => boolean = () => false): Generator<number> {
  const open = { photo: true, work: true, barrier: true };
  /** Earlier photo creates not settled: up to `photoCreatesAtOnce` go together, nothing else of the lane passes them. */
  let creates = 0;
  for (let i = 0; i < q.records.length && (open.photo || open.work || open.barrier); i++) {
    const record = q.records[i] as OutboxRecord;
    const lane = laneOf(record);
    const create = lane === 'photo' && concurrent(record);
    const allowed =
      lane === 'barrier'
        ? open.photo && open.work && open.barrier && creates === 0
        : lane === 'photo'
          ? open.photo && open.barrier && (create ? creates < batchDelivery.photoCreatesAtOnce : creates === 0)
          : open[lane] && open.barrier;
    if (allowed && q.progress[i] === 'waiting' && due(record)) yield i;
    if (q.progress[i] !== 'settled' && !passes(i)) {
      if (create) creates++;
      else open[lane] = false;
    }
  }
}

/**
 * Drains the queues with batches. Whenever something ends, it starts what may go now: each queue's
 * ready records that must go alone (photo bytes, `send` kinds), one at a time per lane (up to
 * `photoCreatesAtOnce` photo creates), and — when no
 * batch is in flight — one batch with every queue's ready batchable records, in queue order. Each
 * answer is settled as if the record had been sent alone. A queue stops at its first retry/auth
 * verdict, as in drainQueue. A server without the batch route (404/405) gets the rest one by one.
 *
 * An answer decides its record's verdict at once (what may go next); its writes (the mirror, the
 * record's deletion) are queued behind the earlier answers' and run while the next requests are on
 * their way. A record answered but not yet written is still 'sending': if the worker dies then, the
 * next pass sends it again with the same key and gets the stored answer.
 */
export async function drainBatched(ctx: DrainContext, queues: OutboxRecord[][], options: DrainOptions): Promise<void> {
  const state: QueueState[] = queues.map((records) => ({ records, progress: records.map(() => 'waiting'), stopped: false }));
  const running = new Set<Promise<void>>();
  let batchInFlight = false;
  let noBatches = false; // the server refused the batch route: the rest goes one by one
  let halted = false; // a batch got no answer (offline, 5xx, 401): this pass ends
  /** The answers' writes, in the order the answers came; one that fails stops the ones after it. */
  let writes: Promise<void> = Promise.resolve();
  const queuedWrites: { answered: Answered[]; unsent: OutboxRecord[] }[] = [];

  const run = (work: () => Promise<void>) => {
    const p: Promise<void> = work().finally(() => running.delete(p));
    // The loop below sees a failure through Promise.race; the writes after a failed one fail too.
    p.catch(() => undefined);
    running.add(p);
  };
  const after = (q: QueueState, i: number, verdict: Verdict) => {
    if (verdict === 'retry' || verdict === 'auth') {
      q.progress[i] = 'held';
      q.stopped = true;
    } else q.progress[i] = 'settled';
  };
  /**
   * Queues the answers' writes and marks their records' progress (`mark`) at once; with
   * `batchDelivery.writeBehind` off (bench:outbox's old side), writes each answer in its own
   * transaction first and marks after, as the drain did before.
   */
  const write = async (answered: Answered[], unsent: OutboxRecord[], mark: () => void) => {
    if (!batchDelivery.writeBehind) {
      for (const a of answered) await settle(ctx, a.record, a.result);
      if (unsent.length > 0) await unclaim(ctx.db, unsent);
      mark();
      return;
    }
    mark();
    queuedWrites.push({ answered, unsent });
  };
  /**
   * Starts the queued writes, after the loop started what their answers let go: IndexedDB runs
   * transactions on the same tables in the order they were opened, so the next requests' claims
   * do not wait for these writes.
   */
  const flushWrites = () => {
    for (const { answered, unsent } of queuedWrites.splice(0)) {
      const job = writes.then(async () => {
        await settleMany(ctx, answered);
        if (unsent.length > 0) await unclaim(ctx.db, unsent);
      });
      writes = job;
      run(() => job);
    }
  };

  const due = (record: OutboxRecord) => isDue(ctx, record, options);

  /**
   * A task's photo creates take turns for their metadata POST (each waits for the previous one's
   * answer), so the server stamps the photos in queue order while their bytes go together.
   */
  const metadataTurns = new Map<string, Promise<void>>();
  const turnFor = (record: OutboxRecord): MetadataTurn | undefined => {
    if (!concurrent(record) || !record.taskId) return undefined;
    const ready = metadataTurns.get(record.taskId) ?? Promise.resolve();
    let done = () => {};
    metadataTurns.set(record.taskId, new Promise<void>((resolve) => (done = resolve)));
    return { ready, done };
  };

  const sendAlone = (q: QueueState, i: number, record: OutboxRecord) => {
    q.progress[i] = 'busy';
    const turn = turnFor(record);
    run(async () => {
      let sent: Answered | null;
      try {
        sent = await claimAndSend(ctx, record, turn);
      } finally {
        turn?.done(); // also when the record went without a POST (gone, already uploaded) or failed
      }
      if (!sent) {
        q.progress[i] = 'settled';
        return;
      }
      await write([sent], [], () => after(q, i, verdictFor(sent.result)));
    });
  };

  const startAlone = () => {
    for (const q of state) {
      if (q.stopped) continue;
      for (const i of readyRecords(q, due)) {
        const record = q.records[i] as OutboxRecord;
        if (!noBatches && batchable(record)) continue; // the batch's
        sendAlone(q, i, record);
      }
    }
  };

  const startBatch = () => {
    const taken: { q: QueueState; i: number; record: OutboxRecord }[] = [];
    let bytes = 0;
    let full = false;
    for (const q of state) {
      if (q.stopped || full) continue;
      // A record taken goes ahead of the later ones in the same batch: the server applies it first.
      const inBatch = new Set<number>();
      for (const i of readyRecords(q, due, (j) => inBatch.has(j))) {
        const record = q.records[i] as OutboxRecord;
        if (!batchable(record)) continue;
        const size = JSON.stringify(record.payload ?? null).length + record.path.length + 200;
        if (taken.length >= BATCH_MAX_RECORDS || (taken.length > 0 && bytes + size > BATCH_MAX_BYTES)) {
          full = true;
          break;
        }
        bytes += size;
        taken.push({ q, i, record });
        inBatch.add(i);
      }
    }
    if (taken.length === 0) return;
    if (taken.length === 1) {
      // One record: alone, as before batches existed.
      const { q, i, record } = taken[0] as (typeof taken)[number];
      sendAlone(q, i, record);
      return;
    }
    for (const t of taken) t.q.progress[t.i] = 'busy';
    batchInFlight = true;
    run(async () => {
      try {
        await sendBatch(taken);
      } finally {
        batchInFlight = false;
      }
    });
  };

  const sendBatch = async (taken: { q: QueueState; i: number; record: OutboxRecord }[]) => {
    const claimed = await claimMany(ctx.db, taken.map((t) => t.record.id));
    const claimedById = new Map(claimed.map((r) => [r.id, r]));
    const result = await ctx.session.call(sendBatchRoute, {
      body: {
        records: claimed.map((r) => ({
          id: r.id,
          queue: r.taskId,
          method: r.method,
          path: r.path,
          ...(r.payload != null ? { body: r.payload } : {}),
          idempotencyKey: r.id,
          recordedAt: recordedAtOf(r),
        })),
      },
      auth: 'required',
    });
    const answers = result.ok ? readAnswers(result.body) : null;
    if (!answers) {
      const verdict = verdictFor(result.ok ? { ok: false, status: 0, error: { code: 'UNKNOWN', message: 'batch answer unreadable' } } : result);
      if (verdict === 'rejected') {
        // The server has no batch route (404/405) or refused the batch as a whole: nothing was applied.
        if (!result.ok && (result.status === 404 || result.status === 405)) batchUnsupportedUntil.set(ctx.session, ctx.now().getTime() + BATCH_UNSUPPORTED_MS);
        await unclaim(ctx.db, claimed);
        for (const t of taken) t.q.progress[t.i] = 'waiting';
        noBatches = true;
        return;
      }
      // No answer, 408/429/5xx, 401: as if each record had got that answer (same keys next time).
      const failure: ApiResult = result.ok ? { ok: false, status: 0, error: { code: 'NETWORK', message: 'batch answer unreadable' } } : result;
      halted = true;
      await write(
        claimed.map((record) => ({ record, result: failure })),
        [],
        () => taken.forEach((t) => (t.q.progress[t.i] = 'held')),
      );
      return;
    }
    // Queues whose earlier record in this batch got retry/auth or was skipped: the server stopped them.
    const haltedHere = new Set<QueueState>();
    const answered: Answered[] = [];
    const unsent: OutboxRecord[] = [];
    const marks: (() => void)[] = [];
    for (const { q, i, record } of taken) {
      const claimedRecord = claimedById.get(record.id);
      if (!claimedRecord) {
        marks.push(() => (q.progress[i] = 'settled')); // Removed or settled meanwhile.
        continue;
      }
      const answer = answers.get(record.id);
      if (haltedHere.has(q) || !answer || answer.skipped) {
        // Not applied (an earlier record of its queue stopped it, or missing): unsent, uncounted.
        unsent.push(claimedRecord);
        haltedHere.add(q);
        marks.push(() => {
          q.progress[i] = 'held';
          q.stopped = true;
        });
        continue;
      }
      const recordResult = answerResult(answer);
      const verdict = verdictFor(recordResult);
      if (verdict === 'retry' || verdict === 'auth') haltedHere.add(q);
      answered.push({ record: claimedRecord, result: recordResult });
      marks.push(() => after(q, i, verdict));
    }
    await write(answered, unsent, () => marks.forEach((mark) => mark()));
  };

  for (;;) {
    if (!halted) {
      startAlone();
      if (!batchInFlight && !noBatches) startBatch();
    }
    flushWrites();
    if (running.size === 0) return;
    await Promise.race(running);
  }
}

