/**
 * Support messages are limited per tasker (counted in the database): past the window's limit a
 * message is 429 RATE_LIMITED with Retry-After and the words in the tasker's language, nothing is
 * stored or mailed; a refused message does not use up the budget (the app's queue sends it again),
 * a replay of a stored one is not refused, and after the window it goes through.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';
import { insertTasker } from './user-fixtures';
import { afterResponseIdle } from '../../server/http/afterResponse';
import { SUPPORT_LIMITS } from '../../server/support/service';
import type { ApiErrorBody } from '#domain/types';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** A fresh token each time: the test moves the clock past an access token's life. */
const submit = async (tasker: { id: string }, text: string, headers: Record<string, string> = {}) =>
  server.request({ method: 'POST', url: '/api/support/submit-support-request', token: await server.tokenFor(tasker.id), headers, payload: { body: text } });

const mails = async (marker: string) => (await server.db.selectFrom('dev_mailbox').select('text').where('text', 'like', `%${marker}%`).execute()).length;

describe('the support message limit', () => {
  it('refuses the 6th message in 10 minutes with 429 and mails nothing; after the window it goes through', async () => {
    expect(SUPPORT_LIMITS.perWindow).toBe(5);
    expect(SUPPORT_LIMITS.windowSeconds).toBe(10 * 60);
    const tasker = await insertTasker(server, 'support-limit', { country_code: 'PL', status: 'active' });
    const marker = `limit-${tasker.id}`;
    for (let i = 1; i <= 5; i += 1) {
      const res = await submit(tasker, `${marker} message ${i}`, { 'idempotency-key': `${marker}-${i}` });
      expect(res.statusCode, res.body).toBe(200);
    }
    const sixth = await submit(tasker, `${marker} message 6`, { 'idempotency-key': `${marker}-6`, 'accept-language': 'pl' });
    expect(sixth.statusCode, sixth.body).toBe(429);
    expect(sixth.json<ApiErrorBody>().error.code).toBe('RATE_LIMITED');
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(sixth.headers['retry-after'])).toBeLessThanOrEqual(10 * 60);
    expect(sixth.json<ApiErrorBody>().error.message).not.toMatch(/^Too many/);
    await afterResponseIdle(server.context);
    expect(await mails(`${marker} message 6`)).toBe(0);
    expect(await mails(marker)).toBe(5);
    const stored = await server.db.selectFrom('support_requests').select('id').where('user_id', '=', tasker.id).execute();
    expect(stored).toHaveLength(5);
    // A replay of a stored message answers as before; the same refused key retried is refused again, not stored.
    expect((await submit(tasker, `${marker} message 5`, { 'idempotency-key': `${marker}-5` })).statusCode).toBe(200);
    for (let i = 0; i < 10; i += 1) expect((await submit(tasker, `${marker} message 6`, { 'idempotency-key': `${marker}-6` })).statusCode).toBe(429);
    // The refused tries did not use up the budget: once the first message left the window, the queued one goes through.
    server.clock.set(new Date(server.clock.now().getTime() + 10 * 60_000 + 1000));
    const later = await submit(tasker, `${marker} message 6`, { 'idempotency-key': `${marker}-6` });
    expect(later.statusCode, later.body).toBe(200);
    await afterResponseIdle(server.context);
    expect(await mails(`${marker} message 6`)).toBe(1);
  });

  it('allows 20 messages a day', async () => {
    expect(SUPPORT_LIMITS.perDay).toBe(20);
    const tasker = await insertTasker(server, 'support-day', { country_code: 'PL', status: 'active' });
    for (let i = 1; i <= 20; i += 1) {
      if (i % 5 === 1 && i > 1) server.clock.set(new Date(server.clock.now().getTime() + 11 * 60_000));
      expect((await submit(tasker, `day message ${i}`)).statusCode).toBe(200);
    }
    server.clock.set(new Date(server.clock.now().getTime() + 11 * 60_000));
    const refused = await submit(tasker, 'day message 21');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(10 * 60);
  });
});
