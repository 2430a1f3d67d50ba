import { describe, expect, it } from 'vitest';
import { finishDraftKey, restoreDraft } from './finishForm';

describe('the finishing forms’ drafts', () => {
  it('are kept per task and per outcome', () => {
    expect(finishDraftKey('incomplete', 't1')).toBe('finish:incomplete:t1');
    expect(finishDraftKey('blocked', 't1')).not.toBe(finishDraftKey('incomplete', 't1'));
    expect(finishDraftKey('incomplete', 't2')).not.toBe(finishDraftKey('incomplete', 't1'));
  });

  it('restore the values of the right type and leave the rest empty', () => {
    const empty = { reason: '', agreed: false };
    expect(restoreDraft(empty, { reason: 'Pallets', agreed: true })).toEqual({ reason: 'Pallets', agreed: true });
    expect(restoreDraft(empty, { reason: 5, agreed: 'yes', extra: 'x' })).toEqual(empty);
    expect(restoreDraft(empty, null)).toEqual(empty);
    expect(restoreDraft(empty, 'text')).toEqual(empty);
  });
});
