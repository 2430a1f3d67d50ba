/**
 * Access by route registration (server/http/access.ts): every spelling of a guarded path that the
 * router accepts must pass the same guard. Sent over a real socket with the raw path, because the
 * bypass lived in the difference between the raw URL and the decoded path the router matched.
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';
import { accessScope, registerAccessControl } from '../../server/http/access';
import type { AppContext } from '../../server/context';

let server: TestServer;
let port: number;
let taskerToken: string;
let newUserId: string;
const STAFF_TOKEN = 'test-staff-token';

beforeAll(async () => {
  server = await startTestServer();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  port = (server.app.server.address() as AddressInfo).port;
  taskerToken = (await server.login('lt@demo.shelfwork.app')).token;
  const row = await server.db.selectFrom('users').select('id').where('status', '=', 'awaiting_approval').executeTakeFirstOrThrow();
  newUserId = row.id;
});
afterAll(async () => {
  await server?.close();
});

interface Answer {
  status: number;
  body: string;
}

/** One request with the path sent exactly as written (no normalisation by the client). */
function raw(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers: { ...headers, ...(body ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } : {}) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Spellings of one canonical path: encoded letters, doubled and dotted segments, case, trailing slash, matrix params. */
function spellings(path: string): string[] {
  const segments = path.split('/').filter(Boolean); // e.g. ['api', 'staff', 'users']
  const out = new Set<string>([path]);
  segments.forEach((segment, i) => {
    if (segment.startsWith(':')) return;
    for (let j = 0; j < segment.length; j += 1) {
      const hex = segment.charCodeAt(j).toString(16);
      for (const code of [hex, hex.toUpperCase()]) {
        const spelled = segment.slice(0, j) + `%${code}` + segment.slice(j + 1);
        out.add('/' + segments.map((s, k) => (k === i ? spelled : s)).join('/'));
      }
    }
    out.add('/' + segments.map((s, k) => (k === i ? s.toUpperCase() : s)).join('/'));
    out.add('/' + segments.map((s, k) => (k === i ? `${s};x` : s)).join('/'));
    out.add('/' + segments.slice(0, i + 1).join('/') + '//' + segments.slice(i + 1).join('/'));
    out.add('/' + segments.slice(0, i).join('/') + (i > 0 ? '/' : '') + './' + segments.slice(i).join('/'));
    out.add('/' + segments.slice(0, i).join('/') + (i > 0 ? '/' : '') + 'x/../' + segments.slice(i).join('/'));
  });
  out.add(`/${path}`);
  out.add(`${path}/`);
  out.add(`${path}?x=1`);
  out.add(`${path}%2F`);
  out.add(`${path}#x`);
  return [...out];
}

const staffRoutes = [
  { method: 'GET', path: '/api/staff/users' },
  { method: 'HEAD', path: '/api/staff/users' },
  { method: 'POST', path: '/api/staff/users/{user}/approve', body: '{}' },
  { method: 'GET', path: '/api/staff/users/{user}' },
  { method: 'POST', path: '/api/staff/users/{user}/trainings/basics/done', body: '{}' },
  { method: 'POST', path: '/api/staff/places', body: '{}' },
  { method: 'POST', path: '/api/staff/tasks', body: '{}' },
  // Added today (documents, money, missions, attendance): the same guard by registration.
  { method: 'GET', path: '/api/staff/users/{user}/documents/x/file' },
  { method: 'GET', path: '/api/staff/payouts' },
  { method: 'GET', path: '/api/staff/payouts/export.csv' },
  { method: 'GET', path: '/api/staff/payouts/export.xml' },
  { method: 'POST', path: '/api/staff/payouts/run', body: '{}' },
  { method: 'POST', path: '/api/staff/payouts/mark-paid', body: '{}' },
  { method: 'POST', path: '/api/staff/payouts/adjustments', body: '{}' },
  { method: 'GET', path: '/api/staff/missions' },
  { method: 'POST', path: '/api/staff/attendance-requests/lapse', body: '{}' },
];
const taskerRoutes = [
  { method: 'GET', path: '/api/user' },
  { method: 'GET', path: '/api/task' },
  { method: 'GET', path: '/api/task/places' },
  { method: 'GET', path: '/api/training' },
  { method: 'GET', path: '/api/task/defects' },
  { method: 'POST', path: '/api/user/set-country', body: '{"countryCode":"PL"}' },
  { method: 'POST', path: '/api/user/identity-document', body: '{"id":"access-test-document"}' },
  // Added today (money, missions, attendance, notifications, support, batch).
  { method: 'GET', path: '/api/payment/my-finances' },
  { method: 'GET', path: '/api/payment/payouts' },
  { method: 'GET', path: '/api/mission/my' },
  { method: 'GET', path: '/api/task/attendance-requests' },
  { method: 'GET', path: '/api/notifications' },
  { method: 'GET', path: '/api/push-notification/subscriptions' },
  { method: 'GET', path: '/api/country/support-contact' },
  { method: 'POST', path: '/api/batch', body: '{"records":[{"id":"r1","method":"POST","path":"user/set-country","idempotencyKey":"access-batch","body":{"countryCode":"PL"}}]}' },
];

describe('every spelling of a guarded path passes its guard', () => {
  it('the canonical staff and tasker paths answer with their tokens (the table can tell guarded from open)', async () => {
    expect((await raw('GET', '/api/staff/users', { authorization: `Bearer ${STAFF_TOKEN}` })).status).toBe(200);
    expect((await raw('GET', '/api/user', { authorization: `Bearer ${taskerToken}` })).status).toBe(200);
  });

  for (const route of staffRoutes) {
    it(`${route.method} ${route.path}: no spelling reaches the staff API without the staff token`, async () => {
      const path = route.path.replace('{user}', newUserId);
      const leaks: string[] = [];
      for (const spelled of spellings(path)) {
        for (const headers of [{}, { authorization: `Bearer ${taskerToken}` }, { authorization: 'Bearer ' }] as Record<string, string>[]) {
          const answer = await raw(route.method, spelled, headers, route.body);
          if ((answer.status >= 200 && answer.status < 300) || answer.body.includes('@demo.shelfwork.app')) leaks.push(`${spelled} → ${answer.status}`);
        }
      }
      expect(leaks).toEqual([]);
    });
  }

  for (const route of taskerRoutes) {
    it(`${route.method} ${route.path}: no spelling reaches a tasker route without a valid access token`, async () => {
      const leaks: string[] = [];
      for (const spelled of spellings(route.path)) {
        for (const headers of [{}, { authorization: 'Bearer not-a-token' }, { authorization: `Bearer ${STAFF_TOKEN}` }] as Record<string, string>[]) {
          const answer = await raw(route.method, spelled, headers, route.body);
          if (answer.status >= 200 && answer.status < 300 && answer.body.trimStart().startsWith('{')) leaks.push(`${spelled} → ${answer.status}`);
        }
      }
      expect(leaks).toEqual([]);
    });
  }

  it('nothing was changed by the refused staff calls (the awaiting user is still awaiting approval)', async () => {
    const row = await server.db.selectFrom('users').select('status').where('id', '=', newUserId).executeTakeFirstOrThrow();
    expect(row.status).toBe('awaiting_approval');
    expect(await server.db.selectFrom('user_events').select('kind').where('user_id', '=', newUserId).where('actor', '!=', 'tasker').execute()).toEqual([]);
    expect(await server.db.selectFrom('user_documents').select('id').where('id', '=', 'access-test-document').execute()).toEqual([]);
  });
});

describe('routes must be registered in an access scope', () => {
  const ctx = { config: { staffToken: 'x' }, tokens: {}, clock: { now: () => new Date() } } as unknown as AppContext;

  it('an /api route registered outside any scope stops the app from starting', async () => {
    const app = Fastify();
    registerAccessControl(app, ctx);
    app.get('/api/forgotten', async () => ({ secret: true }));
    await expect(app.ready()).rejects.toThrow(/without an access scope: GET \/api\/forgotten/);
  });

  it('a scoped route starts, and its guard runs for it', async () => {
    const app = Fastify();
    registerAccessControl(app, ctx);
    await app.register(
      accessScope('staff', (scope) => {
        scope.get('/api/staff/thing', { config: { roles: [] } }, async () => ({ ok: true }));
      }),
    );
    await app.ready();
    expect((await app.inject({ method: 'GET', url: '/api/st%61ff/thing' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/staff/thing', headers: { authorization: 'Bearer x' } })).statusCode).toBe(200);
    await app.close();
  });

  it('a staff route that names no roles refuses to start', async () => {
    const app = Fastify();
    registerAccessControl(app, ctx);
    await app.register(
      accessScope('staff', (scope) => {
        scope.get('/api/staff/roleless', async () => ({ ok: true }));
      }),
    );
    await expect(app.ready()).rejects.toThrow(/without roles: GET \/api\/staff\/roleless/);
    await app.close().catch(() => undefined);
  });
});
