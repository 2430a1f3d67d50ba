/**
 * Referral rules per market (spec section 9; docs/decisions/0005-payouts.md). The friend's
 * accepted tasks must reach a total expected duration (the friend's market decides); the referrer
 * is then credited once, in the referrer's payout. The spec keys the threshold by language
 * (en and cs 4 h, lt 10 h, pl and ro 8 h): here by market, CZ being the cs market.
 *
 * Reward: 100 EUR in LT and 100 zł in PL as the spec says. A payout has one currency (the
 * market's), so CZ and RO taskers cannot be paid "100 zł": their bonus is 100 in their own
 * currency (100 CZK, 100 RON) until the product sets other amounts here. Pure.
 */
import type { CountryCode, CurrencyCode } from './types';

export interface ReferralRule {
  /** Total expected duration (minutes) of the friend's accepted tasks. */
  thresholdMinutes: number;
  /** The referrer's bonus: decimal string in the referrer's market currency. */
  reward: { amount: string; currencyCode: CurrencyCode };
}

export const REFERRAL_RULES: Record<CountryCode, ReferralRule> = {
  LT: { thresholdMinutes: 10 * 60, reward: { amount: '100.00', currencyCode: 'EUR' } },
  PL: { thresholdMinutes: 8 * 60, reward: { amount: '100.00', currencyCode: 'PLN' } },
  CZ: { thresholdMinutes: 4 * 60, reward: { amount: '100.00', currencyCode: 'CZK' } },
  RO: { thresholdMinutes: 8 * 60, reward: { amount: '100.00', currencyCode: 'RON' } },
};

export function referralRule(country: string | null | undefined): ReferralRule | null {
  return country && Object.prototype.hasOwnProperty.call(REFERRAL_RULES, country) ? REFERRAL_RULES[country as CountryCode] : null;
}
