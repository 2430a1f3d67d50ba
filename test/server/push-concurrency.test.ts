/**
 * One tasker's slow push endpoints must not hold up anyone else's pushes: a leased batch is sent
 * concurrently (a bounded pool, at most a few at once per host and per tasker) and every push has
 * a short timeout.
 */
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';
import { createTaskers, type Tasker } from './lifecycle-fixtures';
import { resolveVapidKeys, sendDuePushes, type VapidKeys } from '../../server/notifications/push';
import type { PushFetch } from '../../server/notifications/pushTransport';
import { notificationsDb } from '../../server/notifications/tables';

let server: TestServer;
let slowTasker: Tasker;
let fastTasker: Tasker;
let keys: VapidKeys;

beforeAll(async () => {
  server = await startTestServer();
  [slowTasker, fastTasker] = (await createTaskers(server, 2)) as [Tasker, Tasker];
  keys = await resolveVapidKeys(server.db, null);
});
afterAll(async () => {
  await server?.close();
});
beforeEach(async () => {
  await notificationsDb(server.db).deleteFrom('push_deliveries').execute();
});

const b64u = (b: Buffer) => b.toString('base64url');

/** A subscription and one delivery due at `due` (earlier deliveries are leased first). */
async function queueTo(userId: string, endpoint: string, due: Date): Promise<string> {
  const nd = notificationsDb(server.db);
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const subscriptionId = randomUUID();
  const now = server.clock.now();
  await nd
    .insertInto('push_subscriptions')
    .values({ id: subscriptionId, user_id: userId, endpoint, p256dh: b64u(ecdh.getPublicKey()), auth: b64u(randomBytes(16)), expiration_time: null, locale: 'en', created_at: now, updated_at: now })
    .execute();
  const id = randomUUID();
  await nd
    .insertInto('push_deliveries')
    .values({ id, subscription_id: subscriptionId, message: JSON.stringify({ type: 'payout_sent', params: {}, resourceId: null, notificationId: null }), next_attempt_at: due, created_at: due })
    .execute();
  return id;
}

const publicAddress = async () => [{ address: '142.250.74.106', family: 4 as const }];

it("ten pushes to a host that never answers do not delay another tasker's push", async () => {
  const now = server.clock.now();
  // The slow ones are due first: a sender that goes one by one reaches the fast one last.
  for (let i = 0; i < 10; i += 1) await queueTo(slowTasker.id, `https://slow.push.test/s/${i}`, new Date(now.getTime() - 60_000 + i));
  const fastId = await queueTo(fastTasker.id, 'https://fast.push.test/f', now);

  const events: string[] = [];
  let inFlightSlow = 0;
  let slowInFlightWhenFastCalled = -1;
  let fastSent!: () => void;
  const fastDone = new Promise<void>((resolve) => {
    fastSent = resolve;
  });
  // A slow endpoint answers only once the fast push has gone out (or the sender gives up on it):
  // a sender that waits for it before the fast one never gets there (the test times out).
  const fetchImpl: PushFetch = async (url, init) => {
    if (url.startsWith('https://fast.')) {
      slowInFlightWhenFastCalled = inFlightSlow;
      events.push('fast');
      fastSent();
      return { status: 201 };
    }
    inFlightSlow += 1;
    try {
      await Promise.race([
        fastDone,
        new Promise((_resolve, reject) => init.signal.addEventListener('abort', () => reject(new Error('timed out')), { once: true })),
      ]);
      throw new Error('timed out');
    } finally {
      inFlightSlow -= 1;
      events.push('slow');
    }
  };
  const result = await sendDuePushes(server.db, now, keys, { destinations: { allowLocal: false, allowedHosts: null }, fetch: fetchImpl, resolve: publicAddress, timeoutMs: 60_000 });

  expect(events[0]).toBe('fast');
  expect(events.filter((e) => e === 'slow')).toHaveLength(10);
  expect(slowInFlightWhenFastCalled).toBeGreaterThan(0);
  expect(result).toMatchObject({ sent: 1, retried: 10 });
  expect(await notificationsDb(server.db).selectFrom('push_deliveries').select('status').where('id', '=', fastId).executeTakeFirstOrThrow()).toEqual({ status: 'sent' });
}, 10_000);

it('a push that gets no answer is given up after the timeout and tried again later', async () => {
  const id = await queueTo(slowTasker.id, 'https://slow.push.test/t', server.clock.now());
  const neverAnswers: PushFetch = (_url, init) =>
    new Promise((_resolve, reject) => init.signal.addEventListener('abort', () => reject(new Error('timed out')), { once: true }));
  const result = await sendDuePushes(server.db, server.clock.now(), keys, { destinations: { allowLocal: false, allowedHosts: null }, fetch: neverAnswers, resolve: publicAddress, timeoutMs: 50 });
  expect(result.retried).toBe(1);
  const row = await notificationsDb(server.db).selectFrom('push_deliveries').select(['status', 'attempts', 'last_error']).where('id', '=', id).executeTakeFirstOrThrow();
  expect(row).toMatchObject({ status: 'pending', attempts: 1 });
  expect(row.last_error).toMatch(/timed out/);
});

it('never runs more than a few pushes at once to one host, and never more than the pool', async () => {
  const now = server.clock.now();
  const taskers = await createTaskers(server, 6);
  for (const [n, t] of taskers.entries()) for (let i = 0; i < 5; i += 1) await queueTo(t.id, `https://${n % 2 === 0 ? 'a' : 'b'}.push.test/${n}/${i}`, now);
  const running = new Map<string, number>();
  let most = 0;
  const mostPerHost = new Map<string, number>();
  const fetchImpl: PushFetch = async (url) => {
    const host = new URL(url).hostname;
    running.set(host, (running.get(host) ?? 0) + 1);
    const total = [...running.values()].reduce((a, b) => a + b, 0);
    most = Math.max(most, total);
    mostPerHost.set(host, Math.max(mostPerHost.get(host) ?? 0, running.get(host) ?? 0));
    await new Promise((r) => setImmediate(r));
    running.set(host, (running.get(host) ?? 1) - 1);
    return { status: 201 };
  };
  const result = await sendDuePushes(server.db, now, keys, { destinations: { allowLocal: false, allowedHosts: null }, fetch: fetchImpl, resolve: publicAddress, concurrency: 6, perHost: 2 });
  expect(result.sent).toBe(30);
  expect(most).toBeLessThanOrEqual(6);
  for (const [host, n] of mostPerHost) expect(n, host).toBeLessThanOrEqual(2);
  expect(Math.max(...mostPerHost.values())).toBe(2);
});
