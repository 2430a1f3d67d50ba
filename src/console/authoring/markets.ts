/**
 * What the authoring screens need to know about a market: the language its taskers read (a task
 * type's texts must exist in it before a task of that market can be published), and the time zone
 * its task windows are written in. A window is typed as the market's wall-clock time — an author
 * in Vilnius planning a Warsaw store's morning types 09:00 and means 09:00 in Warsaw — and travels
 * to the server as a UTC instant. Pure: no React, no DOM.
 */
import { zonedInstant } from '#domain/payouts';
import { localDateKey } from '#domain/tasks';
import { COUNTRY_CODES, LOCALES, type CountryCode, type Locale } from '#domain/types';

export { COUNTRY_CODES as MARKETS, LOCALES };
export type { CountryCode, Locale };

/** The language of each market's taskers (the markets table's locale in the seed). */
export const MARKET_LOCALE: Readonly<Record<CountryCode, Locale>> = { LT: 'lt', PL: 'pl', CZ: 'cs', RO: 'ro' };

/** Each market's time zone (the markets table's time_zone in the seed). */
export const MARKET_TIME_ZONE: Readonly<Record<CountryCode, string>> = {
  LT: 'Europe/Vilnius',
  PL: 'Europe/Warsaw',
  CZ: 'Europe/Prague',
  RO: 'Europe/Bucharest',
};

/** Each market's currency (rewards are written in it). */
export const MARKET_CURRENCY: Readonly<Record<CountryCode, 'EUR' | 'PLN' | 'CZK' | 'RON'>> = { LT: 'EUR', PL: 'PLN', CZ: 'CZK', RO: 'RON' };

/** The markets whose taskers read `locale` (English serves none: it is the authors' reference text). */
export function marketsOfLocale(locale: Locale): CountryCode[] {
  return COUNTRY_CODES.filter((m) => MARKET_LOCALE[m] === locale);
}

export function isMarket(value: unknown): value is CountryCode {
  return typeof value === 'string' && (COUNTRY_CODES as readonly string[]).includes(value);
}

const LOCAL_INPUT_RE = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/;

/** Why a typed wall-clock time has no single instant. */
export type WallClockError = 'REQUIRED' | 'INVALID' | 'NONEXISTENT_LOCAL_TIME';

export type WallClockResult = { iso: string; error: null } | { iso: null; error: WallClockError };

/**
 * A `datetime-local` value ('YYYY-MM-DDTHH:MM') read as wall-clock time in `timeZone` → the UTC
 * instant as ISO 8601. A time the clocks skip (the spring-forward hour) has no instant: it is
 * refused rather than silently moved an hour. In the autumn's repeated hour the first (summer
 * time) instant is taken, as zonedInstant does.
 */
export function wallClockToIso(value: string, timeZone: string): WallClockResult {
  const v = value.trim();
  if (v === '') return { iso: null, error: 'REQUIRED' };
  const m = LOCAL_INPUT_RE.exec(v);
  if (!m) return { iso: null, error: 'INVALID' };
  const [, dateKey, hh, mm] = m as unknown as [string, string, string, string];
  const hour = Number(hh);
  const minute = Number(mm);
  const probe = new Date(`${dateKey}T00:00:00Z`);
  if (hour > 23 || minute > 59 || !Number.isFinite(probe.getTime()) || probe.toISOString().slice(0, 10) !== dateKey) {
    return { iso: null, error: 'INVALID' };
  }
  const instant = zonedInstant(dateKey, hour, minute, timeZone);
  if (isoToWallClock(instant.toISOString(), timeZone) !== v) return { iso: null, error: 'NONEXISTENT_LOCAL_TIME' };
  return { iso: instant.toISOString(), error: null };
}

/** An instant (ISO 8601) as the `datetime-local` value of its wall-clock time in `timeZone`; '' when unreadable. */
export function isoToWallClock(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (!Number.isFinite(d.getTime())) return '';
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hourCycle: 'h23', hour: '2-digit', minute: '2-digit' }).formatToParts(d);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${localDateKey(d, timeZone)}T${get('hour')}:${get('minute')}`;
}
