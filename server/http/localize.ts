/**
 * Every error the server answers, in the tasker's language: one place, called by the
 * error handler (errors.ts) for each ApiError, so no route words its own refusals. The language is
 * the request's `Accept-Language` (the sync worker sends the app's locale; messages.ts localeOf);
 * the words are the app's own, looked up in its catalogs by their English text (the msgid):
 * - a 420 (and the few other codes the page shows as they come) gets the app's words for its code
 *   (REFUSAL_WORDS; the page's src/i18n/errorMessages.ts and src/i18n/serverWords.ts hold the same
 *   English, so the catalogs carry their translations; test/server/localized-errors.test.ts checks
 *   each is translated in all five languages);
 * - a 400 with `fields` still saying the generic 'Some fields are not valid' gets the words of its
 *   first field (messages.ts fieldsMessage); a route that already worded it (the profile's, with
 *   the market's national ID length) keeps its own;
 * - English (no or an unknown Accept-Language) stays the server's own message, as before;
 * - any other message that is an English msgid of the app is translated; the rest (technical
 *   answers nobody shows to a tasker) stay English.
 */
import type { FastifyRequest } from 'fastify';
import type { ServerErrorCode } from '#domain/errors';
import type { Locale } from '#domain/types';
import { fieldsMessage, localeOf, translate } from './messages';

/** The app's English words for a code (each a msgid in src/locales/<locale>/messages.po). */
export const REFUSAL_WORDS: Partial<Record<ServerErrorCode, string>> = {
  // The life cycle and doing the work: the page's words (src/i18n/errorMessages.ts).
  TASK_NO_LONGER_AVAILABLE: 'This task is no longer available. Another user has already reserved it.',
  PROFILE_NOT_APPROVED: 'Tasks can be reserved once your profile is approved.',
  TRAININGS_MISSING: 'Complete the required trainings to reserve this task.',
  RESERVATION_LIMIT_EXCEEDED: 'Your reservation limit is reached. Finish or cancel a reserved task to reserve more.',
  CANCEL_DEADLINE_PASSED: 'This task cannot be canceled anymore',
  TASK_NOT_RESERVED: 'This task is not reserved by you anymore.',
  TASK_NOT_STARTABLE_YET: 'This task cannot be started yet',
  TASK_WINDOW_ENDED: 'The time window of this task has ended.',
  TOO_FAR_FROM_PLACE: 'You are too far from the store. Tasks can be started within 1000 m of the store.',
  POSITION_REQUIRED: 'Your location is needed to start the task.',
  TASK_NOT_IN_PROGRESS: 'This task is not in progress.',
  PHOTOS_REQUIRED: 'Please add at least one photo.',
  WRONG_CODE: 'Wrong code',
  // Access, attendance, staff review: src/i18n/serverWords.ts.
  USER_NOT_FOUND: 'There is no account with this email. Please register first.',
  EMAIL_ALREADY_REGISTERED: 'This email is already registered. Please log in.',
  CODE_EXPIRED: 'This code has expired. Please request a new one.',
  WRONG_CREDENTIALS: 'Wrong email or password',
  GOOGLE_LOGIN_UNAVAILABLE: 'Google sign-in is not available. Please log in with your email.',
  ATTENDANCE_ALREADY_SUBMITTED: 'You have already answered this attendance request.',
  ATTENDANCE_REQUEST_EXPIRED: 'This attendance request has expired.',
  ATTENDANCE_REQUEST_NOT_FOUND: 'This attendance request no longer exists.',
  TASK_NOT_AWAITING_CONFIRMATION: 'This task is not awaiting confirmation any more.',
  // Other answers a tasker may see.
  TASK_NOT_FOUND: 'Task not found',
  PHOTO_NOT_FOUND: 'Photo not found',
  CANNOT_SEE_TASKS: 'This content is not available',
  RATE_LIMITED: 'Too many attempts. Please wait a few minutes and try again.',
  SERVICE_UNAVAILABLE: 'The service is temporarily unavailable. Please try again in a few minutes.',
};

/** Field words the profile's table (messages.ts fieldWords) does not have: the support message's `body`. */
const EXTRA_FIELD_WORDS: Record<string, Record<string, string>> = {
  body: {
    REQUIRED: 'Please write your message',
    TOO_SHORT: 'The message must be at least 3 characters long',
    TOO_LONG: 'The message must be shorter than 500 characters',
  },
};

/** The generic message of badRequest() (errors.ts): a route that did not word its fields. */
export const GENERIC_FIELDS_MESSAGE = 'Some fields are not valid';

export interface ErrorText {
  statusCode?: number;
  code: ServerErrorCode;
  message: string;
  fields?: Record<string, string>;
}

/** The message of an error answer in `locale`. */
export function localizeErrorMessage(error: ErrorText, locale: Locale): string {
  // English stays the server's own (its tests and logs read it); other languages get the app's words.
  if (locale === 'en') return error.message;
  const refusal = REFUSAL_WORDS[error.code];
  if (refusal && error.code !== 'VALIDATION_FAILED') return translate({ text: refusal }, locale);
  if (error.fields && Object.keys(error.fields).length > 0 && error.message === GENERIC_FIELDS_MESSAGE) {
    const [field, code] = Object.entries(error.fields)[0] ?? ['', ''];
    const extra = EXTRA_FIELD_WORDS[field]?.[code];
    if (extra) return translate({ text: extra }, locale);
    return fieldsMessage(error.fields, locale) ?? error.message;
  }
  return translate({ text: error.message }, locale);
}

/** The message of an error answer in the request's language. */
export function localizedMessage(error: ErrorText, request: Pick<FastifyRequest, 'headers'>): string {
  return localizeErrorMessage(error, localeOf(request.headers['accept-language']));
}

/**
 * A stored error answer (an idempotency row's refusal, kept as the server worded it in English)
 * in the language of the request that replays it: the same words as when it was first answered.
 * Any other body is returned as it is.
 */
export function localizedStoredError(status: number, body: unknown, acceptLanguage: string | string[] | undefined): unknown {
  if (status < 400 || body === null || typeof body !== 'object') return body;
  const error = (body as { error?: unknown }).error;
  if (error === null || typeof error !== 'object') return body;
  const e = error as { code?: unknown; message?: unknown; fields?: unknown };
  if (typeof e.code !== 'string' || typeof e.message !== 'string') return body;
  const fields = e.fields !== null && typeof e.fields === 'object' ? (e.fields as Record<string, string>) : undefined;
  const message = localizeErrorMessage({ statusCode: status, code: e.code as ServerErrorCode, message: e.message, ...(fields ? { fields } : {}) }, localeOf(acceptLanguage));
  return { ...body, error: { ...error, message } };
}
