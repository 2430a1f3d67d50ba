/**
 * The app's English sentences for errors that both the server and the page say, each written once.
 * The page shows them through Lingui (src/i18n/errorMessages.ts; `i18n._(words)` where shown);
 * the server words its answers with them in the tasker's language (server/http/messages.ts and
 * localize.ts), looking the English up in the app's catalogs, where it is the msgid.
 *
 * They are plain message descriptors, not `msg` macros, because the server runs without Lingui's
 * Babel macros. The i18n block comment before each marks it for the extractor
 * (`npm run i18n:extract`), so the catalogs keep them. Each `id` is the one Lingui generates for
 * its `message` (the first six base64 characters of the SHA-256 of the English and an empty
 * context): the catalogs then keep the English as the msgid, as for a `msg` macro, and the
 * compiled catalogs, keyed by that id, translate them on the page. errorWords.test.ts checks
 * every id.
 */
import type { FieldErrorCode, ServerErrorCode } from './errors';

/** An English sentence and its catalog id (a Lingui message descriptor). */
export interface ErrorWords {
  readonly id: string;
  readonly message: string;
}

/** The words for a refusal's code (a 420, and the few other answers a tasker may see). */
export const REFUSAL_WORDS = {
  // The life cycle and doing the work.
  TASK_NO_LONGER_AVAILABLE: /*i18n*/ { id: 'Vn2UWk', message: 'This task is no longer available. Another user has already reserved it.' },
  PROFILE_NOT_APPROVED: /*i18n*/ { id: 'f7hyk9', message: 'Tasks can be reserved once your profile is approved.' },
  TRAININGS_MISSING: /*i18n*/ { id: 'e7yGj3', message: 'Complete the required trainings to reserve this task.' },
  RESERVATION_LIMIT_EXCEEDED: /*i18n*/ { id: 'hreCe0', message: 'Your reservation limit is reached. Finish or cancel a reserved task to reserve more.' },
  CANCEL_DEADLINE_PASSED: /*i18n*/ { id: 'WD/30p', message: 'This task cannot be canceled anymore' },
  TASK_NOT_RESERVED: /*i18n*/ { id: '+X/hXf', message: 'This task is not reserved by you anymore.' },
  TASK_NOT_STARTABLE_YET: /*i18n*/ { id: '6bwrWZ', message: 'This task cannot be started yet' },
  TASK_WINDOW_ENDED: /*i18n*/ { id: 'Sq3WXf', message: 'The time window of this task has ended.' },
  TOO_FAR_FROM_PLACE: /*i18n*/ { id: 'rLTjrd', message: 'You are too far from the store. Tasks can be started within 1000 m of the store.' },
  POSITION_REQUIRED: /*i18n*/ { id: 'eBhxkr', message: 'Your location is needed to start the task.' },
  TASK_NOT_IN_PROGRESS: /*i18n*/ { id: '+5a5+1', message: 'This task is not in progress.' },
  PHOTOS_REQUIRED: /*i18n*/ { id: 'L4aCls', message: 'Please add at least one photo.' },
  WRONG_CODE: /*i18n*/ { id: 'EK6YGK', message: 'Wrong code' },
  // Access, attendance and staff review (no screen words these codes itself: it shows the server's text).
  USER_NOT_FOUND: /*i18n*/ { id: 'O49dKX', message: 'There is no account with this email. Please register first.' },
  EMAIL_ALREADY_REGISTERED: /*i18n*/ { id: 'Wi5wzA', message: 'This email is already registered. Please log in.' },
  CODE_EXPIRED: /*i18n*/ { id: '19BBCn', message: 'This code has expired. Please request a new one.' },
  WRONG_CREDENTIALS: /*i18n*/ { id: 'wGCBoL', message: 'Wrong email or password' },
  GOOGLE_LOGIN_UNAVAILABLE: /*i18n*/ { id: 'g4G0O3', message: 'Google sign-in is not available. Please log in with your email.' },
  GOOGLE_REGISTRATION_REQUIRED: /*i18n*/ { id: 'jsfGpL', message: 'There is no Shelfwork account with the email of this Google account yet. Choose your country to create one.' },
  GOOGLE_EMAIL_UNVERIFIED: /*i18n*/ { id: 'tTYYGX', message: 'The email of this Google account is not verified. Please verify it with Google or log in with your email.' },
  GOOGLE_SIGN_IN_EXPIRED: /*i18n*/ { id: 'GA5Z29', message: 'This Google sign-in has expired. Please try again.' },
  GOOGLE_SIGN_IN_FAILED: /*i18n*/ { id: 'tohLtJ', message: 'Google sign-in did not work. Please try again or log in with your email.' },
  GOOGLE_ACCOUNT_LINKED_ELSEWHERE: /*i18n*/ { id: 'k5RhkD', message: 'The account with this email is linked to another Google account. Please log in with your email.' },
  ATTENDANCE_ALREADY_SUBMITTED: /*i18n*/ { id: 'TQe3gP', message: 'You have already answered this attendance request.' },
  ATTENDANCE_REQUEST_EXPIRED: /*i18n*/ { id: 'mYdaXn', message: 'This attendance request has expired.' },
  ATTENDANCE_REQUEST_NOT_FOUND: /*i18n*/ { id: 'YJthOq', message: 'This attendance request no longer exists.' },
  TASK_NOT_AWAITING_CONFIRMATION: /*i18n*/ { id: 'e/5F1r', message: 'This task is not awaiting confirmation any more.' },
  // Other answers a tasker may see.
  TASK_NOT_FOUND: /*i18n*/ { id: 'w64OYf', message: 'Task not found' },
  PHOTO_NOT_FOUND: /*i18n*/ { id: 'IDEpZo', message: 'Photo not found' },
  CANNOT_SEE_TASKS: /*i18n*/ { id: 'v2E8dw', message: 'This content is not available' },
  RATE_LIMITED: /*i18n*/ { id: 'aT928U', message: 'Too many attempts. Please wait a few minutes and try again.' },
  // The server's outage answer (its database or disk is out); the page words a proxy's 502/504 the same.
  SERVICE_UNAVAILABLE: /*i18n*/ { id: 'R4547z', message: 'The service is temporarily unavailable. Please try again in a few minutes.' },
} as const satisfies Partial<Record<ServerErrorCode, ErrorWords>>;

const NO_SUCH_REFERRAL_CODE = /*i18n*/ { id: 'rqyq05', message: 'There is no such referral code' };
const OWN_REFERRAL_CODE = /*i18n*/ { id: 'nNBz8f', message: 'You cannot use your own referral code' };
const CHOOSE_FLEET_PARTNER = /*i18n*/ { id: '3XS1zN', message: 'Please choose your fleet partner' };

/** A REQUIRED field's own words (the profile's); other fields get FIELD_REQUIRED_WORDS. */
export const REQUIRED_WORDS = {
  identityDocument: /*i18n*/ { id: 'Htf01E', message: 'Please upload a photo of your ID document' },
  paymentDocument: /*i18n*/ { id: 'sO8rdm', message: 'Please upload a photo of your individual activity certificate' },
  fleetPartnerId: CHOOSE_FLEET_PARTNER,
  registered: /*i18n*/ { id: 'wU7G8c', message: 'Please confirm that you are registered with the fleet partner' },
  country: /*i18n*/ { id: 'b4Oui7', message: 'Country is required' },
} as const satisfies Record<string, ErrorWords>;

/** Codes whose words depend on the field: the login code's differ from a profile code's. */
export const FIELD_SPECIFIC_WORDS = {
  referredByCode: {
    NOT_FOUND: NO_SUCH_REFERRAL_CODE,
    NOT_ALLOWED: OWN_REFERRAL_CODE,
    LOCKED: /*i18n*/ { id: 'Bmj/h8', message: 'The referral code cannot be changed any more' },
  },
  code: { NOT_FOUND: NO_SUCH_REFERRAL_CODE, NOT_ALLOWED: OWN_REFERRAL_CODE },
  fleetPartnerId: { NOT_FOUND: CHOOSE_FLEET_PARTNER },
  // A company's name may hold digits and the punctuation of company names too.
  legalEntityName: { NAME_INVALID: /*i18n*/ { id: 'xpeLUQ', message: 'Use only letters, digits, spaces and punctuation' } },
} as const satisfies Record<string, Partial<Record<FieldErrorCode, ErrorWords>>>;

/** A field code's words whatever the field (the profile's, spec section 5). */
export const FIELD_CODE_WORDS = {
  TOO_LONG: /*i18n*/ { id: 'BIMztr', message: 'This is too long' },
  COUNTRY_INVALID: /*i18n*/ { id: '7LGEyl', message: 'Registration is not open in this country' },
  // Spec section 5: the first two and 'National ID is not valid' verbatim.
  PHONE_INVALID: /*i18n*/ { id: 'VwQOL9', message: 'Phone number is not valid' },
  IBAN_INVALID: /*i18n*/ { id: '+dNzV9', message: 'IBAN is not valid' },
  NATIONAL_ID_LENGTH: /*i18n*/ { id: 'Zux7oB', message: 'National ID has the wrong number of digits' },
  NATIONAL_ID_INVALID: /*i18n*/ { id: '2QYqJG', message: 'National ID is not valid' },
  ID_DOCUMENT_REQUIRED: /*i18n*/ { id: 'FQBSKE', message: 'Upload a photo of your ID document before entering the national ID' },
  POSTAL_CODE_INVALID: /*i18n*/ { id: 'JO+wnM', message: 'Postal code must be exactly 5 digits' },
  NAME_INVALID: /*i18n*/ { id: 'zWAZh5', message: 'Use only letters, spaces, hyphens, apostrophes and dots' },
  LOCKED: /*i18n*/ { id: 'uzFlG0', message: 'This cannot be changed after your profile is approved' },
} as const satisfies Partial<Record<FieldErrorCode, ErrorWords>>;

/** A required field without words of its own. */
export const FIELD_REQUIRED_WORDS = /*i18n*/ { id: 'B8AaMI', message: 'This field is required' };
/** A field code without words of its own. */
export const VALUE_INVALID_WORDS = /*i18n*/ { id: '/z/2dp', message: 'This value is not valid' };
/** CODE_INVALID of a profile code (PROFILE_CODE_FIELDS): spec section 5's words, not the login code's 6 digits. */
export const PROFILE_CODE_INVALID_WORDS = /*i18n*/ { id: 'tohkck', message: 'Code is not valid' };
/** Profile fields whose CODE_INVALID means PROFILE_CODE_INVALID_WORDS. */
export const PROFILE_CODE_FIELDS: ReadonlySet<string> = new Set(['individualActivityNo', 'activityCode', 'legalEntityNumber', 'vatCode']);

/** Spec section 5: the national ID's length in the market, one length (values: { n }) … */
export const NATIONAL_ID_DIGITS_WORDS = /*i18n*/ { id: 'Ma3q+q', message: 'National ID must be {n} digits' };
/** … or two (CZ: 9 or 10; values: { min, max }). */
export const NATIONAL_ID_DIGITS_EITHER_WORDS = /*i18n*/ { id: '588Ah7', message: 'National ID must be {min} or {max} digits' };

/** The support message's `body` (server/support/routes.ts; the support screen words its own field). */
export const SUPPORT_MESSAGE_WORDS = {
  REQUIRED: /*i18n*/ { id: 'c6eBHE', message: 'Please write your message' },
  TOO_SHORT: /*i18n*/ { id: '4KhGOr', message: 'The message must be at least 3 characters long' },
  TOO_LONG: /*i18n*/ { id: 'J0iA3Y', message: 'The message must be shorter than 500 characters' },
} as const satisfies Partial<Record<FieldErrorCode, ErrorWords>>;

/** Spec section 5, verbatim: a save of scanned items some of which are invalid. */
export const ITEMS_INVALID_WORDS = /*i18n*/ { id: 'LfDwBE', message: 'Could not save: some items are invalid' };
/** Spec section 5, verbatim: an EAN that is not valid. */
export const EAN_INVALID_WORDS = /*i18n*/ { id: 'mApVjC', message: 'Invalid EAN. Scan directly from the product or select it from the list.' };
