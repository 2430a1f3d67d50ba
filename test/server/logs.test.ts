/**
 * The JSON log of a run: sign-in by e-mail code, a profile with a phone and an IBAN, a push
 * queued by a staff review and delivered by the push job, and a job run — captured whole and
 * searched for the e-mail, the phone, the IBAN, the name, the code and the tokens used: none may
 * appear. Every line is JSON; request lines carry the request id (the client's X-Request-Id when
 * sane), which the answer returns; the push delivery's line names the request that queued it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { startTestServer, type TestServer } from './helpers';
import { createTask } from './lifecycle-fixtures';
import { makeTasker } from './money-helpers';
import { buildApp } from '../../server/app';
import { resolveVapidKeys, sendDuePushes } from '../../server/notifications/push';
import { startIntervalJob } from '../../server/jobs/runner';
import { inJobRun, jobLog } from '../../server/observability/log';
import { notificationsDb } from '../../server/notifications/tables';

let server: TestServer;
let app: FastifyInstance;
const lines: string[] = [];
beforeAll(async () => {
  server = await startTestServer();
  // The suite's app with the JSON log on, into `lines`.
  ({ app } = await buildApp({ db: server.db, config: server.config, clock: server.clock, log: () => {}, checkResponses: true, logger: { level: 'info', stream: { write: (line) => void lines.push(line) } } }));
});
afterAll(async () => {
  await app?.close();
  await server?.close();
});

const call = (options: InjectOptions, requestId?: string, token?: string) =>
  app.inject({ ...options, headers: { ...(options.headers ?? {}), ...(requestId ? { 'x-request-id': requestId } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) } });

interface Line {
  requestId?: string;
  route?: string;
  status?: number;
  job?: string;
  runId?: string;
  outcome?: string;
  msg: string;
}

describe('the JSON log', () => {
  it('names requests, job runs and push deliveries by id, and holds no personal data', async () => {
    const tasker = await makeTasker(server.db, { country: 'LT', firstName: 'Ona', lastName: 'Petraitė', iban: 'LT601010012345678901' });
    // Sign in by e-mail code (the code read from the dev mailbox, by a URL with the address in it).
    const sent = await call({ method: 'POST', url: '/api/auth/send-email-code', payload: { email: tasker.email } }, 'logs-send-code');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.headers['x-request-id']).toBe('logs-send-code');
    const mailbox = await call({ method: 'GET', url: `/api/dev/mailbox?email=${encodeURIComponent(tasker.email)}` });
    const code = mailbox.json<{ messages: { code: string | null }[] }>().messages.at(-1)?.code as string;
    expect(code).toMatch(/^\d{6}$/);
    const login = await call({ method: 'POST', url: '/api/auth/login', payload: { email: tasker.email, code, type: 'email' } });
    expect(login.statusCode, login.body).toBe(200);
    const { token, refreshToken } = login.json<{ token: string; refreshToken: string }>();
    const refreshed = await call({ method: 'POST', url: '/api/auth/token', payload: { refreshToken } });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    // A profile with a phone (the approved account's IBAN is answered with it).
    const profile = { firstName: 'Ona', lastName: 'Petraitė', phone: '+370 612 34567', address: 'Gedimino pr. 1, Vilnius' };
    const saved = await call({ method: 'POST', url: '/api/user', payload: profile }, 'logs-profile', token);
    expect(saved.statusCode, saved.body).toBe(200);
    const iban = saved.json<{ iban: string | null }>().iban;
    expect(iban).toBeTruthy();
    // A push: the tasker's browser subscribes, a staff review notifies them, the push job delivers.
    const endpoint = 'https://fcm.googleapis.com/fcm/send/logs-test-device-secret';
    const subscription = { endpoint, expirationTime: null, keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' } };
    expect((await call({ method: 'POST', url: '/api/push-notification/subscription', payload: subscription }, undefined, token)).statusCode).toBe(200);
    const task = await createTask(server, { start: '2026-03-10T08:00:00Z', end: '2026-03-10T16:00:00Z' });
    await server.db.updateTable('tasks').set({ status: 'awaiting_confirmation', tasker_id: tasker.id }).where('id', '=', task.id).execute();
    // Only this review's push is due (not the demo data's).
    await notificationsDb(server.db).deleteFrom('push_deliveries').execute();
    const accepted = await call({ method: 'POST', url: `/api/staff/tasks/${task.id}/accept`, payload: {}, headers: { authorization: 'Bearer test-staff-token' } }, 'logs-staff-accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    const keys = await resolveVapidKeys(server.db, null);
    const pushed = await inJobRun('push', () =>
      sendDuePushes(server.db, server.clock.now(), keys, {
        destinations: { allowLocal: false, allowedHosts: null },
        resolve: async () => [{ address: '142.250.74.106', family: 4 as const }],
        fetch: async () => ({ status: 201 }),
      }),
    );
    expect(pushed.sent).toBe(1);
    // A job run.
    await new Promise<void>((resolve) => void startIntervalJob('logs-test', async () => jobLog('[logs-test] ran'), jobLog, 3_600_000).stop().then(resolve));

    const parsed = lines.map((line) => JSON.parse(line) as Line);
    const text = lines.join('');
    for (const secret of [tasker.email, tasker.email.split('@')[0] as string, code, token, refreshToken, '612 34567', '61234567', iban as string, 'Petraitė', 'Gedimino', endpoint, 'logs-test-device-secret', 'test-staff-token']) {
      expect(text, `the log holds ${secret}`).not.toContain(secret);
    }
    expect(parsed.find((l) => l.requestId === 'logs-send-code')).toMatchObject({ route: '/api/auth/send-email-code', status: 200, msg: 'request' });
    expect(parsed.find((l) => l.requestId === 'logs-profile')).toMatchObject({ route: '/api/user', status: 200 });
    const deliveries = parsed.filter((l) => l.msg === 'push delivery');
    expect(deliveries).toHaveLength(pushed.sent);
    for (const l of deliveries) expect(l).toMatchObject({ requestId: 'logs-staff-accept', outcome: 'sent', job: 'push' });
    const ran = parsed.find((l) => l.msg === '[logs-test] ran');
    expect(ran?.runId).toMatch(/^job-logs-test-[0-9a-f]{12}$/);
    expect(ran).toMatchObject({ job: 'logs-test', requestId: ran?.runId });
    // Every request line has an id; one the client did not send is generated.
    const requests = parsed.filter((l) => l.msg === 'request');
    expect(requests).toHaveLength(7);
    for (const l of requests) expect(l.requestId).toBeTruthy();
  });

  it('takes a sane X-Request-Id only, and returns the one it used', async () => {
    for (const bad of ['has space', 'a@b.example', 'x'.repeat(101), '-leading-dash', 'semi;colon']) {
      const res = await call({ method: 'GET', url: '/api/health' }, bad);
      expect(res.headers['x-request-id'], bad).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    }
    for (const good of ['abc', 'req-1.2:3_4', 'a'.repeat(100)]) expect((await call({ method: 'GET', url: '/api/health' }, good)).headers['x-request-id']).toBe(good);
    const generated = await call({ method: 'GET', url: '/api/health' });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
