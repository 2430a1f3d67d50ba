/**
 * Throttling of the auth routes ("Authentication"): login attempts are counted per
 * account and per address and refused with 429 RATE_LIMITED + Retry-After *before* any password
 * is hashed; every auth route sits behind one per-address gate; the unknown-email path of
 * password login costs the same scrypt hash as a known one. No timing is measured: scrypt is
 * wrapped and its calls are counted (with the parameters they ran with).
 */
import type * as NodeCrypto from 'node:crypto';
import type { ScryptOptions } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { latestCode, startTestServer, type TestServer } from './helpers';
import { loadConfig, type ServerConfig } from '../../server/config';
import type { ApiErrorBody, AuthTokens } from '#domain/types';

const scryptCalls = vi.hoisted(() => [] as { keylen: number; options: ScryptOptions }[]);
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof NodeCrypto>();
  const scrypt = ((...args: Parameters<typeof actual.scrypt>) => {
    const [, , keylen, options] = args;
    scryptCalls.push({ keylen, options: typeof options === 'function' ? {} : options });
    return (actual.scrypt as (...a: unknown[]) => void)(...args);
  }) as typeof actual.scrypt;
  return { ...actual, default: { ...actual, scrypt }, scrypt };
});

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

let ipCounter = 1;
/** Each attempt (or test) from its own address unless the address is the point. */
function freshIp(): string {
  ipCounter += 1;
  return `10.9.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
}

function passwordLogin(app: FastifyInstance, username: string, password: string, ip = freshIp()) {
  return app.inject({ method: 'POST', url: '/api/auth/password-login', payload: { username, password }, remoteAddress: ip });
}

function codeLogin(app: FastifyInstance, email: string, code: string, ip = freshIp()) {
  return app.inject({ method: 'POST', url: '/api/auth/login', payload: { type: 'email', email, code }, remoteAddress: ip });
}

function expectRateLimited(res: { statusCode: number; headers: Record<string, unknown>; json<T>(): T }): number {
  expect(res.statusCode).toBe(429);
  expect(res.json<ApiErrorBody>().error.code).toBe('RATE_LIMITED');
  const retryAfter = Number(res.headers['retry-after']);
  expect(Number.isInteger(retryAfter) && retryAfter >= 1, `Retry-After: ${String(res.headers['retry-after'])}`).toBe(true);
  return retryAfter;
}

/** Only the limits a test names are low; the others stay out of the way. */
function limits(overrides: Partial<ServerConfig>): Partial<ServerConfig> {
  return { authRateLimitPerIp: 100_000, loginLimitPerAccount: 100_000, loginLimitPerIp: 100_000, loginWindowSeconds: 600, ...overrides };
}

async function withClockAdvanced<T>(seconds: number, run: () => Promise<T>): Promise<T> {
  server.clock.advance(seconds * 1000);
  try {
    return await run();
  } finally {
    server.clock.advance(-seconds * 1000);
  }
}

describe('password login throttling', () => {
  it('refuses even the right password past the per-account limit, without hashing, until Retry-After has passed', async () => {
    const app = await server.withConfig(limits({ loginLimitPerAccount: 3 }));
    for (let i = 0; i < 3; i++) {
      const wrong = await passwordLogin(app, 'lt@demo.shelfwork.app', `guess-${i}`);
      expect(wrong.json<ApiErrorBody>().error.code).toBe('WRONG_CREDENTIALS');
    }
    const hashesBefore = scryptCalls.length;
    const limited = await passwordLogin(app, 'lt@demo.shelfwork.app', 'demo1234');
    const retryAfter = expectRateLimited(limited);
    expect(scryptCalls.length, 'a refused attempt must not cost a hash').toBe(hashesBefore);
    // Every attempt above happened at the same (fixed) instant: the window is the whole wait.
    expect(retryAfter).toBe(600);
    await withClockAdvanced(retryAfter, async () => {
      expect((await passwordLogin(app, 'lt@demo.shelfwork.app', 'demo1234')).statusCode).toBe(200);
    });
  });

  it('counts attempts per address across accounts', async () => {
    const app = await server.withConfig(limits({ loginLimitPerIp: 3 }));
    const ip = freshIp();
    expect((await passwordLogin(app, 'pl@demo.shelfwork.app', 'nope', ip)).statusCode).toBe(420);
    expect((await passwordLogin(app, 'cz@demo.shelfwork.app', 'nope', ip)).statusCode).toBe(420);
    expect((await passwordLogin(app, 'nobody@example.com', 'nope', ip)).statusCode).toBe(420);
    const hashesBefore = scryptCalls.length;
    expectRateLimited(await passwordLogin(app, 'ro@demo.shelfwork.app', 'demo1234', ip));
    expect(scryptCalls.length).toBe(hashesBefore);
    // Another address is not affected.
    expect((await passwordLogin(app, 'ro@demo.shelfwork.app', 'demo1234', freshIp())).statusCode).toBe(200);
  });

  it('protects production with the defaults: 40 wrong passwords, then the right one is refused', async () => {
    const defaults = loadConfig({});
    const app = await server.withConfig({
      authRateLimitPerIp: defaults.authRateLimitPerIp,
      authRateLimitWindowSeconds: defaults.authRateLimitWindowSeconds,
      loginLimitPerAccount: defaults.loginLimitPerAccount,
      loginLimitPerIp: defaults.loginLimitPerIp,
      loginWindowSeconds: defaults.loginWindowSeconds,
    });
    const ip = freshIp();
    const answers: number[] = [];
    for (let i = 0; i < 40; i++) answers.push((await passwordLogin(app, 'new@demo.shelfwork.app', `guess-${i}`, ip)).statusCode);
    expect(answers.filter((s) => s === 420).length).toBeLessThanOrEqual(20);
    expect(answers.at(-1)).toBe(429);
    expectRateLimited(await passwordLogin(app, 'new@demo.shelfwork.app', 'demo1234', ip));
    expectRateLimited(await passwordLogin(app, 'new@demo.shelfwork.app', 'demo1234', freshIp()));
  });

  it('still answers bad input with 400', async () => {
    const res = await server.request({ method: 'POST', url: '/api/auth/password-login', payload: { username: 42, password: ['x'] }, remoteAddress: freshIp() });
    expect(res.statusCode).toBe(400);
  });
});

describe('password login costs one hash whether or not the account exists', () => {
  async function hashesFor(username: string): Promise<{ keylen: number; options: ScryptOptions }[]> {
    const before = scryptCalls.length;
    const res = await server.request({ method: 'POST', url: '/api/auth/password-login', payload: { username, password: 'not-the-password' }, remoteAddress: freshIp() });
    expect(res.statusCode).toBe(420);
    expect(res.json<ApiErrorBody>().error.code).toBe('WRONG_CREDENTIALS');
    return scryptCalls.slice(before);
  }

  it('hashes for a known account, an unknown email and an account without a password alike', async () => {
    const known = await hashesFor('rejected@demo.shelfwork.app');
    expect(known).toHaveLength(1);
    const { N, r, p } = known[0]!.options;
    expect(N).toBeGreaterThanOrEqual(16384);
    const same = { keylen: known[0]!.keylen, options: expect.objectContaining({ N, r, p }) as unknown };
    expect(await hashesFor('no-such-tasker@example.com')).toEqual([same]);
    expect(await hashesFor('crowd-lt@demo.shelfwork.app')).toEqual([same]);
  });
});

describe('code login throttling (also limits account probing)', () => {
  it('answers 429 instead of USER_NOT_FOUND past the per-address limit', async () => {
    const app = await server.withConfig(limits({ loginLimitPerIp: 3 }));
    const ip = freshIp();
    for (let i = 0; i < 3; i++) {
      const res = await codeLogin(app, `probe-${i}@example.com`, '123456', ip);
      expect(res.json<ApiErrorBody>().error.code).toBe('USER_NOT_FOUND');
    }
    expectRateLimited(await codeLogin(app, 'lt@demo.shelfwork.app', '123456', ip));
    expectRateLimited(await codeLogin(app, 'probe-9@example.com', '123456', ip));
  });

  it('counts code guesses per account across addresses; the right code waits too', async () => {
    const app = await server.withConfig(limits({ loginLimitPerAccount: 3 }));
    const email = 'pending@demo.shelfwork.app';
    await server.request({ method: 'POST', url: '/api/auth/send-email-code', payload: { email }, remoteAddress: freshIp() });
    const code = await latestCode(server, email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 3; i++) expect((await codeLogin(app, email, wrong)).json<ApiErrorBody>().error.code).toBe('WRONG_CODE');
    expectRateLimited(await codeLogin(app, email, code));
  });

  it('shares one budget per account between password and code login', async () => {
    const app = await server.withConfig(limits({ loginLimitPerAccount: 2 }));
    const email = 'deactivated@demo.shelfwork.app';
    expect((await passwordLogin(app, email, 'nope')).statusCode).toBe(420);
    expect((await codeLogin(app, email, '123456')).statusCode).toBe(420);
    expectRateLimited(await passwordLogin(app, email, 'demo1234'));
  });
});

describe('one per-address gate in front of every auth route', () => {
  const routes: { name: string; url: string; payload: () => Record<string, unknown> }[] = [
    // Other emails each time: the send-code limit per email must not be what answers 429 here.
    { name: 'send-email-code', url: '/api/auth/send-email-code', payload: () => ({ email: `gate-${freshIp()}@example.com` }) },
    { name: 'register', url: '/api/auth/register', payload: () => ({ email: `gate-${freshIp()}@example.com`, country: 'LT' }) },
    { name: 'code login', url: '/api/auth/login', payload: () => ({ type: 'email', email: 'nobody@example.com', code: '123456' }) },
    { name: 'password login', url: '/api/auth/password-login', payload: () => ({ username: 'nobody@example.com', password: 'x' }) },
    { name: 'token refresh', url: '/api/auth/token', payload: () => ({ refreshToken: 'not-a-token' }) },
  ];

  for (const route of routes) {
    it(`limits ${route.name}`, async () => {
      const app = await server.withConfig(limits({ authRateLimitPerIp: 3, authRateLimitWindowSeconds: 60 }));
      const ip = freshIp();
      for (let i = 0; i < 3; i++) {
        const res = await app.inject({ method: 'POST', url: route.url, payload: route.payload(), remoteAddress: ip });
        expect(res.statusCode).not.toBe(429);
      }
      const limited = await app.inject({ method: 'POST', url: route.url, payload: route.payload(), remoteAddress: ip });
      expect(expectRateLimited(limited)).toBeLessThanOrEqual(60);
      expect((await app.inject({ method: 'POST', url: route.url, payload: route.payload(), remoteAddress: freshIp() })).statusCode).not.toBe(429);
    });
  }

  it('counts every auth route against one budget, refuses before hashing, and leaves other routes alone', async () => {
    const app = await server.withConfig(limits({ authRateLimitPerIp: 3, authRateLimitWindowSeconds: 60 }));
    const ip = freshIp();
    for (const route of routes.slice(0, 3)) {
      expect((await app.inject({ method: 'POST', url: route.url, payload: route.payload(), remoteAddress: ip })).statusCode).not.toBe(429);
    }
    const hashesBefore = scryptCalls.length;
    expectRateLimited(await passwordLogin(app, 'lt@demo.shelfwork.app', 'demo1234', ip));
    expect(scryptCalls.length).toBe(hashesBefore);
    // A tasker's own calls from that address are not auth routes.
    const tokens: AuthTokens = await server.login('lt@demo.shelfwork.app');
    const me = await app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${tokens.token}` }, remoteAddress: ip });
    expect(me.statusCode).toBe(200);
  });
});
