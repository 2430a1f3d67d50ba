/**
 * A push subscription's expirationTime (ms since 1970, PushSubscription.toJSON()) must make a
 * real date the database can store: anything else is a 400 on the field, never a 500.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = (await server.login('lt@demo.shelfwork.app')).token;
});
afterAll(async () => {
  await server?.close();
});

const subscribe = (expirationTime: unknown, n: number) =>
  server.request({
    method: 'POST',
    url: '/api/push-notification/subscription',
    token,
    headers: { 'idempotency-key': `exp-${n}` },
    payload: { endpoint: `https://push.example.com/exp/${n}`, expirationTime, keys: { p256dh: 'BKey', auth: 'AAuth' } },
  });

it('refuses an expirationTime that is no real date from 2000 to 2099 with a 400 on the field', async () => {
  const bad = [1e20, -1e20, 2 ** 53 + 1, 8.64e15 + 1, -1, 0, Date.parse('1999-12-31T23:59:59Z'), Date.parse('2100-01-01T00:00:00Z'), 1_800_000_000_000.5, '1800000000000', true];
  for (const [i, value] of bad.entries()) {
    const res = await subscribe(value, i);
    expect(res.statusCode, String(value)).toBe(400);
    expect(res.json<{ error: { fields: Record<string, string> } }>().error.fields, String(value)).toEqual({ expirationTime: 'INVALID' });
  }
});

it('keeps a real expirationTime and null', async () => {
  const at = Date.parse('2026-06-01T00:00:00Z');
  expect((await subscribe(at, 100)).statusCode).toBe(200);
  expect((await subscribe(null, 101)).statusCode).toBe(200);
  const list = (await server.request({ method: 'GET', url: '/api/push-notification/subscriptions', token })).json<{ data: { endpoint: string; expirationTime: number | null }[] }>().data;
  expect(list.find((s) => s.endpoint.endsWith('/exp/100'))?.expirationTime).toBe(at);
  expect(list.find((s) => s.endpoint.endsWith('/exp/101'))?.expirationTime).toBeNull();
});
