/**
 * The web app manifest follows the interface language. Decision: one manifest per
 * language (public/manifest.webmanifest for en, public/manifest.<locale>.webmanifest for the
 * others), identical except `lang` and `description`, all with the same `id` and `start_url`, so
 * the installed app is one app whatever the language; the name stays the brand "Shelfwork". The
 * page points its <link rel="manifest"> at the active language's file (the browser reads it when
 * it offers installing); <html lang> is set with it (src/i18n/i18n.ts).
 */
import type { Locale } from '#domain/types';

export function manifestHref(locale: Locale): string {
  return locale === 'en' ? '/manifest.webmanifest' : `/manifest.${locale}.webmanifest`;
}

export function setManifestLocale(locale: Locale): void {
  if (typeof document === 'undefined') return;
  const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  const href = manifestHref(locale);
  if (link && link.getAttribute('href') !== href) link.setAttribute('href', href);
}
