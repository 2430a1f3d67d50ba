/**
 * Terms of service and privacy policy per market (spec section 6: "terms links vary per country").
 * Decision (docs/decisions): the legal texts are the markets' own documents, kept by the
 * legal team on the public website, not app pages; the app links to them, one address per market
 * and document, configured here in one place. The interface language picks the market on the login
 * screen (en → LT, the default market); registration uses the chosen country.
 */
import type { CountryCode, Locale } from './types';

export interface LegalLinks {
  terms: string;
  privacy: string;
}

export const LEGAL_LINKS: Record<CountryCode, LegalLinks> = {
  LT: { terms: 'https://shelfwork.example/lt/salygos', privacy: 'https://shelfwork.example/lt/privatumas' },
  PL: { terms: 'https://shelfwork.example/pl/regulamin', privacy: 'https://shelfwork.example/pl/prywatnosc' },
  CZ: { terms: 'https://shelfwork.example/cz/podminky', privacy: 'https://shelfwork.example/cz/soukromi' },
  RO: { terms: 'https://shelfwork.example/ro/termeni', privacy: 'https://shelfwork.example/ro/confidentialitate' },
};

const MARKET_OF_LOCALE: Record<Locale, CountryCode> = { en: 'LT', lt: 'LT', pl: 'PL', cs: 'CZ', ro: 'RO' };

/** The links for a market, or for the interface language's market when the country is not known. */
export function legalLinks(country: CountryCode | null | undefined, locale: Locale): LegalLinks {
  return LEGAL_LINKS[country ?? MARKET_OF_LOCALE[locale]];
}
