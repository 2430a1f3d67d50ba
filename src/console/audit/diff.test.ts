import { describe, expect, it } from 'vitest';
import { diffFields, showValue } from './diff';

describe('audit diff', () => {
  it('lists only the fields that changed, nested ones by dotted path', () => {
    const before = { id: 's1', name: 'Ana', roles: ['author'], markets: [], profile: { city: 'Vilnius', phone: '1' } };
    const after = { id: 's1', name: 'Ana', roles: ['author', 'reviewer'], markets: [], profile: { city: 'Kaunas', phone: '1' } };
    expect(diffFields(before, after)).toEqual([
      { path: 'profile.city', before: 'Vilnius', after: 'Kaunas' },
      { path: 'roles', before: ['author'], after: ['author', 'reviewer'] },
    ]);
  });

  it('shows a creation as every field of after, and a deletion as every field of before', () => {
    expect(diffFields(null, { a: 1, b: 'x' })).toEqual([
      { path: 'a', before: undefined, after: 1 },
      { path: 'b', before: undefined, after: 'x' },
    ]);
    expect(diffFields({ a: 1 }, null)).toEqual([{ path: 'a', before: 1, after: undefined }]);
  });

  it('finds nothing when nothing changed, and compares scalars whole', () => {
    expect(diffFields({ a: [1, 2], b: { c: null } }, { a: [1, 2], b: { c: null } })).toEqual([]);
    expect(diffFields('pending', 'paid')).toEqual([{ path: '', before: 'pending', after: 'paid' }]);
  });

  it('writes values as one short line', () => {
    expect(showValue(null)).toBe('—');
    expect(showValue('12.50')).toBe('12.50');
    expect(showValue(['LT'])).toBe('["LT"]');
    expect(showValue(false)).toBe('false');
  });
});
