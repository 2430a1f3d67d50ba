/**
 * The typed client side of the route definitions: the path of a call built from a definition's
 * Fastify URL, and the types of its params, query, body and 2xx answer. Runtime-agnostic (no DOM,
 * no Node): the sync worker sends with it, tests build paths with it.
 */
import type { Static, TSchema } from '@sinclair/typebox';
import type { RouteDefinition, RouteSchemas } from './common';

/** Every route lives under this prefix; the client's paths are relative to the API root. */
const API_PREFIX = '/api/';

type SchemasOf<D> = D extends RouteDefinition<infer S> ? S : never;
type StaticOr<T, Otherwise> = T extends TSchema ? Static<T> : Otherwise;

/** The path parameters of a route (`undefined` when its URL has none). */
export type ParamsOf<D> = StaticOr<SchemasOf<D>['params'], undefined>;
/** The query string of a route (`undefined` when it declares none). */
export type QueryOf<D> = StaticOr<SchemasOf<D>['querystring'], undefined>;
/** The JSON body of a route (`undefined` when it takes none). */
export type BodyOf<D> = StaticOr<SchemasOf<D>['body'], undefined>;

type SuccessCode = 200 | 201 | 202 | 203 | 204 | 206;
type ResponsesOf<D> = SchemasOf<D> extends RouteSchemas ? SchemasOf<D>['response'] : never;
type SuccessCodes<D> = Extract<keyof ResponsesOf<D>, SuccessCode>;
/** The body of a route's 2xx answer (a union when it has several). */
export type AnswerOf<D> = { [K in SuccessCodes<D>]: StaticOr<ResponsesOf<D>[K], never> }[SuccessCodes<D>];

/** A query value: undefined leaves the key out. */
export type QueryValue = string | number | boolean | undefined;

export interface PathParts<D> {
  params?: ParamsOf<D>;
  query?: QueryOf<D> | Record<string, QueryValue>;
}

/**
 * The path of a call under the API root: `taskStart` with `{ params: { taskId: 'a b' } }` →
 * 'task/a%20b/start'. Params are URI-encoded; a missing one throws (a bug, not a wire problem).
 * The query goes through URLSearchParams in the given key order, undefined values left out.
 */
export function routePath<D extends RouteDefinition>(def: D, parts: PathParts<D> = {}): string {
  if (!def.url.startsWith(API_PREFIX)) throw new Error(`Not an API route: ${def.url}`);
  const params = (parts.params ?? {}) as Record<string, unknown>;
  const path = def.url.slice(API_PREFIX.length).replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (typeof value !== 'string' && typeof value !== 'number') throw new Error(`Missing path parameter ${name} of ${def.url}`);
    return encodeURIComponent(String(value));
  });
  if (path.includes('*')) throw new Error(`A wildcard route has no client path: ${def.url}`);
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries((parts.query ?? {}) as Record<string, QueryValue>)) {
    if (value !== undefined) query.append(key, String(value));
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * The params of `path` (a path under the API root, query ignored) when it is a call of `def`, else
 * null: reads back what `routePath` built, e.g. a queued outbox record's path.
 */
export function matchRoutePath(def: RouteDefinition, path: string): Record<string, string> | null {
  const names: string[] = [];
  const pattern = def.url
    .slice(API_PREFIX.length)
    .split(/(:[A-Za-z0-9_]+)/)
    .map((part) => {
      if (!part.startsWith(':')) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(part.slice(1));
      return '([^/?]+)';
    })
    .join('');
  const match = new RegExp(`^${pattern}(?:\\?.*)?$`).exec(path);
  if (!match) return null;
  const params: Record<string, string> = {};
  try {
    names.forEach((name, i) => (params[name] = decodeURIComponent(match[i + 1] ?? '')));
  } catch {
    return null;
  }
  return params;
}
