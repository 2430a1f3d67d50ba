/**
 * Money, dates and distances formatted with Intl in the active locale (DESIGN.md, i18n).
 * Callers pass `i18n.locale` from `useLingui()` so values re-render on a language switch.
 */
import type { Money } from '../domain/types';

export function formatMoney(money: Money, locale: string): string {
  const amount = Number(money.amount);
  if (!Number.isFinite(amount)) return `${money.amount} ${money.currencySymbol}`;
  return new Intl.NumberFormat(locale, { style: 'currency', currency: money.currencyCode }).format(amount);
}

export function formatDateTime(iso: string, locale: string, options?: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat(locale, options ?? { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

export function formatTime(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
}

/** A 'YYYY-MM-DD' key (see localDateKey in src/domain/tasks.ts) as a long date. */
export function formatDateKey(dateKey: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(`${dateKey}T12:00:00Z`),
  );
}

export function formatDistance(meters: number, locale: string): string {
  if (meters < 1000) {
    return new Intl.NumberFormat(locale, { style: 'unit', unit: 'meter', maximumFractionDigits: 0 }).format(meters);
  }
  return new Intl.NumberFormat(locale, { style: 'unit', unit: 'kilometer', maximumFractionDigits: 1 }).format(meters / 1000);
}

export function formatMinutes(minutes: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'unit', unit: 'minute', unitDisplay: 'long' }).format(minutes);
}
