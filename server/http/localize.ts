/**
 * Every error the server answers, in the tasker's language: one place, called by the
 * error handler (errors.ts) for each ApiError, so no route words its own refusals. The language is
 * the request's `Accept-Language` (the sync worker sends the app's locale; messages.ts localeOf);
 * the words are the app's own, looked up in its catalogs by their English text (the msgid):
 * - a 420 (and the few other codes the page shows as they come) gets the app's words for its code
 *   (REFUSAL_WORDS of src/domain/errorWords.ts: the English written once for the page and the
 *   server, marked for the extractor, so the catalogs carry their translations;
 *   test/server/localized-errors.test.ts checks each is translated in all five languages);
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
import { REFUSAL_WORDS, SUPPORT_MESSAGE_WORDS, type ErrorWords } from '#domain/errorWords';
import { fieldsMessage, localeOf, translate } from './messages';

const REFUSALS: Partial<Record<ServerErrorCode, ErrorWords>> = REFUSAL_WORDS;

/** Field words the profile's table (messages.ts fieldWords) does not have: the support message's `body`. */
const EXTRA_FIELD_WORDS: Readonly<Record<string, Readonly<Record<string, ErrorWords>>>> = { body: SUPPORT_MESSAGE_WORDS };

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
  const refusal = REFUSALS[error.code];
  if (refusal && error.code !== 'VALIDATION_FAILED') return translate({ text: refusal.message }, locale);
  if (error.fields && Object.keys(error.fields).length > 0 && error.message === GENERIC_FIELDS_MESSAGE) {
    const [field, code] = Object.entries(error.fields)[0] ?? ['', ''];
    const extra = EXTRA_FIELD_WORDS[field]?.[code];
    if (extra) return translate({ text: extra.message }, locale);
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
