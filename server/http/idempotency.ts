/**
 * The one Idempotency-Key mechanism every mutating endpoint goes through (DESIGN.md, write path).
 *
 * The key row is inserted in the same transaction as the effect, so a replay (same scope + key)
 * returns the stored response with no second effect, and two concurrent requests with one key
 * are serialised by the primary key: the second waits for the first to commit, then replays.
 * Business-rule refusals (4xx/420) are stored too, so a retried request answers the same way;
 * unexpected failures are not stored, so a retry can still succeed.
 *
 * Inside a batch segment (server/http/batch.ts) the transaction is the segment's, and the record
 * is a savepoint in it; its key row, with the answer (or the refusal), is queued on the segment
 * and the segment writes all of them in one statement before its commit. A key another transaction
 * holds makes that insert wait, then conflict: the segment then fails as a whole (nothing of it is
 * committed, the batch answers 500) and the client's resend replays the stored answers.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { batchTransaction, type BatchTransaction, type KnownKey } from '../db/segment';
import type { Clock } from '../clock';
import { ApiError, badRequest } from './errors';
import { localizedStoredError } from './localize';
import { countOutboxRecord, holdOutboxRecord, type OutboxOutcome } from '../observability/metrics';

export interface MutationResult<T = unknown> {
  status: number;
  body: T;
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_RE = /^[\x21-\x7e]{1,200}$/;

function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const obj = value as Record<string, unknown>;
  return `{${Object.keys(obj)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`)
    .join(',')}}`;
}

function requestPath(request: FastifyRequest): string {
  return request.url.split('?')[0] ?? request.url;
}

export interface IdempotencyContext {
  db: Db;
  clock: Clock;
}

/** A mutating call as runIdempotent needs it: from a request, or a batch record run without one (server/http/batch.ts). */
export interface IdempotentCall {
  /** The Idempotency-Key header as sent (undefined: none). */
  key: string | string[] | undefined;
  method: string;
  /** The path as sent, without the query (part of the request's fingerprint). */
  path: string;
  body: unknown;
  /** The caller's Accept-Language: a refusal replayed from its key row is worded in it, as when first answered. */
  acceptLanguage?: string | string[] | undefined;
  /** What the metrics call the record's kind: its route's operationId (src/contracts/api). */
  kind?: string | undefined;
}

/** The answer of an idempotent call: fresh, or replayed from its key row. */
export interface IdempotentAnswer {
  status: number;
  body: unknown;
  replayed: boolean;
}

/**
 * Runs `effect` inside a transaction, honouring the request's Idempotency-Key header, and sends
 * its answer (a replay with `Idempotent-Replayed: true`).
 * `scope` separates keys of different callers (a user id, or 'staff').
 * Without a key the effect simply runs once in a transaction.
 */
export async function runIdempotent<T>(
  ctx: IdempotencyContext,
  request: FastifyRequest,
  reply: FastifyReply,
  scope: string,
  effect: (trx: Db) => Promise<MutationResult<T>>,
): Promise<unknown> {
  const answer = await idempotentAnswer(ctx, callOf(request), scope, effect);
  if (answer.replayed) void reply.header('idempotent-replayed', 'true');
  return reply.status(answer.status).send(answer.body);
}

/** The call a request makes. */
export function callOf(request: FastifyRequest): IdempotentCall {
  return {
    key: request.headers[IDEMPOTENCY_HEADER],
    method: request.method,
    path: requestPath(request),
    body: request.body ?? null,
    acceptLanguage: request.headers['accept-language'],
    kind: (request.routeOptions.schema as { operationId?: string } | undefined)?.operationId,
  };
}

/**
 * runIdempotent without the request and the reply: the answer to send. A call with a key (an
 * outbox record, a console submit) is counted in the metrics by kind and outcome; inside a batch
 * segment only once the segment commits (server/http/batch.ts).
 */
export async function idempotentAnswer<T>(
  ctx: IdempotencyContext,
  call: IdempotentCall,
  scope: string,
  effect: (trx: Db) => Promise<MutationResult<T>>,
): Promise<IdempotentAnswer> {
  if (call.key === undefined) return keyedAnswer(ctx, call, scope, effect);
  const segment = batchTransaction();
  const count = (outcome: OutboxOutcome) => (segment ? holdOutboxRecord(segment, call.kind ?? 'other', outcome) : countOutboxRecord(call.kind ?? 'other', outcome));
  try {
    const answer = await keyedAnswer(ctx, call, scope, effect);
    count(answer.replayed ? 'replayed' : 'delivered');
    return answer;
  } catch (error) {
    count(error instanceof ApiError && error.statusCode < 500 ? 'refused' : 'failed');
    throw error;
  }
}

async function keyedAnswer<T>(
  ctx: IdempotencyContext,
  call: IdempotentCall,
  scope: string,
  effect: (trx: Db) => Promise<MutationResult<T>>,
): Promise<IdempotentAnswer> {
  const rawKey = call.key;
  if (rawKey === undefined) {
    const result = await ctx.db.transaction().execute(effect);
    return { status: result.status, body: result.body, replayed: false };
  }
  if (typeof rawKey !== 'string' || !KEY_RE.test(rawKey)) {
    throw badRequest({ idempotencyKey: 'INVALID' }, 'Idempotency-Key must be 1-200 visible ASCII characters');
  }
  const key = rawKey;
  const { method, path } = call;
  const requestHash = createHash('sha256')
    .update(canonicalJson({ method, path, body: call.body ?? null }))
    .digest('hex');

  type Outcome = { kind: 'fresh'; result: MutationResult<T> } | { kind: 'replay'; status: number; body: unknown; hash: string };

  const batch = batchTransaction();
  let outcome: Outcome;
  if (batch) {
    const known = await runInBatch(batch, ctx, scope, { key, method, path, requestHash }, effect);
    outcome = 'result' in known ? { kind: 'fresh', result: known.result } : { kind: 'replay', status: known.status_code, body: known.response, hash: known.request_hash };
  } else {
    try {
      outcome = await ctx.db.transaction().execute(async (trx): Promise<Outcome> => {
        const inserted = await trx
          .insertInto('idempotency_keys')
          .values({ scope, key, method, path, request_hash: requestHash, status_code: 0, response: 'null', created_at: ctx.clock.now() })
          .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
          .returning('key')
          .executeTakeFirst();
        if (!inserted) {
          const row = await trx
            .selectFrom('idempotency_keys')
            .select(['status_code', 'response', 'request_hash'])
            .where('scope', '=', scope)
            .where('key', '=', key)
            .executeTakeFirstOrThrow();
          return { kind: 'replay', status: row.status_code, body: row.response, hash: row.request_hash };
        }
        const result = await effect(trx);
        await trx
          .updateTable('idempotency_keys')
          .set({ status_code: result.status, response: JSON.stringify(result.body ?? null) })
          .where('scope', '=', scope)
          .where('key', '=', key)
          .execute();
        return { kind: 'fresh', result };
      });
    } catch (error) {
      if (error instanceof ApiError && error.statusCode < 500) {
        // Remember the refusal (outside the rolled-back transaction) so a retry gets the same answer.
        await ctx.db
          .insertInto('idempotency_keys')
          .values({
            scope,
            key,
            method,
            path,
            request_hash: requestHash,
            status_code: error.statusCode,
            response: JSON.stringify(error.toBody()),
            created_at: ctx.clock.now(),
          })
          .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
          .execute();
      }
      throw error;
    }
  }

  if (outcome.kind === 'fresh') return { status: outcome.result.status, body: outcome.result.body, replayed: false };
  if (outcome.hash !== requestHash) {
    throw new ApiError(422, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for a different request');
  }
  return { status: outcome.status, body: localizedStoredError(outcome.status, outcome.body, call.acceptLanguage), replayed: true };
}

/** Puts `map`'s entries back as `saved` has them (the same Map object: callers may hold it). */
function restore<K, V>(map: Map<K, V>, saved: Map<K, V>): void {
  map.clear();
  for (const [k, v] of saved) map.set(k, v);
}

/** EXECUTION_FULL_WRITES=1 (bench:outbox's old side): each fresh key row written by its own statement, as before. */
const deferOff = () => process.env.EXECUTION_FULL_WRITES === '1';

const SAVEPOINT = sql`savepoint batch_record`;
const ROLLBACK_TO_SAVEPOINT = sql`rollback to savepoint batch_record`;

/**
 * runIdempotent inside a batch segment: a known key replays; a fresh one runs its effect in a
 * savepoint and queues its key row with the answer (batch.pendingKeys, written by the segment).
 * The savepoint is not released: it ends with the segment's commit (one statement less per record).
 */
async function runInBatch<T>(
  batch: BatchTransaction,
  ctx: IdempotencyContext,
  scope: string,
  request: { key: string; method: string; path: string; requestHash: string },
  effect: (trx: Db) => Promise<MutationResult<T>>,
): Promise<KnownKey | { result: MutationResult<T> }> {
  const { trx } = batch;
  const { key, method, path, requestHash } = request;
  const readRow = () =>
    trx.selectFrom('idempotency_keys').select(['status_code', 'response', 'request_hash']).where('scope', '=', scope).where('key', '=', key).executeTakeFirst();
  const remember = (row: KnownKey) => {
    if (scope === batch.scope) batch.known.set(key, row);
    return row;
  };
  const earlier = scope === batch.scope ? batch.known.get(key) : await readRow();
  if (earlier) return earlier;
  // A record whose writes the segment defers writes nothing now: no savepoint; a refusal puts back
  // the memo and the deferred writes as they were (server/http/batch.ts, "Deferred writes").
  const deferring = batch.defer && batch.recordDefers && scope === batch.scope;
  const before = deferring ? { memo: new Map(batch.memo), deferred: new Map(batch.deferred) } : null;
  if (!before) await SAVEPOINT.execute(trx);
  let result: MutationResult<T>;
  try {
    result = await effect(trx);
  } catch (error) {
    if (before) {
      restore(batch.memo, before.memo);
      restore(batch.deferred, before.deferred);
      // Anything but a refusal may have left the transaction unusable: the segment runs again without deferring.
      if (!(error instanceof ApiError && error.statusCode < 500)) batch.poisoned = true;
    } else {
      batch.memo.clear(); // What this record's writes left is undone with them.
      await ROLLBACK_TO_SAVEPOINT.execute(trx);
    }
    if (error instanceof ApiError && error.statusCode < 500) {
      const response = JSON.stringify(error.toBody());
      if (scope === batch.scope && !deferOff()) {
        batch.pendingKeys.push({ scope, key, method, path, request_hash: requestHash, status_code: error.statusCode, response, created_at: ctx.clock.now() });
        remember({ status_code: error.statusCode, response: JSON.parse(response) as unknown, request_hash: requestHash });
      } else {
        const stored = await trx
          .insertInto('idempotency_keys')
          .values({ scope, key, method, path, request_hash: requestHash, status_code: error.statusCode, response, created_at: ctx.clock.now() })
          .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
          .returning('key')
          .executeTakeFirst();
        if (stored) remember({ status_code: error.statusCode, response: JSON.parse(response) as unknown, request_hash: requestHash });
      }
    }
    throw error;
  }
  const response = JSON.stringify(result.body ?? null);
  if (scope === batch.scope && !deferOff()) {
    // Written with the segment's other key rows, in one statement before its commit (server/http/batch.ts).
    batch.pendingKeys.push({ scope, key, method, path, request_hash: requestHash, status_code: result.status, response, created_at: ctx.clock.now() });
    remember({ status_code: result.status, response: JSON.parse(response) as unknown, request_hash: requestHash });
    return { result };
  }
  const inserted = await trx
    .insertInto('idempotency_keys')
    .values({ scope, key, method, path, request_hash: requestHash, status_code: result.status, response, created_at: ctx.clock.now() })
    .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  if (inserted) {
    remember({ status_code: result.status, response: JSON.parse(response) as unknown, request_hash: requestHash });
    return { result };
  }
  // Another transaction committed this key meanwhile: undo this run, answer what it stored.
  batch.memo.clear();
  await ROLLBACK_TO_SAVEPOINT.execute(trx);
  return remember(await readRow().then((row) => row ?? Promise.reject(new Error('idempotency row vanished'))));
}

/**
 * Whether the request's Idempotency-Key already has a stored answer in `scope` (the request is a
 * replay: runIdempotent answers it). Routes that count tries against a limit skip replays with it.
 */
export async function isAnsweredKey(db: Db, request: FastifyRequest, scope: string): Promise<boolean> {
  const key = request.headers[IDEMPOTENCY_HEADER];
  if (typeof key !== 'string' || !KEY_RE.test(key)) return false;
  const row = await db.selectFrom('idempotency_keys').select('key').where('scope', '=', scope).where('key', '=', key).where('status_code', '>', 0).executeTakeFirst();
  return row !== undefined;
}
