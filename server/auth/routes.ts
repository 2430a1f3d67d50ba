/**
 * Auth routes (spec section 7): send-email-code, register, login (email code; Google's in
 * ./googleRoutes.ts), password login
 * for the demo accounts, and refresh-token rotation. Every one is throttled (./limits.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { assertNoFieldErrors, badRequest, refusal } from '../http/errors';
import { asBody, readString } from '../http/input';
import { loginCodeMessage } from '../mail/mailer';
import { localeOf, translate } from '../http/messages';
import { normalizeEmail, validateEmail, validateLoginCode, validateRegistrationCountry } from '#domain/validation';
import type { AuthTokens, CountryCode } from '#domain/types';
import { checkLoginCode, createLoginCode, createTaskerAccount, findUserByEmail, generateLoginCode } from './queries';
import { registerGoogleRoutes } from './googleRoutes';
import { issueTokens, rotateRefreshToken } from './tokens';
import { checkPasswordAttempt } from './passwords';
import { createAuthLimiter } from './limits';
import * as auth from '#contracts/api/auth';
import { serve } from '../http/contract';
import { REFUSAL_WORDS } from '#domain/errorWords';

function bodyOf(request: FastifyRequest): Record<string, unknown> {
  const body = asBody(request.body);
  if (!body) throw badRequest({ body: 'INVALID' }, 'Send a JSON object');
  return body;
}

function readEmail(body: Record<string, unknown>, field = 'email'): string {
  const error = validateEmail(body[field]);
  assertNoFieldErrors({ [field]: error });
  return normalizeEmail(body[field] as string);
}

export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, clock, config } = ctx;

  const limiter = createAuthLimiter(app, ctx);
  // The per-address gate runs first (before the body is parsed), on every auth route.
  const gated = { onRequest: limiter.gate };

  /** Mails a new code, worded in the language of the request (its Accept-Language; English without one). */
  async function sendCode(email: string, request: FastifyRequest): Promise<void> {
    const code = generateLoginCode();
    const locale = localeOf(request.headers['accept-language']);
    await createLoginCode(db, email, code, clock.now(), config.loginCodeTtlSeconds);
    await ctx.mailer.send(loginCodeMessage(email, code, Math.round(config.loginCodeTtlSeconds / 60), (words) => translate(words, locale)));
  }

  serve(app, auth.sendEmailCode, gated)(async (request) => {
    const email = readEmail(bodyOf(request));
    // Attempts for unknown emails count too, so the endpoint cannot be used to probe many addresses.
    await limiter.codeRequest(email, request);
    // Login needs an existing account (spec section 4); say so plainly so the UI can offer registration.
    const user = await findUserByEmail(db, email);
    if (!user) throw refusal('USER_NOT_FOUND', REFUSAL_WORDS.USER_NOT_FOUND.message);
    await sendCode(email, request);
    return { ok: true };
  });

  serve(app, auth.register, gated)(async (request) => {
    const body = bodyOf(request);
    const emailError = validateEmail(body.email);
    // Only the markets that take registrations (spec section 9); Czechia keeps its existing accounts.
    const countryError = validateRegistrationCountry(body.country);
    assertNoFieldErrors({ email: emailError, country: countryError });
    const email = normalizeEmail(body.email as string);
    const country = (body.country as string).toUpperCase() as CountryCode;
    await limiter.codeRequest(email, request);
    if (await findUserByEmail(db, email)) {
      throw refusal('EMAIL_ALREADY_REGISTERED', REFUSAL_WORDS.EMAIL_ALREADY_REGISTERED.message);
    }
    await createTaskerAccount(db, email, country, clock.now());
    await sendCode(email, request);
    return { ok: true };
  });

  const google = registerGoogleRoutes(app, ctx, limiter, gated);

  serve(app, auth.login, gated)(async (request): Promise<AuthTokens> => {
    const body = bodyOf(request);
    const type = body.type ?? 'email';
    if (type !== 'email' && type !== 'google') throw badRequest({ type: 'INVALID' });
    if (type === 'google') return google.login(body, request);
    const emailError = validateEmail(body.email);
    const codeError = validateLoginCode(body.code);
    assertNoFieldErrors({ email: emailError, code: codeError });
    const email = normalizeEmail(body.email as string);
    const code = (body.code as string).trim();
    // Counted before the account is looked up: unknown emails (USER_NOT_FOUND) use up the budget too.
    await limiter.loginAttempt(email, request);
    const now = clock.now();
    const user = await findUserByEmail(db, email);
    if (!user) throw refusal('USER_NOT_FOUND', REFUSAL_WORDS.USER_NOT_FOUND.message);
    const result = await checkLoginCode(db, email, code, now, config.loginCodeMaxAttempts);
    if (result === 'wrong') throw refusal('WRONG_CODE', REFUSAL_WORDS.WRONG_CODE.message);
    if (result === 'expired') throw refusal('CODE_EXPIRED', REFUSAL_WORDS.CODE_EXPIRED.message);
    return issueTokens(db, ctx.tokens, user.id, now);
  });

  serve(app, auth.passwordLogin, gated)(async (request): Promise<AuthTokens> => {
    const body = bodyOf(request);
    const username = readString(body.username, { required: true, max: 254 });
    const password = readString(body.password, { required: true, max: 200 });
    assertNoFieldErrors({ username: username.error, password: password.error });
    const email = normalizeEmail(username.value as string);
    // Refused here, before the (deliberately slow) hash.
    await limiter.loginAttempt(email, request);
    const user = await findUserByEmail(db, email);
    // One hash whether or not the account exists or has a password: the time tells nothing.
    const ok = await checkPasswordAttempt(password.value as string, user?.password_hash);
    if (!user || !ok) throw refusal('WRONG_CREDENTIALS', REFUSAL_WORDS.WRONG_CREDENTIALS.message);
    return issueTokens(db, ctx.tokens, user.id, clock.now());
  });

  serve(app, auth.token, gated)(async (request): Promise<AuthTokens> => {
    const body = bodyOf(request);
    const refreshToken = readString(body.refreshToken, { required: true, max: 200 });
    assertNoFieldErrors({ refreshToken: refreshToken.error });
    return rotateRefreshToken(db, ctx.tokens, refreshToken.value as string, clock.now());
  });
}
