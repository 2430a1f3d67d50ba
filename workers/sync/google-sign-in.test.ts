/**
 * The worker's Google sign-in commands against the real server and a real OpenID provider on
 * localhost (test/support/oidcProvider.ts): the providers kept in kv for the screens, and a Google
 * login on a phone whose session ended without a logout. A Google login names no e-mail, so
 * whether the mirrored tasker is the one signing in is read from the new access token's subject:
 * the same tasker keeps the mirror (and its work), another account never sees it.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_EXPIRED_KEY, SIGN_IN_PROVIDERS_KEY } from '#contracts/kv';
import { signInAtTestProvider, startTestOidcProvider, type TestOidcProvider } from '../../test/support/oidcProvider';
import { createHarness, gate, useSyncServer, type Harness } from '../../test/support/sync-harness';

const CLIENT_ID = 'shelfwork-test';
const CLIENT_SECRET = 'shelfwork-test-secret';
const REDIRECT = 'http://shelfwork.test/auth/google/callback';

const server = useSyncServer();
let provider: TestOidcProvider;
let h: Harness;

beforeAll(async () => {
  provider = await startTestOidcProvider({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, redirectUris: [REDIRECT] });
});
afterAll(async () => {
  await provider?.stop();
});
afterEach(async () => {
  await h?.engine.idle();
  h?.db.close();
});

/** A harness whose server has Google sign-in on, at the test provider. */
async function googleHarness(): Promise<Harness> {
  const base = server();
  const app = await base.withConfig({ google: { issuer: provider.issuer, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, redirectUrl: REDIRECT } });
  return createHarness({ ...base, app });
}

/** The session ended without a logout (a refused refresh): the mirror is still the first tasker's. */
async function expireSession(): Promise<void> {
  await h.db.transaction('rw', h.db.session, h.db.kv, async () => {
    await h.db.session.clear();
    await h.db.kv.put({ key: SESSION_EXPIRED_KEY, value: true });
  });
}

/**
 * Signs in with Google as `email` through the worker's commands, the account's profile held on
 * its way; `whileHeld` looks at the mirror with the new tokens stored and the profile not yet in.
 */
async function googleLogin(email: string, whileHeld: () => Promise<void>) {
  provider.setAccount(email, { email_verified: true });
  const started = await h.engine.startGoogleSignIn('login', null);
  if (!started.ok) throw new Error(`start refused: ${JSON.stringify(started.error)}`);
  const callback = await signInAtTestProvider(started.value.authorizationUrl, email);
  const held = gate();
  h.net.fail('GET', 'user', { kind: 'hold-request', until: held.until }, { times: 1 });
  const before = h.net.calls('GET', 'user').length;
  const login = h.engine.loginWithGoogle(callback.code ?? '', callback.state ?? '', callback.iss);
  while (h.net.calls('GET', 'user').length === before) await new Promise((r) => setTimeout(r, 1));
  await whileHeld();
  held.open();
  return login;
}

describe('Google sign-in in the worker', () => {
  it('keeps what GET auth/providers answered for the login screens', async () => {
    h = await googleHarness();
    expect(await h.engine.signInProviders()).toEqual({ ok: true, value: { email: true, google: true } });
    expect((await h.db.kv.get(SIGN_IN_PROVIDERS_KEY))?.value).toEqual({ email: true, google: true });
  });

  it("the mirrored tasker signing in with Google keeps the mirror; the session is named by the account's e-mail", async () => {
    h = await googleHarness();
    await h.world.task('r1', 'reserved');
    await h.logIn();
    await h.engine.syncNow('start');
    expect(await h.db.tasks.count()).toBe(1);
    await expireSession();

    const result = await googleLogin(h.world.tasker.email, async () => {
      expect(await h.db.session.get('tokens')).toBeDefined();
      expect(await h.db.user.get('me'), 'the same tasker: the profile stays').toMatchObject({ id: h.world.tasker.id });
      expect(await h.db.tasks.count(), 'the same tasker: the tasks stay').toBe(1);
    });
    expect(result).toEqual({ ok: true, value: undefined });
    expect(await h.db.session.get('tokens')).toMatchObject({ email: h.world.tasker.email });
    expect(await h.db.kv.get(SESSION_EXPIRED_KEY)).toBeUndefined();
  });

  it("another account signing in with Google never sees the first account's mirror", async () => {
    h = await googleHarness();
    await h.world.task('r1', 'reserved');
    await h.logIn();
    await h.engine.syncNow('start');
    expect(await h.db.tasks.count()).toBe(1);
    await expireSession();
    const jan = await h.world.otherTasker('u2');

    const result = await googleLogin(jan.email, async () => {
      expect(await h.db.user.get('me'), "the first account's profile is gone before Jan's arrives").toBeUndefined();
      expect(await h.db.tasks.count(), "the first account's tasks are gone").toBe(0);
    });
    expect(result).toEqual({ ok: true, value: undefined });
    await h.engine.idle();
    expect(await h.db.user.get('me')).toMatchObject({ id: jan.id });
    expect(await h.db.session.get('tokens')).toMatchObject({ email: jan.email });
  });
});
