/**
 * Every registered /api route (enumerated from the app itself, so a route added later is covered
 * without touching this file) gets a battery of bad input — wrong JSON types, arrays, null, huge
 * strings, unicode, numbers as strings, unknown ids in the path, wrong content types — with a
 * tasker token (a staff token on staff routes). No answer may be a 5xx, every refusal uses the
 * error format, and a route whose every answer was a refusal must leave the database unchanged
 * (idempotency rows and the auth throttle excepted: a refusal is recorded there by design).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as FastifyModule from 'fastify';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from './helpers';
import type { ApiErrorBody } from '#domain/types';

const seen = vi.hoisted(() => ({ routes: [] as RouteOptions[] }));

// Wrap the Fastify factory so every route the app registers is recorded (method, url, access).
vi.mock('fastify', async (importOriginal) => {
  const mod = await importOriginal<typeof FastifyModule>();
  const factory = ((opts?: unknown) => {
    const app = (mod.default as unknown as (o?: unknown) => FastifyInstance)(opts);
    app.addHook('onRoute', (route: RouteOptions) => {
      seen.routes.push(route); // the object itself: the access scope's own onRoute hook stamps its config after this one
    });
    return app;
  }) as unknown as typeof mod.default;
  return { ...mod, default: factory, fastify: factory };
});

/** Tables a refusal may legitimately write to. */
const VOLATILE_TABLES = new Set(['idempotency_keys', 'auth_throttle', 'auth_attempts']);

let server: TestServer;
let taskerToken: string;
beforeAll(async () => {
  server = await startTestServer({ bodyLimitBytes: 1024 * 1024 });
  taskerToken = (await server.login('lt@demo.shelfwork.app')).token;
});
afterAll(async () => {
  await server?.close();
});

async function digest(): Promise<string> {
  const tables = await sql<{ table_name: string }>`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`.execute(server.db);
  const parts: string[] = [];
  for (const { table_name: name } of tables.rows) {
    if (VOLATILE_TABLES.has(name) || name.startsWith('kysely_')) continue;
    const row = await sql<{ d: string | null }>`SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS d FROM ${sql.table(name)} t`.execute(server.db);
    parts.push(`${name}:${row.rows[0]?.d ?? '-'}`);
  }
  return parts.join('\n');
}

const UNKNOWN_IDS = ['00000000-0000-4000-8000-000000000000', 'no-such-id', '%F0%9F%92%A9', "'%20OR%201=1", '..%2F..%2Fetc%2Fpasswd', '9'.repeat(40)];

const BAD_BODIES: { name: string; payload: string; contentType?: string }[] = [
  { name: 'malformed JSON', payload: '{"a": ' },
  { name: 'empty body', payload: '' },
  { name: 'array', payload: '[{"id":"x"}]' },
  { name: 'null', payload: 'null' },
  { name: 'string', payload: '"hello"' },
  { name: 'number', payload: '1e999' },
  { name: 'true', payload: 'true' },
  { name: 'every common field an object', payload: JSON.stringify(Object.fromEntries(['id', 'ids', 'taskId', 'userId', 'kind', 'status', 'comment', 'reason', 'reasons', 'amount', 'amountCents', 'endpoint', 'keys', 'subscription', 'message', 'subject', 'text', 'email', 'records', 'offsetMs', 'week', 'from', 'to', 'country', 'countryCode', 'answers', 'latitude', 'longitude', 'seen', 'notificationIds', 'missionId', 'payoutId'].map((k) => [k, {}]))) },
  { name: 'every common field an array', payload: JSON.stringify(Object.fromEntries(['id', 'taskId', 'kind', 'status', 'comment', 'reason', 'amount', 'endpoint', 'keys', 'subscription', 'message', 'records', 'offsetMs', 'week', 'answers', 'latitude'].map((k) => [k, [[1]]]))) },
  { name: 'numbers as strings', payload: JSON.stringify({ amount: '10', amountCents: '1000', offsetMs: '1', latitude: '54.1', longitude: '25.2', expectedDuration: '60', reward: '5', week: '1', first: '10' }) },
  { name: 'strings as numbers', payload: JSON.stringify({ id: 1, taskId: 2, kind: 3, status: 4, comment: 5, endpoint: 6, email: 7, countryCode: 8, subject: 9, message: 10 }) },
  { name: 'huge numbers', payload: '{"amount":1e308,"amountCents":123456789012345678901234567890,"offsetMs":-1e308,"latitude":1e308,"week":1e308}' },
  { name: 'huge strings', payload: JSON.stringify({ id: 'i'.repeat(50_000), comment: 'c'.repeat(200_000), message: 'm'.repeat(200_000), endpoint: `https://${'e'.repeat(50_000)}`, subject: 's'.repeat(50_000), email: `${'a'.repeat(5000)}@x.com` }) },
  { name: 'unicode and NUL', payload: JSON.stringify({ id: '\ud800', comment: 'a\u0000b', message: '\u202e\ufeff😀', endpoint: 'https://exa\u0000mple.com', email: 'ä@ö.ü' }) },
  { name: 'unknown ids', payload: JSON.stringify({ id: 'no-such-id', taskId: '00000000-0000-4000-8000-000000000000', userId: 'no-such-user', notificationIds: ['nope'], ids: ['nope'], missionId: 'x', payoutId: 'x' }) },
  { name: 'prototype pollution', payload: '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}' },
  { name: 'text/plain content type', payload: '{"id":"x"}', contentType: 'text/plain' },
  { name: 'form content type', payload: 'id=x', contentType: 'application/x-www-form-urlencoded' },
  { name: 'multipart content type', payload: '--b\r\nContent-Disposition: form-data; name="x"\r\n\r\ny\r\n--b--\r\n', contentType: 'multipart/form-data; boundary=b' },
  { name: 'octet-stream content type', payload: 'xyz', contentType: 'application/octet-stream' },
];

const BAD_QUERIES = ['first=abc', 'first=-1', 'first=1e999', 'after=garbage!!', `after=${'A'.repeat(5000)}`, 'status=%00', 'id=%F0%9F%92%A9', 'week=abc', 'from=yesterday&to=9999-99-99', 'country=ZZ', 'latitude=NaN&longitude=Infinity', 'a=1&a=2', `search=${'x'.repeat(5000)}`];

function expectNo5xx(res: { statusCode: number; body: string; headers: Record<string, unknown> }, what: string): void {
  expect(res.statusCode, `${what} → ${res.statusCode} ${res.body.slice(0, 200)}`).toBeLessThan(500);
  if (res.statusCode >= 400 && String(res.headers['content-type'] ?? '').includes('json')) {
    const body = JSON.parse(res.body) as ApiErrorBody;
    expect(typeof body.error?.code, `${what}: error format`).toBe('string');
    expect(typeof body.error?.message, `${what}: error format`).toBe('string');
  }
}

function fill(url: string, id: string): string {
  return url.replace(/:[A-Za-z0-9_]+/g, id).replace(/\*/g, id);
}

function apiRoutes() {
  const unique = new Map<string, { method: string; url: string; access: string | undefined }>();
  for (const route of seen.routes) {
    for (const m of [route.method].flat()) {
      const method = String(m);
      if (route.url.startsWith('/api') && method !== 'HEAD' && method !== 'OPTIONS') unique.set(`${method} ${route.url}`, { method, url: route.url, access: route.config?.access });
    }
  }
  return [...unique.values()];
}

function auth(access: string | undefined): Record<string, string> {
  if (access === 'staff') return { authorization: 'Bearer test-staff-token' };
  if (access === 'tasker') return { authorization: `Bearer ${taskerToken}` };
  return {};
}

describe('bad input at every registered /api route', () => {
  it('enumerates the routes from the app', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.filter((r) => !r.access).map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('never answers a 5xx to a bad body, and a refused write changes nothing', async () => {
    const writes = apiRoutes().filter((r) => r.method !== 'GET');
    let before = await digest();
    for (const route of writes) {
      let allRefused = true;
      // Three unknown ids per write route keep the battery within seconds; reads get them all.
      for (const id of route.url.includes(':') || route.url.includes('*') ? UNKNOWN_IDS.slice(0, 3) : ['-']) {
        const url = fill(route.url, id);
        for (const body of BAD_BODIES) {
          const res = await server.app.inject({
            method: route.method as 'POST',
            url,
            headers: { ...auth(route.access), 'content-type': body.contentType ?? 'application/json', 'idempotency-key': `bad-${Math.random()}` },
            payload: body.payload,
          });
          expectNo5xx(res, `${route.method} ${url} with ${body.name}`);
          if (res.statusCode < 400) allRefused = false;
        }
      }
      const after = await digest();
      if (allRefused) expect(after, `${route.method} ${route.url}: refused writes changed the database`).toBe(before);
      before = after;
    }
  }, 240_000);

  it('never answers a 5xx to bad query strings or unknown ids on GET routes', async () => {
    const reads = apiRoutes().filter((r) => r.method === 'GET');
    for (const route of reads) {
      for (const id of route.url.includes(':') || route.url.includes('*') ? UNKNOWN_IDS : ['-']) {
        const url = fill(route.url, id);
        for (const query of ['', ...BAD_QUERIES]) {
          const res = await server.app.inject({ method: 'GET', url: query ? `${url}?${query}` : url, headers: auth(route.access) });
          expectNo5xx(res, `GET ${url}?${query}`);
        }
      }
    }
  }, 120_000);
});
