/**
 * The interface languages and how each names itself (the language picker shows native names so a
 * tasker can find their language whatever is active now).
 */
import { LOCALES, type CountryCode, type Locale } from '#domain/types';

export const DEFAULT_LOCALE: Locale = 'en';

export const NATIVE_LANGUAGE_NAMES: Record<Locale, string> = {
  en: 'English',
  lt: 'Lietuvių',
  pl: 'Polski',
  cs: 'Čeština',
  ro: 'Română',
};

/** The interface language a market's country code selects (spec section 1). */
export const COUNTRY_LOCALE: Record<CountryCode, Locale> = {
  LT: 'lt',
  PL: 'pl',
  CZ: 'cs',
  RO: 'ro',
};

/** localStorage key of the language the tasker picked in /settings. */
export const STORED_LOCALE_KEY = 'lng';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}
