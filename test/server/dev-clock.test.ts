/**
 * POST /api/staff/dev/clock is test-only: registered only outside production and only on an
 * OffsetClock (server/devClock.ts). In production (or on any other clock) it does not exist, and
 * neither does the dev mailbox; where it exists it takes the staff token and a bounded offset.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { startTestServer, type TestServer } from './helpers';
import { buildApp } from '../../server/app';
import { OffsetClock } from '../../server/clock';

let server: TestServer;
const apps: FastifyInstance[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
  await server?.close();
});

async function appWith(production: boolean, clock: OffsetClock | undefined): Promise<{ app: FastifyInstance; clock: OffsetClock | undefined }> {
  const { app } = await buildApp({ db: server.db, config: { ...server.config, production, ...(production ? { smtpUrl: 'smtp://127.0.0.1:1' } : {}) }, ...(clock ? { clock } : {}) });
  apps.push(app);
  return { app, clock };
}

const STAFF = { authorization: 'Bearer test-staff-token', 'content-type': 'application/json' };

describe('the dev clock route', () => {
  it('outside production on an OffsetClock: staff only, bounded, moves the API clock', async () => {
    const { app, clock } = await appWith(false, new OffsetClock());
    const tasker = (await server.login('lt@demo.shelfwork.app')).token;
    expect((await app.inject({ method: 'POST', url: '/api/staff/dev/clock', headers: { 'content-type': 'application/json' }, payload: '{"offsetMs":1000}' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/api/staff/dev/clock', headers: { authorization: `Bearer ${tasker}`, 'content-type': 'application/json' }, payload: '{"offsetMs":1000}' })).statusCode).toBe(401);
    for (const payload of ['{"offsetMs":"1000"}', '{"offsetMs":1e308}', '{"offsetMs":1.5}', '[]', 'null', `{"offsetMs":${61 * 24 * 3600_000}}`]) {
      expect((await app.inject({ method: 'POST', url: '/api/staff/dev/clock', headers: STAFF, payload })).statusCode, payload).toBe(400);
    }
    expect(clock?.offsetMs).toBe(0);
    const res = await app.inject({ method: 'POST', url: '/api/staff/dev/clock', headers: STAFF, payload: '{"offsetMs":3600000}' });
    expect(res.statusCode).toBe(200);
    expect(clock?.offsetMs).toBe(3_600_000);
  });

  it('in production (even on an OffsetClock) the route and the dev mailbox do not exist', async () => {
    const { app, clock } = await appWith(true, new OffsetClock());
    const res = await app.inject({ method: 'POST', url: '/api/staff/dev/clock', headers: STAFF, payload: '{"offsetMs":3600000}' });
    expect(res.statusCode).toBe(404);
    expect(clock?.offsetMs).toBe(0);
    expect((await app.inject({ method: 'GET', url: '/api/dev/mailbox?email=lt@demo.shelfwork.app' })).statusCode).toBe(404);
  });

  it('on a clock that is not an OffsetClock (the tests, the system clock) the route does not exist', async () => {
    const res = await server.app.inject({ method: 'POST', url: '/api/staff/dev/clock', headers: STAFF, payload: '{"offsetMs":3600000}' });
    expect(res.statusCode).toBe(404);
  });
});
