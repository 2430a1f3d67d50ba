/**
 * Tasker writes that POST /api/batch may run without a request of their own: the
 * execution writes whose whole effect is in the database (no file, mail or push after the commit).
 * Consecutive records of them share one transaction in a batch (a segment, server/http/batch.ts). A direct write is one function of a
 * call — who (the tasker the batch's token names), the route's params, the body, the headers it
 * reads — and its route is registered by `registerDirectWrite`, which runs the same function for
 * a request. So a record sent alone, or in a batch through its route (`app.inject`), or in a batch
 * directly runs the same checks, effect and idempotency, and gets the same answer; the direct way
 * only skips what a request around it costs (the fake request and reply, routing, hooks, parsing
 * the body again, serialising the answer and parsing it back).
 *
 * What the request's hooks do is done once for the whole batch: its token verified (the access
 * guard of the tasker scope, where the direct writes are registered too), its body checked for NUL
 * characters and parsed as JSON with prototype poisoning refused. Refusals are answered as the
 * error handler answers them (errors.ts errorAnswer, in the batch's Accept-Language).
 */
import type { FastifyInstance } from 'fastify';
import FindMyWay from 'find-my-way';
import type { RouteDefinition } from '#contracts/api/common';
import { serve } from './contract';
import { callOf, type IdempotentAnswer, type IdempotentCall } from './idempotency';
import { taskerIdOf } from './access';

/** Everything a direct write reads. */
export interface WriteCall {
  /** The authenticated tasker (the access guard's `taskerId`). */
  taskerId: string;
  /** The route's params, decoded (as Fastify's router gives them). */
  params: Record<string, string>;
  /** The body as the route would get it (undefined: none was sent). */
  body: unknown;
  /** The headers the write reads (Idempotency-Key, Shelfwork-Recorded-At, Accept-Language). */
  headers: Record<string, string | string[] | undefined>;
  /** Its idempotency: key, method, path as sent, body. */
  call: IdempotentCall;
}

export interface DirectWrite {
  /** The route's URL, e.g. `/api/task/:taskId/done-checklist-items` (POST). */
  url: string;
  /** The route's operationId: the record's kind in the metrics. */
  kind?: string;
  /** A full replacement (the last state wins): a batch segment defers its write (server/http/batch.ts). */
  defers?: boolean;
  run(call: WriteCall): Promise<IdempotentAnswer>;
}

/**
 * Registers `write` as the POST route of its definition (src/contracts/api: URL and schemas) on
 * `app`; the answer of a replay says `Idempotent-Replayed: true`.
 */
export function registerDirectWrite(app: FastifyInstance, definition: RouteDefinition, write: Omit<DirectWrite, 'url'>): DirectWrite {
  if (definition.method !== 'POST') throw new Error(`A direct write is a POST route: ${definition.method} ${definition.url}`);
  const registered: DirectWrite = { ...write, url: definition.url, kind: definition.operationId };
  serve(app, definition)(async (request, reply) => {
    const answer = await write.run({
      taskerId: taskerIdOf(request),
      params: (request.params ?? {}) as Record<string, string>,
      body: request.body,
      headers: request.headers,
      call: callOf(request),
    });
    if (answer.replayed) void reply.header('idempotent-replayed', 'true');
    return reply.status(answer.status).send(answer.body);
  });
  return registered;
}

/** A direct write matched to a batch record's path, with its params. */
export interface MatchedWrite {
  write: DirectWrite;
  params: Record<string, string>;
}

/**
 * Finds the direct write for a record's path under /api (no leading slash), with its params:
 * matched by find-my-way, Fastify's own router, so params are decoded as the routes get them.
 * A path it does not match exactly (a trailing slash, another route) is not direct: the batch
 * sends it through its route, as before.
 */
export function directWriteMatcher(writes: readonly DirectWrite[]): (path: string) => MatchedWrite | null {
  const router = FindMyWay();
  for (const write of writes) router.on('POST', write.url, () => undefined, write);
  return (path) => {
    const found = router.find('POST', `/api/${path}`);
    if (!found) return null;
    return { write: found.store as DirectWrite, params: { ...(found.params as Record<string, string>) } };
  };
}
