/**
 * Money, dates and distances formatted with Intl in the active locale (DESIGN.md, i18n).
 * Callers pass `i18n.locale` from `useLingui()` so values re-render on a language switch.
 * Money is the domain's exact formatter (src/domain/money.ts), shown here beside the others.
 */
export { formatMoney } from '#domain/money';

// Intl constructors cost ~0.2 ms each; a list of 50 cards formats hundreds of values per render.
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** One Intl.NumberFormat per locale and options, kept for the page's life (the payout screens' rates and hours too). */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = numberFormats.get(key);
  if (!f) numberFormats.set(key, (f = new Intl.NumberFormat(locale, options)));
  return f;
}

function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = dateFormats.get(key);
  if (!f) dateFormats.set(key, (f = new Intl.DateTimeFormat(locale, options)));
  return f;
}

export function formatDateTime(iso: string, locale: string, options?: Intl.DateTimeFormatOptions): string {
  return dateFormat(locale, options ?? { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

export function formatTime(iso: string, locale: string): string {
  return dateFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
}

/** A 'YYYY-MM-DD' key (see localDateKey in src/domain/tasks.ts) as a long date. */
export function formatDateKey(dateKey: string, locale: string): string {
  return dateFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(`${dateKey}T12:00:00Z`),
  );
}

export function formatDistance(meters: number, locale: string): string {
  if (meters < 1000) {
    return numberFormat(locale, { style: 'unit', unit: 'meter', maximumFractionDigits: 0 }).format(meters);
  }
  return numberFormat(locale, { style: 'unit', unit: 'kilometer', maximumFractionDigits: 1 }).format(meters / 1000);
}

export function formatMinutes(minutes: number, locale: string): string {
  return numberFormat(locale, { style: 'unit', unit: 'minute', unitDisplay: 'long' }).format(minutes);
}
