/**
 * `POST /api/batch` (issue 15, "Delivery in batches"): many outbox records in one request. Each
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
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, badRequest } from './errors';

export const BATCH_PATH = 'batch';
/** Most records one batch may carry (the client sends at most BATCH_MAX_RECORDS of its own). */
export const BATCH_MAX_RECORDS = 200;
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

/** Registers POST /api/batch (call inside the tasker access scope). */
export function registerBatchRoute(scope: FastifyInstance, guard: { marker: string }): void {
  scope.post(`/api/${BATCH_PATH}`, async (request: FastifyRequest, reply) => {
    const records = parseRecords(request.body);
    const stopped = new Set<string>();
    const results: BatchResult[] = [];
    const shared: Record<string, string> = { [INNER_HEADER]: guard.marker };
    for (const name of ['authorization', 'accept-language', 'geolocation'] as const) {
      const value = request.headers[name];
      if (typeof value === 'string') shared[name] = value;
    }
    for (const record of records) {
      const queue = record.queue ?? '';
      if (stopped.has(queue)) {
        results.push({ id: record.id, status: 424, skipped: true, body: { error: { code: 'NOT_ATTEMPTED', message: 'An earlier record of this queue must be sent first' } } });
        continue;
      }
      const headers: Record<string, string> = { ...shared, 'idempotency-key': record.idempotencyKey };
      if (record.recordedAt) headers['shelfwork-recorded-at'] = record.recordedAt;
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
    }
    return reply.status(200).send({ results });
  });
}
