/**
 * Activating the interface language: loads the compiled catalog on demand (one chunk per language,
 * precached by the service worker), activates it in Lingui's global `i18n`, keeps `<html lang>` in
 * step and tells the sync worker (it sends Accept-Language).
 */
import { i18n } from '@lingui/core';
import type { Locale } from '#domain/types';
import { sendSignal } from '../sync/commands';
import { LAST_LOCALE_KEY } from '#domain/locale';
import { detectLocale, queryLocale, tabQueryLocale } from './detectLocale';
import { DEFAULT_LOCALE, STORED_LOCALE_KEY, isLocale } from './locales';
import { setManifestLocale } from '../pwa/manifest';

const QUERY_LOCALE_KEY = 'lng-query';

/**
 * `?lng=` as the tab was opened with. Navigation drops it from the URL and a reload must not
 * forget it, so it is kept in sessionStorage for the tab's life (not in localStorage: only an
 * explicit choice in the language picker is remembered across sessions). Only a language counts,
 * and not on the maps, whose `lng` is the longitude (queryLocale): a map reloaded keeps the
 * tab's language.
 */
function readQueryLocale(): Locale | null {
  if (typeof location === 'undefined') return null;
  const fromUrl = queryLocale(location.pathname, location.search);
  try {
    if (fromUrl) sessionStorage.setItem(QUERY_LOCALE_KEY, fromUrl);
    return tabQueryLocale(fromUrl, sessionStorage.getItem(QUERY_LOCALE_KEY));
  } catch {
    return fromUrl;
  }
}

const startupQuery = readQueryLocale();

export function readStoredLocale(): Locale | null {
  try {
    const value = localStorage.getItem(STORED_LOCALE_KEY);
    return isLocale(value) ? value : null;
  } catch {
    // Storage can be blocked (private mode, embedded views): behave as if nothing was stored.
    return null;
  }
}

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

/** The language to use given what is known right now (the tasker's country may still be null). */
export function currentDetectedLocale(country: string | null): Locale {
  return detectLocale({ stored: readStoredLocale(), query: startupQuery, country, browser: browserLanguages() });
}

async function loadMessages(locale: Locale) {
  const { messages } = await import(`../locales/${locale}/messages.po`);
  return messages;
}

/** Starts loading `locale`'s catalog without activating it (the module is fetched once, then cached). */
export function prefetchLocale(locale: Locale): void {
  void loadMessages(locale).catch(() => undefined);
}


/**
 * The language this device last showed: the best guess at start-up, before the mirror says the
 * tasker's country (a signed-in tasker's language is usually their market's, not the browser's).
 * Null when a chosen language or `?lng=` decides it anyway.
 */
export function lastActiveLocale(): Locale | null {
  // A language chosen on this device or given by `?lng=` wins over the country: no guess needed.
  if (readStoredLocale() || startupQuery) return null;
  try {
    const value = localStorage.getItem(LAST_LOCALE_KEY);
    return isLocale(value) ? value : null;
  } catch {
    return null;
  }
}

let pending: Promise<void> | null = null;

/** Loads and activates `locale`; falls back to English if its catalog cannot be loaded. */
export async function activateLocale(locale: Locale): Promise<void> {
  if (i18n.locale === locale && pending === null) return;
  const run = (async () => {
    let active: Locale = locale;
    try {
      i18n.loadAndActivate({ locale, messages: await loadMessages(locale) });
    } catch (error) {
      console.error(`Could not load the ${locale} catalog`, error);
      active = DEFAULT_LOCALE;
      i18n.loadAndActivate({ locale: active, messages: await loadMessages(active).catch(() => ({})) });
    }
    document.documentElement.lang = active;
    try {
      localStorage.setItem(LAST_LOCALE_KEY, active);
    } catch {
      // Storage blocked: start-up then guesses from the browser's languages.
    }
    // The same, for the server: it names this language's catalog with the next page load's first
    // files (server/http/routePreloads.ts), so the catalog downloads alongside the entry chunk.
    document.cookie = `${LAST_LOCALE_KEY}=${active}; path=/; max-age=31536000; samesite=lax`;
    setManifestLocale(active);
    // The worker may not be up yet on first paint; the language is not worth failing for.
    void sendSignal('setLocale', (api) => api.setLocale(active));
  })();
  pending = run;
  try {
    await run;
  } finally {
    if (pending === run) pending = null;
  }
}

/** The tasker picked a language in /settings: remember it on this device and switch. */
export async function chooseLocale(locale: Locale): Promise<void> {
  try {
    localStorage.setItem(STORED_LOCALE_KEY, locale);
  } catch {
    // Not persisted (storage blocked), but still switch for this session.
  }
  await activateLocale(locale);
}

export { i18n };
