import { describe, expect, it } from 'vitest';
import { canSendCompletion, COMPLETION_TEXT_MAX, completionErrors, needsPhoto, readCompletion } from './completion';

describe('the completion rule', () => {
  it('reads a missing outcome as complete, with an empty comment', () => {
    expect(readCompletion({})).toEqual({ value: { outcome: 'complete', taskerComment: '' }, errors: {} });
    expect(readCompletion(undefined)).toEqual({ value: { outcome: 'complete', taskerComment: '' }, errors: {} });
  });

  it('trims the texts and deduplicates the blockers in order', () => {
    const read = readCompletion({ outcome: 'blocked', taskerComment: '  Closed  ', blockerIds: ['b2', 'b1', 'b2'] });
    expect(read).toEqual({ value: { outcome: 'blocked', taskerComment: 'Closed', blockerIds: ['b2', 'b1'] }, errors: {} });
  });

  it('needs a reason and the policy agreed to for incomplete', () => {
    expect(completionErrors({ outcome: 'incomplete', taskerComment: '' })).toEqual({ reason: 'REQUIRED', policyAgreed: 'REQUIRED' });
    expect(completionErrors({ outcome: 'incomplete', taskerComment: '', reason: '   ', policyAgreed: false })).toEqual({ reason: 'REQUIRED', policyAgreed: 'REQUIRED' });
    expect(completionErrors({ outcome: 'incomplete', taskerComment: '', reason: 'Shelf empty', policyAgreed: true })).toEqual({});
  });

  it('needs at least one blocker for blocked', () => {
    expect(completionErrors({ outcome: 'blocked', taskerComment: '' })).toEqual({ blockerIds: 'REQUIRED' });
    expect(completionErrors({ outcome: 'blocked', taskerComment: '', blockerIds: [] })).toEqual({ blockerIds: 'REQUIRED' });
    expect(completionErrors({ outcome: 'blocked', taskerComment: '', blockerIds: ['store-closed'] })).toEqual({});
  });

  it('asks complete for nothing else', () => {
    expect(completionErrors({ outcome: 'complete', taskerComment: 'All done' })).toEqual({});
  });

  it('says INVALID for wrong types before any REQUIRED of the field', () => {
    expect(readCompletion({ outcome: 'done' }).errors).toEqual({ outcome: 'INVALID' });
    expect(readCompletion({ outcome: 'incomplete', reason: 5, policyAgreed: 'yes' }).errors).toEqual({ reason: 'INVALID', policyAgreed: 'INVALID' });
    expect(readCompletion({ outcome: 'blocked', blockerIds: 'b1' }).errors).toEqual({ blockerIds: 'INVALID' });
    expect(readCompletion({ outcome: 'blocked', blockerIds: ['ok', 'not an id'] }).errors).toEqual({ blockerIds: 'INVALID' });
    expect(readCompletion({ taskerComment: 42 }).errors).toEqual({ taskerComment: 'INVALID' });
  });

  it('bounds the comment and the reason', () => {
    const long = 'x'.repeat(COMPLETION_TEXT_MAX + 1);
    expect(readCompletion({ taskerComment: long }).errors).toEqual({ taskerComment: 'TOO_LONG' });
    expect(readCompletion({ outcome: 'incomplete', reason: long, policyAgreed: true }).errors).toEqual({ reason: 'TOO_LONG' });
    expect(readCompletion({ taskerComment: ` ${'x'.repeat(COMPLETION_TEXT_MAX)} ` }).errors).toEqual({});
  });

  it('keeps what was sent for another outcome (the server stores it as it came)', () => {
    expect(readCompletion({ outcome: 'complete', reason: 'r', policyAgreed: true }).value).toEqual({ outcome: 'complete', taskerComment: '', reason: 'r', policyAgreed: true });
  });

  it('asks for a photo for incomplete and blocked only', () => {
    expect(needsPhoto('complete')).toBe(false);
    expect(needsPhoto('incomplete')).toBe(true);
    expect(needsPhoto('blocked')).toBe(true);
  });
});

describe('canSendCompletion', () => {
  it('needs a clean input and, for incomplete and blocked, a photo', () => {
    expect(canSendCompletion({ outcome: 'complete', taskerComment: '' }, 0)).toBe(true);
    expect(canSendCompletion({ outcome: 'blocked', taskerComment: '', blockerIds: ['b1'] }, 0)).toBe(false);
    expect(canSendCompletion({ outcome: 'blocked', taskerComment: '', blockerIds: ['b1'] }, 2)).toBe(true);
    expect(canSendCompletion({ outcome: 'incomplete', taskerComment: 'x', reason: 'Closed', policyAgreed: true }, 1)).toBe(true);
    expect(canSendCompletion({ outcome: 'incomplete', taskerComment: 'x', reason: 'Closed', policyAgreed: false }, 1)).toBe(false);
  });
});
