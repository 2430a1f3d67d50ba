import { describe, expect, it } from 'vitest';
import { emptyTaskForm, serverFieldErrors, taskFormFromSaved, toCreateTaskBody, toPatchTaskBody, validateTaskForm, type TaskFormValues } from './taskForm';

function filled(): TaskFormValues {
  return {
    ...emptyTaskForm(),
    placeId: 'pl-1',
    country: 'PL',
    taskTypeId: 'tt-1',
    windowStart: '2026-07-01T09:00',
    windowEnd: '2026-07-01T17:30',
    reward: '12.5',
    bonusReward: '0.10',
    expectedDuration: '45',
    products: [{ key: 'a', ean: '4006381333931', name: 'Milk', expectedFacings: '3' }],
  };
}

describe('the task form', () => {
  it('sends the window as UTC instants of the market wall clock and money as the typed decimals', () => {
    expect(validateTaskForm(filled())).toEqual({});
    expect(toCreateTaskBody(filled())).toEqual({
      placeId: 'pl-1',
      taskTypeId: 'tt-1',
      title: null,
      timeWindowStart: '2026-07-01T07:00:00.000Z',
      timeWindowEnd: '2026-07-01T15:30:00.000Z',
      reward: '12.5',
      bonusReward: '0.10',
      expectedDuration: 45,
      descriptiveComment: null,
      products: [{ ean: '4006381333931', name: 'Milk', expectedFacings: 3 }],
      published: true,
    });
  });

  it('reads a decimal comma as the point (12,50 is 12.50), as the markets write it', () => {
    const v = { ...filled(), reward: '12,50', bonusReward: '0,10' };
    expect(validateTaskForm(v)).toEqual({});
    expect(toCreateTaskBody(v)).toMatchObject({ reward: '12.50', bonusReward: '0.10' });
  });

  it('refuses an end before the start, a reward of three decimals or zero, and a bad product', () => {
    const v = { ...filled(), windowEnd: '2026-07-01T08:00', reward: '1.005', bonusReward: '-1', products: [{ key: 'a', ean: '4006381333932', name: 'Milk', expectedFacings: '' }] };
    expect(validateTaskForm(v)).toEqual({ windowEnd: 'END_BEFORE_START', reward: 'AMOUNT_INVALID', bonusReward: 'AMOUNT_INVALID', products: 'PRODUCTS_INVALID' });
    expect(validateTaskForm({ ...filled(), reward: '0' }).reward).toBe('AMOUNT_INVALID');
  });

  it('needs a place (its market sets the time zone), a type and a window', () => {
    expect(validateTaskForm(emptyTaskForm())).toMatchObject({ placeId: 'REQUIRED', taskTypeId: 'REQUIRED', windowStart: 'REQUIRED', windowEnd: 'REQUIRED', reward: 'REQUIRED' });
  });

  it('reads a saved task in its market wall clock and patches only what changed', () => {
    const saved = taskFormFromSaved({
      id: 't1',
      place: { id: 'pl-1', countryCode: 'RO' },
      taskType: { id: 'tt-1' },
      title: 'Audit',
      timeWindowStart: '2026-07-01T06:00:00.000Z',
      timeWindowEnd: '2026-07-01T14:00:00.000Z',
      reward: { amount: '20.00' },
      bonusReward: { amount: '0.00' },
      expectedDuration: 30,
      descriptiveComment: null,
    });
    expect(saved).toMatchObject({ country: 'RO', windowStart: '2026-07-01T09:00', windowEnd: '2026-07-01T17:00', reward: '20.00', bonusReward: '' });
    expect(toPatchTaskBody(saved, saved)).toEqual({});
    expect(toPatchTaskBody(saved, { ...saved, windowEnd: '2026-07-01T18:00', bonusReward: '2.50' })).toEqual({ timeWindowEnd: '2026-07-01T15:00:00.000Z', bonusReward: '2.50' });
  });

  it("puts the server's field codes under the form's fields", () => {
    expect(serverFieldErrors({ timeWindowEnd: 'END_BEFORE_START', 'products.2.ean': 'EAN_INVALID', unknownThing: 'X' })).toEqual({ windowEnd: 'END_BEFORE_START', products: 'EAN_INVALID' });
  });
});
