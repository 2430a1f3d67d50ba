/** Auth through HTTP: email codes, wrong codes, dead codes, expiry, rate limits, token rotation. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestCode, startTestServer, type TestServer } from './helpers';
import type { ApiErrorBody, AuthTokens, User } from '#domain/types';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

let ipCounter = 1;
/** Each test sends codes from its own address so per-IP limits do not leak between tests. */
function freshIp(): string {
  ipCounter += 1;
  return `10.0.0.${ipCounter}`;
}

async function sendCode(email: string, remoteAddress = freshIp()) {
  return server.request({ method: 'POST', url: '/api/auth/send-email-code', payload: { email }, remoteAddress });
}

async function loginWithCode(email: string, code: string) {
  return server.request({ method: 'POST', url: '/api/auth/login', payload: { email, code, type: 'email' } });
}

describe('email code login', () => {
  it('sends a 6-digit code to an existing account and logs in with it', async () => {
    const res = await sendCode('lt@demo.shelfwork.app');
    expect(res.statusCode).toBe(200);
    const code = await latestCode(server, 'lt@demo.shelfwork.app');
    expect(code).toMatch(/^\d{6}$/);
    expect(server.printed.some((line) => line.includes(code))).toBe(true);

    const login = await loginWithCode('LT@demo.shelfwork.app ', code);
    expect(login.statusCode).toBe(200);
    const tokens = login.json<AuthTokens>();
    const me = await server.request({ method: 'GET', url: '/api/user', token: tokens.token });
    expect(me.statusCode).toBe(200);
    expect(me.json<User>().email).toBe('lt@demo.shelfwork.app');
  });

  it('answers 420 with a clear message when the email has no account', async () => {
    const res = await sendCode('nobody@example.com');
    expect(res.statusCode).toBe(420);
    expect(res.json<ApiErrorBody>().error.code).toBe('USER_NOT_FOUND');
  });

  it('answers Wrong code for a wrong code and still accepts the right one', async () => {
    await sendCode('pl@demo.shelfwork.app');
    const code = await latestCode(server, 'pl@demo.shelfwork.app');
    const wrong = code === '000000' ? '111111' : '000000';
    const res = await loginWithCode('pl@demo.shelfwork.app', wrong);
    expect(res.statusCode).toBe(420);
    expect(res.json<ApiErrorBody>().error).toMatchObject({ code: 'WRONG_CODE', message: 'Wrong code' });
    expect((await loginWithCode('pl@demo.shelfwork.app', code)).statusCode).toBe(200);
  });

  it('kills a code after 5 wrong attempts, even for the right code', async () => {
    await sendCode('cz@demo.shelfwork.app');
    const code = await latestCode(server, 'cz@demo.shelfwork.app');
    const wrong = code === '999999' ? '888888' : '999999';
    for (let i = 0; i < 5; i++) {
      const res = await loginWithCode('cz@demo.shelfwork.app', wrong);
      expect(res.json<ApiErrorBody>().error.code).toBe('WRONG_CODE');
    }
    const res = await loginWithCode('cz@demo.shelfwork.app', code);
    expect(res.statusCode).toBe(420);
    expect(res.json<ApiErrorBody>().error.code).toBe('CODE_EXPIRED');
  });

  it('refuses a code older than 10 minutes', async () => {
    await sendCode('ro@demo.shelfwork.app');
    const code = await latestCode(server, 'ro@demo.shelfwork.app');
    server.clock.advance(10 * 60_000 + 1000);
    try {
      const res = await loginWithCode('ro@demo.shelfwork.app', code);
      expect(res.statusCode).toBe(420);
      expect(res.json<ApiErrorBody>().error.code).toBe('CODE_EXPIRED');
    } finally {
      server.clock.advance(-(10 * 60_000 + 1000));
    }
  });

  it('only the newest code works after a resend', async () => {
    await sendCode('pending@demo.shelfwork.app');
    const first = await latestCode(server, 'pending@demo.shelfwork.app');
    await sendCode('pending@demo.shelfwork.app');
    const second = await latestCode(server, 'pending@demo.shelfwork.app');
    if (first !== second) expect((await loginWithCode('pending@demo.shelfwork.app', first)).statusCode).toBe(420);
    expect((await loginWithCode('pending@demo.shelfwork.app', second)).statusCode).toBe(200);
  });

  it('validates email and code fields with per-field codes', async () => {
    const res = await server.request({ method: 'POST', url: '/api/auth/login', payload: { email: 'not-an-email', code: '12', type: 'email' } });
    expect(res.statusCode).toBe(400);
    expect(res.json<ApiErrorBody>().error.fields).toEqual({ email: 'EMAIL_INVALID', code: 'CODE_INVALID' });
  });
});

describe('send-code rate limits', () => {
  it('answers 429 RATE_LIMITED past the per-email limit', async () => {
    const app = await server.withConfig({ sendCodeLimitPerEmail: 2, sendCodeLimitPerIp: 100 });
    const send = (ip: string) => app.inject({ method: 'POST', url: '/api/auth/send-email-code', payload: { email: 'deactivated@demo.shelfwork.app' }, remoteAddress: ip });
    expect((await send(freshIp())).statusCode).toBe(200);
    expect((await send(freshIp())).statusCode).toBe(200);
    const limited = await send(freshIp());
    expect(limited.statusCode).toBe(429);
    expect(limited.json<ApiErrorBody>().error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The window passes: codes can be sent again.
    server.clock.advance(16 * 60_000);
    try {
      expect((await send(freshIp())).statusCode).toBe(200);
    } finally {
      server.clock.advance(-16 * 60_000);
    }
  });

  it('answers 429 past the per-IP limit, across emails', async () => {
    const app = await server.withConfig({ sendCodeLimitPerEmail: 100, sendCodeLimitPerIp: 2 });
    const ip = freshIp();
    const send = (email: string) => app.inject({ method: 'POST', url: '/api/auth/send-email-code', payload: { email }, remoteAddress: ip });
    expect((await send('lt@demo.shelfwork.app')).statusCode).toBe(200);
    expect((await send('pl@demo.shelfwork.app')).statusCode).toBe(200);
    expect((await send('cz@demo.shelfwork.app')).statusCode).toBe(429);
    expect((await app.inject({ method: 'POST', url: '/api/auth/send-email-code', payload: { email: 'cz@demo.shelfwork.app' }, remoteAddress: freshIp() })).statusCode).toBe(200);
  });
});

describe('registration', () => {
  it('creates a new user with the country and sends a code', async () => {
    const res = await server.request({ method: 'POST', url: '/api/auth/register', payload: { email: 'Fresh.Tasker@example.com', country: 'ro' }, remoteAddress: freshIp() });
    expect(res.statusCode).toBe(200);
    const code = await latestCode(server, 'fresh.tasker@example.com');
    const tokens = (await loginWithCode('fresh.tasker@example.com', code)).json<AuthTokens>();
    const me = (await server.request({ method: 'GET', url: '/api/user', token: tokens.token })).json<User>();
    expect(me).toMatchObject({ status: 'new', isNew: true, countryCode: 'RO', isApproved: false });
  });

  it('refuses an email that is already registered with 420', async () => {
    const res = await server.request({ method: 'POST', url: '/api/auth/register', payload: { email: 'lt@demo.shelfwork.app', country: 'LT' } });
    expect(res.statusCode).toBe(420);
    expect(res.json<ApiErrorBody>().error.code).toBe('EMAIL_ALREADY_REGISTERED');
  });

  it('requires a valid country', async () => {
    const res = await server.request({ method: 'POST', url: '/api/auth/register', payload: { email: 'x@example.com', country: 'DE' } });
    expect(res.statusCode).toBe(400);
    expect(res.json<ApiErrorBody>().error.fields).toEqual({ country: 'COUNTRY_INVALID' });
  });

  it('registers only in the markets that take registrations (LT, PL, RO): Czechia is refused on the country', async () => {
    const res = await server.request({ method: 'POST', url: '/api/auth/register', payload: { email: 'cz.tasker@example.com', country: 'cz' }, remoteAddress: freshIp() });
    expect(res.statusCode).toBe(400);
    expect(res.json<ApiErrorBody>().error.fields).toEqual({ country: 'COUNTRY_INVALID' });
  });
});

describe('password login and tokens', () => {
  it('refuses a wrong password with 420', async () => {
    const res = await server.request({ method: 'POST', url: '/api/auth/password-login', payload: { username: 'lt@demo.shelfwork.app', password: 'nope' } });
    expect(res.statusCode).toBe(420);
    expect(res.json<ApiErrorBody>().error.code).toBe('WRONG_CREDENTIALS');
  });

  it('answers 401 without a token and with a bad token', async () => {
    const none = await server.request({ method: 'GET', url: '/api/user' });
    expect(none.statusCode).toBe(401);
    expect(none.json<ApiErrorBody>().error.code).toBe('UNAUTHORIZED');
    const bad = await server.request({ method: 'GET', url: '/api/user', token: 'abc.def.ghi' });
    expect(bad.statusCode).toBe(401);
  });

  it('expires access tokens after the configured lifetime', async () => {
    const { token } = await server.login('lt@demo.shelfwork.app');
    server.clock.advance(server.config.accessTokenTtlSeconds * 1000 + 1000);
    try {
      const res = await server.request({ method: 'GET', url: '/api/user', token });
      expect(res.statusCode).toBe(401);
      expect(res.json<ApiErrorBody>().error.code).toBe('TOKEN_EXPIRED');
    } finally {
      server.clock.advance(-(server.config.accessTokenTtlSeconds * 1000 + 1000));
    }
  });

  it('rotates refresh tokens: the new pair works, the old refresh token is spent', async () => {
    const first = await server.login('pl@demo.shelfwork.app');
    const rotated = await server.request({ method: 'POST', url: '/api/auth/token', payload: { refreshToken: first.refreshToken } });
    expect(rotated.statusCode).toBe(200);
    const second = rotated.json<AuthTokens>();
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect((await server.request({ method: 'GET', url: '/api/user', token: second.token })).statusCode).toBe(200);
    const third = await server.request({ method: 'POST', url: '/api/auth/token', payload: { refreshToken: second.refreshToken } });
    expect(third.statusCode).toBe(200);
  });

  it('revokes the whole family when a rotated refresh token is reused', async () => {
    const first = await server.login('ro@demo.shelfwork.app');
    const second = (await server.request({ method: 'POST', url: '/api/auth/token', payload: { refreshToken: first.refreshToken } })).json<AuthTokens>();
    const reuse = await server.request({ method: 'POST', url: '/api/auth/token', payload: { refreshToken: first.refreshToken } });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json<ApiErrorBody>().error.code).toBe('REFRESH_TOKEN_REUSED');
    // The legitimate newest token of the family is dead too.
    const after = await server.request({ method: 'POST', url: '/api/auth/token', payload: { refreshToken: second.refreshToken } });
    expect(after.statusCode).toBe(401);
    // Another session of the same user is unaffected.
    const other = await server.login('ro@demo.shelfwork.app');
    expect((await server.request({ method: 'POST', url: '/api/auth/token', payload: { refreshToken: other.refreshToken } })).statusCode).toBe(200);
  });

  it('stores refresh tokens hashed, never in plain text', async () => {
    const { refreshToken } = await server.login('cz@demo.shelfwork.app');
    const rows = await server.db.selectFrom('refresh_tokens').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash === refreshToken)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });
});

describe('the login-code mail', () => {
  /** The app's translation of a msgid (the server words the mail from the same catalogs). */
  async function translation(locale: string, msgid: string): Promise<string> {
    const { readFile } = await import('node:fs/promises');
    const po = await readFile(new URL(`../../src/locales/${locale}/messages.po`, import.meta.url), 'utf8');
    return new RegExp(`^msgid "${msgid}"\\nmsgstr "(.*)"$`, 'm').exec(po)?.[1] ?? '';
  }

  async function lastMail(email: string): Promise<{ subject: string; text: string; code: string }> {
    await latestCode(server, email);
    const res = await server.request({ method: 'GET', url: `/api/dev/mailbox?email=${encodeURIComponent(email)}` });
    const messages = res.json<{ messages: { subject: string; text: string; code: string }[] }>().messages;
    return messages[messages.length - 1]!;
  }

  it('is in the language of the request: a Lithuanian registrant gets it in Lithuanian', async () => {
    const words = await translation('lt', 'Login code');
    expect(words).not.toBe('');
    expect(words).not.toBe('Login code');
    const email = `mail-lt-${Date.now()}@example.com`;
    const res = await server.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, country: 'LT' },
      headers: { 'accept-language': 'lt' },
      remoteAddress: freshIp(),
    });
    expect(res.statusCode).toBe(200);
    const mail = await lastMail(email);
    expect(mail.subject).toContain(words);
    expect(mail.subject).toContain(mail.code);
    expect(mail.text).toContain(mail.code);
  });

  it('follows the Accept-Language of a send-code request too, and is English without one', async () => {
    await server.request({ method: 'POST', url: '/api/auth/send-email-code', payload: { email: 'pl@demo.shelfwork.app' }, headers: { 'accept-language': 'pl-PL,pl;q=0.9,en;q=0.5' }, remoteAddress: freshIp() });
    expect((await lastMail('pl@demo.shelfwork.app')).subject).toContain(await translation('pl', 'Login code'));
    await sendCode('pl@demo.shelfwork.app');
    const english = await lastMail('pl@demo.shelfwork.app');
    expect(english.subject).toContain('Login code');
    expect(english.text).toContain(`Your Shelfwork login code is ${english.code}.`);
  });
});
