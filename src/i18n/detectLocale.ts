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
