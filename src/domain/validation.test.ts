import { describe, expect, it } from 'vitest';
import { normalizeEmail, validateCountry, validateEmail, validateLoginCode } from './validation';

describe('validateEmail', () => {
  it.each([
    ['ona@example.lt', null],
    ['  ona@example.lt  ', null],
    ['', 'REQUIRED'],
    ['   ', 'REQUIRED'],
    [undefined, 'REQUIRED'],
    [42, 'REQUIRED'],
    ['ona', 'EMAIL_INVALID'],
    ['ona@example', 'EMAIL_INVALID'],
    ['ona @example.lt', 'EMAIL_INVALID'],
    [`${'a'.repeat(250)}@x.lt`, 'TOO_LONG'],
    // A plain addr-spec only: what is stored is what is mailed.
    ["o'neil.ona+shifts@mail.example-shop.lt", null],
    ['a@b.c(1)', 'EMAIL_INVALID'],
    ['lt@demo.shelfwork.app(1)', 'EMAIL_INVALID'],
    ['(x)lt@demo.shelfwork.app', 'EMAIL_INVALID'],
    ['<a@b.c>', 'EMAIL_INVALID'],
    ['"a"@b.c', 'EMAIL_INVALID'],
    ['A <a@b.c>', 'EMAIL_INVALID'],
    ['a@b.c, d@e.f', 'EMAIL_INVALID'],
    ['a@b.c;d@e.f', 'EMAIL_INVALID'],
    ['a..b@c.d', 'EMAIL_INVALID'],
    ['.a@c.d', 'EMAIL_INVALID'],
    ['a@-c.d', 'EMAIL_INVALID'],
    ['a@c..d', 'EMAIL_INVALID'],
    ['a@[127.0.0.1]', 'EMAIL_INVALID'],
    ['a\\@b.c', 'EMAIL_INVALID'],
  ])('%j → %s', (value, code) => {
    expect(validateEmail(value)).toBe(code);
  });
  it('normalises case and spaces', () => {
    expect(normalizeEmail('  Ona@Example.LT ')).toBe('ona@example.lt');
  });
});

describe('validateLoginCode', () => {
  it.each([
    ['123456', null],
    [' 123456 ', null],
    ['', 'REQUIRED'],
    ['12345', 'CODE_INVALID'],
    ['1234567', 'CODE_INVALID'],
    ['12345a', 'CODE_INVALID'],
  ])('%j → %s', (value, code) => {
    expect(validateLoginCode(value)).toBe(code);
  });
});

describe('validateCountry', () => {
  it.each([
    ['LT', null],
    ['pl', null],
    ['DE', 'COUNTRY_INVALID'],
    ['', 'REQUIRED'],
    [null, 'REQUIRED'],
  ])('%j → %s', (value, code) => {
    expect(validateCountry(value)).toBe(code);
  });
});
