/**
 * The welcome slides' facts (spec sections 1 and 9): the claimed monthly earnings per interface
 * language, the taskers claim and the testimonial carousel's timing.
 */
import { formatMoney } from '#domain/money';
import type { Locale } from '#domain/types';

export interface EarningsClaim {
  /** Whole units of the currency; null: "up to max". */
  min: number | null;
  max: number;
  currency: 'EUR' | 'PLN' | 'CZK' | 'RON';
}

/** Spec section 1: 200–2,500 EUR (en), 50–2,500 (lt, EUR), 500–3,000 zł (pl), 1,200–13,000 CZK (cs), up to 5,000 RON (ro). */
export const EARNINGS_CLAIMS: Record<Locale, EarningsClaim> = {
  en: { min: 200, max: 2500, currency: 'EUR' },
  lt: { min: 50, max: 2500, currency: 'EUR' },
  pl: { min: 500, max: 3000, currency: 'PLN' },
  cs: { min: 1200, max: 13000, currency: 'CZK' },
  ro: { min: null, max: 5000, currency: 'RON' },
};

/** "More than 27,000 taskers". */
export const TASKERS_CLAIM = 27000;

/** Spec section 9: a testimonial slide every 3000 ms. */
export const TESTIMONIAL_AUTOPLAY_MS = 3000;

/** The claim's amounts as the language writes them: { min: '500 zł', max: '3000 zł' } (min null for "up to"). */
export function earningsAmounts(locale: Locale): { min: string | null; max: string } {
  const claim = EARNINGS_CLAIMS[locale];
  // Whole units (integers), so their decimal spelling is exact; no zero cents on a round claim.
  const money = (whole: number) => formatMoney({ amount: BigInt(whole) * 100n, currencyCode: claim.currency }, locale, { stripZeroCents: true });
  return { min: claim.min === null ? null : money(claim.min), max: money(claim.max) };
}

/** The next slide of an autoplaying carousel (wraps around). */
export function nextSlide(index: number, count: number): number {
  return count <= 0 ? 0 : (index + 1) % count;
}
