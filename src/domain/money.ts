/**
 * Exact money. Amounts travel as decimal strings ("12.50", Money.amount) and are computed as
 * bigint minor units (cents, grosze, haléře, bani: all four currencies have two decimals), never
 * as binary floats. Rates (the overpayment repayment cap) are basis points (1 % = 100 bp).
 * Formatting for people is here too (formatMoney), so the page, the notifications and the server's
 * mail show an amount the same exact way.
 * Pure; shared by the server (payouts, notification texts) and the page (every amount on screen).
 */
import type { CurrencyCode, Money } from './types';

/** Decimal places of EUR, PLN, CZK and RON (ISO 4217 minor unit 2 for each). */
export const MINOR_DIGITS = 2;
const MINOR_FACTOR = 100n;

const AMOUNT_RE = /^(-)?(\d{1,13})(?:\.(\d{1,2}))?$/;
/** A plain decimal of any length: what Intl reads exactly when handed as a string (no exponent, hex, Infinity or blanks inside). */
const DECIMAL_RE = /^-?\d+(?:\.\d+)?$/;

/** "12.5" → 1250n, "-3" → -300n, "0.07" → 7n. Throws on anything else (more than two decimals included). */
export function parseAmount(text: string): bigint {
  const match = AMOUNT_RE.exec(text.trim());
  if (!match) throw new Error(`not a money amount: '${text}'`);
  const [, sign, whole, fraction = ''] = match;
  const minor = BigInt(whole as string) * MINOR_FACTOR + BigInt(fraction.padEnd(MINOR_DIGITS, '0'));
  return sign ? -minor : minor;
}

/**
 * A decimal string of any number of decimals in minor units, rounded half away from zero on its
 * digits ("12.345" → 1235n, "-0.005" → -1n); throws on anything that is not a plain decimal.
 */
export function parseRoundedAmount(text: string): bigint {
  const t = text.trim();
  if (!DECIMAL_RE.test(t)) throw new Error(`not a decimal: '${text}'`);
  const negative = t.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? t.slice(1) : t).split('.');
  let minor = BigInt(whole) * MINOR_FACTOR + BigInt(fraction.slice(0, MINOR_DIGITS).padEnd(MINOR_DIGITS, '0'));
  if ((fraction[MINOR_DIGITS] ?? '0') >= '5') minor += 1n;
  return negative ? -minor : minor;
}

/**
 * An amount typed into a form or a request (a decimal string, up to two decimals) in minor units
 * when it lies from `min` to `max` minor units, else null; with a `min` of zero or more a minus
 * sign is refused even on zero ("-0"). The one reading of the staff's and the missions' amounts.
 */
export function amountWithin(value: unknown, min: bigint, max: bigint): bigint | null {
  if (!isAmount(value)) return null;
  if (min >= 0n && value.trim().startsWith('-')) return null;
  const minor = parseAmount(value);
  return minor >= min && minor <= max ? minor : null;
}

/**
 * An amount as a person types it in a form, as the wire's decimal string: trimmed, a decimal
 * comma read as the point (lt, pl, cs and ro write "12,50"). Nothing else is changed or rounded.
 */
export function typedAmount(text: string): string {
  return text.trim().replace(',', '.');
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

/** Anything formatMoney may be handed: an amount with its currency (Money, a payout line, a mission reward). */
export interface MoneyLike {
  /** A decimal string ("1234.50", "-0.07"), or bigint minor units (123450n). */
  amount: string | bigint;
  currencyCode: CurrencyCode | string;
  /** Shown after the amount when it cannot be formatted (an unknown currency code, not a number). */
  currencySymbol?: string;
}

export interface MoneyFormatOptions {
  /** 'always': a + or − before every amount but zero (a breakdown's lines); default: − only. */
  sign?: 'always' | 'negative';
  /** Whole amounts without their zero minor digits ("12 €", not "12,00 €"): map markers, the welcome claims. */
  stripZeroCents?: boolean;
}

/** True for a plain decimal string ("12", "-0.075"), of any number of decimals. */
export function isDecimal(text: string): boolean {
  return DECIMAL_RE.test(text.trim());
}

/**
 * Intl.NumberFormat's typings take numbers; handed a string it reads a decimal (ECMA-402's
 * Intl.NumberFormat v3: Node 20, Chromium 106+, Firefox 116+, Safari 15.4+), not a binary float.
 */
type DecimalFormat = (value: string) => string;

/** The sign of every negative amount on screen, in a notification or a mail (U+2212 MINUS SIGN). */
export const MINUS_SIGN = '\u2212';

// Intl constructors cost ~0.2 ms each; a list of 50 cards formats hundreds of amounts per render.
const moneyFormats = new Map<string, DecimalFormat>();

function moneyFormat(locale: string, currency: string, options: MoneyFormatOptions): DecimalFormat {
  const key = `${locale}|${currency}|${options.sign ?? ''}|${options.stripZeroCents ? 1 : 0}`;
  let f = moneyFormats.get(key);
  if (!f) {
    const intl = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      signDisplay: options.sign === 'always' ? 'exceptZero' : 'auto',
      ...(options.stripZeroCents ? { trailingZeroDisplay: 'stripIfInteger' } : {}),
    } as Intl.NumberFormatOptions);
    // One minus sign in every language: CLDR gives lt the true minus (U+2212) and pl, ro, cs and
    // en a hyphen, so a negative line looked different per language. Only the sign part is
    // replaced (formatToParts), never a hyphen a currency's symbol might carry.
    const toParts = intl.formatToParts.bind(intl) as unknown as (value: string) => Intl.NumberFormatPart[];
    f = (value) => toParts(value).map((p) => (p.type === 'minusSign' ? MINUS_SIGN : p.value)).join('');
    moneyFormats.set(key, f);
  }
  return f;
}

/**
 * An exact amount as the locale writes it in its currency: "1234.5" EUR in lt → "1 234,50 €",
 * 123450n PLN in pl → "1 234,50 zł". The amount goes to Intl as a decimal string, never through a
 * float, so "9007199254740993.01" keeps its last cent. An amount that is not a decimal, or a
 * currency Intl does not know, comes back as written with its symbol (or code): "n/a lei".
 */
export function formatMoney(money: MoneyLike, locale: string, options: MoneyFormatOptions = {}): string {
  const amount = typeof money.amount === 'bigint' ? formatAmount(money.amount) : money.amount.trim();
  const unit = money.currencySymbol ?? money.currencyCode;
  if (!DECIMAL_RE.test(amount)) return `${amount} ${unit}`;
  try {
    return moneyFormat(locale, money.currencyCode, options)(amount);
  } catch {
    return `${amount} ${unit}`;
  }
}
