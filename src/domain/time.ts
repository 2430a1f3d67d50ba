/**
 * Timestamps a client sends (scan times, `Shelfwork-Recorded-At`, `startedAt`, task windows):
 * one strict reader shared by the app and the server. A timestamp is an ISO 8601 date-time as
 * `Date.prototype.toISOString` writes it, optionally without milliseconds/seconds or with a
 * `±hh:mm` offset instead of `Z`, and its instant must lie in a sane range.
 *
 * Why a range: `Date.parse` takes years 0000–0099 (and 275760), which PostgreSQL then rejects
 * (year 0000 does not exist → a 500) or mangles (the `pg` driver writes year 0001 as a two-digit
 * year). Nothing Shelfwork records happened before 2000 or will happen after 2099, so anything
 * outside [TIMESTAMP_MIN, TIMESTAMP_MAX) is a broken clock or a forgery: refused with a field code.
 */

/** The earliest accepted instant (inclusive). */
export const TIMESTAMP_MIN = '2000-01-01T00:00:00.000Z';
/** The first instant no longer accepted (exclusive). */
export const TIMESTAMP_MAX = '2100-01-01T00:00:00.000Z';

const MIN_MS = Date.parse(TIMESTAMP_MIN);
const MAX_MS = Date.parse(TIMESTAMP_MAX);

/** Longer strings are refused before any parsing. */
export const TIMESTAMP_MAX_LENGTH = 40;

export type TimestampErrorCode = 'REQUIRED' | 'INVALID' | 'OUT_OF_RANGE';

export type TimestampResult = { value: Date; error: null } | { value: null; error: TimestampErrorCode };

// YYYY-MM-DDTHH:MM[:SS[.fff…]](Z|±HH:MM)
const ISO_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-](\d{2}):(\d{2}))$/;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysInMonth(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0);
}

/**
 * Reads a timestamp: `REQUIRED` for absent/empty, `INVALID` for anything that is not a real
 * ISO 8601 date-time (wrong shape, 30 February, hour 24, a time zone without offset),
 * `OUT_OF_RANGE` for a real date-time before 2000 or from 2100 on.
 */
export function readTimestamp(raw: unknown): TimestampResult {
  if (raw === undefined || raw === null || raw === '') return { value: null, error: 'REQUIRED' };
  if (typeof raw !== 'string' || raw.length > TIMESTAMP_MAX_LENGTH) return { value: null, error: 'INVALID' };
  const m = ISO_RE.exec(raw);
  if (!m) return { value: null, error: 'INVALID' };
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number) as [number, number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month) || hour > 23 || minute > 59 || second > 59) {
    return { value: null, error: 'INVALID' };
  }
  if (m[8] !== 'Z' && (Number(m[9]) > 23 || Number(m[10]) > 59)) return { value: null, error: 'INVALID' };
  const t = Date.parse(raw);
  if (!Number.isFinite(t)) return { value: null, error: 'INVALID' };
  if (t < MIN_MS || t >= MAX_MS) return { value: null, error: 'OUT_OF_RANGE' };
  return { value: new Date(t), error: null };
}

/** True when `date` is a valid Date inside the accepted range (e.g. the phone's clock before recording). */
export function isTimestampInRange(date: Date): boolean {
  const t = date.getTime();
  return Number.isFinite(t) && t >= MIN_MS && t < MAX_MS;
}
