/**
 * The one mapping from an error code (src/domain/errors.ts) to the tasker's words (spec section
 * 8). A failed command becomes: the app's words for a code it knows (in the tasker's language);
 * else, for a 420, the server's own message (meant for the tasker); else the failed action's
 * "Could not …". Field codes of forms (and of a 400's `fields`) have their words here too.
 * Answers are descriptors, translated where they are shown (`i18n._`, showToast), or a server's
 * text as it is.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ErrorCode, FieldErrorCode } from '#domain/errors';
import type { CountryCode } from '#domain/types';
import { NATIONAL_ID_LENGTHS } from '#domain/validation';

/** What the tasker was doing when it failed: it words the fallback. */
export type FailedAction =
  // access (toasts on the login, passcode and register screens)
  | 'login'
  | 'register'
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
  // The server's outage answer (its database or disk is out); a proxy's 502/504 is worded the same.
  SERVICE_UNAVAILABLE: msg`The service is temporarily unavailable. Please try again in a few minutes.`,
  RATE_LIMITED: msg`Too many attempts. Please wait a few minutes and try again.`,
  VALIDATION_FAILED: msg`Please add the required information`,
  CANNOT_SEE_TASKS: msg`This content is not available`,
  // A photo or document file the upload refused (the profile photo is at most 64 kB); same words as the picker's.
  PAYLOAD_TOO_LARGE: msg`The file is too large.`,
  UNSUPPORTED_MEDIA_TYPE: msg`Unsupported file format. Please try a JPEG image.`,
  TASK_NOT_FOUND: msg`Task not found`,
  PHOTO_NOT_FOUND: msg`Photo not found`,
  TASK_NO_LONGER_AVAILABLE: msg`This task is no longer available. Another user has already reserved it.`,
  PROFILE_NOT_APPROVED: msg`Tasks can be reserved once your profile is approved.`,
  TRAININGS_MISSING: msg`Complete the required trainings to reserve this task.`,
  RESERVATION_LIMIT_EXCEEDED: msg`Your reservation limit is reached. Finish or cancel a reserved task to reserve more.`,
  CANCEL_DEADLINE_PASSED: msg`This task cannot be canceled anymore`,
  TASK_NOT_RESERVED: msg`This task is not reserved by you anymore.`,
  JUSTIFICATION_REQUIRED: msg`Please write why you are canceling.`,
  JUSTIFICATION_TOO_LONG: msg`The reason must be shorter than 160 characters.`,
  TASK_NOT_STARTABLE_YET: msg`This task cannot be started yet`,
  TASK_WINDOW_ENDED: msg`The time window of this task has ended.`,
  TOO_FAR_FROM_PLACE: msg`You are too far from the store. Tasks can be started within 1000 m of the store.`,
  POSITION_REQUIRED: msg`Your location is needed to start the task.`,
  TASK_NOT_IN_PROGRESS: msg`This task is not in progress.`,
  PHOTOS_REQUIRED: msg`Please add at least one photo.`,
};

const FALLBACK_MESSAGES: Record<FailedAction, MessageDescriptor> = {
  login: msg`Could not login`,
  register: msg`Could not register`,
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
};

/** Spec section 5, verbatim: a save of scanned items some of which are invalid (checked on the page, or refused by the worker). */
export const ITEMS_INVALID_MESSAGE = msg`Could not save: some items are invalid`;

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
  email: msg`Email is required`,
  username: msg`Email is required`,
  code: msg`Code is required`,
  country: msg`Country is required`,
  password: msg`Password is required`,
  reason: msg`Please add the required information`,
  policyAgreed: msg`Please agree to the policy`,
  identityDocument: msg`Please upload a photo of your ID document`,
  paymentDocument: msg`Please upload a photo of your individual activity certificate`,
  fleetPartnerId: msg`Please choose your fleet partner`,
  registered: msg`Please confirm that you are registered with the fleet partner`,
};

const FIELD_CODE_MESSAGES: Partial<Record<FormErrorCode, MessageDescriptor>> = {
  EMAIL_INVALID: msg`Email is not valid`,
  TOO_LONG: msg`This is too long`,
  CODE_INVALID: msg`Enter the 6-digit code from the email`,
  WRONG_CODE: msg`Wrong code`,
  COUNTRY_INVALID: msg`Registration is not open in this country`,
  COUNTRY_NOT_OFFERED: msg`Registration is not open in this country`,
  CONSENT_REQUIRED: msg`Please accept to continue`,
  // Spec section 5, verbatim.
  EAN_INVALID: msg`Invalid EAN. Scan directly from the product or select it from the list.`,
  FACINGS_REQUIRED: msg`Enter the number of facings`,
  FACINGS_INVALID: msg`Facings must be a whole number from 0 to 99`,
  // The profile (spec section 5; the first two and 'National ID is not valid' verbatim).
  PHONE_INVALID: msg`Phone number is not valid`,
  IBAN_INVALID: msg`IBAN is not valid`,
  NATIONAL_ID_LENGTH: msg`National ID has the wrong number of digits`,
  NATIONAL_ID_INVALID: msg`National ID is not valid`,
  ID_DOCUMENT_REQUIRED: msg`Upload a photo of your ID document before entering the national ID`,
  POSTAL_CODE_INVALID: msg`Postal code must be exactly 5 digits`,
  LOCKED: msg`This cannot be changed after your profile is approved`,
};

/** Codes whose words depend on the field: the login code's differ from a profile code's. */
const FIELD_SPECIFIC_MESSAGES: Partial<Record<WordedField, Partial<Record<FormErrorCode, MessageDescriptor>>>> = {
  referredByCode: {
    NOT_FOUND: msg`There is no such referral code`,
    NOT_ALLOWED: msg`You cannot use your own referral code`,
    LOCKED: msg`The referral code cannot be changed any more`,
  },
  code: {
    NOT_FOUND: msg`There is no such referral code`,
    NOT_ALLOWED: msg`You cannot use your own referral code`,
  },
  fleetPartnerId: { NOT_FOUND: msg`Please choose your fleet partner` },
};

/** Profile fields whose CODE_INVALID means the spec's 'Code is not valid' (not the login code's 6 digits). */
const PROFILE_CODE_FIELDS: ReadonlySet<string> = new Set(['individualActivityNo', 'activityCode', 'legalEntityNumber', 'vatCode']);

/** Spec section 5: 'National ID must be {n} digits' (CZ: 9 or 10). */
function nationalIdLengthMessage(country: CountryCode): MessageDescriptor {
  const lengths = NATIONAL_ID_LENGTHS[country];
  if (lengths.length === 1) {
    const n = lengths[0] ?? 0;
    return msg`National ID must be ${n} digits`;
  }
  const min = Math.min(...lengths);
  const max = Math.max(...lengths);
  return msg`National ID must be ${min} or ${max} digits`;
}

/**
 * The words for a field's error code. `country` (the tasker's market) words the national ID's
 * length ('National ID must be 11 digits'); without it the words are general.
 */
export function fieldErrorMessage(field: string, code: FormErrorCode, options: { country?: CountryCode | null } = {}): MessageDescriptor {
  if (code === 'REQUIRED') return REQUIRED_MESSAGES[field as WordedField] ?? msg`This field is required`;
  const specific = FIELD_SPECIFIC_MESSAGES[field as WordedField]?.[code];
  if (specific) return specific;
  if (code === 'NATIONAL_ID_LENGTH' && options.country) return nationalIdLengthMessage(options.country);
  if (code === 'CODE_INVALID' && PROFILE_CODE_FIELDS.has(field)) return msg`Code is not valid`;
  return FIELD_CODE_MESSAGES[code] ?? msg`This value is not valid`;
}
