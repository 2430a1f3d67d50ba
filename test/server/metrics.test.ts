/**
 * GET /metrics: absent (404, nothing collected) without METRICS_TOKEN; with it, only for its
 * bearer; requests labelled by route pattern (never the raw URL), outbox records by kind and
 * outcome (a batch's counted once it commits), batch sizes, job runs, the pool and the process.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { startTestServer, type TestServer } from './helpers';
import { jpegBytes, taskInStatus } from './execution-fixtures';
import { buildApp } from '../../server/app';
import { startIntervalJob } from '../../server/jobs/runner';
import { metricsEnabled, metricsText } from '../../server/observability/metrics';
import { queuePush, resolveVapidKeys, sendDuePushes } from '../../server/notifications/push';
import { notificationsDb } from '../../server/notifications/tables';

const TOKEN = 'metrics-test-token';
let server: TestServer;
/** The same app with METRICS_TOKEN set, on the suite server's database. */
let app: FastifyInstance;
let whileOff: { status: number; enabled: boolean; text: unknown };
beforeAll(async () => {
  server = await startTestServer();
  // Before any app with a token exists in this process.
  whileOff = { status: (await server.request({ method: 'GET', url: '/metrics', token: TOKEN })).statusCode, enabled: metricsEnabled(), text: await metricsText() };
  ({ app } = await buildApp({ db: server.db, config: { ...server.config, metricsToken: TOKEN }, clock: server.clock, log: () => {}, checkResponses: true }));
});
afterAll(async () => {
  await app?.close();
  await server?.close();
});

function request(options: InjectOptions & { token?: string }) {
  const { token, headers, ...rest } = options;
  return app.inject({ ...rest, headers: { ...(headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) } });
}

async function scrape(): Promise<string> {
  const res = await request({ method: 'GET', url: '/metrics', token: TOKEN });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('text/plain');
  return res.body;
}

/** The value of one sample (`name{labels} value`), 0 when absent; labels in any order. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = (match[2] ?? '').split(',').filter(Boolean);
    if (wanted.every((w) => have.includes(w)) && have.length === wanted.length) return Number(match[3]);
  }
  return 0;
}

describe('GET /metrics', () => {
  it('is absent without METRICS_TOKEN, and collects nothing', async () => {
    expect(whileOff).toEqual({ status: 404, enabled: false, text: null });
    // The app without a token still has no such route while another app of the process has metrics on.
    expect((await server.request({ method: 'GET', url: '/metrics', token: TOKEN })).statusCode).toBe(404);
    expect(metricsEnabled()).toBe(true);
  });

  it('answers only the METRICS_TOKEN bearer', async () => {
    expect((await request({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    expect((await request({ method: 'GET', url: '/metrics', token: 'wrong' })).statusCode).toBe(401);
    expect((await request({ method: 'GET', url: '/metrics', token: `${TOKEN}x` })).statusCode).toBe(401);
    expect((await request({ method: 'GET', url: '/metrics', headers: { authorization: TOKEN } })).statusCode).toBe(401);
    await scrape();
  });

  it('labels requests by route pattern and status class, never the raw URL; every unmatched URL is one label', async () => {
    const { taskId, tasker } = await taskInStatus(server);
    const before = await scrape();
    const labels = { method: 'GET', route: '/api/task/:taskId', status_class: '2xx' };
    expect((await request({ method: 'GET', url: `/api/task/${taskId}`, token: tasker.token })).statusCode).toBe(200);
    expect((await request({ method: 'GET', url: '/api/no-such-route/secret-42' })).statusCode).toBe(404);
    const after = await scrape();
    expect(sample(after, 'shelfwork_http_requests_total', labels) - sample(before, 'shelfwork_http_requests_total', labels)).toBe(1);
    expect(sample(after, 'shelfwork_http_requests_total', { method: 'GET', route: 'unmatched', status_class: '4xx' })).toBeGreaterThan(0);
    expect(sample(after, 'shelfwork_http_request_duration_seconds_count', { method: 'GET', route: '/api/task/:taskId' })).toBeGreaterThan(0);
    expect(after).not.toContain(taskId);
    expect(after).not.toContain('secret-42');
  });

  it('counts a batch by record kind and outcome, and its size', async () => {
    const { taskId, tasker } = await taskInStatus(server);
    const record = (ids: string[], key = randomUUID()) => ({ id: key, queue: taskId, method: 'POST', path: `task/${taskId}/done-checklist-items`, body: { ids }, idempotencyKey: key });
    const items = (await request({ method: 'GET', url: `/api/task/${taskId}/checklist-items`, token: tasker.token })).json<{ data: { id: string }[] }>().data;
    const first = record([items[0]?.id as string]);
    const send = (records: unknown[]) =>
      request({ method: 'POST', url: '/api/batch', token: tasker.token, headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ records }) });
    const count = (text: string, outcome: string) => sample(text, 'shelfwork_outbox_records_total', { kind: 'setDoneChecklistItems', outcome });
    const before = await scrape();
    expect((await send([first, record(['not-an-item']), record([])])).statusCode).toBe(200);
    expect((await send([first])).statusCode).toBe(200);
    const after = await scrape();
    expect(count(after, 'delivered') - count(before, 'delivered')).toBe(2);
    expect(count(after, 'refused') - count(before, 'refused')).toBe(1);
    expect(count(after, 'replayed') - count(before, 'replayed')).toBe(1);
    expect(sample(after, 'shelfwork_batch_records_count') - sample(before, 'shelfwork_batch_records_count')).toBe(2);
    expect(sample(after, 'shelfwork_batch_records_sum') - sample(before, 'shelfwork_batch_records_sum')).toBe(4);
    // The records inside the batch are not requests of their own.
    expect(sample(after, 'shelfwork_http_requests_total', { method: 'POST', route: '/api/task/:taskId/done-checklist-items', status_class: '2xx' })).toBe(0);
  });

  it('counts a batch segment that is rolled back and run again once, as it was finally answered', async () => {
    // A scan list the database refuses (a trigger) fails the segment's deferred write: the segment
    // is rolled back and run again record by record (server/http/batch.ts). Its first run answered
    // every record; only the second run's answers count.
    const { taskId, tasker } = await taskInStatus(server);
    const other = (await taskInStatus(server, { tasker })).taskId;
    const items = (await request({ method: 'GET', url: `/api/task/${taskId}/checklist-items`, token: tasker.token })).json<{ data: { id: string }[] }>().data;
    const record = (task: string, path: string, body: unknown) => {
      const key = randomUUID();
      return { id: key, queue: task, method: 'POST', path: `task/${task}/${path}`, body, idempotencyKey: key };
    };
    const scans = (task: string, eans: string[]) => record(task, 'scanned-items', { items: eans.map((ean) => ({ id: randomUUID(), ean, facings: 1, timestamp: server.clock.now().toISOString() })) });
    await sql`CREATE FUNCTION metrics_test_refuse_scan() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.ean = '5901234123457' THEN RAISE EXCEPTION 'refused by the test'; END IF; RETURN NEW; END $$`.execute(server.db);
    await sql`CREATE TRIGGER metrics_test_refuse_scan BEFORE INSERT ON scanned_items FOR EACH ROW EXECUTE FUNCTION metrics_test_refuse_scan()`.execute(server.db);
    const count = (text: string, kind: string, outcome: string) => sample(text, 'shelfwork_outbox_records_total', { kind, outcome });
    try {
      const before = await scrape();
      const records = [scans(taskId, ['4006381333931']), record(taskId, 'done-checklist-items', { ids: [items[0]?.id] }), scans(taskId, ['4006381333931', '5901234123457']), scans(other, ['4006381333931'])];
      const res = await request({ method: 'POST', url: '/api/batch', token: tasker.token, headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ records }) });
      expect(res.json<{ results: { status: number }[] }>().results.map((r) => r.status)).toEqual([200, 200, 500, 200]);
      const after = await scrape();
      expect(count(after, 'replaceScannedItems', 'delivered') - count(before, 'replaceScannedItems', 'delivered')).toBe(2);
      expect(count(after, 'setDoneChecklistItems', 'delivered') - count(before, 'setDoneChecklistItems', 'delivered')).toBe(1);
      expect(count(after, 'replaceScannedItems', 'failed') - count(before, 'replaceScannedItems', 'failed')).toBe(1);
    } finally {
      await sql`DROP TRIGGER metrics_test_refuse_scan ON scanned_items`.execute(server.db);
      await sql`DROP FUNCTION metrics_test_refuse_scan()`.execute(server.db);
    }
  });

  it('counts the bytes of photos uploaded through the API: a PUT, and tus chunks', async () => {
    const { taskId, tasker } = await taskInStatus(server);
    const created = await request({ method: 'POST', url: `/api/task/${taskId}/photos`, token: tasker.token, headers: { 'idempotency-key': randomUUID() }, payload: { photos: [{ id: randomUUID() }] } });
    expect(created.statusCode, created.body).toBe(200);
    const target = created.json<{ data: { presignedUrl: string }[] }>().data[0];
    const before = await scrape();
    const put = await request({ method: 'PUT', url: target?.presignedUrl as string, headers: { 'content-type': 'image/jpeg' }, payload: jpegBytes(30_000) });
    expect(put.statusCode, put.body).toBe(200);
    const after = await scrape();
    expect(sample(after, 'shelfwork_upload_bytes_total', { via: 'put' }) - sample(before, 'shelfwork_upload_bytes_total', { via: 'put' })).toBe(30_000);
    // The upload URL carries a signed token: only its pattern is a label.
    expect(after).toContain('route="/api/uploads/*"');
    expect(after).not.toContain((target?.presignedUrl as string).split('/').at(-1));

    // A resumable (tus) upload in two chunks: counted as tus once, not again when it completes.
    const second = await request({ method: 'POST', url: `/api/task/${taskId}/photos`, token: tasker.token, headers: { 'idempotency-key': randomUUID() }, payload: { photos: [{ id: randomUUID() }] } });
    const { token } = second.json<{ data: { tus: { token: string } }[] }>().data[0]?.tus as { token: string };
    const tus = { 'tus-resumable': '1.0.0' };
    const metadata = `filetype ${Buffer.from('image/jpeg').toString('base64')},token ${Buffer.from(token).toString('base64')}`;
    const made = await request({ method: 'POST', url: '/api/uploads/tus', headers: { ...tus, 'upload-length': '20000', 'upload-metadata': metadata } });
    expect(made.statusCode, made.body).toBe(201);
    const bytes = jpegBytes(20_000);
    for (const offset of [0, 10_000]) {
      const chunk = await request({ method: 'PATCH', url: made.headers.location as string, headers: { ...tus, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }, payload: bytes.subarray(offset, offset + 10_000) });
      expect(chunk.statusCode, chunk.body).toBeLessThan(300);
    }
    const end = await scrape();
    expect(sample(end, 'shelfwork_upload_bytes_total', { via: 'tus' }) - sample(after, 'shelfwork_upload_bytes_total', { via: 'tus' })).toBe(20_000);
    expect(sample(end, 'shelfwork_upload_bytes_total', { via: 'put' })).toBe(sample(after, 'shelfwork_upload_bytes_total', { via: 'put' }));
  });

  it('counts push deliveries by outcome', async () => {
    const { tasker } = await taskInStatus(server);
    await notificationsDb(server.db).deleteFrom('push_deliveries').execute();
    const sub = (n: number) => ({ endpoint: `https://fcm.googleapis.com/fcm/send/metrics-${n}`, expirationTime: null, keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' } });
    for (const n of [1, 2]) expect((await request({ method: 'POST', url: '/api/push-notification/subscription', token: tasker.token, payload: sub(n) })).statusCode).toBe(200);
    expect(await queuePush(server.db, tasker.id, { type: 'task_accepted', params: { taskTitle: 'x' }, resourceId: null, notificationId: null }, server.clock.now())).toBe(2);
    const before = await scrape();
    await sendDuePushes(server.db, server.clock.now(), await resolveVapidKeys(server.db, null), {
      destinations: { allowLocal: false, allowedHosts: null },
      resolve: async () => [{ address: '142.250.74.106', family: 4 as const }],
      fetch: async (url) => ({ status: url.endsWith('metrics-1') ? 201 : 410 }),
    });
    const after = await scrape();
    for (const outcome of ['sent', 'gone']) {
      expect(sample(after, 'shelfwork_push_deliveries_total', { outcome }) - sample(before, 'shelfwork_push_deliveries_total', { outcome }), outcome).toBe(1);
    }
  });

  it('counts job runs by job and outcome', async () => {
    const before = await scrape();
    let runs = 0;
    const done: Promise<void>[] = [];
    for (const [name, fails] of [
      ['metrics-test-ok', false],
      ['metrics-test-failing', true],
    ] as const) {
      done.push(
        new Promise<void>((resolve) => {
          const job = startIntervalJob(
            name,
            async () => {
              runs += 1;
              if (fails) throw new Error('no luck');
            },
            () => {},
            3_600_000,
          );
          void job.stop().then(resolve);
        }),
      );
    }
    await Promise.all(done);
    expect(runs).toBe(2);
    const after = await scrape();
    expect(sample(after, 'shelfwork_job_runs_total', { job: 'metrics-test-ok', outcome: 'ok' }) - sample(before, 'shelfwork_job_runs_total', { job: 'metrics-test-ok', outcome: 'ok' })).toBe(1);
    expect(sample(after, 'shelfwork_job_runs_total', { job: 'metrics-test-failing', outcome: 'failed' })).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'shelfwork_job_run_duration_seconds_count', { job: 'metrics-test-ok' })).toBeGreaterThanOrEqual(1);
  });

  it('shows the database pool when there is one, and the process (event-loop lag, memory, CPU)', async () => {
    const without = await scrape();
    // This suite's app has no pool (PGlite, or a test database opened without handing its pool over): no samples.
    expect(without).toMatch(/^# TYPE shelfwork_db_pool_clients gauge$/m);
    expect(without).not.toMatch(/^shelfwork_db_pool_clients\{/m);
    for (const name of ['nodejs_eventloop_lag_seconds', 'process_resident_memory_bytes', 'process_cpu_user_seconds_total']) expect(without).toMatch(new RegExp(`^${name} `, 'm'));
    const pool = { totalCount: 4, idleCount: 3, waitingCount: 1 };
    const withPool = (await buildApp({ db: server.db, config: { ...server.config, metricsToken: TOKEN }, clock: server.clock, log: () => {}, pool })).app;
    try {
      const text = (await withPool.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
      expect(['total', 'idle', 'waiting'].map((state) => sample(text, 'shelfwork_db_pool_clients', { state }))).toEqual([4, 3, 1]);
    } finally {
      await withPool.close();
    }
    expect(await scrape()).not.toMatch(/^shelfwork_db_pool_clients\{/m);
  });
});
