import { describe, expect, it } from 'vitest';
import { sameTypesAs } from '../shared/drafts';
import { finishDraftKey } from './finishForm';

describe('the finishing forms’ drafts', () => {
  it('are kept per task and per outcome', () => {
    expect(finishDraftKey('incomplete', 't1')).toBe('finish:incomplete:t1');
    expect(finishDraftKey('blocked', 't1')).not.toBe(finishDraftKey('incomplete', 't1'));
    expect(finishDraftKey('incomplete', 't2')).not.toBe(finishDraftKey('incomplete', 't1'));
  });

  it('restore the values of the right type and leave the rest empty', () => {
    const empty = { reason: '', agreed: false };
    const read = sameTypesAs(empty);
    expect(read({ reason: 'Pallets', agreed: true })).toEqual({ reason: 'Pallets', agreed: true });
    expect(read({ reason: 5, agreed: 'yes', extra: 'x' })).toEqual(empty);
    expect(read(null)).toEqual(empty);
    expect(read('text')).toEqual(empty);
  });
});
