import { describe, expect, it } from 'vitest';
import { amountWithin, formatAmount, formatMoney, isDecimal, parseAmount, parseRoundedAmount, typedAmount } from './money';

// Intl puts narrow no-break spaces and no-break spaces between groups and before the currency.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

/** How amounts were formatted before: through Number, a binary float. */
const viaFloat = (amount: string, currency: string, locale: string) => new Intl.NumberFormat(locale, { style: 'currency', currency }).format(Number(amount));

describe('formatMoney: one exact formatter for every amount', () => {
  it('formats an amount the float path gets wrong, to the last cent', () => {
    // 9007199254740993.01 has no double: through Number it printed …992.00.
    expect(viaFloat('9007199254740993.01', 'EUR', 'en')).not.toBe('€9,007,199,254,740,993.01');
    expect(formatMoney({ amount: '9007199254740993.01', currencyCode: 'EUR' }, 'en')).toBe('€9,007,199,254,740,993.01');
    expect(plain(formatMoney({ amount: '12345678901234567.89', currencyCode: 'EUR' }, 'lt'))).toBe('12 345 678 901 234 567,89 €');
  });

  it('takes bigint minor units as well as decimal strings', () => {
    expect(formatMoney({ amount: 1999n, currencyCode: 'EUR' }, 'en')).toBe('€19.99');
    expect(formatMoney({ amount: -7n, currencyCode: 'EUR' }, 'en')).toBe('−€0.07');
    expect(plain(formatMoney({ amount: 900719925474099301n, currencyCode: 'PLN' }, 'pl'))).toBe('9 007 199 254 740 993,01 zł');
  });

  it('formats each market currency in the tasker language', () => {
    expect(plain(formatMoney({ amount: '1234.5', currencyCode: 'EUR' }, 'lt'))).toBe('1 234,50 €');
    expect(plain(formatMoney({ amount: ' 100.00 ', currencyCode: 'PLN' }, 'pl'))).toBe('100,00 zł');
    expect(plain(formatMoney({ amount: '1200', currencyCode: 'CZK' }, 'cs'))).toBe('1 200,00 Kč');
    expect(plain(formatMoney({ amount: '5000.1', currencyCode: 'RON' }, 'ro'))).toBe('5.000,10 RON');
  });

  it('shows a sign when asked and leaves zero cents out of whole amounts when asked', () => {
    expect(formatMoney({ amount: '5.00', currencyCode: 'EUR' }, 'en', { sign: 'always' })).toBe('+€5.00');
    expect(formatMoney({ amount: '0.00', currencyCode: 'EUR' }, 'en', { sign: 'always' })).toBe('€0.00');
    expect(plain(formatMoney({ amount: '1200.00', currencyCode: 'EUR' }, 'lt', { stripZeroCents: true }))).toBe('1 200 €');
    expect(plain(formatMoney({ amount: '12.30', currencyCode: 'EUR' }, 'lt', { stripZeroCents: true }))).toBe('12,30 €');
  });

  it('gives back what it cannot format as it came, with the symbol or code', () => {
    expect(formatMoney({ amount: 'n/a', currencyCode: 'RON', currencySymbol: 'lei' }, 'ro')).toBe('n/a lei');
    expect(formatMoney({ amount: '1e3', currencyCode: 'EUR' }, 'en')).toBe('1e3 EUR');
    expect(formatMoney({ amount: '12.50', currencyCode: 'XX' }, 'en')).toBe('12.50 XX');
  });

  it('writes a negative amount with the same minus sign (U+2212) in every language', () => {
    const cases: Array<[string, string, string]> = [
      ['lt', 'EUR', '−12,50 €'],
      ['pl', 'PLN', '−12,50 zł'],
      ['ro', 'RON', '−12,50 RON'],
      ['cs', 'CZK', '−12,50 Kč'],
      ['en', 'EUR', '−€12.50'],
    ];
    for (const [locale, currencyCode, expected] of cases) {
      expect(plain(formatMoney({ amount: '-12.50', currencyCode }, locale))).toBe(expected);
      expect(plain(formatMoney({ amount: -1250n, currencyCode }, locale, { sign: 'always' }))).toBe(expected);
      expect(formatMoney({ amount: '-12.50', currencyCode }, locale)).not.toContain('-');
    }
    // A plus stays a plus, and a currency's own symbol is left alone.
    expect(formatMoney({ amount: '5.00', currencyCode: 'EUR' }, 'en', { sign: 'always' })).toBe('+€5.00');
  });
});

describe('exact minor units', () => {
  it('counts cents where float times 100 is off', () => {
    // The float path: 19.99 * 100 is 1998.9999999999998, 1.005 * 100 rounds to 100, 0.1 + 0.2 is not 0.3.
    expect(19.99 * 100).not.toBe(1999);
    expect(Math.round(1.005 * 100)).toBe(100);
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(parseAmount('19.99')).toBe(1999n);
    expect(parseRoundedAmount('1.005')).toBe(101n);
    expect(formatAmount(parseAmount('0.1') + parseAmount('0.2'))).toBe('0.30');
  });

  it('rounds a longer decimal half away from zero on its digits', () => {
    expect(parseRoundedAmount('12.345')).toBe(1235n);
    expect(parseRoundedAmount('12.344999')).toBe(1234n);
    expect(parseRoundedAmount('-0.005')).toBe(-1n);
    expect(parseRoundedAmount('7')).toBe(700n);
    expect(() => parseRoundedAmount('1e3')).toThrow();
    expect([isDecimal('12.5'), isDecimal('-3'), isDecimal('1e3'), isDecimal('.5'), isDecimal('Infinity')]).toEqual([true, true, false, false, false]);
  });
});

describe('typedAmount: a decimal comma is the point, nothing else changes', () => {
  it('reads what people type in the markets', () => {
    expect(typedAmount(' 12,50 ')).toBe('12.50');
    expect(typedAmount('12.5')).toBe('12.5');
    expect(typedAmount('1,2,3')).toBe('1.2,3');
    expect(amountWithin(typedAmount('12,50'), 1n, 99_999_999n)).toBe(1250n);
  });
});

describe('amountWithin: the one reading of a typed amount', () => {
  it('takes a decimal string of up to two decimals inside the range, in minor units', () => {
    expect(amountWithin('12.5', 1n, 99_999_999n)).toBe(1250n);
    expect(amountWithin(' 0 ', 0n, 100n)).toBe(0n);
    expect(amountWithin('999999.99', 1n, 99_999_999n)).toBe(99_999_999n);
  });

  it('refuses what is out of range, negative, not a string or more precise than cents', () => {
    expect(amountWithin('1000000.00', 1n, 99_999_999n)).toBeNull();
    expect(amountWithin('0.00', 1n, 100n)).toBeNull();
    expect(amountWithin('-0', 0n, 100n)).toBeNull();
    expect(amountWithin('-5', -1000n, 100n)).toBe(-500n);
    expect(amountWithin(12.5, 0n, 10_000n)).toBeNull();
    expect(amountWithin('1.005', 0n, 10_000n)).toBeNull();
  });
});
