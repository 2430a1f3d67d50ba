/**
 * The API's contract: every route the app registers under /api has a schema from its definition
 * (src/contracts/api), and GET /api/openapi.json (public) lists exactly the registered routes —
 * each method and path, no more, no fewer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { buildApp } from '../../server/app';
import { startTestServer, type TestServer } from './helpers';

/**
 * Routes not yet moved onto a definition (registered without a schema). The list only shrinks:
 * a route not named here must have its schema, and a route named here that has one must leave it.
 */
const WITHOUT_SCHEMA_YET = new Set<string>([
]);

const seen = { routes: [] as RouteOptions[] };
let server: TestServer;
let app: FastifyInstance;
beforeAll(async () => {
  server = await startTestServer();
  // The same app as the suite's, with every route recorded as Fastify registers it.
  ({ app } = await buildApp({ db: server.db, config: server.config, clock: server.clock, log: () => {}, checkResponses: true, onRoute: (route) => void seen.routes.push(route) }));
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await server?.close();
});

/** `METHOD /path/{param}` as OpenAPI writes a Fastify route (`:param`, a trailing `*`). */
function openApiKey(method: string, url: string): string {
  const path = url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{*}');
  return `${method.toUpperCase()} ${path}`;
}

/** The /api routes the app registered, without Fastify's automatic HEAD of each GET. */
function apiRoutes(): { method: string; url: string; route: RouteOptions }[] {
  const all = seen.routes.flatMap((route) => (Array.isArray(route.method) ? route.method : [route.method]).map((method) => ({ method: String(method), url: route.url, route })));
  const gets = new Set(all.filter((r) => r.method === 'GET').map((r) => r.url));
  const automaticHead = (r: (typeof all)[number]) => r.method === 'HEAD' && gets.has(r.url) && r.route.config?.swagger?.exposeHeadRoute !== true;
  return all.filter((r) => r.url.startsWith('/api') && !automaticHead(r));
}

describe('the API contract', () => {
  it('every /api route registers a schema from its definition, with its answers', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(5);
    const hasSchema = (r: (typeof routes)[number]) => Boolean(r.route.schema?.operationId && r.route.schema.response);
    const missing = routes.filter((r) => !hasSchema(r) && !WITHOUT_SCHEMA_YET.has(`${r.method} ${r.url}`)).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
    const done = routes.filter((r) => hasSchema(r) && WITHOUT_SCHEMA_YET.has(`${r.method} ${r.url}`)).map((r) => `${r.method} ${r.url}`);
    expect(done).toEqual([]);
  });

  it('GET /api/openapi.json is public and lists exactly the registered routes', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, Record<string, { operationId?: string }>> }>();
    expect(doc.openapi).toBe('3.1.0');
    const pending = new Set([...WITHOUT_SCHEMA_YET].map((key) => openApiKey(key.split(' ')[0] as string, key.split(' ')[1] as string)));
    const documented = Object.entries(doc.paths)
      .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`))
      .filter((key) => !pending.has(key))
      .sort();
    const registered = [...new Set(apiRoutes().filter((r) => !WITHOUT_SCHEMA_YET.has(`${r.method} ${r.url}`)).map((r) => openApiKey(r.method, r.url)))].sort();
    expect(documented.filter((key) => !registered.includes(key))).toEqual([]);
    expect(registered.filter((key) => !documented.includes(key))).toEqual([]);
    const ids = Object.values(doc.paths).flatMap((operations) => Object.values(operations).flatMap((o) => (o.operationId ? [o.operationId] : [])));
    expect(new Set(ids).size).toBe(ids.length);
  });
});
