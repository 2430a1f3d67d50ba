import { describe, expect, it } from 'vitest';
import { readSupportContact, supportMessageLength, validateSupportMessage } from './support';
import { supportSchema } from '../support/supportSchema';

describe('the support message rule (spec sections 5 and 9: at least 3, under 500)', () => {
  it('counts trimmed characters as the tasker sees them', () => {
    expect(supportMessageLength('  abc  ')).toBe(3);
    expect(supportMessageLength('👍👍')).toBe(2);
  });

  it('refuses empty, short and 500+ messages, accepts 3 to 499', () => {
    expect(validateSupportMessage(undefined)).toBe('REQUIRED');
    expect(validateSupportMessage('   ')).toBe('REQUIRED');
    expect(validateSupportMessage(12)).toBe('INVALID');
    expect(validateSupportMessage(' ab ')).toBe('TOO_SHORT');
    expect(validateSupportMessage('abc')).toBeNull();
    expect(validateSupportMessage('x'.repeat(499))).toBeNull();
    expect(validateSupportMessage('x'.repeat(500))).toBe('TOO_LONG');
    expect(validateSupportMessage('👍'.repeat(499))).toBeNull();
  });

  it('is the form’s rule too (Yup reports the code)', async () => {
    await expect(supportSchema.validate({ body: 'ab' })).rejects.toThrow('TOO_SHORT');
    await expect(supportSchema.validate({ body: 'hello' })).resolves.toEqual({ body: 'hello' });
  });

  it('reads a stored contact only in its shape', () => {
    expect(readSupportContact({ countryCode: 'LT', phone: '+370', email: 'a@b.c' })).toEqual({ countryCode: 'LT', phone: '+370', email: 'a@b.c' });
    expect(readSupportContact({ phone: 1 })).toBeNull();
    expect(readSupportContact(null)).toBeNull();
  });
});
