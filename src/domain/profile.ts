/**
 * The tasker's profile: its fields, the wizard's steps per market, and the validation rules of
 * spec section 5 — one set of rules for the forms (src/profile/profileSchema.ts, Yup) and the
 * server (POST /api/user). Validators return field error codes, never words
 * (src/i18n/errorMessages.ts words them).
 *
 * The real checks come from well-kept libraries rather than hand-written rules:
 * - phone: libphonenumber-js (Google's libphonenumber metadata, the "max" set, so a number must
 *   have a real country calling code and a real area/mobile prefix, not only a plausible length);
 * - IBAN: src/domain/iban.ts (ibantools: the country's BBAN format and the ISO 7064 mod-97 checksum);
 * - national IDs: stdnum (LT asmens kodas, PL PESEL, CZ rodné číslo, RO CNP: checksums and
 *   birth dates).
 * They weigh tens of kilobytes gzipped, so this module is imported only by lazy screens and the
 * server, never by the first screen (npm run bench:bundle).
 * Pure.
 */
import { isValidPhoneNumber } from 'libphonenumber-js/max';
// stdnum's index imports every country it knows; the per-identifier CommonJS modules keep the
// bundle to the four we use (its ESM build has extensionless imports Node cannot resolve).
import * as ltAsmens from 'stdnum/lib/cjs/lt/asmens.js';
import * as plPesel from 'stdnum/lib/cjs/pl/pesel.js';
import * as czRc from 'stdnum/lib/cjs/cz/rc.js';
import * as roCnp from 'stdnum/lib/cjs/ro/cnp.js';
import type { FieldErrorCode } from './errors';
import { compactIban, isValidIban } from './iban';
import type { BusinessType, CountryCode } from './types';
import { isPlausibleId, NATIONAL_ID_LENGTHS, PROFILE_FIELDS, REGISTRATION_COUNTRIES } from './validation';

// Kept in validation.ts, light enough for the sign-in screens (this module carries the phone metadata).
export { REGISTRATION_COUNTRIES, isRegistrationCountry } from './validation';

export { PROFILE_FIELDS };
export type ProfileField = (typeof PROFILE_FIELDS)[number];
export type ProfileInput = { [K in ProfileField]?: K extends 'businessType' ? BusinessType : string | null };

export interface ProfileContext {
  country: CountryCode;
  /** Approved (status active): the locked fields cannot change. */
  approved: boolean;
  /** A photo of the identity document is uploaded (needed before a national ID is saved). */
  identityDocumentUploaded: boolean;
  /**
   * The profile as saved (the server passes it). With it, a locked field of an approved profile
   * that differs from the saved value is LOCKED, and re-sending the saved national ID needs no
   * new document. Without it (the forms), locked fields of an approved profile are not checked
   * (they are disabled).
   */
  saved?: ProfileInput;
}

export type ProfileStepId = 'referral' | 'contact' | 'personal' | 'business' | 'billing';

export const BUSINESS_TYPES = ['self_employed', 'company'] as const satisfies readonly BusinessType[];
export const DEFAULT_BUSINESS_TYPE: BusinessType = 'self_employed';

/** The activity code of the LT individual activity certificate (payment documents, spec section 2). */
export const LT_ACTIVITY_CODE = '829900';

/** Name, IBAN and national ID cannot change after approval (spec section 5). */
export const LOCKED_AFTER_APPROVAL: readonly ProfileField[] = ['firstName', 'middleName', 'lastName', 'iban', 'nationalId'];

/** Longest accepted value per free-text field (after trimming). */
export const PROFILE_MAX_LENGTH: Partial<Record<ProfileField, number>> = {
  firstName: 100,
  middleName: 100,
  lastName: 100,
  address: 300,
  legalEntityName: 200,
  legalEntityNumber: 50,
  vatCode: 30,
  individualActivityNo: 30,
};

/**
 * The wizard's steps (spec section 2: LT five — referral, contact, personal, business, billing;
 * the other markets three). The referral step has no profile fields (POST user/referred-by-code).
 * Outside LT there is no business step (self-employed, paid through a fleet partner); PL has no
 * IBAN (hidden, spec section 5).
 */
export function profileSteps(country: CountryCode): { id: ProfileStepId; fields: ProfileField[] }[] {
  const contact: ProfileField[] = ['firstName', 'middleName', 'lastName', 'phone', 'address'];
  if (country === 'LT') {
    return [
      { id: 'referral', fields: [] },
      { id: 'contact', fields: contact },
      { id: 'personal', fields: ['nationalId'] },
      { id: 'business', fields: ['businessType', 'individualActivityNo', 'legalEntityName', 'legalEntityNumber', 'vatCode', 'postalCode'] },
      { id: 'billing', fields: ['iban', 'businessId'] },
    ];
  }
  const personal: ProfileField[] = ['nationalId', 'individualActivityNo', ...(isIbanHidden(country) ? [] : (['iban'] as const)), 'businessId'];
  return [
    { id: 'referral', fields: [] },
    { id: 'contact', fields: contact },
    { id: 'personal', fields: personal },
  ];
}

/** The countries a tasker may choose: the registration markets, and the one the account has. */
export function countryChoices(current: string | null | undefined): CountryCode[] {
  const choices: CountryCode[] = [...REGISTRATION_COUNTRIES];
  const own = (current ?? '').toUpperCase();
  if ((['LT', 'PL', 'CZ', 'RO'] as const).some((code) => code === own) && !choices.includes(own as CountryCode)) choices.push(own as CountryCode);
  return choices;
}

/** PL: the IBAN is neither asked nor required (spec section 5). */
export function isIbanHidden(country: CountryCode): boolean {
  return country === 'PL';
}

/** Digits of the national ID per market (spec section 5): LT 11, PL 11, CZ 9 or 10, RO 13. */
export function nationalIdLengths(country: CountryCode): readonly number[] {
  return NATIONAL_ID_LENGTHS[country];
}

/**
 * Digits of the individual activity number per market (the code length check of spec section 5):
 * LT the individual activity certificate number (6–10), PL the tax number NIP (10), CZ the IČO
 * (8), RO the CUI/CIF (2–10).
 */
export function individualActivityNoLengths(country: CountryCode): { min: number; max: number } {
  switch (country) {
    case 'LT':
      return { min: 6, max: 10 };
    case 'PL':
      return { min: 10, max: 10 };
    case 'CZ':
      return { min: 8, max: 8 };
    case 'RO':
      return { min: 2, max: 10 };
  }
}

// ---------------------------------------------------------------------------------------------
// Normalising

function trimmed(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const v = value.trim();
  return v === '' ? null : v;
}

/** Spaces and hyphens out (and the slash of a Czech rodné číslo, written 710319/2745). */
export function compactNationalId(value: string): string {
  return value.replace(/[\s\-/]/g, '');
}

function compactCode(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** '12345', 'LT-12345', 'lt 12345' → '12345'; anything else as it is (trimmed). */
function postalDigits(value: string): string {
  return value.trim().replace(/^LT[\s-]?/i, '');
}

/** The stored form of a postal code: 'LT-' + five digits (spec section 5). */
export function formatPostalCode(value: string): string {
  const digits = postalDigits(value);
  return /^\d{5}$/.test(digits) ? `LT-${digits}` : value.trim();
}

/** The value one field is stored as: trimmed, '' → null, and the field's own compact form. */
export function normalizeProfileValue(field: ProfileField, value: unknown): string | null {
  if (field === 'businessType') return trimmed(value) ?? DEFAULT_BUSINESS_TYPE;
  const v = trimmed(value);
  if (v === null) return null;
  switch (field) {
    case 'iban':
      return compactIban(v);
    case 'nationalId':
      return compactNationalId(v);
    case 'individualActivityNo':
      return compactCode(v);
    case 'postalCode':
      return formatPostalCode(v);
    default:
      return v;
  }
}

/**
 * The fields as they are stored: strings trimmed, '' → null, IBAN compact upper case, national
 * ID without spaces and hyphens, individual activity number without spaces and hyphens, postal
 * code 'LT-' + digits, an empty business type self-employed. Only the fields given are returned.
 * Values of the wrong type are left as they are (the validators say INVALID).
 */
export function normalizeProfile(input: ProfileInput, _country: CountryCode): ProfileInput {
  const out: Record<string, unknown> = {};
  for (const field of PROFILE_FIELDS) {
    if (!Object.prototype.hasOwnProperty.call(input, field)) continue;
    const value: unknown = input[field];
    if (value === undefined) continue;
    out[field] = value === null || typeof value === 'string' ? normalizeProfileValue(field, value) : value;
  }
  return out as ProfileInput;
}

// ---------------------------------------------------------------------------------------------
// Single rules (each takes a raw or a normalised value)

/**
 * International with '+', 7–15 digits, optional single spaces between digit groups, and a real
 * country calling code and area (or mobile) prefix by libphonenumber's metadata. A foreign
 * number is fine.
 */
export function validatePhone(value: string): FieldErrorCode | null {
  const v = value.trim();
  if (!/^\+\d+( \d+)*$/.test(v)) return 'PHONE_INVALID';
  const digits = v.replace(/\D/g, '').length;
  if (digits < 7 || digits > 15) return 'PHONE_INVALID';
  return isValidPhoneNumber(v) ? null : 'PHONE_INVALID';
}

/**
 * A person's name (first, middle, last): letters of any script (with their combining marks),
 * separated by spaces, hyphens, apostrophes (' and ’) and dots. No digits, emoji or symbols.
 */
export function validatePersonName(value: string): FieldErrorCode | null {
  const v = value.trim();
  return /^[\p{L}\p{M}]+(?:[\p{L}\p{M} .'’-]*[\p{L}\p{M}.])?$/u.test(v) ? null : 'NAME_INVALID';
}

/**
 * A company's name: letters of any script and digits, with the punctuation company names use
 * (spaces . , - ' ’ " „ “ ” « » & ( ) / +). No emoji or symbols (™, ©, ★).
 */
export function validateCompanyName(value: string): FieldErrorCode | null {
  const v = value.trim();
  return /^[\p{L}\p{M}\p{Nd} .,'’"„“”«»&()/+-]+$/u.test(v) && /[\p{L}\p{Nd}]/u.test(v) ? null : 'NAME_INVALID';
}

/** An IBAN of any country with a valid format and checksum; spaces and hyphens allowed. */
export function validateIban(value: string): FieldErrorCode | null {
  return isValidIban(value) ? null : 'IBAN_INVALID';
}

const NATIONAL_ID_VALIDATORS: Record<CountryCode, { validate(value: string): { isValid: boolean } }> = {
  LT: ltAsmens,
  PL: plPesel,
  CZ: czRc,
  RO: roCnp,
};

/**
 * The national ID of the market, after removing spaces and hyphens: digits only, the market's
 * length (NATIONAL_ID_LENGTH), then the checksum and the birth date (NATIONAL_ID_INVALID).
 */
export function validateNationalId(value: string, country: CountryCode): FieldErrorCode | null {
  const id = compactNationalId(value.trim());
  if (!/^\d+$/.test(id)) return 'NATIONAL_ID_INVALID';
  if (!nationalIdLengths(country).includes(id.length)) return 'NATIONAL_ID_LENGTH';
  return NATIONAL_ID_VALIDATORS[country].validate(id).isValid ? null : 'NATIONAL_ID_INVALID';
}

/** Exactly five digits, with or without the 'LT-' prefix it is stored with. */
export function validatePostalCode(value: string): FieldErrorCode | null {
  return /^\d{5}$/.test(postalDigits(value)) ? null : 'POSTAL_CODE_INVALID';
}

/** The code length check of the individual activity number: digits only, the market's length. */
export function validateIndividualActivityNo(value: string, country: CountryCode): FieldErrorCode | null {
  const code = compactCode(value.trim());
  const { min, max } = individualActivityNoLengths(country);
  return new RegExp(`^\\d{${min},${max}}$`).test(code) ? null : 'CODE_INVALID';
}

// ---------------------------------------------------------------------------------------------
// The profile

function businessTypeOf(all: ProfileInput): BusinessType {
  return all.businessType === 'company' ? 'company' : DEFAULT_BUSINESS_TYPE;
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** Whether a field must be filled, given the market and the other fields. */
export function isProfileFieldRequired(field: ProfileField, all: ProfileInput, country: CountryCode): boolean {
  switch (field) {
    case 'firstName':
    case 'lastName':
    case 'phone':
    case 'address':
    case 'nationalId':
      return true;
    case 'iban':
      return !isIbanHidden(country);
    case 'individualActivityNo':
    case 'legalEntityName':
    case 'legalEntityNumber':
      return businessTypeOf(all) === 'company';
    case 'postalCode':
      // The company's address: asked only with its legal entity name.
      return businessTypeOf(all) === 'company' && !isEmpty(all.legalEntityName);
    default:
      return false;
  }
}

function sameValue(field: ProfileField, a: unknown, b: unknown): boolean {
  return normalizeProfileValue(field, a) === normalizeProfileValue(field, b);
}

/**
 * One field's error code, or null. `all` holds the other fields (the company rules read the
 * business type and the legal entity name).
 */
export function validateProfileField(field: ProfileField, value: unknown, all: ProfileInput, ctx: ProfileContext): FieldErrorCode | null {
  if (ctx.approved && LOCKED_AFTER_APPROVAL.includes(field)) {
    // Locked: only the saved value itself may be sent again.
    if (!ctx.saved) return null;
    return sameValue(field, value, ctx.saved[field]) ? null : 'LOCKED';
  }
  if (value !== undefined && value !== null && typeof value !== 'string') return 'INVALID';
  if (isEmpty(value)) return isProfileFieldRequired(field, all, ctx.country) ? 'REQUIRED' : null;
  const v = (value as string).trim();
  const max = PROFILE_MAX_LENGTH[field];
  if (max !== undefined && v.length > max) return 'TOO_LONG';
  switch (field) {
    case 'firstName':
    case 'middleName':
    case 'lastName':
      return validatePersonName(v);
    case 'legalEntityName':
      return validateCompanyName(v);
    case 'phone':
      return validatePhone(v);
    case 'iban':
      return validateIban(v);
    case 'nationalId': {
      const error = validateNationalId(v, ctx.country);
      if (error) return error;
      const unchanged = ctx.saved !== undefined && sameValue('nationalId', v, ctx.saved.nationalId);
      return ctx.identityDocumentUploaded || unchanged ? null : 'ID_DOCUMENT_REQUIRED';
    }
    case 'postalCode':
      return validatePostalCode(v);
    case 'individualActivityNo':
      return validateIndividualActivityNo(v, ctx.country);
    case 'businessType':
      return (BUSINESS_TYPES as readonly string[]).includes(v) ? null : 'INVALID';
    case 'businessId':
      return isPlausibleId(v) ? null : 'INVALID';
    default:
      return null;
  }
}

/** Fields whose rules read another field: checking the key checks these too. */
const DEPENDENT_FIELDS: Partial<Record<ProfileField, ProfileField[]>> = {
  businessType: ['individualActivityNo', 'legalEntityName', 'legalEntityNumber', 'postalCode'],
  legalEntityName: ['postalCode'],
};

/**
 * Errors per field. By default the fields present in `input` are checked (and the fields whose
 * rules depend on them: a company needs its legal entity, a legal entity name its postal code);
 * `fields` names them instead; `requireAll` checks every field (a complete profile).
 */
export function validateProfile(
  input: ProfileInput,
  ctx: ProfileContext,
  opts: { fields?: readonly ProfileField[]; requireAll?: boolean } = {},
): Partial<Record<ProfileField, FieldErrorCode>> {
  const chosen = opts.requireAll
    ? PROFILE_FIELDS
    : (opts.fields ?? PROFILE_FIELDS.filter((f) => Object.prototype.hasOwnProperty.call(input, f) && input[f] !== undefined));
  const fields = new Set<ProfileField>(chosen);
  for (const f of chosen) for (const dep of DEPENDENT_FIELDS[f] ?? []) fields.add(dep);
  const errors: Partial<Record<ProfileField, FieldErrorCode>> = {};
  for (const field of PROFILE_FIELDS) {
    if (!fields.has(field)) continue;
    const error = validateProfileField(field, input[field], input, ctx);
    if (error) errors[field] = error;
  }
  return errors;
}

/** Every required field filled and valid for the market (the identity document included). */
export function isProfileComplete(profile: ProfileInput, ctx: ProfileContext): boolean {
  // Judged on the profile itself, not against a saved copy: the document rule applies in full.
  const { saved: _saved, ...rest } = ctx;
  return Object.keys(validateProfile(profile, { ...rest, approved: false, identityDocumentUploaded: ctx.identityDocumentUploaded || ctx.approved }, { requireAll: true })).length === 0;
}
