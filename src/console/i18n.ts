/**
 * The console's language: its own Lingui catalog (src/console/locales/{locale}/messages.po, apart
 * from the tasker app's), the choice remembered in localStorage, else the browser's first supported
 * language, else English. A catalog not extracted yet loads as empty: the source (English) texts show.
 */
import { i18n } from '@lingui/core';
import type { Messages } from '@lingui/core';

export { i18n };
import { LOCALES, type Locale } from '#domain/types';
import { isLocale } from '../i18n/locales';

export const CONSOLE_LOCALE_KEY = 'shelfwork.console.locale';

/** The catalogs, compiled by the Lingui Vite plugin; each one its own chunk, loaded when chosen. */
const catalogs = import.meta.glob<{ messages: Messages }>('./locales/*/messages.po');

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

/** The remembered choice, else the browser's first language the console speaks, else English. */
export function initialConsoleLocale(stored: string | null = readStored(), browser: readonly string[] = browserLanguages()): Locale {
  if (isLocale(stored)) return stored;
  for (const tag of browser) {
    const base = tag?.toLowerCase().split('-')[0];
    if (isLocale(base)) return base;
  }
  return 'en';
}

function readStored(): string | null {
  try {
    return localStorage.getItem(CONSOLE_LOCALE_KEY);
  } catch {
    return null;
  }
}

let active: Locale = 'en';

/** The language calls are made in (Accept-Language: the server's messages come back in it). */
export function consoleLocale(): Locale {
  return active;
}

/** Loads and activates `locale` (English texts when its catalog is missing or fails to load). */
export async function activateConsoleLocale(locale: Locale, remember = false): Promise<void> {
  let messages: Messages = {};
  const load = catalogs[`./locales/${locale}/messages.po`];
  if (load) {
    try {
      messages = (await load()).messages;
    } catch {
      messages = {};
    }
  }
  i18n.loadAndActivate({ locale, messages });
  active = locale;
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  if (remember) {
    try {
      localStorage.setItem(CONSOLE_LOCALE_KEY, locale);
    } catch {
      // Blocked storage: the choice lasts for this page only.
    }
  }
}

export const CONSOLE_LOCALES: readonly Locale[] = LOCALES;
