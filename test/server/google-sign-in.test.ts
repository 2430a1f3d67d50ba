/**
 * Google sign-in against a real OpenID provider on localhost (oidc-provider, test/support/
 * oidcProvider.ts), the server's real openid-client code path: login of an existing account
 * (linked: the same user as by code), registration through Google, GOOGLE_REGISTRATION_REQUIRED
 * then google/register, and the refusals — a wrong state, a replayed code, a wrong audience, an
 * expired ID token (and a wrong nonce or issuer), an unverified e-mail, an account linked to
 * another Google account, Google off — and no staff route taking what Google gave.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, AuthTokens, User } from '#domain/types';
import { signInAtTestProvider, startTestOidcProvider, type OidcCallback, type TestOidcProvider } from '../support/oidcProvider';
import { startTestServer, type TestServer } from './helpers';
import { insertStaff } from './staff-auth-fixtures';
import { googleConfigFromEnv } from '../../server/config';

const CLIENT_ID = 'shelfwork-test';
const CLIENT_SECRET = 'shelfwork-test-secret';
const REDIRECT = 'http://localhost:8080/auth/google/callback';
const LT_TASKER = 'lt@demo.shelfwork.app';

let provider: TestOidcProvider;
let server: TestServer;
beforeAll(async () => {
  provider = await startTestOidcProvider({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, redirectUris: [REDIRECT] });
  server = await startTestServer({ google: { issuer: provider.issuer, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, redirectUrl: REDIRECT } });
});
afterAll(async () => {
  await server?.close();
  await provider?.stop();
});

const post = (url: string, payload: unknown) => server.request({ method: 'POST', url, payload: payload as Record<string, unknown> });
const codeOf = (res: { json<T>(): T }) => res.json<ApiErrorBody>().error.code;

/** Starts a sign-in on the server and signs in at the provider as `login`: the redirect back. */
async function signIn(login: string, intent: 'login' | 'register' = 'login', country?: string): Promise<OidcCallback> {
  const started = await post('/api/auth/google/start', country ? { intent, country } : { intent });
  expect(started.statusCode, started.body).toBe(200);
  const callback = await signInAtTestProvider(started.json<{ authorizationUrl: string }>().authorizationUrl, login);
  expect(callback.code).toBeTruthy();
  return callback;
}

function finish(callback: OidcCallback, overrides: Record<string, unknown> = {}) {
  return post('/api/auth/login', { type: 'google', code: callback.code, state: callback.state, iss: callback.iss, ...overrides });
}

async function me(tokens: AuthTokens): Promise<User> {
  const res = await server.request({ method: 'GET', url: '/api/user', token: tokens.token });
  expect(res.statusCode).toBe(200);
  return res.json<User>();
}

const userByEmail = (email: string) => server.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();

describe('Google sign-in', () => {
  it('says Google is on, and the authorization URL asks for PKCE (S256), a state and a nonce at the configured issuer', async () => {
    const providers = await server.request({ method: 'GET', url: '/api/auth/providers' });
    expect(providers.json()).toEqual({ email: true, google: true });
    const started = await post('/api/auth/google/start', { intent: 'login' });
    const url = new URL(started.json<{ authorizationUrl: string }>().authorizationUrl);
    expect(url.origin).toBe(provider.issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ client_id: CLIENT_ID, redirect_uri: REDIRECT, response_type: 'code', scope: 'openid email profile', code_challenge_method: 'S256' });
    for (const param of ['code_challenge', 'state', 'nonce']) expect(url.searchParams.get(param)).toMatch(/^[\w-]{43}$/);
  });

  it('without GOOGLE_REDIRECT_URL, sends Google back to the origin the request came to', async () => {
    const app = await server.withConfig({ google: { issuer: provider.issuer, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, redirectUrl: null } });
    const res = await app.inject({ method: 'POST', url: '/api/auth/google/start', payload: { intent: 'login' }, headers: { host: 'shelfwork.example:8443' } });
    expect(new URL(res.json<{ authorizationUrl: string }>().authorizationUrl).searchParams.get('redirect_uri')).toBe('http://shelfwork.example:8443/auth/google/callback');
  });

  it('signs in the existing account with the verified e-mail: the same user as by password or code, linked from then on', async () => {
    const byPassword = await me(await server.login(LT_TASKER));
    const res = await finish(await signIn(LT_TASKER));
    expect(res.statusCode, res.body).toBe(200);
    const tokens = res.json<AuthTokens>();
    expect((await me(tokens)).id).toBe(byPassword.id);
    // Refresh as for code login.
    const refreshed = await post('/api/auth/token', { refreshToken: tokens.refreshToken });
    expect(refreshed.statusCode).toBe(200);
    const link = await server.db.selectFrom('user_google_identities').selectAll().where('user_id', '=', byPassword.id).executeTakeFirstOrThrow();
    expect(link.subject).toBe(provider.subjectOf(LT_TASKER));
    // Again: found by the Google subject.
    const again = await finish(await signIn(LT_TASKER));
    expect((await me(again.json<AuthTokens>())).id).toBe(byPassword.id);
  });

  it('signs in the existing account also from the register screen (its market unchanged)', async () => {
    const res = await finish(await signIn(LT_TASKER, 'register', 'PL'));
    expect(res.statusCode, res.body).toBe(200);
    expect((await me(res.json<AuthTokens>())).email).toBe(LT_TASKER);
    expect(await userByEmail(LT_TASKER)).toMatchObject({ country_code: 'LT' });
  });

  it('signs in a deactivated account as code login does (the app then shows its support screen)', async () => {
    const email = 'deactivated@demo.shelfwork.app';
    provider.setAccount(email, { email_verified: true });
    const res = await finish(await signIn(email));
    expect(res.statusCode, res.body).toBe(200);
    expect((await me(res.json<AuthTokens>())).id).toBe((await me(await server.login(email))).id);
  });

  it('registers through Google in the market chosen before (the e-mail from userinfo), and signs in', async () => {
    const email = 'google.register@example.com';
    provider.setAccount(email, { email_verified: true, name: 'Rasa Registrė' });
    const res = await finish(await signIn(email, 'register', 'pl'));
    expect(res.statusCode, res.body).toBe(200);
    const user = await me(res.json<AuthTokens>());
    expect(user.email).toBe(email);
    const row = await userByEmail(email);
    expect(row).toMatchObject({ country_code: 'PL', status: 'new', id: user.id });
  });

  it('asks for the market of a Google account without an account (GOOGLE_REGISTRATION_REQUIRED), then google/register makes it once', async () => {
    const email = 'google.new@example.com';
    const callback = await signIn(email);
    const refused = await finish(callback);
    expect(refused.statusCode).toBe(420);
    expect(codeOf(refused)).toBe('GOOGLE_REGISTRATION_REQUIRED');
    expect(await userByEmail(email)).toBeUndefined();
    // A market that takes no registrations, before the sign-in is used up.
    const czech = await post('/api/auth/google/register', { state: callback.state, country: 'CZ' });
    expect(czech.statusCode).toBe(400);
    expect(czech.json<ApiErrorBody>().error.fields).toEqual({ country: 'COUNTRY_INVALID' });
    const registered = await post('/api/auth/google/register', { state: callback.state, country: 'RO' });
    expect(registered.statusCode, registered.body).toBe(200);
    expect((await me(registered.json<AuthTokens>())).email).toBe(email);
    expect(await userByEmail(email)).toMatchObject({ country_code: 'RO' });
    const twice = await post('/api/auth/google/register', { state: callback.state, country: 'RO' });
    expect(codeOf(twice)).toBe('GOOGLE_SIGN_IN_EXPIRED');
    // A sign-in that found its account cannot be finished as a registration either.
    const linked = await signIn(LT_TASKER);
    expect((await finish(linked)).statusCode).toBe(200);
    expect(codeOf(await post('/api/auth/google/register', { state: linked.state, country: 'LT' }))).toBe('GOOGLE_SIGN_IN_EXPIRED');
  });

  it('refuses a state it did not start (GOOGLE_SIGN_IN_EXPIRED) and another sign-in’s state (GOOGLE_SIGN_IN_FAILED)', async () => {
    const callback = await signIn(LT_TASKER);
    expect(codeOf(await finish(callback, { state: 'x'.repeat(43) }))).toBe('GOOGLE_SIGN_IN_EXPIRED');
    // A state the server did start, for another sign-in: its PKCE verifier does not fit this code.
    const other = new URL((await post('/api/auth/google/start', { intent: 'login' })).json<{ authorizationUrl: string }>().authorizationUrl).searchParams.get('state');
    const swapped = await finish(callback, { state: other });
    expect(swapped.statusCode).toBe(420);
    expect(codeOf(swapped)).toBe('GOOGLE_SIGN_IN_FAILED');
  });

  it('refuses a replayed code: with its own state (used) and with a fresh one', async () => {
    const callback = await signIn(LT_TASKER);
    expect((await finish(callback)).statusCode).toBe(200);
    expect(codeOf(await finish(callback))).toBe('GOOGLE_SIGN_IN_EXPIRED');
    const fresh = new URL((await post('/api/auth/google/start', { intent: 'login' })).json<{ authorizationUrl: string }>().authorizationUrl).searchParams.get('state');
    expect(codeOf(await finish(callback, { state: fresh }))).toBe('GOOGLE_SIGN_IN_FAILED');
  });

  it('refuses a sign-in older than 10 minutes', async () => {
    const callback = await signIn(LT_TASKER);
    server.clock.advance(10 * 60 * 1000 + 1);
    try {
      expect(codeOf(await finish(callback))).toBe('GOOGLE_SIGN_IN_EXPIRED');
    } finally {
      server.clock.advance(-(10 * 60 * 1000 + 1));
    }
  });

  const nowSeconds = () => Math.floor(Date.now() / 1000);
  it.each([
    ['a wrong audience', (claims: Record<string, unknown>) => ({ ...claims, aud: 'another-client' })],
    ['an expired ID token', (claims: Record<string, unknown>) => ({ ...claims, iat: nowSeconds() - 7200, exp: nowSeconds() - 3600 })],
    ['a wrong nonce', (claims: Record<string, unknown>) => ({ ...claims, nonce: 'not-the-one-sent' })],
    ['another issuer', (claims: Record<string, unknown>) => ({ ...claims, iss: 'https://accounts.example.com' })],
  ])('refuses %s (GOOGLE_SIGN_IN_FAILED), signed by the provider’s own key', async (_name, rewrite) => {
    const email = `google.refused.${Math.random().toString(36).slice(2)}@example.com`;
    provider.setAccount(email, { email_verified: true });
    const callback = await signIn(email, 'register', 'LT');
    provider.rewriteIdTokens(rewrite);
    try {
      const res = await finish(callback);
      expect(res.statusCode).toBe(420);
      expect(codeOf(res)).toBe('GOOGLE_SIGN_IN_FAILED');
    } finally {
      provider.rewriteIdTokens(null);
    }
    expect(await userByEmail(email)).toBeUndefined();
  });

  it('refuses an e-mail the provider has not verified (GOOGLE_EMAIL_UNVERIFIED), also when registering', async () => {
    for (const [intent, country] of [['login', undefined], ['register', 'LT']] as const) {
      const res = await finish(await signIn('unverified@example.com', intent, country));
      expect(res.statusCode).toBe(420);
      expect(codeOf(res)).toBe('GOOGLE_EMAIL_UNVERIFIED');
    }
    expect(await userByEmail('unverified@example.com')).toBeUndefined();
  });

  it('refuses a second Google account for an account already linked (GOOGLE_ACCOUNT_LINKED_ELSEWHERE)', async () => {
    await finish(await signIn(LT_TASKER));
    // The same e-mail at the provider, now another Google account (another subject).
    provider.setAccount(LT_TASKER, { email_verified: true, sub: 'another-google-account' });
    try {
      const res = await finish(await signIn(LT_TASKER));
      expect(res.statusCode).toBe(420);
      expect(codeOf(res)).toBe('GOOGLE_ACCOUNT_LINKED_ELSEWHERE');
    } finally {
      provider.setAccount(LT_TASKER, { email_verified: true });
    }
  });

  it('refuses bad input with field codes (400)', async () => {
    expect((await post('/api/auth/google/start', {})).json<ApiErrorBody>().error.fields).toEqual({ intent: 'REQUIRED' });
    expect((await post('/api/auth/google/start', { intent: 'signup' })).json<ApiErrorBody>().error.fields).toEqual({ intent: 'INVALID' });
    expect((await post('/api/auth/google/start', { intent: 'register' })).json<ApiErrorBody>().error.fields).toEqual({ country: 'REQUIRED' });
    expect((await post('/api/auth/google/start', { intent: 'register', country: 'CZ' })).json<ApiErrorBody>().error.fields).toEqual({ country: 'COUNTRY_INVALID' });
    expect((await post('/api/auth/login', { type: 'google' })).json<ApiErrorBody>().error.fields).toEqual({ code: 'REQUIRED' });
    expect((await post('/api/auth/login', { type: 'google', code: 'c' })).json<ApiErrorBody>().error.fields).toEqual({ state: 'REQUIRED' });
    expect((await post('/api/auth/login', { type: 'google', code: 'c', state: 's'.repeat(3000), iss: 7 })).json<ApiErrorBody>().error.fields).toEqual({ state: 'TOO_LONG', iss: 'INVALID' });
    expect((await post('/api/auth/google/register', { country: 'LT' })).json<ApiErrorBody>().error.fields).toEqual({ state: 'REQUIRED' });
  });

  it('gives no staff route anything: the staff sign-in takes no Google code, and the tokens of a Google login are refused there', async () => {
    const callback = await signIn(LT_TASKER);
    const staffLogin = await post('/api/staff/auth/login', { type: 'google', code: callback.code, state: callback.state });
    expect(staffLogin.statusCode).toBe(400);
    const tokens = (await finish(callback)).json<AuthTokens>();
    for (const url of ['/api/staff/me', '/api/staff/users']) {
      expect((await server.request({ method: 'GET', url, token: tokens.token })).statusCode).toBe(401);
    }
    // A staff member's e-mail at Google is no tasker account and no staff session.
    const staff = await insertStaff(server, ['admin']);
    provider.setAccount(staff.email, { email_verified: true });
    expect(codeOf(await finish(await signIn(staff.email)))).toBe('GOOGLE_REGISTRATION_REQUIRED');
  });
});

describe('Google sign-in configuration', () => {
  it('is on with both client id and secret, Google by default, https only (http on localhost)', () => {
    expect(googleConfigFromEnv({})).toBeNull();
    expect(() => googleConfigFromEnv({ GOOGLE_CLIENT_ID: 'id' })).toThrow(/go together/);
    expect(googleConfigFromEnv({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' })).toEqual({ issuer: 'https://accounts.google.com', clientId: 'id', clientSecret: 'secret', redirectUrl: null });
    const on = { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' };
    expect(() => googleConfigFromEnv({ ...on, GOOGLE_OIDC_ISSUER: 'http://idp.example.com' })).toThrow(/https/);
    expect(() => googleConfigFromEnv({ ...on, GOOGLE_REDIRECT_URL: 'http://shelfwork.example/auth/google/callback' })).toThrow(/https/);
    expect(googleConfigFromEnv({ ...on, GOOGLE_OIDC_ISSUER: 'http://localhost:9400', GOOGLE_REDIRECT_URL: 'https://app.example/auth/google/callback' })).toMatchObject({ issuer: 'http://localhost:9400', redirectUrl: 'https://app.example/auth/google/callback' });
  });
});

describe('Google sign-in with its provider unreachable', () => {
  it('keeps a sign-in whose finish found the provider unreachable: the same code finishes it once it answers', async () => {
    const callback = await signIn(LT_TASKER);
    const down = await server.withConfig({ google: { issuer: 'http://localhost:1', clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, redirectUrl: REDIRECT } });
    const unreachable = await down.inject({ method: 'POST', url: '/api/auth/login', payload: { type: 'google', code: callback.code, state: callback.state, iss: callback.iss } });
    expect(unreachable.statusCode).toBe(503);
    const retried = await finish(callback);
    expect(retried.statusCode, retried.body).toBe(200);
  });

  it('answers 503 SERVICE_UNAVAILABLE with Retry-After (nothing the tasker did wrong)', async () => {
    const down = await server.withConfig({ google: { issuer: 'http://localhost:1', clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, redirectUrl: REDIRECT } });
    const res = await down.inject({ method: 'POST', url: '/api/auth/google/start', payload: { intent: 'login' } });
    expect(res.statusCode).toBe(503);
    expect(codeOf(res)).toBe('SERVICE_UNAVAILABLE');
    expect(res.headers['retry-after']).toBeDefined();
  });
});

describe('Google sign-in switched off (no client id and secret)', () => {
  it('says so, and refuses to start or finish with GOOGLE_LOGIN_UNAVAILABLE', async () => {
    const off = await server.withConfig({ google: null });
    expect((await off.inject({ method: 'GET', url: '/api/auth/providers' })).json()).toEqual({ email: true, google: false });
    const start = await off.inject({ method: 'POST', url: '/api/auth/google/start', payload: { intent: 'login' } });
    expect(start.statusCode).toBe(420);
    expect(codeOf(start)).toBe('GOOGLE_LOGIN_UNAVAILABLE');
    for (const [url, payload] of [
      ['/api/auth/login', { type: 'google', code: 'c', state: 's' }],
      ['/api/auth/google/register', { state: 's', country: 'LT' }],
    ] as const) {
      expect(codeOf(await off.inject({ method: 'POST', url, payload }))).toBe('GOOGLE_LOGIN_UNAVAILABLE');
    }
  });
});
