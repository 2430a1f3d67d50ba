/**
 * Google sign-in: the OpenID Connect authorization-code flow with PKCE, state and nonce, done by
 * openid-client (certified; discovery, the code exchange, the ID token's issuer, audience,
 * expiry, nonce and signature by the provider's published keys, and userinfo) — nothing here
 * reads a JWT by hand.
 *
 * A sign-in is a row of `google_sign_ins` (migration 0017), keyed by the sha256 of its state: the
 * PKCE verifier and the nonce stay on the server (never in the browser, where the tokens of the
 * redirect could meet them), and any API process can finish what another started. A row lives 10
 * minutes and is exchanged once; after the exchange it keeps the e-mail and subject the provider
 * verified, so a registration that still needs the market (GOOGLE_REGISTRATION_REQUIRED) uses that
 * e-mail and never one from the client.
 */
import { createHash } from 'node:crypto';
import * as oidc from 'openid-client';
import type { Db } from '../db/database';
import type { GoogleConfig } from '../config';
import { refusal, serviceUnavailable } from '../http/errors';
import { REFUSAL_WORDS } from '#domain/errorWords';
import { normalizeEmail } from '#domain/validation';

/** How long a started sign-in may be finished (also a registration after GOOGLE_REGISTRATION_REQUIRED). */
export const GOOGLE_SIGN_IN_TTL_SECONDS = 10 * 60;
/** The app's route that receives the provider's redirect (src/auth, GoogleCallbackScreen). */
export const GOOGLE_CALLBACK_PATH = '/auth/google/callback';

export type GoogleIntent = 'login' | 'register';

/** A Google account as the provider vouched for it after the exchange. */
export interface GoogleIdentity {
  subject: string;
  email: string;
}

/** A started sign-in after its exchange. */
export interface ExchangedSignIn {
  intent: GoogleIntent;
  country: string | null;
  identity: GoogleIdentity;
}

export const signInExpired = () => refusal('GOOGLE_SIGN_IN_EXPIRED', REFUSAL_WORDS.GOOGLE_SIGN_IN_EXPIRED.message);
const signInFailed = () => refusal('GOOGLE_SIGN_IN_FAILED', REFUSAL_WORDS.GOOGLE_SIGN_IN_FAILED.message);
const emailUnverified = () => refusal('GOOGLE_EMAIL_UNVERIFIED', REFUSAL_WORDS.GOOGLE_EMAIL_UNVERIFIED.message);

const stateHash = (state: string) => createHash('sha256').update(state).digest('hex');

/** http issuers only on this machine (the test provider); config.ts refuses any other. */
function isLoopbackHttp(issuer: string): boolean {
  const url = new URL(issuer);
  return url.protocol === 'http:' && (url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]');
}

/** No answer from the provider (down, DNS, a timeout) rather than a refusal: worth trying again. */
function isUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'AbortError' || error.name === 'TimeoutError') return true;
  return error instanceof TypeError && /fetch failed/i.test(error.message);
}

export interface GoogleSignIn {
  /** Stores a new sign-in and answers the provider's authorization URL for it. */
  start(db: Db, input: { intent: GoogleIntent; country: string | null; redirectUri: string; now: Date }): Promise<string>;
  /**
   * Exchanges the redirect's code for the sign-in its state names (once, within its 10 minutes)
   * and answers the verified identity. Refuses GOOGLE_SIGN_IN_EXPIRED (unknown, used, expired),
   * GOOGLE_SIGN_IN_FAILED (the exchange or the ID token refused), GOOGLE_EMAIL_UNVERIFIED.
   */
  exchange(db: Db, input: { code: string; state: string; iss: string | null; now: Date }): Promise<ExchangedSignIn>;
  /**
   * Keeps the identity with an exchanged sign-in that found no account (GOOGLE_REGISTRATION_REQUIRED):
   * only such a sign-in can be finished by consumeForRegistration.
   */
  holdForRegistration(db: Db, state: string, identity: GoogleIdentity): Promise<void>;
  /** Ends an exchanged sign-in that is waiting for its market (once, within its 10 minutes): its identity. */
  consumeForRegistration(db: Db, state: string, now: Date): Promise<GoogleIdentity>;
}

export function createGoogleSignIn(config: GoogleConfig, log: (message: string) => void): GoogleSignIn {
  const insecure = isLoopbackHttp(config.issuer);
  let discovered: Promise<oidc.Configuration> | null = null;

  /** The provider's metadata and keys, discovered once per process (again after a failure). */
  function configuration(): Promise<oidc.Configuration> {
    discovered ??= oidc
      .discovery(new URL(config.issuer), config.clientId, { client_secret: config.clientSecret }, oidc.ClientSecretPost(config.clientSecret), insecure ? { execute: [oidc.allowInsecureRequests] } : undefined)
      .catch((error: unknown) => {
        discovered = null;
        log(`Google sign-in: discovery at ${config.issuer} failed: ${error instanceof Error ? error.message : String(error)}`);
        throw serviceUnavailable();
      });
    return discovered;
  }

  const cutoff = (now: Date) => new Date(now.getTime() - GOOGLE_SIGN_IN_TTL_SECONDS * 1000);

  return {
    async start(db, { intent, country, redirectUri, now }) {
      const provider = await configuration();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      // Sign-ins nobody finished are useless after their 10 minutes; a day's margin keeps the trim rare.
      await db.deleteFrom('google_sign_ins').where('created_at', '<', new Date(now.getTime() - 24 * 3600 * 1000)).execute();
      await db
        .insertInto('google_sign_ins')
        .values({ state_hash: stateHash(state), code_verifier: codeVerifier, nonce, intent, country_code: country, redirect_uri: redirectUri, created_at: now })
        .execute();
      return oidc.buildAuthorizationUrl(provider, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      }).href;
    },

    async exchange(db, { code, state, iss, now }) {
      // The provider's metadata first: a provider that cannot be reached leaves the sign-in untaken,
      // so the tasker's "Try again" with the same code can still finish it.
      const provider = await configuration();
      // Taken before the exchange, so a second try with the same state (a replay) finds it used.
      const row = await db
        .updateTable('google_sign_ins')
        .set({ exchanged_at: now })
        .where('state_hash', '=', stateHash(state))
        .where('exchanged_at', 'is', null)
        .where('created_at', '>', cutoff(now))
        .returningAll()
        .executeTakeFirst();
      if (!row) throw signInExpired();
      const callback = new URL(row.redirect_uri);
      callback.searchParams.set('code', code);
      callback.searchParams.set('state', state);
      if (iss !== null) callback.searchParams.set('iss', iss);
      let identity: { subject: string; email: unknown; verified: unknown };
      try {
        const tokens = await oidc.authorizationCodeGrant(provider, callback, { pkceCodeVerifier: row.code_verifier, expectedState: state, expectedNonce: row.nonce, idTokenExpected: true });
        const subject = tokens.claims()!.sub;
        // The spec's userinfo lookup: the e-mail and whether the provider verified it.
        const info = await oidc.fetchUserInfo(provider, tokens.access_token, subject);
        identity = { subject, email: info.email, verified: info.email_verified };
      } catch (error) {
        log(`Google sign-in refused: ${error instanceof Error ? `${error.name}: ${error.message}${'code' in error ? ` (${String(error.code)})` : ''}` : String(error)}`);
        if (isUnreachable(error)) {
          // No answer is not a refusal: the sign-in is released for a try with the same code.
          await db.updateTable('google_sign_ins').set({ exchanged_at: null }).where('state_hash', '=', stateHash(state)).execute();
          throw serviceUnavailable();
        }
        throw signInFailed();
      }
      // Google has sent email_verified as a string in some answers.
      const verified = identity.verified === true || identity.verified === 'true';
      if (typeof identity.email !== 'string' || identity.email.trim() === '' || !verified) throw emailUnverified();
      return { intent: row.intent, country: row.country_code, identity: { subject: identity.subject, email: normalizeEmail(identity.email) } };
    },

    async holdForRegistration(db, state, identity) {
      await db.updateTable('google_sign_ins').set({ email: identity.email, subject: identity.subject }).where('state_hash', '=', stateHash(state)).execute();
    },

    async consumeForRegistration(db, state, now) {
      const row = await db
        .updateTable('google_sign_ins')
        .set({ consumed_at: now })
        .where('state_hash', '=', stateHash(state))
        .where('exchanged_at', 'is not', null)
        .where('consumed_at', 'is', null)
        .where('email', 'is not', null)
        .where('subject', 'is not', null)
        .where('created_at', '>', cutoff(now))
        .returning(['email', 'subject'])
        .executeTakeFirst();
      if (!row?.email || !row.subject) throw signInExpired();
      return { subject: row.subject, email: row.email };
    },
  };
}
