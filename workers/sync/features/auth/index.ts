/**
 * The auth commands of the sync worker: online only (never queued), tokens kept in the mirror's
 * `session` table. Logging out clears the account's mirror but keeps the tasker's unsent work.
 */
import { SESSION_EXPIRED_KEY, SIGN_IN_PROVIDERS_KEY, type SignInProviders } from '#contracts/kv';
import type { CommandResult } from '#contracts/sync';
import type { AuthTokens, CountryCode } from '#domain/types';
import { authProviders, googleRegister, googleStart, login, passwordLogin, register, sendEmailCode } from '#contracts/api/auth';
import { isAnswer } from '../../answers';
import { toCommand } from '../../command';
import { command, defineFeature, type FeatureContext } from '../../feature';
import type { ApiResult } from '../../http';
import { clearPacks, packTables } from '../../pack';
import { pullUser } from '../../pulls/account';
import { clearAccountKv } from '../../pulls/base';
import { clearProfile, profileTables } from '../../pulls/profile';

/** The login is the mirrored tasker's own (emails compare without case or surrounding spaces). */
function sameLogin(mirroredEmail: string | null | undefined, login: string): boolean {
  return typeof mirroredEmail === 'string' && mirroredEmail.trim().toLowerCase() === login.trim().toLowerCase();
}

/**
 * The user id an access token names (its `sub`), read without checking the signature: only to
 * compare with the mirrored tasker (the server checks the token on every request). Null when it
 * cannot be read.
 */
function tokenSubject(token: string): string | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    const sub = typeof claims === 'object' && claims !== null ? (claims as { sub?: unknown }).sub : undefined;
    return typeof sub === 'string' ? sub : null;
  } catch {
    return null;
  }
}

/**
 * Who logs in: by e-mail (code or password login), or by Google, whose e-mail the app learns only
 * from the account pulled after the login (the tokens name the user id).
 */
type Login = { email: string } | { google: true };

function authCommands(ctx: FeatureContext) {
  const { db, session } = ctx;

  async function completeLogin(result: ApiResult<unknown>, who: Login): Promise<CommandResult> {
    if (!result.ok) return toCommand(result);
    if (!isAnswer(login, result.body)) {
      return { ok: false, error: { status: result.status, code: 'UNKNOWN', message: 'Malformed login answer' } };
    }
    const tokens: AuthTokens = result.body;
    // A session that ended without a logout (it expired) leaves its tasker's mirror behind. Unless
    // this login is that tasker's, it goes in the transaction that stores the new tokens: between
    // the two, a screen would show the old account's tasks to the new one, and a drain would send
    // the old account's records (their owner is the mirrored user) with the new token.
    const email = 'email' in who ? who.email : null;
    await db.transaction('rw', accountTables(), async () => {
      const previous = await db.user.get('me');
      const same = email !== null ? sameLogin(previous?.email, email) : previous?.id === tokenSubject(tokens.token);
      if (previous && !same) await forgetAccount();
      await session.storeLogin(tokens, email);
    });
    // The user row decides routing (onboarding or tasks), so the login waits for it; the rest
    // of "pull everything" runs behind (meta was cleared on logout or an account switch).
    await ctx.guard('user pull', () => pullUser(ctx.pullCtx));
    if (email === null) {
      // A Google login: the session names its tasker by the e-mail of the account just pulled.
      const pulled = (await db.user.get('me'))?.email;
      if (pulled) await db.session.update('tokens', { email: pulled });
    }
    ctx.drainer.spawn(ctx.syncNow('login'));
    return { ok: true, value: undefined };
  }

  const accountTables = () => [db.session, db.user, db.tasks, db.trainings, db.reservationLimit, db.meta, db.kv, db.outbox, ...packTables(db), ...profileTables(db), db.places];

  /** What a logout clears (inside a transaction over `accountTables()`); the outbox's unsent records stay. */
  async function forgetAccount(): Promise<void> {
    await Promise.all([
      clearPacks(db),
      clearProfile(db),
      db.places.clear(),
      db.session.clear(),
      db.user.clear(),
      db.tasks.clear(),
      db.trainings.clear(),
      db.reservationLimit.clear(),
      db.meta.where('key').notEqual('countries').delete(),
      db.kv.delete(SESSION_EXPIRED_KEY),
      clearAccountKv(db),
      db.outbox.where('state').equals('done').delete(),
    ]);
  }

  return {
    sendEmailCode: command(async (email: string): Promise<CommandResult> => {
      return toCommand(await session.call(sendEmailCode, { body: { email }, auth: 'none' }));
    }),

    register: command(async (email: string, country: CountryCode): Promise<CommandResult> => {
      return toCommand(await session.call(register, { body: { email, country }, auth: 'none' }));
    }),

    loginWithCode: command(async (email: string, code: string): Promise<CommandResult> => {
      const result = await session.call(login, { body: { code, type: 'email', email }, auth: 'none' });
      return completeLogin(result, { email });
    }),

    loginWithPassword: command(async (username: string, password: string): Promise<CommandResult> => {
      const result = await session.call(passwordLogin, { body: { username, password }, auth: 'none' });
      return completeLogin(result, { email: username });
    }),

    /**
     * Which sign-in methods the server offers (GET auth/providers), kept in kv for the login and
     * register screens (offline they show the last answer). Nothing is written without an answer.
     */
    signInProviders: command(async (): Promise<CommandResult<SignInProviders>> => {
      const result = await session.call(authProviders, { auth: 'none' });
      if (!result.ok) return { ok: false, error: { status: result.status, ...result.error } };
      if (!isAnswer(authProviders, result.body)) {
        return { ok: false, error: { status: result.status, code: 'UNKNOWN', message: 'Malformed providers answer' } };
      }
      const providers: SignInProviders = { email: result.body.email, google: result.body.google };
      await db.kv.put({ key: SIGN_IN_PROVIDERS_KEY, value: providers });
      return { ok: true, value: providers };
    }),

    /**
     * Starts a Google sign-in from the login or register screen (a registration names its market
     * now): the URL of Google's authorization page, which the page then opens in its own window.
     */
    startGoogleSignIn: command(async (intent: 'login' | 'register', country: CountryCode | null): Promise<CommandResult<{ authorizationUrl: string }>> => {
      const body = country ? { intent, country } : { intent };
      const result = await session.call(googleStart, { body, auth: 'none' });
      if (!result.ok) return { ok: false, error: { status: result.status, ...result.error } };
      if (!isAnswer(googleStart, result.body)) {
        return { ok: false, error: { status: result.status, code: 'UNKNOWN', message: 'Malformed Google start answer' } };
      }
      return { ok: true, value: { authorizationUrl: result.body.authorizationUrl } };
    }),

    /**
     * Back from Google: the code, state and issuer (`iss`, RFC 9207, when the provider sends it)
     * for tokens, or a refusal such as GOOGLE_REGISTRATION_REQUIRED.
     */
    loginWithGoogle: command(async (code: string, state: string, iss: string | null): Promise<CommandResult> => {
      const result = await session.call(login, { body: { type: 'google', code, state, ...(iss ? { iss } : {}) }, auth: 'none' });
      return completeLogin(result, { google: true });
    }),

    /** A Google account with no account yet: made in `country`, signed in (the state names the Google sign-in). */
    registerWithGoogle: command(async (state: string, country: CountryCode): Promise<CommandResult> => {
      const result = await session.call(googleRegister, { body: { state, country }, auth: 'none' });
      return completeLogin(result, { google: true });
    }),

    /**
     * Clears tokens and every mirrored table except countries (public reference data the
     * register screen needs offline). Unsent and rejected outbox records are KEPT: they are the
     * tasker's work; they carry their owner's id and drain only when that tasker logs in again.
     */
    logout: command(async (): Promise<void> => {
      await db.transaction('rw', accountTables(), forgetAccount);
      ctx.forgetWatches();
    }),
  };
}

/** Auth (online-only commands; tokens are stored in the mirror's `session` table). */
export const auth = defineFeature({
  name: 'auth',
  setup: (ctx) => ({ commands: authCommands(ctx) }),
});
