/**
 * Exact money. Amounts travel as decimal strings ("12.50", Money.amount) and are computed as
 * bigint minor units (cents, grosze, haléře, bani: all four currencies have two decimals), never
 * as binary floats. Rates (the overpayment repayment cap) are basis points (1 % = 100 bp).
 * Pure; shared by the server (payouts) and the page (the next-payout screen's formula).
 */
import type { CurrencyCode, Money } from './types';

/** Decimal places of EUR, PLN, CZK and RON (ISO 4217 minor unit 2 for each). */
export const MINOR_DIGITS = 2;
const MINOR_FACTOR = 100n;

const AMOUNT_RE = /^(-)?(\d{1,13})(?:\.(\d{1,2}))?$/;

/** "12.5" → 1250n, "-3" → -300n, "0.07" → 7n. Throws on anything else (more than two decimals included). */
export function parseAmount(text: string): bigint {
  const match = AMOUNT_RE.exec(text.trim());
  if (!match) throw new Error(`not a money amount: '${text}'`);
  const [, sign, whole, fraction = ''] = match;
  const minor = BigInt(whole as string) * MINOR_FACTOR + BigInt(fraction.padEnd(MINOR_DIGITS, '0'));
  return sign ? -minor : minor;
}

/** True when `text` is an amount parseAmount reads (up to two decimals). */
export function isAmount(text: unknown): text is string {
  return typeof text === 'string' && AMOUNT_RE.test(text.trim());
}

/** 1250n → "12.50", -7n → "-0.07". */
export function formatAmount(minor: bigint): string {
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  const whole = abs / MINOR_FACTOR;
  const fraction = (abs % MINOR_FACTOR).toString().padStart(MINOR_DIGITS, '0');
  return `${negative ? '-' : ''}${whole.toString()}.${fraction}`;
}

export function toMoney(minor: bigint, currencyCode: CurrencyCode, currencySymbol: string): Money {
  return { amount: formatAmount(minor), currencyCode, currencySymbol };
}

export function sumMinor(values: Iterable<bigint>): bigint {
  let total = 0n;
  for (const v of values) total += v;
  return total;
}

export const minBig = (a: bigint, b: bigint): bigint => (a < b ? a : b);
export const maxBig = (a: bigint, b: bigint): bigint => (a > b ? a : b);

/** Basis points in a whole (100 %). */
export const RATE_SCALE = 10_000n;
const RATE_RE = /^(?:0(?:\.\d{1,4})?|1(?:\.0{1,4})?|\.\d{1,4})$/;

/** "0.3" → 3000n basis points; accepts 0 to 1 with up to four decimals. Throws otherwise. */
export function parseRate(text: string): bigint {
  const t = text.trim();
  if (!RATE_RE.test(t)) throw new Error(`not a rate from 0 to 1 with up to four decimals: '${text}'`);
  const [whole = '0', fraction = ''] = t.split('.');
  return BigInt(whole === '' ? '0' : whole) * RATE_SCALE + BigInt(fraction.padEnd(4, '0'));
}

/** 3000n → "0.30" (at least two decimals, up to four). */
export function formatRate(basisPoints: bigint): string {
  const whole = basisPoints / RATE_SCALE;
  let fraction = (basisPoints % RATE_SCALE).toString().padStart(4, '0');
  while (fraction.length > 2 && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  return `${whole.toString()}.${fraction}`;
}

/** The share `basisPoints` of `minor`, rounded down to a whole minor unit (never above the cap). */
export function shareOf(minor: bigint, basisPoints: bigint): bigint {
  if (minor <= 0n) return 0n;
  return (minor * basisPoints) / RATE_SCALE;
}
