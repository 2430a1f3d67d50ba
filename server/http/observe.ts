/**
 * Seeing the server run: request ids, the JSON request log, the request metrics and `GET /metrics`
 * (server/observability holds the registry and the log context).
 *
 * - Request id: the client's `X-Request-Id` when it is a sane token, else a new one (Fastify's
 *   genReqId); answered in `X-Request-Id` and carried by every log line of the request as
 *   `requestId`. Records inside POST /api/batch run with the batch's id.
 * - The log: one JSON line per answered request (method, route pattern, status, ms); never a URL
 *   (its query or path may hold an e-mail or a signed token), a header, a body or the client's
 *   address. Error lines keep the error's type and code, and its message and stack scrubbed.
 * - Metrics: every answered request counted by method, route pattern (never the raw URL; no
 *   route: `unmatched`) and status class, and its time; records inside a batch are counted as
 *   outbox records instead (server/http/idempotency.ts), not as requests.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { LogController, type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import * as meta from '#contracts/api/meta';
import { metricsText, observeRequest } from '../observability/metrics';
import { requestIdFrom, runWithLogContext, scrub } from '../observability/log';
import { ApiError, notFound } from './errors';
import { serve } from './contract';

export const REQUEST_ID_HEADER = 'x-request-id';

/** The request log: on (`true`: info level to stdout), off, or a level, a stream and whether each request gets a line. */
export type LoggerSetting = boolean | { level?: string; stream?: { write(line: string): void }; requests?: boolean };

/** The route pattern a request matched (`/api/task/:taskId`), or `unmatched`. */
export function routeLabel(request: FastifyRequest): string {
  return request.routeOptions?.url ?? 'unmatched';
}

interface LoggedError {
  name?: string;
  message?: string;
  stack?: string;
  code?: unknown;
  statusCode?: unknown;
}

/**
 * Fastify's server options for the log: pino JSON lines with only what names the request (its
 * method and route), and request ids from `X-Request-Id`.
 */
export function logOptions(setting: LoggerSetting | undefined): Pick<FastifyServerOptions, 'logger' | 'genReqId' | 'logController'> {
  const ids = {
    genReqId: (raw: { headers: Record<string, string | string[] | undefined> }) => requestIdFrom(raw.headers[REQUEST_ID_HEADER]),
    // Our own one line per request (onResponse below) instead of Fastify's two with the raw URL.
    logController: new LogController({ requestIdLogLabel: 'requestId', disableRequestLogging: true }),
  };
  if (!setting) return { logger: false, ...ids };
  const options = setting === true ? {} : setting;
  return {
    ...ids,
    logger: {
      level: options.level ?? 'info',
      ...(options.stream ? { stream: options.stream } : {}),
      serializers: {
        req: (request: FastifyRequest) => ({ method: request.method, route: routeLabel(request) }),
        res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
        err: (error: LoggedError) => ({
          type: error.name ?? 'Error',
          code: error.code,
          statusCode: error.statusCode,
          message: scrub(String(error.message ?? '')),
          stack: error.stack ? scrub(error.stack) : '',
        }),
      },
      // Every message scrubbed too (a line built from an error message of a library may quote an address).
      hooks: {
        logMethod(this: unknown, args: unknown[], method: (...a: unknown[]) => void) {
          method.apply(
            this,
            args.map((arg) => (typeof arg === 'string' ? scrub(arg) : arg)),
          );
        },
      },
      // Belt and braces: nothing logs these, and if anything ever does they stay out.
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie', 'req.body', 'body'], censor: '[redacted]' },
    },
  };
}

/** Whether a setting logs each request (on unless `requests: false`). */
export function logsRequests(setting: LoggerSetting | undefined): boolean {
  return Boolean(setting) && !(typeof setting === 'object' && setting.requests === false);
}

/**
 * The hooks: the log context of each request (for lines written outside Fastify's request
 * logger, e.g. a push queued by it), its id in the answer, its count and time, and its log line.
 * `batchInner`: whether a request is a record run inside POST /api/batch.
 */
export function registerObservation(app: FastifyInstance, options: { batchInner: (request: FastifyRequest) => boolean; logRequests: boolean }): void {
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    runWithLogContext({ requestId: request.id }, done);
  });
  // Again after the body was read: its stream's callbacks do not run in the context set above.
  app.addHook('preValidation', (request, _reply, done) => {
    runWithLogContext({ requestId: request.id }, done);
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = routeLabel(request);
    const inner = options.batchInner(request);
    if (!inner) observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    if (options.logRequests) {
      request.log.info({ method: request.method, route, status: reply.statusCode, ms: Math.round(reply.elapsedTime), ...(inner ? { batchRecord: true } : {}) }, 'request');
    }
  });
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  return /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] ?? null;
}

/**
 * `GET /metrics` (call only when METRICS_TOKEN is set): the bearer is compared in constant time
 * (both sides hashed first, so their lengths say nothing either).
 */
export function registerMetricsRoute(app: FastifyInstance, token: string): void {
  const expected = createHash('sha256').update(token).digest();
  const check = async (request: FastifyRequest): Promise<void> => {
    const given = bearer(request);
    const digest = createHash('sha256')
      .update(given ?? '')
      .digest();
    if (given === null || !timingSafeEqual(digest, expected)) {
      throw new ApiError(401, 'UNAUTHORIZED', 'Authentication required');
    }
  };
  serve(app, meta.metrics, { onRequest: check })(async (_request, reply) => {
    const metrics = await metricsText();
    if (!metrics) throw notFound('NOT_FOUND', 'Not found');
    return reply.header('cache-control', 'no-store').type(metrics.contentType).send(metrics.text);
  });
}
