/**
 * The HTTP API's route definitions, shared by the server (which registers them with Fastify and
 * publishes them as OpenAPI at GET /api/openapi.json) and the sync worker (its typed client, client.ts).
 * TypeBox only: no Node or Fastify import, so a browser worker can load them.
 *
 * A definition is method + Fastify URL + TypeBox schemas of the params, query string, headers,
 * body and every answer code, plus the OpenAPI operationId, tags and summary. The handlers' types
 * come from these schemas (the server's TypeBox type provider); the schemas also check requests
 * before a handler runs (400 VALIDATION_FAILED with per-field codes, server/http/validation.ts).
 *
 * Request schemas say the wire shape (types, which fields exist); rules a schema cannot say
 * (checksums, market rules, lengths from src/domain) stay with the domain validators, so a schema
 * leaves those fields loose rather than phrase a refusal differently from them.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import type { StaffRole } from '#domain/staff';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';

export interface RouteSchemas {
  params?: TSchema;
  querystring?: TSchema;
  headers?: TSchema;
  body?: TSchema;
  /** Every status code the route answers, each with its body's schema. */
  response: Record<number, TSchema>;
}

export interface RouteDefinition<S extends RouteSchemas = RouteSchemas> {
  method: HttpMethod;
  /** Fastify form: `/api/task/:taskId`. */
  url: string;
  operationId: string;
  tags: string[];
  summary: string;
  /** A body that is not JSON (photo bytes, tus chunks): the media types it is sent as. */
  consumes?: string[];
  /**
   * Staff routes: the roles that may call it (any one of them suffices); an empty list lets every
   * signed-in staff member call it. The server refuses to start a staff route that names none
   * (server/http/access.ts), and answers 403 STAFF_ROLE_REQUIRED to a member without one.
   */
  roles?: readonly StaffRole[];
  schema: S;
}

/** Keeps the literal types of a definition (its schemas) for the type provider and a typed client. */
export function defineRoute<const S extends RouteSchemas>(definition: RouteDefinition<S>): RouteDefinition<S> {
  return definition;
}

/** The error body every refusal answers: `{ error: { code, message, fields? } }` (docs/api.md). */
export const ErrorBodySchema = Type.Object(
  {
    error: Type.Object({
      /** One of the codes in src/domain/errors.ts. */
      code: Type.String(),
      message: Type.String(),
      /** Per-field codes of a 400 VALIDATION_FAILED, e.g. `{ email: 'INVALID' }`. */
      fields: Type.Optional(Type.Record(Type.String(), Type.String())),
    }),
  },
  { title: 'ErrorBody', description: 'A refusal: code (src/domain/errors.ts), message in the request language, per-field codes on 400' },
);

/** The error answers of `codes`, each with the error body. */
export function errors<const C extends readonly number[]>(...codes: C): { [K in C[number]]: typeof ErrorBodySchema } {
  return Object.fromEntries(codes.map((code) => [code, ErrorBodySchema])) as { [K in C[number]]: typeof ErrorBodySchema };
}

/** An answer without a body (204, 304). */
export const NoBody = Type.Null({ description: 'No body' });

/** `{ ok: true }`. */
export const OkSchema = Type.Object({ ok: Type.Literal(true) });

/** A string or null. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/**
 * A query-string parameter: always a string on the wire (a repeated key is an array, refused as
 * INVALID); the handler reads numbers, booleans and lists from it as before.
 */
export const QueryString = (description: string) => Type.String({ description });

/** A path parameter (an id whose shape the handler checks: anything else is a 404). */
export const PathId = (description = 'id') => Type.String({ description });

/**
 * A body field whose type and content the domain validator checks (src/domain/validation.ts and
 * the feature's reader): typed for clients as `T`, but any JSON value passes the schema, so the
 * refusal keeps the validator's code (e.g. REQUIRED, not INVALID, for a number where an email
 * belongs). The description says what is accepted.
 */
export const RuleChecked = <T>(description: string) => Type.Unsafe<T>({ description });

/**
 * A body the schema describes but does not check: `anyOf` the described object or any other JSON
 * value, so every body reaches the route's own reader, which answers as it did before the schemas
 * (its codes and its order: a path id's 404 before a body's 400, the same answer for a batch record
 * run directly). For routes whose reader refuses what a schema would refuse differently.
 */
export const ReaderCheckedBody = <T extends TSchema>(described: T, otherwise: string) =>
  Type.Unsafe<Static<T>>(Type.Union([described, Type.Unknown({ description: otherwise })], { description: 'Read by the route: the described object, else its reader refuses it' }));

/** The answers every route may give besides its own: a bad request, limits, an outage, a bug. */
export const COMMON_ERRORS = errors(400, 413, 415, 429, 500, 503);
/** …and those of a route behind a bearer token: 401, 403 (not allowed for the account), 404, 420 (a business rule), 422 (an Idempotency-Key reused). */
export const AUTHED_ERRORS = errors(400, 401, 403, 404, 413, 415, 420, 422, 429, 500, 503);

/** Headers the outbox sends with every queued write. */
export const IdempotentHeaders = Type.Object(
  {
    'idempotency-key': Type.Optional(Type.String({ description: 'The outbox record id: a replay answers the stored answer and changes nothing' })),
    'shelfwork-recorded-at': Type.Optional(Type.String({ description: 'When the phone recorded the work (ISO 8601)' })),
  },
  { additionalProperties: true },
);

/** Exact type equality, for checking a schema against a hand-written domain interface. */
export type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
/** Compile-time assertion helper: `const check: Assert<Equal<Static<typeof S>, Iface>> = true`. */
export type Assert<T extends true> = T;

export type { Static };
