/**
 * The letter of authority's words (the demo letters, public/letters/, written by
 * scripts/make-letters.ts in every language of the app from the app's catalogs), and which file
 * a tasker opens: the letter in their language. Plain message descriptors marked for the
 * extractor, as in errorWords.ts (the script runs without Lingui's macros); each `id` is Lingui's
 * own for its `message` (letterWords.test.ts checks it).
 */
import type { Locale } from './types';

export const LETTER_WORDS = {
  title: /*i18n*/ { id: 'bo0Sc7', message: 'Letter of authority' },
  retailer: /*i18n*/ { id: 'h/0S3T', message: 'Retailer: {retailer}' },
  holder: /*i18n*/ {
    id: 'TB9UxK',
    message:
      "Letter of authority — the holder of this letter performs merchandising tasks for Shelfwork on behalf of {retailer}: shelf photos, stock and price checks, restocking and promotional displays, as described in the task shown in the holder's Shelfwork app.",
  },
  access: /*i18n*/ {
    id: 'vqU3f1',
    message:
      'Please give the holder access to the shelves and the stockroom they need for the task, and let them speak with the store manager on duty. The holder can show the task, its time window and this letter in the app at any time, also without a network connection.',
  },
  questions: /*i18n*/ { id: 'wLZneE', message: 'Questions about this letter: {url}' },
} as const;

/** Where the app serves its own letters (one PDF per retailer and language). */
export const LETTERS_PREFIX = '/letters/';

/**
 * The letter a tasker opens: for the app's own letters (`/letters/{retailer}.pdf`, English) the
 * one in their language (`/letters/{retailer}.{locale}.pdf`); any other document as it is.
 */
export function letterUrlFor(url: string | null | undefined, locale: Locale | string): string | null {
  if (!url) return null;
  const match = /^(\/letters\/[a-z0-9-]+)\.pdf$/.exec(url);
  if (!match || locale === 'en' || !/^[a-z]{2}$/.test(locale)) return url;
  return `${match[1]}.${locale}.pdf`;
}
