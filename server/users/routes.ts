/**
 * User routes (spec section 7): GET user, POST user (the profile), POST user/set-country,
 * POST user/payment-documents, the referral codes. Every POST goes through the Idempotency-Key
 * mechanism (a retried save answers the same and changes nothing twice).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { requireUser } from '../auth/guard';
import { assertNoFieldErrors, badRequest } from '../http/errors';
import { asBody } from '../http/input';
import { isAnsweredKey, runIdempotent } from '../http/idempotency';
import { addressKey } from '../auth/limits';
import { validateCountry } from '#domain/validation';
import type { CountryCode, User } from '#domain/types';
import { loadUserWithStats, toApiUser } from './queries';
import { ApiError } from '../http/errors';
import { endReferralTry, referralCodeOf, saveProfile, savePaymentDocuments, saveReferredByCode, startReferralTry } from './profile';
import { fieldsMessage, localeOf } from '../http/messages';
import { isCountryCode } from '#domain/validation';
import * as users from '#contracts/api/users';

/** The app language an Accept-Language names; null when it names none (localeOf would answer English). */
function appLanguageOf(header: string | string[] | undefined): string | null {
  const locale = localeOf(header);
  if (locale !== 'en') return locale;
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return /(^|,)\s*en(-|;|,|\s|$)/i.test(value) ? 'en' : null;
}
import { serve } from '../http/contract';

/**
 * Runs a profile save; a 400's message becomes the words of its first field in the tasker's
 * language (Accept-Language), the fields stay codes. The national ID's length is the market's.
 */
async function inTaskerWords<T>(request: FastifyRequest, country: unknown, save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== 'VALIDATION_FAILED' || !error.fields) throw error;
    const market = typeof country === 'string' && isCountryCode(country) ? (country.toUpperCase() as CountryCode) : null;
    const message = fieldsMessage(error.fields, localeOf(request.headers['accept-language']), market);
    throw new ApiError(400, 'VALIDATION_FAILED', message ?? error.message, error.fields);
  }
}

export function registerUserRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, users.getUser)(async (request): Promise<User> => {
    const row = await requireUser(ctx, request);
    const user = await loadUserWithStats(ctx.db, row.id);
    if (!user) throw new ApiError(401, 'UNAUTHORIZED', 'Unknown user');
    return toApiUser(user);
  });

  serve(app, users.saveProfile)(async (request, reply) => {
    const user = await requireUser(ctx, request);
    const body = asBody(request.body);
    if (!body) throw badRequest({ body: 'INVALID' }, 'Send a JSON object');
    const country = isCountryCode(body.countryCode) ? body.countryCode : user.country_code;
    return runIdempotent(ctx, request, reply, user.id, async (trx) => ({
      status: 200,
      body: await inTaskerWords(request, country, () => saveProfile(trx, user.id, body, ctx.clock.now())),
    }));
  });

  serve(app, users.setCountry)(async (request, reply) => {
    const user = await requireUser(ctx, request);
    const body = asBody(request.body);
    if (!body) throw badRequest({ body: 'INVALID' }, 'Send a JSON object');
    assertNoFieldErrors({ countryCode: validateCountry(body.countryCode) });
    const countryCode = (body.countryCode as string).trim().toUpperCase() as CountryCode;
    // The profile save with the country alone: the same rule (LOCKED after approval, worded in the
    // tasker's language) and the same market change (payment documents asked again).
    return runIdempotent(ctx, request, reply, user.id, async (trx) => ({
      status: 200,
      body: await inTaskerWords(request, countryCode, () => saveProfile(trx, user.id, { countryCode }, ctx.clock.now())),
    }));
  });

  serve(app, users.savePaymentDocuments)(async (request, reply) => {
    const user = await requireUser(ctx, request);
    const body = asBody(request.body);
    if (!body) throw badRequest({ body: 'INVALID' }, 'Send a JSON object');
    return runIdempotent(ctx, request, reply, user.id, async (trx) => ({
      status: 200,
      body: await inTaskerWords(request, user.country_code, () => savePaymentDocuments(trx, user.id, body, ctx.clock.now())),
    }));
  });

  serve(app, users.getReferralCode)(async (request) => {
    const user = await requireUser(ctx, request);
    // Made on the first ask: a write, in a transaction (two first asks at once make one code).
    return { code: await ctx.db.transaction().execute((trx) => referralCodeOf(trx, user.id)) };
  });

  serve(app, users.getReferredByCode)(async (request) => {
    const user = await requireUser(ctx, request);
    return { code: user.referred_by_code };
  });

  serve(app, users.setReferredByCode)(async (request, reply) => {
    const user = await requireUser(ctx, request);
    const body = asBody(request.body);
    if (!body) throw badRequest({ body: 'INVALID' }, 'Send a JSON object');
    // A try at another code than the saved one (not a replay) is counted before the lookup, so
    // codes cannot be guessed without limit; one that finds its code is taken off again.
    const code = typeof body.code === 'string' ? body.code.trim().toUpperCase() : '';
    const counted = code !== '' && code !== user.referred_by_code?.toUpperCase() && !(await isAnsweredKey(ctx.db, request, user.id));
    const tryEvents = counted ? await startReferralTry(ctx.db, user.id, addressKey(request.ip), ctx.clock.now()) : [];
    const answer = await runIdempotent(ctx, request, reply, user.id, async (trx) => ({
      status: 200,
      body: await inTaskerWords(request, user.country_code, () => saveReferredByCode(trx, user.id, body.code, ctx.clock.now(), appLanguageOf(request.headers['accept-language']))),
    }));
    await endReferralTry(ctx.db, tryEvents);
    return answer;
  });
}
