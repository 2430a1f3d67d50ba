/**
 * API errors as data: `{ error: { code, message, fields? } }` (DESIGN.md, spec section 8).
 * Handlers throw ApiError; the app's error handler turns it (and Fastify's own errors) into
 * that body. Nothing a client sends may produce a 5xx; a database or disk outage is a 503
 * SERVICE_UNAVAILABLE with Retry-After (isOutageError), anything else unexpected a 500.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerErrorCode } from '#domain/errors';
import type { ApiErrorBody } from '#domain/types';
import { localizedMessage } from './localize';

/** HTTP status for business-rule refusals (spec section 8). */
export const BUSINESS_RULE_STATUS = 420;

export class ApiError extends Error {
  /** Seconds for a Retry-After header (429). */
  retryAfter?: number;
  constructor(
    readonly statusCode: number,
    /** One of the codes the server answers (src/domain/errors.ts, docs/api.md). */
    readonly code: ServerErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  toBody(): ApiErrorBody {
    return { error: { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) } };
  }
}

export const badRequest = (fields: Record<string, string>, message = 'Some fields are not valid') =>
  new ApiError(400, 'VALIDATION_FAILED', message, fields);
export const refusal = (code: ServerErrorCode, message: string) => new ApiError(BUSINESS_RULE_STATUS, code, message);
export const unauthorized = (code: ServerErrorCode = 'UNAUTHORIZED', message = 'Authentication required') => new ApiError(401, code, message);
export const forbidden = (code: ServerErrorCode, message: string) => new ApiError(403, code, message);
export const notFound = (code: ServerErrorCode, message: string) => new ApiError(404, code, message);

/** Throws a 400 when any field has an error code. */
export function assertNoFieldErrors(fields: Record<string, string | null | undefined>): void {
  const errors: Record<string, string> = {};
  for (const [name, code] of Object.entries(fields)) if (code) errors[name] = code;
  if (Object.keys(errors).length > 0) throw badRequest(errors);
}

const FASTIFY_CODES: Record<string, { status: number; code: ServerErrorCode; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send JSON (Content-Type: application/json)' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'INVALID_JSON', message: 'Body is empty but Content-Type is application/json' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'INVALID_JSON', message: 'Body is not valid JSON' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'BAD_REQUEST', message: 'Content-Length does not match the body' },
};

/** 429 RATE_LIMITED with Retry-After (at least 1 s): a limit counted per account, address or tasker was reached. */
export function rateLimited(message: string, retryAfterSeconds: number): ApiError {
  const error = new ApiError(429, 'RATE_LIMITED', message);
  error.retryAfter = Math.max(1, retryAfterSeconds);
  return error;
}

/** Seconds a client is told to wait (Retry-After) while the database or the disk is out. */
export const OUTAGE_RETRY_AFTER_SECONDS = 30;

/** 503 SERVICE_UNAVAILABLE with Retry-After (an outage: 30 s; a batch's key conflict: sooner). */
export const serviceUnavailable = (retryAfterSeconds = OUTAGE_RETRY_AFTER_SECONDS) => {
  const error = new ApiError(503, 'SERVICE_UNAVAILABLE', 'The service is temporarily unavailable; try again in a moment');
  error.retryAfter = retryAfterSeconds;
  return error;
};

/**
 * SQLSTATE classes of an outage rather than a bug: 08 connection exception, 53 insufficient
 * resources (53100 disk_full, 53300 too_many_connections), 57 operator intervention (57P01
 * admin_shutdown, 57P03 cannot_connect_now, 57014 a statement timeout), 58 system error (I/O).
 */
const OUTAGE_SQLSTATE = /^(08|53|57|58)[0-9A-Z]{3}$/;
/** 25006 read_only_sql_transaction: a failover left us on a read-only standby. */
const OUTAGE_SQLSTATES = new Set(['25006']);
/** Node errors of a database or disk that is not there (photo storage included). */
const OUTAGE_NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOSPC',
  'EDQUOT',
  'EROFS',
  'EMFILE',
  'ENFILE',
]);
/** Messages of the drivers when the connection is gone (pg, pg-pool, PGlite, Kysely after destroy). */
const OUTAGE_MESSAGES = [
  /^PGlite is closed/,
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Cannot use a pool after calling end on the pool/,
  /is not queryable$/,
  /^driver has already been destroyed/,
];

/**
 * True when `error` (or its cause, or one of an AggregateError's errors) says the database or
 * the disk is unavailable — a condition to retry later (503), not a bug (500).
 */
export function isOutageError(error: unknown, depth = 0): boolean {
  if (depth > 5 || error === null || typeof error !== 'object') return false;
  const e = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string' && (OUTAGE_SQLSTATE.test(e.code) || OUTAGE_SQLSTATES.has(e.code) || OUTAGE_NODE_CODES.has(e.code))) return true;
  if (typeof e.message === 'string' && OUTAGE_MESSAGES.some((re) => re.test(e.message as string))) return true;
  if (e.cause !== undefined && isOutageError(e.cause, depth + 1)) return true;
  return Array.isArray(e.errors) && e.errors.some((inner) => isOutageError(inner, depth + 1));
}

/** What an error thrown by a route answers: its status, its body (the message in the request's language) and Retry-After. */
export interface ErrorAnswer {
  status: number;
  body: ApiErrorBody;
  retryAfter?: number;
}

/**
 * The answer for an error a route threw: errorHandler sends it, and POST /api/batch answers the
 * records it runs without a request of their own with it (server/http/batch.ts).
 */
export function errorAnswer(error: FastifyError | ApiError | Error, request: Pick<FastifyRequest, 'headers' | 'log'>): ErrorAnswer {
  if (error instanceof ApiError) {
    // The message in the tasker's language (Accept-Language; server/http/localize.ts).
    const body = error.toBody();
    body.error.message = localizedMessage(body.error, request);
    return { status: error.statusCode, body, ...(error.retryAfter !== undefined ? { retryAfter: error.retryAfter } : {}) };
  }
  const fe = error as FastifyError;
  const known = fe.code ? FASTIFY_CODES[fe.code] : undefined;
  if (known) return { status: known.status, body: { error: { code: known.code, message: known.message } } };
  // JSON.parse errors surface as SyntaxError with a 400 status from the content-type parser.
  const status = typeof fe.statusCode === 'number' ? fe.statusCode : 500;
  if (status >= 400 && status < 500) {
    return { status, body: { error: { code: status === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST', message: fe.message || 'Bad request' } } };
  }
  if (isOutageError(error)) {
    // The database or the disk is out: a client retries later (the sync worker retries 5xx).
    request.log.warn({ err: error }, 'service unavailable');
    const unavailable = serviceUnavailable();
    const body = unavailable.toBody();
    body.error.message = localizedMessage({ ...body.error, statusCode: 503 }, request);
    return { status: 503, body, ...(unavailable.retryAfter !== undefined ? { retryAfter: unavailable.retryAfter } : {}) };
  }
  request.log.error({ err: error }, 'unhandled error');
  return { status: 500, body: { error: { code: 'INTERNAL', message: 'Unknown Error' } } };
}

export function errorHandler(error: FastifyError | ApiError | Error, request: FastifyRequest, reply: FastifyReply): void {
  const answer = errorAnswer(error, request);
  if (answer.retryAfter !== undefined) void reply.header('retry-after', String(answer.retryAfter));
  void reply.status(answer.status).send(answer.body);
}
