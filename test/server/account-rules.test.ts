/**
 * Account rules: the market is the tasker's choice only until approval (both POST user and POST
 * user/set-country answer the same LOCKED field error after it), e-mail addresses are plain
 * addr-specs (no comments, brackets, quotes or display names) and the code is mailed to the
 * address stored, and wrong referral codes are limited per account and per address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';
import { insertTasker } from './user-fixtures';
import type { ApiErrorBody, User } from '#domain/types';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const countryOf = async (id: string) => (await server.db.selectFrom('users').select('country_code').where('id', '=', id).executeTakeFirstOrThrow()).country_code;

describe('the market after approval', () => {
  it('set-country refuses an approved tasker’s change with POST user’s LOCKED field error, worded in their language', async () => {
    const tasker = await insertTasker(server, 'approved-pl', { country_code: 'PL', status: 'active', approved_at: server.clock.now() });
    const res = await server.request({ method: 'POST', url: '/api/user/set-country', token: tasker.token, headers: { 'accept-language': 'pl' }, payload: { countryCode: 'LT' } });
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json<ApiErrorBody>();
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.fields).toEqual({ countryCode: 'LOCKED' });
    expect(await countryOf(tasker.id)).toBe('PL');
    // The same answer as POST user's.
    const profile = await server.request({ method: 'POST', url: '/api/user', token: tasker.token, headers: { 'accept-language': 'pl' }, payload: { countryCode: 'LT' } });
    expect(profile.statusCode).toBe(400);
    expect(profile.json<ApiErrorBody>().error).toEqual(body.error);
    expect(body.error.message).not.toBe('Some fields are not valid');
    // The same market again is no change: allowed.
    const same = await server.request({ method: 'POST', url: '/api/user/set-country', token: tasker.token, payload: { countryCode: 'pl' } });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json<User>().countryCode).toBe('PL');
  });

  it('a deactivated tasker who was approved cannot change it either; before approval both routes change it and ask the payment documents again', async () => {
    const gone = await insertTasker(server, 'deactivated', { country_code: 'CZ', status: 'deactivated', approved_at: server.clock.now() });
    const refused = await server.request({ method: 'POST', url: '/api/user/set-country', token: gone.token, payload: { countryCode: 'RO' } });
    expect(refused.json<ApiErrorBody>().error.fields).toEqual({ countryCode: 'LOCKED' });
    expect(await countryOf(gone.id)).toBe('CZ');
    for (const status of ['new', 'awaiting_approval', 'rejected'] as const) {
      const tasker = await insertTasker(server, `open-${status}`, { country_code: 'PL', status, payment_documents_done: true, fleet_partner_id: 'pl-flota-wisla' });
      const res = await server.request({ method: 'POST', url: '/api/user/set-country', token: tasker.token, payload: { countryCode: 'LT' } });
      expect(res.statusCode, `${status}: ${res.body}`).toBe(200);
      expect(res.json<User>().countryCode).toBe('LT');
      const row = await server.db.selectFrom('users').select(['payment_documents_done', 'fleet_partner_id']).where('id', '=', tasker.id).executeTakeFirstOrThrow();
      expect(row).toEqual({ payment_documents_done: false, fleet_partner_id: null });
    }
  });
});

describe('e-mail addresses', () => {
  const NOT_PLAIN = ['lt@demo.shelfwork.app(1)', 'a@b.c(1)', '<a@b.c>', '"a"@b.c', 'A <a@b.c>', 'a@b.c, d@e.f'];

  it('send-code, register and login refuse anything but a plain addr-spec, and mail nothing', async () => {
    for (const email of NOT_PLAIN) {
      const routes = [
        { url: '/api/auth/send-email-code', payload: { email } },
        { url: '/api/auth/register', payload: { email, country: 'LT' } },
        { url: '/api/auth/login', payload: { type: 'email', email, code: '123456' } },
      ];
      for (const { url, payload } of routes) {
        const res = await server.request({ method: 'POST', url, payload });
        expect(res.statusCode, `${url} ${email}: ${res.body}`).toBe(400);
        expect(res.json<ApiErrorBody>().error.fields).toEqual({ email: 'EMAIL_INVALID' });
      }
    }
    const mailed = await server.db.selectFrom('dev_mailbox').select('to_email').where('to_email', 'in', ['lt@demo.shelfwork.app', 'a@b.c']).execute();
    expect(mailed).toEqual([]);
    const accounts = await server.db.selectFrom('users').select('email').where('email', 'like', '%(1)%').execute();
    expect(accounts).toEqual([]);
  });

  it('the code goes to the address stored', async () => {
    const res = await server.request({ method: 'POST', url: '/api/auth/register', payload: { email: '  Mixed.Case@Example.LT ', country: 'LT' } });
    expect(res.statusCode, res.body).toBe(200);
    const stored = await server.db.selectFrom('users').select('email').where('email', '=', 'mixed.case@example.lt').executeTakeFirstOrThrow();
    const mailed = await server.db.selectFrom('dev_mailbox').select('to_email').where('to_email', '=', stored.email).execute();
    expect(mailed).toHaveLength(1);
  });
});

describe('referral codes', () => {
  const tryCode = async (userId: string, code: string, headers: Record<string, string> = {}) =>
    server.request({ method: 'POST', url: '/api/user/referred-by-code', token: await server.tokenFor(userId), headers, payload: { code } });

  it('wrong codes are limited per account: the 11th in an hour is 429 with Retry-After, even when it is right', async () => {
    const referrer = await insertTasker(server, 'referrer');
    const { code } = (await server.request({ method: 'GET', url: '/api/user/referral-code', token: referrer.token })).json<{ code: string }>();
    const guesser = await insertTasker(server, 'guesser');
    for (let i = 0; i < 10; i += 1) expect((await tryCode(guesser.id, `WRONG${i}AB`)).statusCode).toBe(400);
    const limited = await tryCode(guesser.id, code, { 'accept-language': 'lt' });
    expect(limited.statusCode, limited.body).toBe(429);
    expect(limited.json<ApiErrorBody>().error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const row = await server.db.selectFrom('users').select('referred_by_code').where('id', '=', guesser.id).executeTakeFirstOrThrow();
    expect(row.referred_by_code).toBeNull();
    // After the hour the right code is taken; a right code does not use the budget.
    server.clock.set(new Date(server.clock.now().getTime() + 3600_000 + 1000));
    const saved = await tryCode(guesser.id, code);
    expect(saved.statusCode, saved.body).toBe(200);
    const other = await insertTasker(server, 'honest');
    for (let i = 0; i < 12; i += 1) expect((await tryCode(other.id, code)).statusCode).toBe(200);
  });

  it('the demo’s seeded codes are not sequential and follow the new codes’ alphabet', async () => {
    const rows = await server.db.selectFrom('users').select('referral_code').where('email', 'like', '%@demo.shelfwork.app').where('referral_code', 'is not', null).execute();
    expect(rows.length).toBeGreaterThan(3);
    for (const { referral_code } of rows) expect(referral_code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/);
  });
});
