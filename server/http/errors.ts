/**
 * API errors as data: `{ error: { code, message, fields? } }` (DESIGN.md, spec section 8).
 * Handlers throw ApiError; the app's error handler turns it (and Fastify's own errors) into
 * that body. Nothing a client sends may produce a 5xx.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiErrorBody } from '../../src/domain/types';

/** HTTP status for business-rule refusals (spec section 8). */
export const BUSINESS_RULE_STATUS = 420;

export class ApiError extends Error {
  /** Seconds for a Retry-After header (429). */
  retryAfter?: number;
  constructor(
    readonly statusCode: number,
    readonly code: string,
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
export const refusal = (code: string, message: string) => new ApiError(BUSINESS_RULE_STATUS, code, message);
export const unauthorized = (code = 'UNAUTHORIZED', message = 'Authentication required') => new ApiError(401, code, message);
export const forbidden = (code: string, message: string) => new ApiError(403, code, message);
export const notFound = (code: string, message: string) => new ApiError(404, code, message);

/** Throws a 400 when any field has an error code. */
export function assertNoFieldErrors(fields: Record<string, string | null | undefined>): void {
  const errors: Record<string, string> = {};
  for (const [name, code] of Object.entries(fields)) if (code) errors[name] = code;
  if (Object.keys(errors).length > 0) throw badRequest(errors);
}

const FASTIFY_CODES: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send JSON (Content-Type: application/json)' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'INVALID_JSON', message: 'Body is empty but Content-Type is application/json' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'INVALID_JSON', message: 'Body is not valid JSON' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'BAD_REQUEST', message: 'Content-Length does not match the body' },
};

export function errorHandler(error: FastifyError | ApiError | Error, request: FastifyRequest, reply: FastifyReply): void {
  if (error instanceof ApiError) {
    if (error.retryAfter !== undefined) void reply.header('retry-after', String(error.retryAfter));
    void reply.status(error.statusCode).send(error.toBody());
    return;
  }
  const fe = error as FastifyError;
  const known = fe.code ? FASTIFY_CODES[fe.code] : undefined;
  if (known) {
    void reply.status(known.status).send({ error: { code: known.code, message: known.message } } satisfies ApiErrorBody);
    return;
  }
  // JSON.parse errors surface as SyntaxError with a 400 status from the content-type parser.
  const status = typeof fe.statusCode === 'number' ? fe.statusCode : 500;
  if (status >= 400 && status < 500) {
    void reply.status(status).send({ error: { code: status === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST', message: fe.message || 'Bad request' } } satisfies ApiErrorBody);
    return;
  }
  request.log.error({ err: error }, 'unhandled error');
  void reply.status(500).send({ error: { code: 'INTERNAL', message: 'Unknown Error' } } satisfies ApiErrorBody);
}
