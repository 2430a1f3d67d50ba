/**
 * Money on screen (DESIGN.md: formatted with Intl in the active locale). Amounts arrive as exact
 * decimal strings ("1234.50"); formatMoney is the domain's one exact formatter
 * (src/domain/money.ts), and nothing here does arithmetic on them. Sums and differences are the
 * server's or src/domain/money.ts's (bigint minor units).
 */
import { formatAmount, parseAmount } from '#domain/money';
import { addDays } from '#domain/payouts';
import type { CurrencyCode } from '#domain/types';
import { numberFormat } from '../i18n/format';

export { formatMoney } from '#domain/money';

/** An amount with its currency as it reaches the payout screens (a decimal string). */
export interface MoneyLike {
  amount: string;
  currencyCode: CurrencyCode | string;
}

/** Intl's typings take numbers; a decimal string is formatted exactly (Intl.NumberFormat v3). */
type DecimalFormat = (value: string) => string;

/** The amount subtracted (shown as "− 5,00 €" in a breakdown): the string negated without arithmetic on floats. */
export function negated(money: MoneyLike): MoneyLike {
  return { ...money, amount: formatAmount(-parseAmount(money.amount)) };
}

/** True when the amount is zero ("0", "0.00", "-0.00"). */
export function isZero(money: MoneyLike | null | undefined): boolean {
  try {
    return !money || parseAmount(money.amount) === 0n;
  } catch {
    return false;
  }
}

/** A rate as a decimal string ("0.30") as a percentage in the locale ("30 %"). */
export function formatRate(rate: string, locale: string): string {
  return (numberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format as unknown as DecimalFormat)(rate.trim());
}

/** Hours of a number of minutes (the referral threshold), spelled out in the locale ("10 hours" / "10 valandų"): an abbreviation's period would clash with the sentence's. */
export function formatHours(minutes: number, locale: string): string {
  return numberFormat(locale, { style: 'unit', unit: 'hour', unitDisplay: 'long', maximumFractionDigits: 1 }).format(minutes / 60);
}

/**
 * A market week (its Monday, 'YYYY-MM-DD', the payout's weekStart) as "Nov 23 – 29": Monday to
 * Sunday as dates, whatever the device's time zone (the week is the market's local week).
 */
export function marketWeek(monday: string, locale: string, options: { year?: boolean } = {}): string {
  const day = (key: string) => new Date(`${key}T12:00:00Z`);
  const f = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', ...(options.year ? { year: 'numeric' } : {}), timeZone: 'UTC' });
  return f.formatRange(day(monday), day(addDays(monday, 6)));
}
