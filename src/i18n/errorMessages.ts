/**
 * The one mapping from an error code (src/domain/errors.ts) to the tasker's words (spec section
 * 8). A failed command becomes: the app's words for a code it knows (in the tasker's language);
 * else, for a 420, the server's own message (meant for the tasker); else the failed action's
 * "Could not …". Field codes of forms (and of a 400's `fields`) have their words here too.
 * Answers are descriptors, translated where they are shown (`i18n._`, showToast), or a server's
 * text as it is. The sentences the server says too are written once, in src/domain/errorWords.ts
 * (plain descriptors the server can read); the page's own are `msg` macros here.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ErrorCode, FieldErrorCode } from '#domain/errors';
import {
  EAN_INVALID_WORDS,
  FIELD_CODE_WORDS,
  FIELD_REQUIRED_WORDS,
  FIELD_SPECIFIC_WORDS,
  ITEMS_INVALID_WORDS,
  NATIONAL_ID_DIGITS_EITHER_WORDS,
  NATIONAL_ID_DIGITS_WORDS,
  PROFILE_CODE_FIELDS,
  PROFILE_CODE_INVALID_WORDS,
  REFUSAL_WORDS,
  REQUIRED_WORDS,
  VALUE_INVALID_WORDS,
} from '#domain/errorWords';
import type { CountryCode } from '#domain/types';
import { NATIONAL_ID_LENGTHS } from '#domain/validation';

/** What the tasker was doing when it failed: it words the fallback. */
export type FailedAction =
  // access (toasts on the login, passcode and register screens)
  | 'login'
  | 'register'
  | 'googleSignIn'
  // the life cycle (online only, except start)
  | 'reserve'
  | 'cancel'
  | 'start'
  // doing the work (queued: a failure is local, or a rule the worker checked)
  | 'checklist'
  | 'photoSave'
  | 'photoUpdate'
  | 'photoDelete'
  | 'defects'
  | 'complete'
  | 'taskPack'
  | 'saveSkus'
  | 'retry'
  | 'discard'
  // a queued record the server refused (shows the server's message whatever its status)
  | 'rejected';

/** An error as a command answers it (CommandError) or a rejected record keeps it. */
export interface FailureLike {
  status: number;
  code: ErrorCode;
  message: string;
  fields?: Record<string, string>;
}

/** The app's words for the codes it knows, whatever the action. */
const CODE_MESSAGES: Partial<Record<ErrorCode, MessageDescriptor>> = {
  NETWORK: msg`Cannot connect to server`,
  QUOTA_EXCEEDED: msg`Your phone's storage is full, so this was not saved. Free up some space (delete old photos or apps) and try again.`,
  // The server's outage answer; a proxy's 502/504 is worded the same.
  SERVICE_UNAVAILABLE: REFUSAL_WORDS.SERVICE_UNAVAILABLE,
  RATE_LIMITED: REFUSAL_WORDS.RATE_LIMITED,
  VALIDATION_FAILED: msg`Please add the required information`,
  CANNOT_SEE_TASKS: REFUSAL_WORDS.CANNOT_SEE_TASKS,
  // A photo or document file the upload refused (the profile photo is at most 64 kB); same words as the picker's.
  PAYLOAD_TOO_LARGE: msg`The file is too large.`,
  UNSUPPORTED_MEDIA_TYPE: msg`Unsupported file format. Please try a JPEG image.`,
  TASK_NOT_FOUND: REFUSAL_WORDS.TASK_NOT_FOUND,
  PHOTO_NOT_FOUND: REFUSAL_WORDS.PHOTO_NOT_FOUND,
  TASK_NO_LONGER_AVAILABLE: REFUSAL_WORDS.TASK_NO_LONGER_AVAILABLE,
  PROFILE_NOT_APPROVED: REFUSAL_WORDS.PROFILE_NOT_APPROVED,
  TRAININGS_MISSING: REFUSAL_WORDS.TRAININGS_MISSING,
  RESERVATION_LIMIT_EXCEEDED: REFUSAL_WORDS.RESERVATION_LIMIT_EXCEEDED,
  CANCEL_DEADLINE_PASSED: REFUSAL_WORDS.CANCEL_DEADLINE_PASSED,
  TASK_NOT_RESERVED: REFUSAL_WORDS.TASK_NOT_RESERVED,
  JUSTIFICATION_REQUIRED: msg`Please write why you are canceling.`,
  JUSTIFICATION_TOO_LONG: msg`The reason must be shorter than 160 characters.`,
  TASK_NOT_STARTABLE_YET: REFUSAL_WORDS.TASK_NOT_STARTABLE_YET,
  TASK_WINDOW_ENDED: REFUSAL_WORDS.TASK_WINDOW_ENDED,
  TOO_FAR_FROM_PLACE: REFUSAL_WORDS.TOO_FAR_FROM_PLACE,
  POSITION_REQUIRED: REFUSAL_WORDS.POSITION_REQUIRED,
  TASK_NOT_IN_PROGRESS: REFUSAL_WORDS.TASK_NOT_IN_PROGRESS,
  PHOTOS_REQUIRED: REFUSAL_WORDS.PHOTOS_REQUIRED,
  // Google sign-in (the callback screen; the server words them too).
  GOOGLE_LOGIN_UNAVAILABLE: REFUSAL_WORDS.GOOGLE_LOGIN_UNAVAILABLE,
  GOOGLE_REGISTRATION_REQUIRED: REFUSAL_WORDS.GOOGLE_REGISTRATION_REQUIRED,
  GOOGLE_EMAIL_UNVERIFIED: REFUSAL_WORDS.GOOGLE_EMAIL_UNVERIFIED,
  GOOGLE_SIGN_IN_EXPIRED: REFUSAL_WORDS.GOOGLE_SIGN_IN_EXPIRED,
  GOOGLE_SIGN_IN_FAILED: REFUSAL_WORDS.GOOGLE_SIGN_IN_FAILED,
  GOOGLE_ACCOUNT_LINKED_ELSEWHERE: REFUSAL_WORDS.GOOGLE_ACCOUNT_LINKED_ELSEWHERE,
};

const FALLBACK_MESSAGES: Record<FailedAction, MessageDescriptor> = {
  login: msg`Could not login`,
  register: msg`Could not register`,
  googleSignIn: REFUSAL_WORDS.GOOGLE_SIGN_IN_FAILED,
  reserve: msg`Could not reserve the task. Please try again.`,
  cancel: msg`Could not cancel the task. Please try again.`,
  start: msg`Could not start the task. Please try again.`,
  checklist: msg`Could not update the checklist`,
  photoSave: msg`Could not save the photo. Discard it and try again.`,
  photoUpdate: msg`Could not update the photo`,
  photoDelete: msg`Photo not deleted`,
  defects: msg`Could not update the task defects`,
  complete: msg`Could not complete the task`,
  taskPack: msg`Could not download the task`,
  saveSkus: msg`Could not save SKUs`,
  retry: msg`Could not save`,
  discard: msg`Could not save`,
  rejected: msg`The server did not accept this change.`,
};

/** An online-only command's own words when the server gave no answer ('NETWORK'): nothing was done, and what to do. */
const NO_CONNECTION_MESSAGES: Partial<Record<FailedAction, MessageDescriptor>> = {
  reserve: msg`Reserving needs a connection. Nothing was reserved: connect to the internet and slide again.`,
  googleSignIn: msg`Google sign-in needs a connection. Connect to the internet and try again.`,
};

/** Spec section 5, verbatim: a save of scanned items some of which are invalid (checked on the page, or refused by the worker). */
export const ITEMS_INVALID_MESSAGE: MessageDescriptor = ITEMS_INVALID_WORDS;

/** No answer from the server: screens of online-only commands say so in their own place. */
export function isNoConnection(error: Pick<FailureLike, 'code'>): boolean {
  return error.code === 'NETWORK';
}

/** The code whose words apply: a late cancel's refused reason, and the gateway's and limiter's statuses, by what they mean. */
function meaningOf(error: FailureLike): ErrorCode {
  const justification = error.fields?.justification;
  if (justification) return justification === 'TOO_LONG' || justification === 'JUSTIFICATION_TOO_LONG' ? 'JUSTIFICATION_TOO_LONG' : 'JUSTIFICATION_REQUIRED';
  if (error.status === 502 || error.status === 503 || error.status === 504) return 'SERVICE_UNAVAILABLE';
  if (error.status === 429) return 'RATE_LIMITED';
  return error.code;
}

/** The words for a failed action: a descriptor (translate it where shown) or the server's text. */
export function errorMessage(action: FailedAction, error: FailureLike | null): MessageDescriptor | string {
  if (!error) return FALLBACK_MESSAGES[action];
  const code = meaningOf(error);
  const noConnection = code === 'NETWORK' ? NO_CONNECTION_MESSAGES[action] : undefined;
  if (noConnection) return noConnection;
  if (action === 'saveSkus' && code === 'VALIDATION_FAILED') return ITEMS_INVALID_MESSAGE;
  const known = CODE_MESSAGES[code];
  if (known) return known;
  const serverText = error.message.trim() !== '' && (error.status === 420 || action === 'rejected');
  return serverText ? error.message : FALLBACK_MESSAGES[action];
}

/** The fields that have words of their own for a code; others get the general words. */
export type WordedField =
  | 'email'
  | 'username'
  | 'password'
  | 'country'
  | 'code'
  | 'consent'
  | 'reason'
  | 'policyAgreed'
  | 'ean'
  | 'facings'
  // the profile (src/domain/profile.ts) and its calls
  | 'referredByCode'
  | 'identityDocument'
  | 'paymentDocument'
  | 'fleetPartnerId'
  | 'registered'
  | 'activityCode';

/** Codes of the page's own form rules (src/auth/authSchemas.ts) next to the domain's field codes. */
export type FormErrorCode = FieldErrorCode | 'WRONG_CODE' | 'COUNTRY_NOT_OFFERED' | 'CONSENT_REQUIRED';

const REQUIRED_MESSAGES: Partial<Record<WordedField, MessageDescriptor>> = {
  ...REQUIRED_WORDS,
  email: msg`Email is required`,
  username: msg`Email is required`,
  code: msg`Code is required`,
  password: msg`Password is required`,
  reason: msg`Please add the required information`,
  policyAgreed: msg`Please agree to the policy`,
};

const FIELD_CODE_MESSAGES: Partial<Record<FormErrorCode, MessageDescriptor>> = {
  // TOO_LONG, COUNTRY_INVALID and the profile's codes (spec section 5).
  ...FIELD_CODE_WORDS,
  EMAIL_INVALID: msg`Email is not valid`,
  CODE_INVALID: msg`Enter the 6-digit code from the email`,
  WRONG_CODE: REFUSAL_WORDS.WRONG_CODE,
  COUNTRY_NOT_OFFERED: FIELD_CODE_WORDS.COUNTRY_INVALID,
  CONSENT_REQUIRED: msg`Please accept to continue`,
  // Spec section 5, verbatim.
  EAN_INVALID: EAN_INVALID_WORDS,
  FACINGS_REQUIRED: msg`Enter the number of facings`,
  FACINGS_INVALID: msg`Facings must be a whole number from 0 to 99`,
};

/** Codes whose words depend on the field: the login code's differ from a profile code's. */
const FIELD_SPECIFIC_MESSAGES: Partial<Record<WordedField, Partial<Record<FormErrorCode, MessageDescriptor>>>> = FIELD_SPECIFIC_WORDS;

/** Spec section 5: 'National ID must be {n} digits' (CZ: 9 or 10). */
function nationalIdLengthMessage(country: CountryCode): MessageDescriptor {
  const lengths = NATIONAL_ID_LENGTHS[country];
  if (lengths.length === 1) {
    return { ...NATIONAL_ID_DIGITS_WORDS, values: { n: lengths[0] ?? 0 } };
  }
  return { ...NATIONAL_ID_DIGITS_EITHER_WORDS, values: { min: Math.min(...lengths), max: Math.max(...lengths) } };
}

/**
 * The words for a field's error code. `country` (the tasker's market) words the national ID's
 * length ('National ID must be 11 digits'); without it the words are general.
 */
export function fieldErrorMessage(field: string, code: FormErrorCode, options: { country?: CountryCode | null } = {}): MessageDescriptor {
  if (code === 'REQUIRED') return REQUIRED_MESSAGES[field as WordedField] ?? FIELD_REQUIRED_WORDS;
  const specific = FIELD_SPECIFIC_MESSAGES[field as WordedField]?.[code];
  if (specific) return specific;
  if (code === 'NATIONAL_ID_LENGTH' && options.country) return nationalIdLengthMessage(options.country);
  if (code === 'CODE_INVALID' && PROFILE_CODE_FIELDS.has(field)) return PROFILE_CODE_INVALID_WORDS;
  return FIELD_CODE_MESSAGES[code] ?? VALUE_INVALID_WORDS;
}
