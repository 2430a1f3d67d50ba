/**
 * The write path's second half (DESIGN.md, "The write path", steps 2-4): drain `db.outbox` in
 * order per queue (one queue per task, one for the account; with batches, per lane of a task:
 * see drainBatched), one request in flight per queue,
 * `Idempotency-Key: <record.id>`. The retry policy below is the only place that decides a
 * record's fate; nothing is ever dropped without a 2xx (docs/sync-protocol.md).
 */
import { apiErrorOf, type ApiResult } from './http';
import { compareOutboxRecords, recordedAtOf, replacementKey, UNSENT_STATES } from './queue';
import type { OutboxRecord, ShelfworkDb } from '#db/schema';
import { outboxKind, type FollowUp, type MetadataTurn, type WrittenWith } from './kinds';
import type { Session } from './session';
import { CHECKLIST_KIND, DEFECTS_KIND, PHOTO_CREATE_KIND, PHOTO_DELETE_KIND, PHOTO_UPDATE_KIND, SCANS_KIND } from '#db/outboxKinds';

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
  const sent = await claimAndSend(ctx, queued);
  return sent ? settle(ctx, sent.record, sent.result) : 'done';
}

/** Claims a record and sends it: its answer, or null if it is gone or settled meanwhile. */
async function claimAndSend(ctx: DrainContext, queued: OutboxRecord, metadataTurn?: MetadataTurn): Promise<Answered | null> {
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
async function settle(ctx: DrainContext, record: OutboxRecord, result: ApiResult): Promise<Verdict> {
  const [verdict] = await settleMany(ctx, [{ record, result }]);
  return verdict as Verdict;
}

interface Answered {
  record: OutboxRecord;
  result: ApiResult;
}

/**
 * Applies many answers (a batch's) in order, in one transaction: the same writes as settling each
 * alone, without a transaction per record. The follow-up pulls run afterwards, each once.
 */
async function settleMany(ctx: DrainContext, answered: readonly Answered[]): Promise<Verdict[]> {
  const { db } = ctx;
  const verdicts = answered.map((a) => verdictFor(a.result));
  if (answered.length === 0) return verdicts;
  // A record with a later one of the same kind and path among these answers is not the truth to
  // show: its kind need not look for that later record in the outbox (kinds.ts, laterUnsent).
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

// ---------------------------------------------------------------------------------------------
// Delivery in batches (issue 15): POST /api/batch carries many records, each with its own
// Idempotency-Key, recorded time and answer (server/http/batch.ts). Records whose kind has its own
// `send` (photo bytes) still go alone. Falls back record by record when the server has no batch.

/** Most records, and most JSON bytes of bodies, in one batch. */
export const BATCH_MAX_RECORDS = 100;
export const BATCH_MAX_BYTES = 256 * 1024;
/** After a server answered the batch route 404/405, records go alone for this long. */
export const BATCH_UNSUPPORTED_MS = 10 * 60_000;
const batchUnsupportedUntil = new WeakMap<Session, number>();
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
 * A task's records in lanes (issue 15): its photos (create, comment, deletion) go one after the
 * other beside its ticks, scans and defects, which go in batches; neither waits for the other,
 * since the server applies them to different rows. Any other record of the task (start, the
 * completion…) is a barrier: it waits for every earlier record of the task, and every later record
 * waits for it, so the completion still leaves after all the photos and ticks before it. A queue
 * without a task (the account's) is all barriers: strictly in order, as before.
 */
type Lane = 'photo' | 'work' | 'barrier';
const PHOTO_LANE: ReadonlySet<string> = new Set([PHOTO_CREATE_KIND, PHOTO_UPDATE_KIND, PHOTO_DELETE_KIND]);
const WORK_LANE: ReadonlySet<string> = new Set([CHECKLIST_KIND, SCANS_KIND, DEFECTS_KIND]);

function laneOf(record: Pick<OutboxRecord, 'kind' | 'taskId'>): Lane {
  if (!record.taskId || !batchDelivery.photoLane) return 'barrier';
  if (PHOTO_LANE.has(record.kind)) return 'photo';
  if (WORK_LANE.has(record.kind)) return 'work';
  return 'barrier';
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
    const create = lane === 'photo' && record.kind === PHOTO_CREATE_KIND;
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
async function drainBatched(ctx: DrainContext, queues: OutboxRecord[][], options: DrainOptions): Promise<void> {
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
    if (record.kind !== PHOTO_CREATE_KIND || !record.taskId) return undefined;
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
    const result = await ctx.session.request<unknown>('POST', 'batch', {
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

/** Every table a kind's reconcile may write (the mirror's server data). */
export function reconcileTables(db: ShelfworkDb) {
  return [db.outbox, db.user, db.tasks, db.meta, db.checklistItems, db.scannedItems, db.taskDefects, db.defects, db.photos, db.kv, db.userDocuments];
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
