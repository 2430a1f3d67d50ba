import { describe, expect, it } from 'vitest';
import { formatDateKey, formatDateTime, formatDistance, formatMinutes, formatMoney, formatTime } from './format';

describe('formatters', () => {
  it('formats money in the currency of the amount, in the active locale', () => {
    expect(formatMoney({ amount: '12.50', currencyCode: 'EUR', currencySymbol: '€' }, 'en')).toBe('€12.50');
    expect(formatMoney({ amount: '12.50', currencyCode: 'PLN', currencySymbol: 'zł' }, 'pl')).toMatch(/^12,50\s*zł$/);
  });

  it('shows an amount that is not a number as it came, with its symbol', () => {
    expect(formatMoney({ amount: 'n/a', currencyCode: 'RON', currencySymbol: 'lei' }, 'ro')).toBe('n/a lei');
  });

  it('formats the same value again from the cached formatter', () => {
    const money = { amount: '1', currencyCode: 'CZK', currencySymbol: 'Kč' } as const;
    expect(formatMoney(money, 'cs')).toBe(formatMoney(money, 'cs'));
    expect(formatDistance(950, 'en')).toBe(formatDistance(950, 'en'));
  });

  it('uses metres under a kilometre and kilometres from there', () => {
    expect(formatDistance(950, 'en')).toBe('950 m');
    expect(formatDistance(1250, 'en')).toBe('1.3 km');
  });

  it('formats minutes, times and dates in the given locale', () => {
    expect(formatMinutes(30, 'en')).toBe('30 minutes');
    expect(formatDateKey('2026-11-21', 'en')).toBe('Saturday, November 21');
    expect(formatTime('2026-11-21T08:05:00Z', 'en-GB')).toBe('10:05');
    expect(formatDateTime('2026-11-21T08:05:00Z', 'en-GB', { day: 'numeric', month: 'numeric', timeZone: 'UTC' })).toBe('21/11');
  });
});
