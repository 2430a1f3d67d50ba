/**
 * Which interface language to use. Pure so the order can be table-tested: stored setting →
 * `?lng=` → the logged-in tasker's country → browser languages → en (spec section 1, DESIGN.md).
 */
import type { Locale } from '#domain/types';
import { languageOf, localeFromTag } from '#domain/locale';
import { COUNTRY_LOCALE, DEFAULT_LOCALE } from './locales';

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

export { queryLocale } from '#domain/locale';

/**
 * The tab's `?lng=` language: the URL's when it names one, else the one this tab was opened with
 * (remembered; a value that is no language — as an older version stored the map's longitude — is
 * ignored).
 */
export function tabQueryLocale(fromUrl: Locale | null, remembered: string | null | undefined): Locale | null {
  return fromUrl ?? languageOf(remembered);
}

export function detectLocale(facts: LocaleFacts): Locale {
  const stored = localeFromTag(facts.stored);
  if (stored) return stored;
  const query = localeFromTag(facts.query);
  if (query) return query;
  const country = facts.country?.toUpperCase();
  if (country && country in COUNTRY_LOCALE) return COUNTRY_LOCALE[country as keyof typeof COUNTRY_LOCALE];
  for (const tag of facts.browser ?? []) {
    const locale = localeFromTag(tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}
