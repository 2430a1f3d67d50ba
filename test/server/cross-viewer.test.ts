/**
 * Per viewer: every tasker route that takes an id (enumerated from the app, so a later route is
 * covered) is called by a tasker who owns nothing, with ids that belong to other taskers — their
 * reserved/started/done tasks, photos, documents, notifications, attendance requests, payouts,
 * mission assignments. Nothing may answer 2xx (no data of theirs, no effect on it), and the
 * database stays as it was.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as FastifyModule from 'fastify';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from './helpers';

const seen = vi.hoisted(() => ({ routes: [] as RouteOptions[] }));
vi.mock('fastify', async (importOriginal) => {
  const mod = await importOriginal<typeof FastifyModule>();
  const factory = ((opts?: unknown) => {
    const app = (mod.default as unknown as (o?: unknown) => FastifyInstance)(opts);
    app.addHook('onRoute', (route: RouteOptions) => {
      seen.routes.push(route);
    });
    return app;
  }) as unknown as typeof mod.default;
  return { ...mod, default: factory, fastify: factory };
});

let server: TestServer;
let viewer: string;
let viewerToken: string;
const foreign: { ids: string[]; emails: string[] } = { ids: [], emails: [] };

beforeAll(async () => {
  server = await startTestServer();
  // The viewer: an approved LT tasker (the owner of the foreign rows is anyone else).
  const me = await server.login('lt@demo.shelfwork.app');
  viewerToken = me.token;
  viewer = (await server.request({ method: 'GET', url: '/api/user', token: viewerToken })).json<{ id: string }>().id;
  const q = async (text: string) => (await sql<{ id: string }>`${sql.raw(text)}`.execute(server.db)).rows.map((r) => r.id);
  const others = `user_id <> '${viewer.replace(/'/g, "''")}'`;
  foreign.ids = [
    ...(await q(`SELECT id FROM tasks WHERE tasker_id IS NOT NULL AND tasker_id <> '${viewer.replace(/'/g, "''")}' ORDER BY id LIMIT 12`)),
    ...(await q(`SELECT id FROM photos WHERE task_id IN (SELECT id FROM tasks WHERE tasker_id <> '${viewer.replace(/'/g, "''")}') ORDER BY id LIMIT 4`)),
    ...(await q(`SELECT id FROM user_documents WHERE ${others} ORDER BY id LIMIT 4`)),
    ...(await q(`SELECT id FROM notifications WHERE ${others} ORDER BY id LIMIT 4`)),
    ...(await q(`SELECT id FROM attendance_requests WHERE ${others} ORDER BY id LIMIT 4`)),
    ...(await q(`SELECT id FROM payouts WHERE ${others} ORDER BY id LIMIT 4`)),
  ];
  foreign.emails = (await q(`SELECT email AS id FROM users WHERE id <> '${viewer.replace(/'/g, "''")}' AND email IS NOT NULL`)).filter(Boolean);
});
afterAll(async () => {
  await server?.close();
});

async function digest(): Promise<string> {
  const tables = await sql<{ table_name: string }>`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name NOT IN ('idempotency_keys', 'rate_limit_events') ORDER BY table_name`.execute(server.db);
  const parts: string[] = [];
  for (const { table_name: name } of tables.rows) {
    const row = await sql<{ d: string | null }>`SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS d FROM ${sql.table(name)} t`.execute(server.db);
    parts.push(`${name}:${row.rows[0]?.d ?? '-'}`);
  }
  return parts.join('\n');
}

describe("another tasker's ids", () => {
  it('the seed gives other taskers rows to aim at', () => {
    expect(foreign.ids.length).toBeGreaterThan(5);
  });

  it('no tasker route with an id answers 2xx for an id of someone else, or changes anything', async () => {
    const routes = seen.routes.filter((r) => r.config?.access === 'tasker' && r.url.includes('/:'));
    expect(routes.length).toBeGreaterThan(10);
    const before = await digest();
    const leaks: string[] = [];
    for (const route of routes) {
      for (const m of [route.method].flat()) {
        const method = String(m);
        if (method === 'HEAD') continue;
        for (const id of foreign.ids) {
          // Every parameter gets the foreign id; for two-parameter routes also a foreign task with a foreign photo.
          const urls = new Set([route.url.replace(/:[A-Za-z0-9_]+/g, id)]);
          const res = [];
          for (const url of urls) {
            res.push(
              await server.app.inject({
                method: method as 'GET',
                url,
                headers: { authorization: `Bearer ${viewerToken}`, 'idempotency-key': `cross-${Math.random()}`, ...(method === 'GET' ? {} : { 'content-type': 'application/json' }) },
                ...(method === 'GET' ? {} : { payload: JSON.stringify({ answer: true, isPresent: true, photoIds: [id], ids: [id], items: [] }) }),
              }),
            );
          }
          for (const r of res) {
            const leaked = foreign.emails.find((e) => r.body.includes(e));
            if (r.statusCode < 300) leaks.push(`${method} ${route.url} (${id}) → ${r.statusCode}`);
            if (leaked) leaks.push(`${method} ${route.url} (${id}) → ${r.statusCode} shows ${leaked}`);
          }
        }
      }
    }
    expect(leaks).toEqual([]);
    expect(await digest()).toBe(before);
  }, 120_000);
});
