/**
 * Which interface language a link or a stored value names: one rule for the app's start-up
 * (src/i18n/detectLocale.ts) and the server, which names the likely catalog with a page
 * (server/http/routePreloads.ts).
 */
import { LOCALES, type Locale } from './types';

/**
 * The key under which the app keeps the language it last showed on this device: in
 * localStorage for its own start-up, and as a cookie of that name for the server.
 */
export const LAST_LOCALE_KEY = 'lng-last';

/** 'lt-LT' → 'lt'; the legacy Czech tag 'cz' is accepted too because people type it in ?lng=. */
export function localeFromTag(tag: string | null | undefined): Locale | null {
  if (!tag) return null;
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  if (primary === 'cz') return 'cs';
  return (LOCALES as readonly string[]).includes(primary) ? (primary as Locale) : null;
}

/**
 * The paths whose `lng` is the map's longitude (spec section 2: /map/{taskStatus}?lat=&lng=&zoom=;
 * the opportunities map is written the same way), never a language.
 */
const MAP_PATH = /^\/(?:map\/[^/]+|opportunities-map)\/?$/;

/** What a language in `?lng=` looks like: 'lt', 'lt-LT', 'cz' — not '21.01220'. */
const LANGUAGE_TAG = /^[a-z]{2,3}(?:[-_][a-z0-9]{2,8})*$/i;

/** A language tag (not a number, not empty) naming one of the interface languages, else null. */
export function languageOf(value: string | null | undefined): Locale | null {
  const tag = value?.trim() ?? '';
  return LANGUAGE_TAG.test(tag) ? localeFromTag(tag) : null;
}

/** The language `?lng=` names on this path, or null (none, not a language, or a map's longitude). */
export function queryLocale(pathname: string, search: string): Locale | null {
  if (MAP_PATH.test(pathname)) return null;
  return languageOf(new URLSearchParams(search).get('lng'));
}
