import { describe, expect, it } from 'vitest';
import { compactIban, isValidIban } from './iban';
import { normalizeProfileValue, validateIban } from './profile';

describe('IBAN: one check and one compact form for the form, the profile save and the payout file', () => {
  it('writes an IBAN compact and upper case, whatever blanks or hyphens it was typed with', () => {
    expect(compactIban('lt12 1000-0111\t0100\u00a01000')).toBe('LT121000011101001000');
    expect(compactIban(' DE89 3704 0044 0532 0130 00 ')).toBe('DE89370400440532013000');
  });

  it('stores a profile IBAN in the same compact form the payout file reads', () => {
    const typed = 'lt12\u00a01000 0111-0100 1000';
    expect(normalizeProfileValue('iban', typed)).toBe(compactIban(typed));
  });

  it('accepts a valid IBAN of any country and refuses a bad checksum, length or character', () => {
    expect(isValidIban('LT12 1000 0111 0100 1000')).toBe(true);
    expect(isValidIban('DE89370400440532013000')).toBe(true);
    expect(isValidIban('LT000000000000000000')).toBe(false);
    expect(isValidIban('DE89 3704 0044')).toBe(false);
    expect(isValidIban('LT12_1000_0111_0100_1000')).toBe(false);
    expect([validateIban('LT121000011101001000'), validateIban('LT00')]).toEqual([null, 'IBAN_INVALID']);
  });
});
