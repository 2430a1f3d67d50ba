import { describe, expect, it } from 'vitest';
import { legalLinks, LEGAL_LINKS } from '#domain/legal';
import { EARNINGS_CLAIMS, earningsAmounts, nextSlide, TASKERS_CLAIM, TESTIMONIAL_AUTOPLAY_MS } from './welcome';

describe('the welcome claims (spec sections 1 and 9)', () => {
  it('claims the earnings of each language’s market', () => {
    expect(EARNINGS_CLAIMS).toEqual({
      en: { min: 200, max: 2500, currency: 'EUR' },
      lt: { min: 50, max: 2500, currency: 'EUR' },
      pl: { min: 500, max: 3000, currency: 'PLN' },
      cs: { min: 1200, max: 13000, currency: 'CZK' },
      ro: { min: null, max: 5000, currency: 'RON' },
    });
    expect(earningsAmounts('pl').max.replace(/\s/g, ' ')).toMatch(/^3.?000 zł$/);
    expect(earningsAmounts('ro').min).toBeNull();
    expect(earningsAmounts('cs').min?.replace(/\s/g, ' ')).toMatch(/^1.200 CZK$|^1.200 Kč$/);
    expect(TASKERS_CLAIM).toBe(27000);
  });

  it('moves the testimonials every 3000 ms, wrapping around', () => {
    expect(TESTIMONIAL_AUTOPLAY_MS).toBe(3000);
    expect([nextSlide(0, 4), nextSlide(3, 4), nextSlide(0, 0)]).toEqual([1, 0, 0]);
  });
});

describe('terms and privacy links per market', () => {
  it('follow the country, else the language’s market', () => {
    expect(legalLinks('PL', 'en')).toBe(LEGAL_LINKS.PL);
    expect(legalLinks(null, 'cs')).toBe(LEGAL_LINKS.CZ);
    expect(legalLinks(null, 'en')).toBe(LEGAL_LINKS.LT);
    expect(new Set(Object.values(LEGAL_LINKS).map((l) => l.terms)).size).toBe(4);
  });
});
