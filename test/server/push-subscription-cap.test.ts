/**
 * A tasker keeps at most PUSH_SUBSCRIPTIONS_PER_USER push subscriptions (the newest): every
 * notification is POSTed to each of them, so an unbounded list let one account make the server
 * send any number of requests (to any https host) per notification.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';
import { PUSH_SUBSCRIPTIONS_PER_USER } from '../../server/notifications/pushSubscriptions';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = (await server.login('lt@demo.shelfwork.app')).token;
});
afterAll(async () => {
  await server?.close();
});

it('keeps only the newest subscriptions of a tasker', async () => {
  const n = PUSH_SUBSCRIPTIONS_PER_USER + 15;
  for (let i = 0; i < n; i += 1) {
    server.clock.advance(1000);
    const res = await server.request({
      method: 'POST',
      url: '/api/push-notification/subscription',
      token,
      headers: { 'idempotency-key': `cap-${i}` },
      payload: { endpoint: `https://push.example.com/s/${i}`, expirationTime: null, keys: { p256dh: 'BKey', auth: 'AAuth' } },
    });
    expect(res.statusCode).toBe(200);
  }
  const list = (await server.request({ method: 'GET', url: '/api/push-notification/subscriptions', token })).json<{ data: { endpoint: string }[] }>().data;
  expect(list.length).toBe(PUSH_SUBSCRIPTIONS_PER_USER);
  expect(list.map((s) => s.endpoint)).toContain(`https://push.example.com/s/${n - 1}`);
  expect(list.map((s) => s.endpoint)).not.toContain('https://push.example.com/s/0');
});
