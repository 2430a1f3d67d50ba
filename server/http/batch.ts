/**
 * `POST /api/batch` (delivery in batches): many outbox records in one request. Each
 * record is applied exactly as if it had been sent alone: it is injected into this same app
 * (`app.inject`) with the caller's Authorization, its own Idempotency-Key, Shelfwork-Recorded-At
 * and body, so the same route handlers, hooks, validation and idempotency rows answer it — a
 * record replayed alone or inside a batch gets the same answer.
 *
 * - Access: an inner record may only reach a route registered in the `tasker` scope (the guard
 *   below reads the matched route's access, as server/http/access.ts does); anything else — a
 *   staff or public route, a signed-url upload, the batch route itself, an unknown path — answers
 *   404 NOT_FOUND for that record only. A batch is never a way around the access scopes.
 * - Order: records run one after the other in the order sent. Within one `queue` (a task id, or
 *   the account queue), a record answered 401, 408, 429 or 5xx stops that queue, as the worker's
 *   drain does (workers/sync/outbox.ts): its later records are not applied and answer
 *   `{ status: 424, skipped: true }` — the client sends them again later.
 * - Photo bytes never go through here (PUT /api/uploads/… is signed-url, so it is refused).
 * - One transaction for many records (so 500 records are delivered in ≤ 2 s): consecutive records of the
 *   execution routes whose effect is the database only (the direct writes: checklist, defects,
 *   scanned items, photo comment, completion; server/http/directWrites.ts) run in one transaction of up to SEGMENT_MAX records. Inside
 *   it, `ctx.db` is that transaction (batchAwareDb, set up in server/app.ts), so every query of the
 *   record's route — its user lookup too — sees the earlier records, as if they had been committed;
 *   runIdempotent takes a savepoint per fresh record instead of a transaction: a refused or failed
 *   record rolls back to its own savepoint only (its refusal row is still written), and the others
 *   stand. The segment's idempotency rows are read in one query first, so a replay costs no write,
 *   and the fresh records' rows (answers and refusals) are written together in one statement before
 *   the commit (a key another request stored meanwhile fails the segment with a 503: see writePendingKeys).
 *   Any other record (photo metadata and deletion — their files —, lifecycle, account…) runs alone
 *   with its own transaction, after the records before it are committed. If the segment cannot
 *   commit, the whole batch answers 500 and the client sends it again (nothing of it was applied;
 *   earlier segments replay from their rows).
 *   BATCH_PER_RECORD=1 in the server's environment turns this off (every record alone, as before):
 *   `npm run bench:outbox` uses it to print old and new side by side.
 * - Deferred writes (for the same 500 records in ≤ 2 s): inside a segment, the full-replacement records
 *   (the direct writes registered with `defers`: checklist ticks, defect sets, scan lists — a queue of them is mostly states a
 *   later record replaces) write nothing when they run. Each is checked and answered against the
 *   segment's memo (what the earlier records left, server/execution/service.ts) and leaves a
 *   flusher in `deferred`, one per task and kind, the last state winning; the flushers write the
 *   difference from what is in the database once, before any other record of the segment runs and
 *   before the commit. Such a record takes no savepoint: it writes nothing, so a refusal only puts
 *   the memo and the flushers back as they were before it. Anything else going wrong in one (a
 *   failed statement leaves the transaction unusable), or a flusher failing, rolls the segment
 *   back and runs it again the old way (every record written at once, in its savepoint), so the
 *   answers and the database end as they would without deferring. BATCH_DEFERRED_WRITES=off turns
 *   it off (bench:outbox's 'lanes' side).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { batchTransaction, segmentStore, type BatchTransaction } from '../db/segment';
import { ApiError, badRequest, errorAnswer, serviceUnavailable } from './errors';
import { directWriteMatcher, type DirectWrite, type MatchedWrite } from './directWrites';
import * as batch from '#contracts/api/batch';
import { serve } from './contract';
import { observeBatchSize, settleOutboxRecords } from '../observability/metrics';
import { REQUEST_ID_HEADER } from './observe';

/** A record of a segment, with the direct write its path names. */
interface Segmented {
  record: BatchRecord;
  matched: MatchedWrite;
}

export const BATCH_PATH = 'batch';
/** Most records one batch may carry (the client sends at most BATCH_MAX_RECORDS of its own). */
export const BATCH_MAX_RECORDS = 200;
/**
 * Most records in one transaction. Each fresh record is a savepoint (a subtransaction) that stays
 * open until the commit; PostgreSQL keeps up to 64 of a transaction's subtransaction ids in shared
 * memory, beyond which other sessions' snapshots get slower, so a segment stays under that.
 */
export const SEGMENT_MAX = 50;
/** Whether a segment's records that are direct writes run without a request of their own (BATCH_DIRECT=off: through app.inject). */
export function directWritesEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return (env.BATCH_DIRECT ?? '').trim().toLowerCase() !== 'off';
}

export function deferredWritesEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return (env.BATCH_DEFERRED_WRITES ?? '').trim().toLowerCase() !== 'off' && env.EXECUTION_FULL_WRITES !== '1';
}
const INNER_HEADER = 'shelfwork-batch-inner';
const METHODS = ['POST', 'PUT', 'DELETE'] as const;
type BatchMethod = (typeof METHODS)[number];
const PATH_RE = /^[A-Za-z0-9][A-Za-z0-9\-._~/%]{0,499}$/;
const KEY_RE = /^[\x21-\x7e]{1,200}$/;

export interface BatchRecord {
  /** The client's reference, echoed in the answer (the outbox record id). */
  id: string;
  /** Records of one queue stop after a 401/408/429/5xx; null or absent: the account queue. */
  queue?: string | null;
  method: BatchMethod;
  /** Path under /api (no leading slash), e.g. 'task/<id>/checklist'. */
  path: string;
  body?: unknown;
  idempotencyKey: string;
  recordedAt?: string | null;
}

export interface BatchResult {
  id: string;
  status: number;
  body: unknown;
  skipped?: true;
}

/** An idempotency row as runIdempotent reads it. */
/** Runs the segment's deferred writes (before any other record of the segment, and before its commit). */
async function flushDeferred(state: BatchTransaction): Promise<void> {
  for (const [key, write] of state.deferred) {
    state.deferred.delete(key);
    await write(state.memo);
  }
}

/** Thrown inside a segment that must be rolled back and run again without deferring. */
class RerunSegment extends Error {}

/**
 * Writes the segment's key rows in one statement (a few for a long segment). A key another
 * transaction committed meanwhile (the same record sent twice at once) conflicts: the segment
 * must not commit, since that record's effect was applied twice: it fails, the batch answers 503
 * with Retry-After: 1, and the resend replays every stored answer.
 */
async function writePendingKeys(state: BatchTransaction): Promise<void> {
  const rows = state.pendingKeys;
  state.pendingKeys = [];
  for (let i = 0; i < rows.length; i += 100) {
    const chunk = rows.slice(i, i + 100);
    const inserted = await state.trx
      .insertInto('idempotency_keys')
      .values(chunk)
      .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
      .returning('key')
      .execute();
    if (inserted.length !== chunk.length) {
      // Not a fault of the input nor of the server: the client sends the batch again at once and
      // gets the stored answers (a 503 with Retry-After, as for an outage, not a logged 500).
      throw serviceUnavailable(1);
    }
  }
}

/**
 * `db` for the routes: inside a batch segment every property is the segment's transaction,
 * elsewhere the database itself. (Functions are bound to their owner: Kysely keeps private fields.)
 */
export function batchAwareDb(db: Db): Db {
  return new Proxy(db, {
    get(target, prop) {
      const source = batchTransaction()?.trx ?? target;
      const value: unknown = Reflect.get(source, prop, source);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(source) : value;
    },
  });
}

/** Statuses after which a queue's later records wait (the worker's 'retry' and 'auth' verdicts). */
export function stopsQueue(status: number): boolean {
  return status === 0 || status === 401 || status === 408 || status === 429 || status >= 500;
}

function parseRecords(body: unknown): BatchRecord[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest({ body: 'INVALID' }, 'Send a JSON object { records: [...] }');
  const records = (body as { records?: unknown }).records;
  if (!Array.isArray(records) || records.length === 0) throw badRequest({ records: 'REQUIRED' }, 'records must be a non-empty array');
  if (records.length > BATCH_MAX_RECORDS) throw badRequest({ records: 'TOO_LONG' }, `At most ${BATCH_MAX_RECORDS} records per batch`);
  const ids = new Set<string>();
  return records.map((raw, i): BatchRecord => {
    const at = `records.${i}`;
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw badRequest({ [at]: 'INVALID' });
    const r = raw as Record<string, unknown>;
    if (typeof r.id !== 'string' || r.id.length === 0 || r.id.length > 200 || ids.has(r.id)) throw badRequest({ [`${at}.id`]: 'INVALID' });
    ids.add(r.id);
    if (typeof r.method !== 'string' || !(METHODS as readonly string[]).includes(r.method)) throw badRequest({ [`${at}.method`]: 'INVALID' });
    if (typeof r.path !== 'string' || !PATH_RE.test(r.path) || r.path.includes('..')) throw badRequest({ [`${at}.path`]: 'INVALID' });
    if (typeof r.idempotencyKey !== 'string' || !KEY_RE.test(r.idempotencyKey)) throw badRequest({ [`${at}.idempotencyKey`]: 'INVALID' });
    if (r.queue !== undefined && r.queue !== null && (typeof r.queue !== 'string' || r.queue.length > 200)) throw badRequest({ [`${at}.queue`]: 'INVALID' });
    if (r.recordedAt !== undefined && r.recordedAt !== null && (typeof r.recordedAt !== 'string' || r.recordedAt.length > 64)) {
      throw badRequest({ [`${at}.recordedAt`]: 'INVALID' });
    }
    return {
      id: r.id,
      queue: (r.queue as string | null | undefined) ?? null,
      method: r.method as BatchMethod,
      path: r.path,
      ...(r.body !== undefined ? { body: r.body } : {}),
      idempotencyKey: r.idempotencyKey,
      recordedAt: (r.recordedAt as string | null | undefined) ?? null,
    };
  });
}

function parseAnswer(payload: string): unknown {
  if (payload === '') return null;
  try {
    return JSON.parse(payload) as unknown;
  } catch {
    return payload;
  }
}

/**
 * The guard for records inside a batch: an onRequest hook registered BEFORE the access control's
 * (so a staff path is refused 404 here, not 401 by the staff guard, which would stop the queue).
 * Only requests made by the batch route carry this process's random marker.
 */
export function registerBatchGuard(app: FastifyInstance): { marker: string } {
  const marker = randomUUID();
  app.addHook('onRequest', async (request) => {
    if (request.headers[INNER_HEADER] !== marker) return;
    const access = request.routeOptions.config?.access;
    // A staff, public or signed-url route, an unknown path, or the batch itself: no such tasker route.
    if (access !== 'tasker' || request.routeOptions.url === `/api/${BATCH_PATH}`) {
      throw new ApiError(404, 'NOT_FOUND', 'Only tasker routes can be sent in a batch');
    }
  });
  return { marker };
}

/** Whether `request` is a record run by POST /api/batch (the request metrics count the batch, not its records). */
export function isBatchRecord(request: FastifyRequest, guard: { marker: string }): boolean {
  return request.headers[INNER_HEADER] === guard.marker;
}

/**
 * Registers POST /api/batch (call inside the tasker access scope, where `directWrites` are
 * registered too: server/http/directWrites.ts).
 */
export function registerBatchRoute(scope: FastifyInstance, guard: { marker: string }, db: Db, directWrites: readonly DirectWrite[] = []): void {
  const perRecord = process.env.BATCH_PER_RECORD === '1';
  const directWrite = directWriteMatcher(directWrites);
  serve(scope, batch.sendBatch)(async (request, reply) => {
    const records = parseRecords(request.body);
    observeBatchSize(records.length);
    const deferring = deferredWritesEnabled();
    const viewer = request.taskerId ?? '';
    const stopped = new Set<string>();
    const results: BatchResult[] = [];
    // The records log under the batch's request id.
    const shared: Record<string, string> = { [INNER_HEADER]: guard.marker, [REQUEST_ID_HEADER]: request.id };
    for (const name of ['authorization', 'accept-language', 'geolocation'] as const) {
      const value = request.headers[name];
      if (typeof value === 'string') shared[name] = value;
    }

    const direct = directWritesEnabled();

    /** One record through its own route (or its direct write `matched`, in a segment); its answer, and whether its queue stops. */
    const apply = async (record: BatchRecord, matched: MatchedWrite | null = null): Promise<void> => {
      const queue = record.queue ?? '';
      if (stopped.has(queue)) {
        results.push({ id: record.id, status: 424, skipped: true, body: { error: { code: 'NOT_ATTEMPTED', message: 'An earlier record of this queue must be sent first' } } });
        return;
      }
      const headers: Record<string, string> = { ...shared, 'idempotency-key': record.idempotencyKey };
      if (record.recordedAt) headers['shelfwork-recorded-at'] = record.recordedAt;
      if (matched && direct) {
        let status: number;
        let body: unknown;
        try {
          const answer = await matched.write.run({
            taskerId: viewer,
            params: matched.params,
            body: record.body,
            headers,
            call: { key: record.idempotencyKey, method: record.method, path: `/api/${record.path}`, body: record.body ?? null, acceptLanguage: headers['accept-language'], kind: matched.write.kind },
          });
          ({ status, body } = answer);
        } catch (error) {
          ({ status, body } = errorAnswer(error as Error, { headers, log: request.log }));
        }
        results.push({ id: record.id, status, body: status === 204 ? null : (body ?? null) });
        if (stopsQueue(status)) stopped.add(queue);
        return;
      }
      if (record.body !== undefined) headers['content-type'] = 'application/json';
      const answer = await request.server.inject({
        method: record.method,
        url: `/api/${record.path}`,
        headers,
        remoteAddress: request.ip,
        ...(record.body !== undefined ? { payload: JSON.stringify(record.body) } : {}),
      });
      results.push({ id: record.id, status: answer.statusCode, body: answer.statusCode === 204 ? null : parseAnswer(answer.payload) });
      if (stopsQueue(answer.statusCode)) stopped.add(queue);
    };

    /** Records sharing one transaction (see the file's comment); `defer`: this run defers writes. */
    const applySegment = async (segment: Segmented[], defer = deferring): Promise<void> => {
      const answered = results.length;
      const stoppedBefore = [...stopped];
      // Its records' outbox counts, counted only if it commits (server/http/idempotency.ts).
      let held: BatchTransaction | null = null;
      try {
        await db.transaction().execute(async (trx) => {
          const keys = [...new Set(segment.map(({ record }) => record.idempotencyKey))];
          const rows = await trx
            .selectFrom('idempotency_keys')
            .select(['key', 'status_code', 'response', 'request_hash'])
            .where('scope', '=', viewer)
            .where('key', 'in', keys)
            .execute();
          const state: BatchTransaction = {
            trx,
            scope: viewer,
            known: new Map(rows.map((r) => [r.key, r])),
            open: true,
            memo: new Map(),
            pendingKeys: [],
            defer,
            recordDefers: false,
            deferred: new Map(),
            poisoned: false,
          };
          held = state;
          try {
            await segmentStore.run(state, async () => {
              for (const { record, matched } of segment) {
                state.recordDefers = defer && matched.write.defers === true;
                // Any other record sees the database as the earlier records left it.
                if (!state.recordDefers) await flushDeferred(state);
                await apply(record, matched);
                if (state.poisoned) throw new RerunSegment();
              }
              await flushDeferred(state);
            });
            await writePendingKeys(state);
            // A failure outside any savepoint (e.g. a lost connection in a route's read) leaves the
            // transaction aborted, and its COMMIT would silently roll back: fail loudly instead.
            await sql`select 1`.execute(trx);
          } finally {
            state.open = false;
          }
        });
        if (held) settleOutboxRecords(held, true);
      } catch (error) {
        if (held) settleOutboxRecords(held, false);
        // A key stored meanwhile (503), or a run without deferring: as before. Otherwise the deferring
        // run is undone (rolled back) and the segment runs again with every write at once.
        if (!defer || (error instanceof ApiError && error.statusCode === 503)) throw error;
        results.length = answered;
        stopped.clear();
        for (const queue of stoppedBefore) stopped.add(queue);
        await applySegment(segment, false);
      }
    };

    let segment: Segmented[] = [];
    for (const record of records) {
      const matched = perRecord || record.method !== 'POST' ? null : directWrite(record.path);
      if (matched) {
        segment.push({ record, matched });
        if (segment.length >= SEGMENT_MAX) {
          await applySegment(segment);
          segment = [];
        }
        continue;
      }
      if (segment.length > 0) await applySegment(segment);
      segment = [];
      await apply(record);
    }
    if (segment.length > 0) await applySegment(segment);
    return reply.status(200).send({ results });
  });
}
