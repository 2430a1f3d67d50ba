/**
 * Google sign-in's routes (docs/api.md): which sign-in methods are on, starting a sign-in, and
 * finishing one — `POST auth/login {type: 'google', code, state, iss}` (registered by ./routes.ts,
 * which hands the google type here) and `POST auth/google/register {state, country}`.
 *
 * The same tasker whether they come by code or by Google: a Google account (its subject) once
 * linked signs in its user; otherwise the verified e-mail finds the account and links it. An
 * account already linked to another Google account is refused (GOOGLE_ACCOUNT_LINKED_ELSEWHERE).
 * With no account, a sign-in started to register (with its market) makes one as registration
 * does; one started to log in is refused with GOOGLE_REGISTRATION_REQUIRED, and the app then asks
 * the market and finishes it with google/register. Tasker tokens only: no staff route takes them.
 */
import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { Selectable } from 'kysely';
import type { AppContext } from '../context';
import type { UsersTable } from '../db/schema';
import { assertNoFieldErrors, refusal } from '../http/errors';
import { readString } from '../http/input';
import { serve } from '../http/contract';
import * as auth from '#contracts/api/auth';
import { REFUSAL_WORDS } from '#domain/errorWords';
import { validateRegistrationCountry } from '#domain/validation';
import type { AuthTokens } from '#domain/types';
import { GOOGLE_CALLBACK_PATH, createGoogleSignIn, type GoogleIdentity } from './google';
import type { AuthLimiter } from './limits';
import { createTaskerAccount, findUserByEmail } from './queries';
import { issueTokens } from './tokens';

type UserRow = Selectable<UsersTable>;

/** The longest code, state and iss taken (Google's codes are ~100 characters, states ours: 43). */
const MAX_PARAM = 2048;

export interface GoogleLogin {
  /** `POST auth/login` with type google: tokens, or a refusal. */
  login(body: Record<string, unknown>, request: FastifyRequest): Promise<AuthTokens>;
}

const unavailable = () => refusal('GOOGLE_LOGIN_UNAVAILABLE', REFUSAL_WORDS.GOOGLE_LOGIN_UNAVAILABLE.message);
const linkedElsewhere = () => refusal('GOOGLE_ACCOUNT_LINKED_ELSEWHERE', REFUSAL_WORDS.GOOGLE_ACCOUNT_LINKED_ELSEWHERE.message);

export function registerGoogleRoutes(app: FastifyInstance, ctx: AppContext, limiter: AuthLimiter, gated: RouteShorthandOptions): GoogleLogin {
  const { db, clock, config } = ctx;
  const google = config.google ? createGoogleSignIn(config.google, (message) => app.log.warn(message)) : null;

  /** The user a Google account signs in, linking it by its verified e-mail the first time; null: no account. */
  async function accountOf(identity: GoogleIdentity, now: Date): Promise<UserRow | null> {
    const linked = await db
      .selectFrom('user_google_identities as g')
      .innerJoin('users as u', 'u.id', 'g.user_id')
      .selectAll('u')
      .where('g.subject', '=', identity.subject)
      .executeTakeFirst();
    if (linked) return linked;
    const user = await findUserByEmail(db, identity.email);
    if (!user) return null;
    const inserted = await db
      .insertInto('user_google_identities')
      .values({ subject: identity.subject, user_id: user.id, email: identity.email, linked_at: now })
      .onConflict((oc) => oc.doNothing())
      .returning('subject')
      .executeTakeFirst();
    if (inserted) return user;
    // Not inserted: this subject was linked meanwhile (to this user: fine), or the user already has another Google account.
    const owner = await db.selectFrom('user_google_identities').select('user_id').where('subject', '=', identity.subject).executeTakeFirst();
    if (owner?.user_id === user.id) return user;
    throw linkedElsewhere();
  }

  /** A new account in `country` for the identity's e-mail (or the one a concurrent request made), linked. */
  async function registerAccount(identity: GoogleIdentity, country: string, now: Date): Promise<UserRow> {
    await createTaskerAccount(db, identity.email, country, now);
    const user = await accountOf(identity, now);
    if (!user) throw new Error('The account just made is missing');
    return user;
  }

  serve(app, auth.authProviders)(async () => ({ email: true as const, google: google !== null }));

  serve(app, auth.googleStart, gated)(async (request) => {
    const body = request.body as Record<string, unknown> | null;
    const intent = body?.intent;
    const intentError = intent === undefined || intent === null || intent === '' ? 'REQUIRED' : intent === 'login' || intent === 'register' ? null : 'INVALID';
    // A registration names its market now; a login may name one (ignored).
    const countryError = intent === 'register' ? validateRegistrationCountry(body?.country) : null;
    assertNoFieldErrors({ intent: intentError, country: countryError });
    if (!google) throw unavailable();
    const country = intent === 'register' ? String(body!.country).toUpperCase() : null;
    const redirectUri = config.google?.redirectUrl ?? `${request.protocol}://${request.host}${GOOGLE_CALLBACK_PATH}`;
    const authorizationUrl = await google.start(db, { intent: intent as 'login' | 'register', country, redirectUri, now: clock.now() });
    return { authorizationUrl };
  });

  serve(app, auth.googleRegister, gated)(async (request): Promise<AuthTokens> => {
    const body = request.body as Record<string, unknown> | null;
    const state = readString(body?.state, { required: true, max: MAX_PARAM });
    assertNoFieldErrors({ state: state.error, country: validateRegistrationCountry(body?.country) });
    if (!google) throw unavailable();
    await limiter.googleAttempt(request);
    const now = clock.now();
    // The e-mail is the one the provider verified for this sign-in, never one the client sends.
    const identity = await google.consumeForRegistration(db, state.value as string, now);
    const user = await registerAccount(identity, String(body!.country).toUpperCase(), now);
    return issueTokens(db, ctx.tokens, user.id, now);
  });

  return {
    async login(body, request) {
      const code = readString(body.code, { required: true, max: MAX_PARAM });
      const state = readString(body.state, { required: true, max: MAX_PARAM });
      const iss = readString(body.iss, { max: MAX_PARAM });
      assertNoFieldErrors({ code: code.error, state: state.error, iss: iss.error });
      if (!google) throw unavailable();
      await limiter.googleAttempt(request);
      const now = clock.now();
      const signIn = await google.exchange(db, { code: code.value as string, state: state.value as string, iss: iss.value, now });
      const user = await accountOf(signIn.identity, now);
      if (user) return issueTokens(db, ctx.tokens, user.id, now);
      if (signIn.intent === 'register' && signIn.country) {
        return issueTokens(db, ctx.tokens, (await registerAccount(signIn.identity, signIn.country, now)).id, now);
      }
      await google.holdForRegistration(db, state.value as string, signIn.identity);
      throw refusal('GOOGLE_REGISTRATION_REQUIRED', REFUSAL_WORDS.GOOGLE_REGISTRATION_REQUIRED.message);
    },
  };
}
