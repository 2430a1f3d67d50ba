import { describe, expect, it } from 'vitest';
import {
  deadlineColour,
  earlyCancelDeadline,
  historyDayGroup,
  isNewSince,
  isTaskLocked,
  missingTrainings,
  reservedGroup,
} from './tasks';
import type { Task, Training } from './types';

const TZ = 'Europe/Vilnius'; // UTC+2 in winter
const now = new Date('2026-11-21T10:00:00Z'); // 12:00 local

describe('earlyCancelDeadline', () => {
  it('is the task end minus the expected duration minus 48 hours', () => {
    expect(earlyCancelDeadline('2026-11-25T16:00:00Z', 90)).toBe('2026-11-23T14:30:00.000Z');
    expect(earlyCancelDeadline('2026-11-25T16:00:00Z', 0)).toBe('2026-11-23T16:00:00.000Z');
  });
});

describe('deadlineColour', () => {
  const at = (hours: number) => new Date(now.getTime() + hours * 3600_000).toISOString();
  it.each([
    [73, 'normal'],
    [72.01, 'normal'],
    [72, 'warning'],
    [36, 'warning'],
    [35.99, 'error'],
    [1, 'error'],
    [-5, 'error'],
  ] as const)('with %s hours left is %s', (hours, colour) => {
    expect(deadlineColour(at(hours), now)).toBe(colour);
  });
});

describe('isNewSince', () => {
  it('is new for 45 days and not after', () => {
    expect(isNewSince('2026-10-08T10:00:01Z', now)).toBe(true); // 44.99 days
    expect(isNewSince('2026-10-07T10:00:00Z', now)).toBe(false); // 45 days
    expect(isNewSince('not a date', now)).toBe(false);
  });
});

describe('reservedGroup', () => {
  const task = (start: string, end: string) => ({ timeWindowStart: start, timeWindowEnd: end });
  it('puts an open window that ends today under "must be done today"', () => {
    expect(reservedGroup(task('2026-11-21T05:00:00Z', '2026-11-21T14:00:00Z'), now, TZ).kind).toBe('must_be_done_today');
  });
  it('puts a window opening later today under "begins today"', () => {
    expect(reservedGroup(task('2026-11-21T12:00:00Z', '2026-11-21T16:00:00Z'), now, TZ).kind).toBe('begins_today');
  });
  it('puts a window opening tomorrow (local time) under "tomorrow"', () => {
    // 23:30 UTC on the 21st is 01:30 on the 22nd in Vilnius.
    expect(reservedGroup(task('2026-11-21T23:30:00Z', '2026-11-22T06:00:00Z'), now, TZ)).toEqual({ kind: 'tomorrow', dateKey: '2026-11-22' });
  });
  it('puts later windows under their start date', () => {
    expect(reservedGroup(task('2026-11-24T06:00:00Z', '2026-11-24T12:00:00Z'), now, TZ)).toEqual({ kind: 'date', dateKey: '2026-11-24' });
  });
  it('treats a window opened on an earlier day and still open as "must be done today"', () => {
    expect(reservedGroup(task('2026-11-20T06:00:00Z', '2026-11-23T12:00:00Z'), now, TZ).kind).toBe('must_be_done_today');
  });
});

describe('historyDayGroup', () => {
  it.each([
    ['2026-11-21T08:00:00Z', 'today'],
    ['2026-11-20T21:59:00Z', 'yesterday'], // 23:59 local on the 20th
    ['2026-11-20T22:00:00Z', 'today'], // 00:00 local on the 21st
    ['2026-11-19T12:00:00Z', 'date'],
  ] as const)('%s is %s', (instant, kind) => {
    expect(historyDayGroup(instant, now, TZ).kind).toBe(kind);
  });
});

describe('locking', () => {
  const training = (id: string, over: Partial<Training> = {}): Training => ({
    id, title: id, filterTitle: 'x', linkToTraining: 'https://example.com', ndaProtected: false, enabled: true,
    isRequired: true, doneAt: '2026-01-01T00:00:00Z', createdAt: '2026-01-01T00:00:00Z', isNew: false, ...over,
  });
  const task = { taskType: { trainings: [{ id: 'a', title: 'A', linkToTraining: '' }, { id: 'b', title: 'B', linkToTraining: '' }] } } as Pick<Task, 'taskType'>;

  it('locks every task for a tasker who is not approved', () => {
    expect(isTaskLocked(task, { isApproved: false }, [training('a'), training('b')])).toBe(true);
  });
  it('unlocks a task when the approved tasker did all its trainings', () => {
    expect(isTaskLocked(task, { isApproved: true }, [training('a'), training('b')])).toBe(false);
  });
  it('locks a task whose training is not done, disabled or unknown', () => {
    expect(missingTrainings(task, [training('a', { doneAt: null }), training('b')])).toEqual(['a']);
    expect(missingTrainings(task, [training('a'), training('b', { enabled: false })])).toEqual(['b']);
    expect(missingTrainings(task, [training('a')])).toEqual(['b']);
    expect(isTaskLocked(task, { isApproved: true }, [training('a')])).toBe(true);
  });
});
