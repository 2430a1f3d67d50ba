import { describe, expect, it } from 'vitest';
import { canSeeTasks, countryChangeError, isCountryLocked, onboardingState } from './users';
import type { User } from './types';

type OnboardingUser = Parameters<typeof onboardingState>[0];
const base: OnboardingUser = {
  status: 'new', isNew: true, isApproved: false, trainingDone: false, paymentDocumentsDone: false,
  profileComplete: false, historicalTaskCount: 0, rejectionReasons: [],
};

describe('canSeeTasks', () => {
  it.each([
    ['new', false],
    ['awaiting_approval', true],
    ['active', true],
    ['rejected', false],
    ['deactivated', false],
  ] as const)('a %s user: %s', (status, expected) => {
    expect(canSeeTasks({ status } as Pick<User, 'status'>)).toBe(expected);
  });
});

describe('onboardingState', () => {
  it('opens a new user at the first incomplete step with only the next step clickable', () => {
    const s = onboardingState(base);
    expect(s.openStep).toBe('payment_documents');
    expect(s.steps.map((x) => [x.id, x.clickable])).toEqual([
      ['create_account', true],
      ['payment_documents', true],
      ['profile', false],
      ['approval', false],
      ['trainings', false],
      ['first_task', false],
    ]);
    expect(s.complete).toBe(false);
  });

  it('keeps the first step closed for users who are no longer new', () => {
    const s = onboardingState({ ...base, status: 'awaiting_approval', isNew: false, paymentDocumentsDone: true, profileComplete: true });
    expect(s.steps[0]?.clickable).toBe(false);
    expect(s.steps.find((x) => x.id === 'approval')?.clickable).toBe(true);
  });

  it('opens a rejected user at the step of the rejected field', () => {
    const s = onboardingState({ ...base, status: 'rejected', isNew: false, paymentDocumentsDone: true, profileComplete: true, rejectionReasons: ['iban'] });
    expect(s.openStep).toBe('profile');
  });

  it('opens a reviewed user without rejection reasons at the last step', () => {
    expect(onboardingState({ ...base, status: 'awaiting_approval', isNew: false }).openStep).toBe('first_task');
  });

  it('only lets the last step open when approved and trained', () => {
    const approved = { ...base, status: 'active' as const, isNew: false, isApproved: true, paymentDocumentsDone: true, profileComplete: true };
    expect(onboardingState(approved).steps.at(-1)?.clickable).toBe(false);
    expect(onboardingState({ ...approved, trainingDone: true }).steps.at(-1)?.clickable).toBe(true);
  });

  it('is complete when approved, trained and with at least one historical task', () => {
    const done = { ...base, status: 'active' as const, isNew: false, isApproved: true, trainingDone: true, paymentDocumentsDone: true, profileComplete: true };
    expect(onboardingState(done).complete).toBe(false);
    expect(onboardingState({ ...done, historicalTaskCount: 1 }).complete).toBe(true);
  });
});

describe('the market change rule', () => {
  it('is the tasker’s until approval, staff’s after it; the current market is no change', () => {
    for (const status of ['new', 'awaiting_approval', 'rejected'] as const) {
      expect(isCountryLocked({ status })).toBe(false);
      expect(countryChangeError({ status }, 'PL', 'LT')).toBeNull();
    }
    for (const status of ['active', 'deactivated'] as const) {
      expect(isCountryLocked({ status })).toBe(true);
      expect(countryChangeError({ status }, 'PL', 'LT')).toBe('LOCKED');
      expect(countryChangeError({ status }, 'PL', 'pl')).toBeNull();
    }
    expect(countryChangeError({ status: 'active' }, null, 'LT')).toBe('LOCKED');
  });
});
