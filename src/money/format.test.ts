import { describe, expect, it } from 'vitest';
import { formatHours, formatMoney, formatRate, isZero, marketWeek, negated } from './format';

// Intl puts narrow no-break spaces and no-break spaces between groups and before the currency.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('money formatting', () => {
  it('formats each market currency in the tasker language', () => {
    expect(plain(formatMoney({ amount: '1234.50', currencyCode: 'EUR' }, 'lt'))).toBe('1 234,50 €');
    expect(plain(formatMoney({ amount: '100.00', currencyCode: 'PLN' }, 'pl'))).toBe('100,00 zł');
    expect(plain(formatMoney({ amount: '1200', currencyCode: 'CZK' }, 'cs'))).toBe('1 200,00 Kč');
    expect(plain(formatMoney({ amount: '5000.1', currencyCode: 'RON' }, 'ro'))).toBe('5.000,10 RON');
    expect(formatMoney({ amount: '12.5', currencyCode: 'EUR' }, 'en')).toBe('€12.50');
  });

  it('formats the exact decimal string, never through a binary float', () => {
    // 9007199254740993.01 is not representable as a double (it would print …992.00 or …994.00).
    expect(formatMoney({ amount: '9007199254740993.01', currencyCode: 'EUR' }, 'en')).toBe('€9,007,199,254,740,993.01');
    expect(formatMoney({ amount: '0.10', currencyCode: 'EUR' }, 'en')).toBe('€0.10');
  });

  it('shows a sign when asked, and negates without arithmetic on floats', () => {
    expect(formatMoney({ amount: '5.00', currencyCode: 'EUR' }, 'en', { sign: 'always' })).toBe('+€5.00');
    expect(formatMoney(negated({ amount: '5.00', currencyCode: 'EUR' }), 'en')).toBe('−€5.00');
    expect(negated({ amount: '-0.07', currencyCode: 'EUR' }).amount).toBe('0.07');
    expect(isZero({ amount: '0.00', currencyCode: 'EUR' })).toBe(true);
    expect(isZero({ amount: '0.01', currencyCode: 'EUR' })).toBe(false);
  });

  it('formats the repayment policy rate and the referral hours', () => {
    expect(formatRate('0.30', 'en')).toBe('30%');
    expect(plain(formatRate('0.125', 'lt'))).toBe('12,5 %');
    expect(formatHours(600, 'en')).toBe('10 hours');
    expect(plain(formatHours(600, 'lt'))).toBe('10 valandų');
    expect(plain(formatHours(240, 'pl'))).toBe('4 godziny');
  });

  it("names a market week Monday to Sunday whatever the device's time zone", () => {
    expect(plain(marketWeek('2026-11-23', 'en'))).toMatch(/^Nov 23\s*–\s*29$/);
    expect(plain(marketWeek('2026-12-28', 'en', { year: true }))).toMatch(/^Dec 28, 2026\s*–\s*Jan 3, 2027$/);
  });
});
