/**
 * The route contract on the server: every route is registered from its definition in
 * src/contracts/api (method, URL, TypeBox schemas), Fastify's ajv checks requests against the
 * schemas, a failed check answers exactly as the hand-written readers did (400 VALIDATION_FAILED
 * with per-field codes), and @fastify/swagger publishes the definitions as OpenAPI 3.1 at
 * GET /api/openapi.json.
 */
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  FastifySchemaValidationError,
  FastifyTypeProvider,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteOptions,
} from 'fastify';
import swagger from '@fastify/swagger';
import { Value } from '@sinclair/typebox/value';
import type { Static, TSchema } from '@sinclair/typebox';
import type { RouteDefinition, RouteSchemas } from '#contracts/api/common';
import { type ApiError, badRequest } from './errors';

/**
 * Fastify's ajv, set so a schema changes no answer:
 * - coerceTypes false: a body field of the wrong JSON type stays a 400 (Fastify's default would
 *   turn "10" into 10 and true into "true"); query strings and path params are declared as
 *   strings, so they need no coercion, and their handlers read numbers from them as before.
 * - removeAdditional false: fields a schema does not name reach the handler untouched (a
 *   handler that refuses unknown fields still sees them).
 * - useDefaults false: a missing field stays missing (the handler's default applies).
 * - allErrors true: every bad field is named in `fields`, as the readers did, not the first only.
 */
export const AJV_OPTIONS = { coerceTypes: false, removeAdditional: false, useDefaults: false, allErrors: true } as const;

/** The field code of one ajv error (the codes of src/domain/errors.ts, as the readers answered). */
function fieldCode(error: FastifySchemaValidationError): string {
  switch (error.keyword) {
    case 'required':
      return 'REQUIRED';
    case 'maxLength':
    case 'maxItems':
    case 'maxProperties':
      return 'TOO_LONG';
    case 'minLength':
      return 'TOO_SHORT';
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return 'OUT_OF_RANGE';
    default:
      return 'INVALID';
  }
}

/** The top-level name an error is about: the property of the body, query, params or headers. */
function fieldName(error: FastifySchemaValidationError): string | null {
  const segments = error.instancePath.split('/').filter((s) => s !== '');
  if (segments.length > 0) return decodeURIComponent((segments[0] as string).replace(/~1/g, '/').replace(/~0/g, '~'));
  const missing = (error.params as { missingProperty?: unknown }).missingProperty;
  return typeof missing === 'string' ? missing : null;
}

/**
 * Fastify's schemaErrorFormatter: ajv's errors as the API's 400. A body that is not a JSON
 * object answers `{ body: 'INVALID' }` 'Send a JSON object', as the readers did; anything else
 * `fields: { name: CODE }` (the first code per field) with the generic message, which the error
 * handler words in the request's language like any other 400.
 */
export function schemaErrorFormatter(errors: FastifySchemaValidationError[], dataVar: string): ApiError {
  const fields: Record<string, string> = {};
  let whole = false;
  for (const error of errors) {
    const name = fieldName(error);
    if (name === null) whole = true;
    else fields[name] ??= fieldCode(error);
  }
  // An optional body (`object | null`) with a bad field also fails its null branch at the root:
  // the field is what is wrong. Only a body that is no object at all is `{ body: 'INVALID' }`.
  if (Object.keys(fields).length > 0) return badRequest(fields);
  if (whole && dataVar === 'body') return badRequest({ body: 'INVALID' }, 'Send a JSON object');
  return badRequest({ [dataVar]: 'INVALID' });
}

/**
 * Answers are written with JSON.stringify, as before the schemas: fast-json-stringify would drop
 * fields a schema does not name and coerce types (null to "" for a string), which would change
 * answers. With `checkResponses` (the test suite) every answer is checked against its schema
 * first, and one that does not match fails the request (a 500), so a schema that says less or
 * other than the handler sends cannot go unnoticed.
 */
export function registerSerializer(app: FastifyInstance, checkResponses: boolean): void {
  app.setSerializerCompiler(({ schema, method, url, httpStatus }) => {
    if (!checkResponses) return (data) => JSON.stringify(data);
    const typed = schema as TSchema;
    return (data) => {
      const json = JSON.stringify(data);
      const sent: unknown = json === undefined ? null : JSON.parse(json);
      if (!Value.Check(typed, sent)) {
        const first = Value.Errors(typed, sent).First();
        throw new Error(`The ${httpStatus} answer of ${method} ${url} does not match its schema: ${first ? `${first.path} ${first.message}` : ''}`);
      }
      return json;
    };
  });
}

/** @fastify/swagger: the definitions as one OpenAPI 3.1 document (before any route is registered). */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Shelfwork API',
        version: '1',
        description: 'Errors are `{ error: { code, message, fields? } }` (code: src/domain/errors.ts); tasker routes need `Authorization: Bearer <access token>`, staff routes the STAFF_TOKEN bearer.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
  });
}

/**
 * A definition as Fastify route options (method, URL, the schemas with the OpenAPI fields), to
 * used by `serve` below.
 */
export function routeOf<const S extends RouteSchemas>(definition: RouteDefinition<S>) {
  const { method, url, operationId, tags, summary, consumes, schema, roles } = definition;
  const description = roles ? `Staff roles: ${roles.length > 0 ? roles.join(', ') : 'any'}.` : undefined;
  return {
    method,
    url,
    schema: { ...schema, operationId, tags, summary, ...(description ? { description } : {}), ...(consumes ? { consumes } : {}) },
    config: {
      // The staff guard reads the route's roles from its config (server/http/access.ts).
      ...(roles ? { roles } : {}),
      // An explicit HEAD route (tus) is part of the document; Fastify's automatic HEAD of a GET is not.
      ...(method === 'HEAD' ? { swagger: { exposeHeadRoute: true } } : {}),
    },
  };
}

/**
 * The type provider: request types are the schemas' `Static` types. @fastify/type-provider-typebox
 * 6.x types schemas of the `typebox` 1.x package, not @sinclair/typebox 0.34 that the contracts
 * use (it sees their enums and rule-checked fields as unknown), so this is the provider's one
 * line for 0.34.
 */
export interface TypeBoxProvider extends FastifyTypeProvider {
  validator: this['schema'] extends TSchema ? Static<this['schema']> : unknown;
  serializer: this['schema'] extends TSchema ? Static<this['schema']> : unknown;
}

/** Route options a feature adds to a definition: its hooks and its config (an access of its own). */
export type RouteExtras = Pick<RouteOptions, 'onRequest' | 'onSend' | 'preHandler' | 'bodyLimit'> & { config?: FastifyContextConfig };

/** The request of a definition's route: params, query string, headers and body typed by its schemas. */
export type ContractRequest<S extends RouteSchemas> = FastifyRequest<RouteGenericInterface, RawServerDefault, RawRequestDefaultExpression, S & FastifySchema, TypeBoxProvider>;

/**
 * The handler of a definition. Its answer is not typed by the response schemas (idempotent routes
 * answer stored bodies, the task lists stored bytes); the test suite checks every answer against
 * them instead (registerSerializer).
 */
export type ContractHandler<S extends RouteSchemas> = (this: FastifyInstance, request: ContractRequest<S>, reply: FastifyReply) => unknown;

/**
 * Registers a definition's route: `serve(app, tasks.getTask)(async (request) => …)`. Method, URL
 * and schemas come from the definition, so the route and its OpenAPI entry cannot differ.
 */
export function serve<const S extends RouteSchemas>(app: FastifyInstance, definition: RouteDefinition<S>, extras: RouteExtras = {}) {
  const base = routeOf(definition);
  return (handler: ContractHandler<S>): void => {
    const config = { ...base.config, ...(extras.config ?? {}) };
    app.route({ ...base, ...extras, config, handler: handler as unknown as RouteOptions['handler'] });
  };
}
