/**
 * Every error code of Shelfwork as one union: what the server answers (`{ error: { code } }`,
 * docs/api.md), what the sync worker and the page say themselves (no answer, a full disk, a
 * rule checked on the device), and the per-field codes of a 400's `fields`. The server's
 * `ApiError` and the worker's `CommandError` carry an `ErrorCode`; the page turns codes into the
 * tasker's words in one place (src/i18n/errorMessages.ts). The English texts here are the
 * server's (and the worker's local refusals'), for logs and for a 420 the app has no words for.
 * Pure.
 */
import { REFUSAL_WORDS } from './errorWords';

/** Codes the server answers (docs/api.md, Errors). */
export const SERVER_ERROR_CODES = [
  // 400
  'VALIDATION_FAILED',
  'INVALID_JSON',
  'BAD_URL',
  'BAD_REQUEST',
  'UPLOAD_INCOMPLETE',
  // 401
  'UNAUTHORIZED',
  'TOKEN_EXPIRED',
  'INVALID_REFRESH_TOKEN',
  'REFRESH_TOKEN_REUSED',
  // 403
  'CANNOT_SEE_TASKS',
  'UPLOAD_TOKEN_INVALID',
  'PHOTO_URL_INVALID',
  /** A staff member without any of the route's roles, or acting outside their markets. */
  'STAFF_ROLE_REQUIRED',
  'STAFF_MARKET_REFUSED',
  // 404 (USER_NOT_FOUND is also the 420 of a login for an unknown email)
  'TASK_NOT_FOUND',
  'USER_NOT_FOUND',
  'RETAILER_NOT_FOUND',
  'TASK_TYPE_NOT_FOUND',
  'PHOTO_NOT_FOUND',
  'TRAINING_NOT_FOUND',
  'STAFF_NOT_FOUND',
  'NOT_FOUND',
  // 409, 410
  'PHOTO_ALREADY_UPLOADED',
  'UPLOAD_TOKEN_EXPIRED',
  'PHOTO_URL_EXPIRED',
  // 413, 414, 415
  'PAYLOAD_TOO_LARGE',
  'URI_TOO_LONG',
  'UNSUPPORTED_MEDIA_TYPE',
  // 420: access
  'EMAIL_ALREADY_REGISTERED',
  'WRONG_CODE',
  'CODE_EXPIRED',
  'WRONG_CREDENTIALS',
  'GOOGLE_LOGIN_UNAVAILABLE',
  // 420: Google sign-in (server/auth/google.ts): no account yet (the app asks the market), an
  // unverified e-mail, an unknown/used/expired sign-in, a refused exchange or ID token, and an
  // account already linked to another Google account
  'GOOGLE_REGISTRATION_REQUIRED',
  'GOOGLE_EMAIL_UNVERIFIED',
  'GOOGLE_SIGN_IN_EXPIRED',
  'GOOGLE_SIGN_IN_FAILED',
  'GOOGLE_ACCOUNT_LINKED_ELSEWHERE',
  // 420: staff accounts (an e-mail that has one; an admin removing their own admin role or deactivating themselves)
  'STAFF_EMAIL_TAKEN',
  'STAFF_SELF_LOCKOUT',
  // 420: task authoring (a task type without the market's language; a task a tasker already holds)
  'CHECKLIST_TRANSLATION_MISSING',
  'TASK_ALREADY_TAKEN',
  // 420: the life cycle (src/domain/lifecycle.ts)
  'TASK_NO_LONGER_AVAILABLE',
  'PROFILE_NOT_APPROVED',
  'TRAININGS_MISSING',
  'RESERVATION_LIMIT_EXCEEDED',
  'TASK_NOT_RESERVED',
  'CANCEL_DEADLINE_PASSED',
  'TASK_NOT_STARTABLE_YET',
  'TASK_WINDOW_ENDED',
  'POSITION_REQUIRED',
  'TOO_FAR_FROM_PLACE',
  // 420: doing the work, staff review
  'TASK_NOT_IN_PROGRESS',
  'PHOTOS_REQUIRED',
  'TASK_NOT_AWAITING_CONFIRMATION',
  // 404, 420: attendance confirmation
  'ATTENDANCE_REQUEST_NOT_FOUND',
  'ATTENDANCE_ALREADY_SUBMITTED',
  'ATTENDANCE_REQUEST_EXPIRED',
  // 422, 429, 500, 503
  'IDEMPOTENCY_KEY_REUSED',
  'RATE_LIMITED',
  'INTERNAL',
  'SERVICE_UNAVAILABLE',
] as const;
export type ServerErrorCode = (typeof SERVER_ERROR_CODES)[number];

/** Codes the sync worker and the page say themselves (never on the wire). */
export const CLIENT_ERROR_CODES = [
  /** No answer (offline, a cut connection, a timeout). */
  'NETWORK',
  /** The caller aborted the request. */
  'ABORTED',
  /** Not the API's error shape, a malformed answer, a worker that threw. */
  'UNKNOWN',
  /** The device storage is full (IndexedDB's QuotaExceededError). */
  'QUOTA_EXCEEDED',
  /** No tokens on this device. */
  'UNAUTHENTICATED',
  /** The refresh token was refused: log in again. */
  'SESSION_EXPIRED',
  'COUNTRY_INVALID',
  'PHOTO_EXISTS',
  'PHOTO_FILE_MISSING',
  'RECORD_NOT_FOUND',
  'RECORD_NOT_REJECTED',
  'TOO_MANY_PAGES',
  'PAGING_LOOP',
  /** A task pack's images: no Cache API, one not stored, some evicted by the browser since. */
  'NO_IMAGE_CACHE',
  'IMAGE_FAILED',
  'IMAGES_EVICTED',
  /** A late cancel without a reason, or with one too long (src/domain/lifecycle.ts, cancelRefusal; the server answers them as 400 fields). */
  'JUSTIFICATION_REQUIRED',
  'JUSTIFICATION_TOO_LONG',
] as const;
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];

export type ErrorCode = ServerErrorCode | ClientErrorCode;

const ERROR_CODES: ReadonlySet<string> = new Set<string>([...SERVER_ERROR_CODES, ...CLIENT_ERROR_CODES]);

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && ERROR_CODES.has(value);
}

/** A code read from the wire or the mirror: itself when known, else UNKNOWN (a newer server's code; its message is kept by the caller). */
export function readErrorCode(value: unknown): ErrorCode {
  return isErrorCode(value) ? value : 'UNKNOWN';
}

/** Per-field codes of a 400 (`fields`), and of the rules that check a form on the device. */
export type FieldErrorCode =
  | 'REQUIRED'
  | 'INVALID'
  | 'TOO_LONG'
  | 'TOO_SHORT'
  | 'TOO_MANY'
  | 'TOO_HIGH'
  | 'DUPLICATE'
  | 'OUT_OF_RANGE'
  | 'NOT_FOUND'
  | 'NOT_ALLOWED'
  | 'EMAIL_INVALID'
  | 'CODE_INVALID'
  | 'COUNTRY_INVALID'
  | 'CURSOR_INVALID'
  | 'INVALID_CHARACTERS'
  | 'IN_FUTURE'
  | 'BEFORE_START'
  /** A window's end at or before its start. */
  | 'END_BEFORE_START'
  /** A name (a place's title and city) that matches more than one row. */
  | 'AMBIGUOUS'
  | 'BEFORE_RESERVATION'
  | 'LONGER_THAN_WINDOW'
  | 'ID_TAKEN'
  | 'EAN_REQUIRED'
  | 'EAN_INVALID'
  | 'FACINGS_REQUIRED'
  | 'FACINGS_INVALID'
  | 'UNKNOWN_BLOCKER'
  | 'UNKNOWN_DEFECT'
  | 'UNKNOWN_ITEM'
  // The profile (spec section 5; src/domain/profile.ts)
  | 'PHONE_INVALID'
  | 'IBAN_INVALID'
  /** The national ID has the wrong number of digits for the market (nationalIdLengths). */
  | 'NATIONAL_ID_LENGTH'
  /** The national ID fails its checksum or holds no valid birth date. */
  | 'NATIONAL_ID_INVALID'
  /** A national ID is saved only after a photo of the identity document is uploaded. */
  | 'ID_DOCUMENT_REQUIRED'
  | 'POSTAL_CODE_INVALID'
  /** A name holds something other than letters and a name's punctuation (an emoji, a symbol). */
  | 'NAME_INVALID'
  /** The field cannot change any more (name, IBAN, national ID, country after approval). */
  | 'LOCKED';

/**
 * The server's English for its business-rule refusals (420), also used by the worker when it
 * refuses the same rule on the device before queueing: the page's own sentences for these codes
 * (errorWords.ts), so a refusal reads the same in English on the wire and on the screen.
 */
export const REFUSAL_MESSAGES = {
  TASK_NO_LONGER_AVAILABLE: REFUSAL_WORDS.TASK_NO_LONGER_AVAILABLE.message,
  PROFILE_NOT_APPROVED: REFUSAL_WORDS.PROFILE_NOT_APPROVED.message,
  TRAININGS_MISSING: REFUSAL_WORDS.TRAININGS_MISSING.message,
  RESERVATION_LIMIT_EXCEEDED: REFUSAL_WORDS.RESERVATION_LIMIT_EXCEEDED.message,
  TASK_NOT_RESERVED: REFUSAL_WORDS.TASK_NOT_RESERVED.message,
  CANCEL_DEADLINE_PASSED: REFUSAL_WORDS.CANCEL_DEADLINE_PASSED.message,
  TASK_NOT_STARTABLE_YET: REFUSAL_WORDS.TASK_NOT_STARTABLE_YET.message,
  TASK_WINDOW_ENDED: REFUSAL_WORDS.TASK_WINDOW_ENDED.message,
  POSITION_REQUIRED: REFUSAL_WORDS.POSITION_REQUIRED.message,
  TOO_FAR_FROM_PLACE: REFUSAL_WORDS.TOO_FAR_FROM_PLACE.message,
  TASK_NOT_IN_PROGRESS: REFUSAL_WORDS.TASK_NOT_IN_PROGRESS.message,
  PHOTOS_REQUIRED: REFUSAL_WORDS.PHOTOS_REQUIRED.message,
  ATTENDANCE_ALREADY_SUBMITTED: REFUSAL_WORDS.ATTENDANCE_ALREADY_SUBMITTED.message,
  ATTENDANCE_REQUEST_EXPIRED: REFUSAL_WORDS.ATTENDANCE_REQUEST_EXPIRED.message,
} as const satisfies Partial<Record<ServerErrorCode, string>>;
export type RefusalCode = keyof typeof REFUSAL_MESSAGES;
