/**
 * Referral rules (spec section 9; docs/decisions/0005-payouts.md): "the friend must finish tasks
 * of total estimated duration 4 h (en, cs), 10 h (lt), 8 h (pl, ro). Reward 100 EUR for LT,
 * 100 zł otherwise."
 *
 * Threshold: keyed by language, the language of the friend's app when they entered the code
 * (users.referred_by_locale); without one, the friend's market's language. Reward: the
 * referrer's market decides, 100 EUR in LT and 100 PLN in every other market (CZ and RO too, as
 * the spec says; a payout has its market's one currency, so such a bonus is recorded in PLN and
 * not added to a CZK or RON payout, see server/money/unpaid.ts). Pure.
 */
import { LOCALES, type CountryCode, type CurrencyCode, type Locale } from './types';

export interface ReferralRule {
  /** Total expected duration (minutes) of the friend's accepted tasks. */
  thresholdMinutes: number;
  /** The referrer's bonus: a decimal string and its currency. */
  reward: { amount: string; currencyCode: CurrencyCode };
}

export const REFERRAL_THRESHOLD_MINUTES: Record<Locale, number> = { en: 4 * 60, cs: 4 * 60, lt: 10 * 60, pl: 8 * 60, ro: 8 * 60 };

/** The language of each market, for a friend whose language is not known. */
const MARKET_LANGUAGE: Record<CountryCode, Locale> = { LT: 'lt', PL: 'pl', CZ: 'cs', RO: 'ro' };

const isCountry = (country: string | null | undefined): country is CountryCode =>
  !!country && Object.prototype.hasOwnProperty.call(MARKET_LANGUAGE, country);

/** The referrer's reward in their market; null for an unknown market. */
export function referralReward(country: string | null | undefined): ReferralRule['reward'] | null {
  if (!isCountry(country)) return null;
  return country === 'LT' ? { amount: '100.00', currencyCode: 'EUR' } : { amount: '100.00', currencyCode: 'PLN' };
}

/** The threshold for a friend using `language` (else their market's language); null when neither is known. */
export function referralThresholdMinutes(language: string | null | undefined, country: string | null | undefined): number | null {
  const lang = language?.trim().toLowerCase().split('-')[0];
  if (lang && (LOCALES as readonly string[]).includes(lang)) return REFERRAL_THRESHOLD_MINUTES[lang as Locale];
  return isCountry(country) ? REFERRAL_THRESHOLD_MINUTES[MARKET_LANGUAGE[country]] : null;
}

/**
 * The rule in a market for a friend using `language` (the invite screen passes the language it
 * shows, the server the friend's recorded one); null for an unknown market.
 */
export function referralRule(country: string | null | undefined, language?: string | null): ReferralRule | null {
  const reward = referralReward(country);
  const thresholdMinutes = referralThresholdMinutes(language, country);
  return reward && thresholdMinutes !== null ? { thresholdMinutes, reward } : null;
}

/** Each market's rule for a friend in the market's language. */
export const REFERRAL_RULES: Record<CountryCode, ReferralRule> = {
  LT: referralRule('LT') as ReferralRule,
  PL: referralRule('PL') as ReferralRule,
  CZ: referralRule('CZ') as ReferralRule,
  RO: referralRule('RO') as ReferralRule,
};
