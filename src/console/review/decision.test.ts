import { describe, expect, it } from 'vitest';
import { acceptTask, rejectTask } from '#contracts/api/staff';
import { checkDecision, decisionRequest, nextInQueue, previousInQueue } from './decision';

describe('checkDecision', () => {
  it('accepts without a reason', () => {
    expect(checkDecision({ kind: 'accept', reason: '', amount: '' }, '20.00')).toEqual({});
  });

  it('needs a reason to reject, and to reduce the reward', () => {
    expect(checkDecision({ kind: 'reject', reason: '  ', amount: '' }, '20.00')).toEqual({ reason: 'REQUIRED' });
    expect(checkDecision({ kind: 'reduced', reason: '', amount: '10' }, '20.00')).toEqual({ reason: 'REQUIRED' });
    expect(checkDecision({ kind: 'reject', reason: 'x'.repeat(2001), amount: '' }, '20.00')).toEqual({ reason: 'TOO_LONG' });
  });

  it('takes a reduced reward from zero up to the reward, exactly, with a dot or a comma', () => {
    for (const amount of ['0', '12.5', '12,50', '20', '20.00']) expect(checkDecision({ kind: 'reduced', reason: 'r', amount }, '20.00'), amount).toEqual({});
    expect(checkDecision({ kind: 'reduced', reason: 'r', amount: '20.01' }, '20.00')).toEqual({ amount: 'TOO_HIGH' });
    expect(checkDecision({ kind: 'reduced', reason: 'r', amount: '' }, '20.00')).toEqual({ amount: 'REQUIRED' });
    for (const amount of ['-1', '1.234', 'abc', '1e3']) expect(checkDecision({ kind: 'reduced', reason: 'r', amount }, '20.00'), amount).toEqual({ amount: 'INVALID' });
    // A reward past float precision is compared exactly.
    expect(checkDecision({ kind: 'reduced', reason: 'r', amount: '9007199254740.99' }, '9007199254740.98')).toEqual({ amount: 'TOO_HIGH' });
  });
});

describe('decisionRequest', () => {
  it('sends accept, reject with its reason, and the reduced reward as a reject with a two-decimal amount', () => {
    expect(decisionRequest({ kind: 'accept', reason: '', amount: '5' })).toEqual({ def: acceptTask, body: null });
    expect(decisionRequest({ kind: 'reject', reason: ' blurry ', amount: '5' })).toEqual({ def: rejectTask, body: { resultComment: 'blurry', reducedReward: null } });
    expect(decisionRequest({ kind: 'reduced', reason: 'half done', amount: '12,5' })).toEqual({ def: rejectTask, body: { resultComment: 'half done', reducedReward: '12.50' } });
  });
});

describe('queue navigation', () => {
  it('moves to the next task, else the first other one, else none', () => {
    expect(nextInQueue(['a', 'b', 'c'], 'b')).toBe('c');
    expect(nextInQueue(['a', 'b', 'c'], 'c')).toBe('a');
    expect(nextInQueue(['a', 'b'], 'x')).toBe('a');
    expect(nextInQueue(['a'], 'a')).toBeNull();
    expect(previousInQueue(['a', 'b'], 'b')).toBe('a');
    expect(previousInQueue(['a', 'b'], 'a')).toBeNull();
  });
});
