/**
 * The tasker's own profile (spec sections 3–5, 7): saving it (POST user), the payment documents
 * (POST user/payment-documents), the referral codes, and the one submission rule both saves end
 * with. Every function runs inside the caller's transaction and locks the user row first, so a
 * save and a staff decision (server/staff/review.ts) are serialised.
 *
 * Validation is src/domain/profile.ts, the same rules as the wizard's forms; refusals are 400
 * VALIDATION_FAILED with per-field codes (the page words them in the tasker's language).
 */
import { randomInt } from 'node:crypto';
import type { Db } from '../db/database';
import { ApiError, badRequest, rateLimited } from '../http/errors';
import type { FieldErrorCode } from '#domain/errors';
import {
  countryChoices,
  isProfileComplete,
  LOCKED_AFTER_APPROVAL,
  LT_ACTIVITY_CODE,
  normalizeProfile,
  PROFILE_FIELDS,
  validateProfile,
  type ProfileContext,
  type ProfileField,
  type ProfileInput,
} from '#domain/profile';
import { isCountryCode } from '#domain/validation';
import { countryChangeError } from '#domain/users';
import type { CountryCode, User } from '#domain/types';
import { recordUserEvent } from './events';
import { hitRateLimits } from '../auth/queries';
import { isApprovedRow, loadUserWithStats, PROFILE_COLUMNS, profileOf, toApiUser, type UserRow, type UserWithStats } from './queries';
import { FIELD_SPECIFIC_WORDS } from '#domain/errorWords';

/** The tasker's own actor in the history (user_events.actor). */
export const TASKER_ACTOR = 'tasker';

const unknownUser = () => new ApiError(401, 'UNAUTHORIZED', 'Unknown user');

async function lockUser(db: Db, id: string): Promise<UserWithStats> {
  await db.selectFrom('users').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
  const row = await loadUserWithStats(db, id);
  if (!row) throw unknownUser();
  return row;
}

function contextOf(row: UserWithStats, country: CountryCode): ProfileContext {
  return { country, approved: isApprovedRow(row), identityDocumentUploaded: Boolean(row.identity_document_uploaded), saved: profileOf(row) };
}

function countryOf(row: UserRow): CountryCode {
  const code = row.country_code?.toUpperCase();
  if (!isCountryCode(code)) throw badRequest({ countryCode: 'REQUIRED' }, 'Set your country first (POST /api/user/set-country)');
  return code as CountryCode;
}

/**
 * The submission rule (spec section 4): recomputes `profile_complete`; when the profile is
 * complete, the payment documents are done and the status is new or rejected, the profile goes to
 * review — status awaiting_approval, `submitted_at`, the rejection cleared, and a `submitted` (or,
 * after a rejection, `resubmitted`) event by the tasker. Answers the User as it now is.
 */
/**
 * `submit`: the tasker asked for review (the wizard's last step; payment documents when they are
 * all that staff asked to correct). A new profile goes to review as soon as it is complete with
 * its payment documents; a rejected one only when asked, so a fix of one of several reasons on
 * different wizard steps does not send it back before the others are fixed.
 */
export async function applySubmissionRule(db: Db, userId: string, now: Date, submit = false): Promise<User> {
  const row = await loadUserWithStats(db, userId);
  if (!row) throw unknownUser();
  const country = row.country_code?.toUpperCase();
  const complete =
    isCountryCode(country) &&
    isProfileComplete(profileOf(row), { country: country as CountryCode, approved: isApprovedRow(row), identityDocumentUploaded: Boolean(row.identity_document_uploaded) });
  if (complete !== row.profile_complete) {
    await db.updateTable('users').set({ profile_complete: complete }).where('id', '=', userId).execute();
  }
  if (complete && row.payment_documents_done && (row.status === 'new' || (row.status === 'rejected' && submit))) {
    await db
      .updateTable('users')
      .set({ status: 'awaiting_approval', submitted_at: now, rejection_reasons: '[]', rejection_comment: null, updated_at: now })
      .where('id', '=', userId)
      .execute();
    await recordUserEvent(db, userId, row.status === 'rejected' ? 'resubmitted' : 'submitted', TASKER_ACTOR, now);
  }
  const updated = await loadUserWithStats(db, userId);
  if (!updated) throw unknownUser();
  return toApiUser(updated);
}

/**
 * POST user: saves the profile fields sent (any subset of ProfileInput, plus `countryCode` while
 * not approved; POST user/set-country is this save with `countryCode` alone). Every field sent is checked with the domain rules against the merged profile (a
 * company's fields, the postal code with a legal entity name); a sent empty required field is
 * REQUIRED; an approved profile's locked fields may only be sent unchanged (LOCKED); a national
 * ID needs the identity document first (ID_DOCUMENT_REQUIRED); a business must be one of the
 * market's (NOT_FOUND). Unknown keys are ignored. Then the submission rule.
 */
export async function saveProfile(db: Db, userId: string, body: Record<string, unknown>, now: Date): Promise<User> {
  const row = await lockUser(db, userId);
  const errors: Record<string, FieldErrorCode> = {};

  // The country first: the national ID and the IBAN rules depend on it.
  let country: CountryCode;
  let countryChanged = false;
  if (body.countryCode !== undefined) {
    const code = typeof body.countryCode === 'string' ? body.countryCode.trim().toUpperCase() : null;
    if (code === null || code === '') errors.countryCode = 'REQUIRED';
    else if (!isCountryCode(code)) errors.countryCode = 'COUNTRY_INVALID';
    else {
      // One rule for every route that changes the market (src/domain/users.ts): after approval it is staff's.
      const locked = countryChangeError(row, row.country_code, code);
      if (locked) errors.countryCode = locked;
      // Only into a market that takes registrations (an account of another market keeps its own).
      else if (!countryChoices(row.country_code).includes(code as CountryCode)) errors.countryCode = 'COUNTRY_INVALID';
    }
    country = errors.countryCode ? countryOf(row) : (code as CountryCode);
    countryChanged = !errors.countryCode && code !== row.country_code?.toUpperCase();
  } else {
    country = countryOf(row);
  }

  // Only the profile fields; their raw values are checked (a number is INVALID), then normalised.
  const sent: Record<string, unknown> = {};
  for (const field of PROFILE_FIELDS) if (Object.prototype.hasOwnProperty.call(body, field) && body[field] !== undefined) sent[field] = body[field];
  const sentFields = Object.keys(sent) as ProfileField[];
  const typed: Record<string, unknown> = {};
  for (const field of sentFields) {
    const value = sent[field];
    if (value !== null && typeof value !== 'string') errors[field] = 'INVALID';
    else typed[field] = value;
  }
  const normalized = normalizeProfile(typed as ProfileInput, country);
  const saved = profileOf(row);
  const merged: ProfileInput = { ...saved, ...normalized };
  const ctx = contextOf(row, country);
  const fieldErrors = validateProfile(merged, ctx, { fields: sentFields.filter((f) => !errors[f]) });
  for (const [field, code] of Object.entries(fieldErrors)) errors[field] ??= code;

  const businessId = normalized.businessId;
  if (!errors.businessId && typeof businessId === 'string') {
    const business = await db.selectFrom('country_businesses').select('id').where('id', '=', businessId).where('country_code', '=', country).executeTakeFirst();
    if (!business) errors.businessId = 'NOT_FOUND';
  }
  if (body.submit !== undefined && typeof body.submit !== 'boolean') errors.submit = 'INVALID';
  if (Object.keys(errors).length > 0) throw badRequest(errors);

  const patch: Record<string, unknown> = {};
  for (const field of sentFields) {
    // Locked fields of an approved profile are only ever the saved value again: nothing to write.
    if (ctx.approved && LOCKED_AFTER_APPROVAL.includes(field)) continue;
    patch[PROFILE_COLUMNS[field]] = normalized[field] ?? null;
  }
  if (countryChanged) {
    // Payment documents and the contracting business are per market: a new market asks them again.
    Object.assign(patch, { country_code: country, payment_documents_done: false, fleet_partner_id: null, activity_code: null });
    if (!('businessId' in normalized)) patch.business_id = null;
  }
  if (Object.keys(patch).length > 0) {
    await db
      .updateTable('users')
      .set({ ...patch, updated_at: now })
      .where('id', '=', userId)
      .execute();
  }
  return applySubmissionRule(db, userId, now, body.submit === true);
}

/**
 * POST user/payment-documents: LT `{ activityCode: '829900' }` with an uploaded payment document
 * (the individual activity certificate); PL, CZ, RO `{ fleetPartnerId, registered: true }` with a
 * fleet partner of the tasker's market. Sets payment_documents_done, then the submission rule.
 */
export async function savePaymentDocuments(db: Db, userId: string, body: Record<string, unknown>, now: Date): Promise<User> {
  const row = await lockUser(db, userId);
  const country = countryOf(row);
  const errors: Record<string, FieldErrorCode> = {};
  if (country === 'LT') {
    const code = typeof body.activityCode === 'string' ? body.activityCode.trim() : body.activityCode;
    if (code === undefined || code === null || code === '') errors.activityCode = 'REQUIRED';
    else if (code !== LT_ACTIVITY_CODE) errors.activityCode = 'CODE_INVALID';
    if (!row.payment_document_uploaded) errors.paymentDocument = 'REQUIRED';
    if (Object.keys(errors).length > 0) throw badRequest(errors, 'Upload the individual activity certificate and enter its activity code 829900');
    await db.updateTable('users').set({ activity_code: LT_ACTIVITY_CODE, payment_documents_done: true, updated_at: now }).where('id', '=', userId).execute();
  } else {
    const partnerId = typeof body.fleetPartnerId === 'string' ? body.fleetPartnerId.trim() : body.fleetPartnerId;
    if (partnerId === undefined || partnerId === null || partnerId === '') errors.fleetPartnerId = 'REQUIRED';
    else if (typeof partnerId !== 'string' || partnerId.length > 64) errors.fleetPartnerId = 'INVALID';
    else {
      const partner = await db.selectFrom('fleet_partners').select('id').where('id', '=', partnerId).where('country_code', '=', country).executeTakeFirst();
      if (!partner) errors.fleetPartnerId = 'NOT_FOUND';
    }
    if (body.registered !== true) errors.registered = body.registered === undefined || body.registered === false || body.registered === null ? 'REQUIRED' : 'INVALID';
    if (Object.keys(errors).length > 0) throw badRequest(errors, 'Choose your fleet partner and confirm that you are registered with it');
    await db
      .updateTable('users')
      .set({ fleet_partner_id: partnerId as string, payment_documents_done: true, updated_at: now })
      .where('id', '=', userId)
      .execute();
  }
  // Payment documents are one form: when they are all staff asked to correct, saving them is the resubmission.
  const reasons: unknown[] = Array.isArray(row.rejection_reasons) ? row.rejection_reasons : [];
  return applySubmissionRule(db, userId, now, reasons.length > 0 && reasons.every((r) => r === 'paymentDocuments'));
}

// ---------------------------------------------------------------------------------------------
// Referral codes

/** Letters and digits that cannot be mistaken for each other (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const REFERRAL_CODE_LENGTH = 8;
/** The longest code a tasker may type (older or longer codes included). */
const REFERRAL_CODE_MAX = 32;

/** A new referral code: REFERRAL_CODE_LENGTH characters of CODE_ALPHABET from crypto randomness (about 40 bits). */
export function newReferralCode(): string {
  let code = '';
  for (let i = 0; i < REFERRAL_CODE_LENGTH; i += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/**
 * Wrong referral codes a tasker may try: per account and per client address in any hour. Counted
 * in rate_limit_events like the auth limits (exact across processes); a try is counted when it
 * starts and taken off again when it finds its code, so only failures use the budget, and a try
 * refused for the limit is not counted (the app's queue sends a queued code again after a 429).
 */
export const REFERRAL_TRY_LIMITS = { perAccount: 10, perAddress: 50, windowSeconds: 3600 } as const;

/** Counts a referral-code try; 429 RATE_LIMITED with Retry-After past a limit. Answers the events to take off when it succeeds. */
export async function startReferralTry(db: Db, userId: string, address: string, now: Date): Promise<number[]> {
  const { limited, retryAfterSeconds, eventIds } = await hitRateLimits(
    db,
    [
      { bucket: `referral:account:${userId}`, limit: REFERRAL_TRY_LIMITS.perAccount },
      { bucket: `referral:ip:${address}`, limit: REFERRAL_TRY_LIMITS.perAddress },
    ],
    now,
    REFERRAL_TRY_LIMITS.windowSeconds,
    2 * REFERRAL_TRY_LIMITS.windowSeconds,
    { keepRefused: false },
  );
  if (limited) throw rateLimited('Too many referral codes tried. Please wait and try again.', retryAfterSeconds);
  return eventIds;
}

/** Takes a successful try off the referral-code budget. */
export async function endReferralTry(db: Db, eventIds: readonly number[]): Promise<void> {
  if (eventIds.length > 0) await db.deleteFrom('rate_limit_events').where('id', 'in', [...eventIds]).execute();
}

/** GET user/referral-code: the tasker's own code, made on the first ask (unique; retried on a clash). */
export async function referralCodeOf(db: Db, userId: string): Promise<string> {
  const row = await lockUser(db, userId);
  if (row.referral_code) return row.referral_code;
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const code = newReferralCode();
    const taken = await db.selectFrom('users').select('id').where('referral_code', '=', code).executeTakeFirst();
    if (taken) continue;
    await db.updateTable('users').set({ referral_code: code }).where('id', '=', userId).execute();
    return code;
  }
  throw new Error('Could not make a unique referral code');
}

/**
 * POST user/referred-by-code: trimmed, case-insensitive; empty is ignored (the current code is
 * answered); an unknown code is NOT_FOUND, the tasker's own NOT_ALLOWED; once approved the code
 * cannot change any more (LOCKED; sending the same code again is fine).
 */
export async function saveReferredByCode(db: Db, userId: string, raw: unknown, now: Date, locale: string | null = null): Promise<{ code: string | null }> {
  if (raw !== undefined && raw !== null && typeof raw !== 'string') throw badRequest({ code: 'INVALID' });
  const code = typeof raw === 'string' ? raw.trim().toUpperCase() : '';
  const row = await lockUser(db, userId);
  if (code === '') return { code: row.referred_by_code };
  if (code.length > REFERRAL_CODE_MAX) throw badRequest({ code: 'NOT_FOUND' }, FIELD_SPECIFIC_WORDS.referredByCode.NOT_FOUND.message);
  if (code === row.referred_by_code) return { code };
  if (isApprovedRow(row)) throw badRequest({ code: 'LOCKED' }, 'The referral code cannot be changed after approval');
  if (row.referral_code !== null && code === row.referral_code.toUpperCase()) throw badRequest({ code: 'NOT_ALLOWED' }, FIELD_SPECIFIC_WORDS.referredByCode.NOT_ALLOWED.message);
  const referrer = await db
    .selectFrom('users')
    .select(['id', 'referral_code'])
    .where((eb) => eb(eb.fn('upper', ['referral_code']), '=', code))
    .executeTakeFirst();
  if (!referrer?.referral_code) throw badRequest({ code: 'NOT_FOUND' }, FIELD_SPECIFIC_WORDS.referredByCode.NOT_FOUND.message);
  if (referrer.id === userId) throw badRequest({ code: 'NOT_ALLOWED' }, FIELD_SPECIFIC_WORDS.referredByCode.NOT_ALLOWED.message);
  // The app's language now decides the friend's referral threshold (src/domain/referrals.ts).
  await db.updateTable('users').set({ referred_by_code: referrer.referral_code, referred_by_locale: locale, updated_at: now }).where('id', '=', userId).execute();
  return { code: referrer.referral_code };
}
