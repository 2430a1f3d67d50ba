/**
 * Input validators shared by forms (Yup/Formik) and server handlers. They return error codes,
 * never text: the UI turns codes into messages in the tasker's language.
 */
import type { FieldErrorCode } from './errors';
import { COUNTRY_CODES, type CountryCode } from './types';

export type { FieldErrorCode };

/** The shape of an id the API hands out or accepts (path parameters, id lists); anything else is not found or INVALID. */
export function isPlausibleId(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(value);
}

export const EMAIL_MAX_LENGTH = 254;
/** Login codes are 6 digits. */
export const LOGIN_CODE_LENGTH = 6;

/**
 * A plain addr-spec (RFC 5322 section 3.4.1) and nothing else: a dot-atom local part (letters,
 * digits and !#$%&'*+/=?^_`{|}~- in dot-separated runs) @ a domain of two or more labels (letters,
 * digits, inner hyphens; the last alphabetic). No comments, angle brackets, quoted parts, display
 * names, lists or address literals: a mailer would parse those into another mailbox than the
 * address stored (`a@b.c(1)` is mailed to a@b.c), so one mailbox could hold many accounts.
 */
const EMAIL_RE =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

export function validateEmail(value: unknown): FieldErrorCode | null {
  if (typeof value !== 'string' || value.trim() === '') return 'REQUIRED';
  const email = value.trim();
  if (email.length > EMAIL_MAX_LENGTH) return 'TOO_LONG';
  return EMAIL_RE.test(email) ? null : 'EMAIL_INVALID';
}

export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

export function validateLoginCode(value: unknown): FieldErrorCode | null {
  if (typeof value !== 'string' || value.trim() === '') return 'REQUIRED';
  return new RegExp(`^\\d{${LOGIN_CODE_LENGTH}}$`).test(value.trim()) ? null : 'CODE_INVALID';
}

export function isCountryCode(value: unknown): value is CountryCode {
  return typeof value === 'string' && (COUNTRY_CODES as readonly string[]).includes(value.toUpperCase());
}

export function validateCountry(value: unknown): FieldErrorCode | null {
  if (typeof value !== 'string' || value.trim() === '') return 'REQUIRED';
  return isCountryCode(value) ? null : 'COUNTRY_INVALID';
}

/**
 * Digits of the national ID per market after removing spaces and hyphens (spec section 5): LT 11,
 * PL 11 (PESEL), CZ 9 or 10 (rodné číslo), RO 13 (CNP). Here rather than in profile.ts so the
 * words of NATIONAL_ID_LENGTH need no validation library.
 */
export const NATIONAL_ID_LENGTHS: Readonly<Record<CountryCode, readonly number[]>> = {
  LT: [11],
  PL: [11],
  CZ: [9, 10],
  RO: [13],
};

/**
 * The profile fields a tasker saves (spec section 3, User). Here, not in profile.ts, so the outbox
 * (src/db/outboxKinds.ts) and the first screen name them without loading the validation libraries.
 */
export const PROFILE_FIELDS = [
  'firstName',
  'middleName',
  'lastName',
  'phone',
  'address',
  'nationalId',
  'iban',
  'postalCode',
  'businessType',
  'individualActivityNo',
  'legalEntityName',
  'legalEntityNumber',
  'vatCode',
  'businessId',
] as const;

/**
 * The markets that take registrations (spec: registration countries lt, ro, pl). An account of
 * another market (CZ, made before) keeps it, but no one moves to one.
 */
export const REGISTRATION_COUNTRIES = ['LT', 'PL', 'RO'] as const satisfies readonly CountryCode[];

/** The market that takes registrations `value` names (any case), or null. */
export function registrationCountryOf(value: unknown): CountryCode | null {
  if (typeof value !== 'string') return null;
  const code = value.toUpperCase();
  return REGISTRATION_COUNTRIES.find((c) => c === code) ?? null;
}

/** Whether `value` names a market that takes registrations (any case). */
export function isRegistrationCountry(value: unknown): boolean {
  return registrationCountryOf(value) !== null;
}

/** A registration's market (e-mail code or Google): a country, and one that takes registrations. */
export function validateRegistrationCountry(value: unknown): FieldErrorCode | null {
  return validateCountry(value) ?? (isRegistrationCountry(value) ? null : 'COUNTRY_INVALID');
}
