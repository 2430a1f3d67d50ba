/**
 * Which interface language to use. Pure so the order can be table-tested: stored setting →
 * `?lng=` → the logged-in tasker's country → browser languages → en (spec section 1, DESIGN.md).
 */
import type { Locale } from '#domain/types';
import { COUNTRY_LOCALE, DEFAULT_LOCALE, isLocale } from './locales';

export interface LocaleFacts {
  /** localStorage 'lng' (the setting), or null. */
  stored: string | null | undefined;
  /** The `lng` query parameter, or null. */
  query: string | null | undefined;
  /** Country code of the logged-in tasker, or null when logged out / unknown. */
  country: string | null | undefined;
  /** navigator.languages (BCP 47 tags, best first). */
  browser: readonly string[] | null | undefined;
}

/** 'lt-LT' → 'lt'; the legacy Czech tag 'cz' is accepted too because people type it in ?lng=. */
function fromTag(tag: string | null | undefined): Locale | null {
  if (!tag) return null;
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  if (primary === 'cz') return 'cs';
  return isLocale(primary) ? primary : null;
}

/**
 * The paths whose `lng` is the map's longitude (spec section 2: /map/{taskStatus}?lat=&lng=&zoom=;
 * the opportunities map is written the same way), never a language.
 */
const MAP_PATH = /^\/(?:map\/[^/]+|opportunities-map)\/?$/;

/** What a language in `?lng=` looks like: 'lt', 'lt-LT', 'cz' — not '21.01220'. */
const LANGUAGE_TAG = /^[a-z]{2,3}(?:[-_][a-z0-9]{2,8})*$/i;

/**
 * The language the URL asks for with `?lng=`: only on pages where `lng` is a language (not the
 * maps, where it is the longitude) and only when it is one of the app's languages; else null.
 */
export function queryLocale(pathname: string, search: string): Locale | null {
  if (MAP_PATH.test(pathname)) return null;
  const value = new URLSearchParams(search).get('lng')?.trim() ?? '';
  return LANGUAGE_TAG.test(value) ? fromTag(value) : null;
}

/**
 * The tab's `?lng=` language: the URL's when it names one, else the one this tab was opened with
 * (remembered; a value that is no language — as an older version stored the map's longitude — is
 * ignored).
 */
export function tabQueryLocale(fromUrl: Locale | null, remembered: string | null | undefined): Locale | null {
  if (fromUrl) return fromUrl;
  const value = remembered?.trim() ?? '';
  return LANGUAGE_TAG.test(value) ? fromTag(value) : null;
}

export function detectLocale(facts: LocaleFacts): Locale {
  const stored = fromTag(facts.stored);
  if (stored) return stored;
  const query = fromTag(facts.query);
  if (query) return query;
  const country = facts.country?.toUpperCase();
  if (country && country in COUNTRY_LOCALE) return COUNTRY_LOCALE[country as keyof typeof COUNTRY_LOCALE];
  for (const tag of facts.browser ?? []) {
    const locale = fromTag(tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}
