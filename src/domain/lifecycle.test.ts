import { describe, expect, it } from 'vitest';
import {
  cancelPolicy,
  cancelRefusal,
  canTransition,
  expiryReminderTimes,
  LATE_WORK_GRACE_MS,
  lateStartAllowed,
  lateWorkRefusal,
  needsCommitmentDialog,
  parseTaskStatus,
  reserveRefusal,
  startRefusal,
  workTime,
} from './lifecycle';
import { TASK_STATUSES, type Task, type Training } from './types';

const now = new Date('2026-11-21T10:00:00Z');
const iso = (hoursFromNow: number) => new Date(now.getTime() + hoursFromNow * 3600_000).toISOString();

describe('status machine', () => {
  const allowed = new Set([
    'available>reserved', 'reserved>in_progress', 'reserved>available', 'reserved>expired',
    'in_progress>awaiting_confirmation', 'in_progress>expired', 'awaiting_confirmation>accepted', 'awaiting_confirmation>rejected',
    'expired>awaiting_confirmation',
  ]);
  for (const from of TASK_STATUSES) {
    for (const to of TASK_STATUSES) {
      const expected = allowed.has(`${from}>${to}`);
      it(`${expected ? 'allows' : 'refuses'} ${from} → ${to}`, () => expect(canTransition(from, to)).toBe(expected));
    }
  }
  it('treats an unknown status as an error', () => {
    expect(() => parseTaskStatus('completed')).toThrow(/UNKNOWN_TASK_STATUS/);
    expect(parseTaskStatus('reserved')).toBe('reserved');
  });
});

describe('reserveRefusal', () => {
  const training: Training = { id: 't1', title: 'T', filterTitle: 'f', linkToTraining: '', ndaProtected: false, enabled: true, isRequired: true, doneAt: '2026-01-01T00:00:00Z', createdAt: '2026-01-01T00:00:00Z', isNew: false };
  const task = { status: 'available' as const, expectedDuration: 60, taskType: { trainings: [{ id: 't1', title: 'T', linkToTraining: '' }] } } as Pick<Task, 'status' | 'expectedDuration' | 'taskType'>;
  const approved = { isApproved: true };
  it('lets an approved, trained tasker with room in the limit reserve', () => {
    expect(reserveRefusal(task, approved, [training], { used: 0, limit: 60 })).toBeNull();
  });
  it('counts the limit inclusively: used + duration equal to the limit is allowed, one more minute is not', () => {
    expect(reserveRefusal(task, approved, [training], { used: 540, limit: 600 })).toBeNull();
    expect(reserveRefusal(task, approved, [training], { used: 541, limit: 600 })).toBe('RESERVATION_LIMIT_EXCEEDED');
  });
  it('refuses a task that is no longer available', () => {
    expect(reserveRefusal({ ...task, status: 'reserved' }, approved, [training], { used: 0, limit: 600 })).toBe('TASK_NO_LONGER_AVAILABLE');
  });
  it('refuses a tasker who is not approved', () => {
    expect(reserveRefusal(task, { isApproved: false }, [training], { used: 0, limit: 600 })).toBe('PROFILE_NOT_APPROVED');
  });
  it('refuses when a required training is not done or disabled', () => {
    expect(reserveRefusal(task, approved, [{ ...training, doneAt: null }], { used: 0, limit: 600 })).toBe('TRAININGS_MISSING');
    expect(reserveRefusal(task, approved, [{ ...training, enabled: false }], { used: 0, limit: 600 })).toBe('TRAININGS_MISSING');
  });
});

describe('needsCommitmentDialog', () => {
  it.each([
    [0, iso(72), false],
    [2, iso(72), false],
    [3, iso(72), true],
    [0, iso(0), true],
    [0, iso(-1), true],
    [0, null, true],
  ] as const)('with %s accepted tasks and deadline %s: %s', (accepted, deadline, expected) => {
    expect(needsCommitmentDialog(accepted, deadline, now)).toBe(expected);
  });
});

describe('cancel', () => {
  const reserved = { status: 'reserved' as const, earlyCancelDeadline: iso(1), lateCancelDeadline: iso(5) };
  it('is early before the early deadline, late until the late deadline, then impossible', () => {
    expect(cancelPolicy(reserved, now)).toBe('early');
    expect(cancelPolicy(reserved, new Date(Date.parse(iso(1))))).toBe('late');
    expect(cancelPolicy(reserved, new Date(Date.parse(iso(5)) - 1))).toBe('late');
    expect(cancelPolicy(reserved, new Date(Date.parse(iso(5))))).toBe('none');
  });
  it('needs a justification under 160 characters for a late cancel', () => {
    const late = new Date(Date.parse(iso(2)));
    expect(cancelRefusal(reserved, '', late)).toBe('JUSTIFICATION_REQUIRED');
    expect(cancelRefusal(reserved, '   ', late)).toBe('JUSTIFICATION_REQUIRED');
    expect(cancelRefusal(reserved, 'x'.repeat(159), late)).toBeNull();
    expect(cancelRefusal(reserved, 'x'.repeat(160), late)).toBe('JUSTIFICATION_TOO_LONG');
  });
  it('needs no justification for an early cancel', () => {
    expect(cancelRefusal(reserved, null, now)).toBeNull();
  });
  it('refuses after both deadlines and for tasks that are not reserved', () => {
    expect(cancelRefusal(reserved, 'sick', new Date(Date.parse(iso(6))))).toBe('CANCEL_DEADLINE_PASSED');
    expect(cancelRefusal({ ...reserved, status: 'in_progress' }, null, now)).toBe('TASK_NOT_RESERVED');
  });
});

describe('startRefusal', () => {
  const place = { coordinates: { latitude: 54.0, longitude: 25.0 } };
  const task = { status: 'reserved' as const, timeWindowStart: iso(-1), timeWindowEnd: iso(3), place };
  it('allows a start inside the window within 1000 m', () => {
    expect(startRefusal(task, { latitude: 54.0089, longitude: 25.0 }, now)).toBeNull();
  });
  it('refuses just outside 1000 m and tells the distance', () => {
    expect(startRefusal(task, { latitude: 54.0091, longitude: 25.0 }, now)).toEqual({ code: 'TOO_FAR_FROM_PLACE', distanceMeters: 1012 });
  });
  it('refuses before the window opens, at the exact opening it allows', () => {
    const opens = Date.parse(task.timeWindowStart);
    expect(startRefusal(task, place.coordinates, new Date(opens - 1))?.code).toBe('TASK_NOT_STARTABLE_YET');
    expect(startRefusal(task, place.coordinates, new Date(opens))).toBeNull();
  });
  it('refuses once the window has ended, without a position, and for tasks not reserved', () => {
    expect(startRefusal(task, place.coordinates, new Date(Date.parse(task.timeWindowEnd)))?.code).toBe('TASK_WINDOW_ENDED');
    expect(startRefusal(task, null, now)?.code).toBe('POSITION_REQUIRED');
    expect(startRefusal({ ...task, status: 'available' as never }, place.coordinates, now)?.code).toBe('TASK_NOT_RESERVED');
  });
});

describe('expiryReminderTimes', () => {
  it('fires at the duration, half and a tenth of it before the end, and at the end', () => {
    const times = expiryReminderTimes({ timeWindowEnd: iso(10), expectedDuration: 120 }, now).map((d) => d.toISOString());
    expect(times).toEqual([iso(8), iso(9), iso(10 - 0.2), iso(10)]);
  });
  it('skips reminders in the past', () => {
    expect(expiryReminderTimes({ timeWindowEnd: iso(0.5), expectedDuration: 120 }, now).map((d) => d.toISOString())).toEqual([iso(0.3), iso(0.5)]);
  });
  it('schedules only within 144,000 s (40 h)', () => {
    expect(expiryReminderTimes({ timeWindowEnd: iso(41), expectedDuration: 120 }, now).map((d) => d.toISOString())).toEqual([iso(39), iso(40)]);
  });
});

describe('late delivery of work done offline (lateWorkRefusal, lateStartAllowed, workTime)', () => {
  // The window ended an hour ago; the task was started two hours ago.
  const expired = { status: 'expired' as const, timeWindowEnd: iso(-1), startTime: iso(-2) };
  const at = (hoursFromNow: number) => new Date(now.getTime() + hoursFromNow * 3600_000);
  const cases: [string, Parameters<typeof lateWorkRefusal>[0], Date | null, Date, ReturnType<typeof lateWorkRefusal>][] = [
    ['in progress: always', { ...expired, status: 'in_progress' }, null, now, null],
    ['expired, recorded before the end', expired, at(-1.5), now, null],
    ['expired, recorded 1 ms before the end', expired, new Date(Date.parse(iso(-1)) - 1), now, null],
    ['expired, recorded at the end', expired, at(-1), now, 'TASK_WINDOW_ENDED'],
    ['expired, recorded after the end', expired, at(-0.5), now, 'TASK_WINDOW_ENDED'],
    ['expired, no recorded time', expired, null, now, 'TASK_WINDOW_ENDED'],
    ['expired, recorded "in the future" counts as now', expired, at(1), now, 'TASK_WINDOW_ENDED'],
    ['expired, never started', { ...expired, startTime: null }, at(-1.5), now, 'TASK_NOT_IN_PROGRESS'],
    ['expired, arriving at the end of the grace', expired, at(-1.5), new Date(Date.parse(iso(-1)) + LATE_WORK_GRACE_MS), null],
    ['expired, arriving after the grace', expired, at(-1.5), new Date(Date.parse(iso(-1)) + LATE_WORK_GRACE_MS + 1), 'TASK_WINDOW_ENDED'],
    ['awaiting confirmation', { ...expired, status: 'awaiting_confirmation' }, at(-1.5), now, 'TASK_NOT_IN_PROGRESS'],
    ['reserved', { ...expired, status: 'reserved', startTime: null }, at(-1.5), now, 'TASK_NOT_IN_PROGRESS'],
  ];
  for (const [name, task, recordedAt, arrival, expected] of cases) {
    it(`${name} → ${expected ?? 'accepted'}`, () => expect(lateWorkRefusal(task, recordedAt, arrival)).toBe(expected));
  }

  it('counts work at its recorded time, bounded by the start and by now', () => {
    expect(workTime(expired, at(-1.5), now).toISOString()).toBe(at(-1.5).toISOString());
    expect(workTime(expired, at(-5), now).toISOString()).toBe(iso(-2)); // not before the start
    expect(workTime(expired, at(3), now).toISOString()).toBe(now.toISOString()); // not after now
    expect(workTime(expired, null, now).toISOString()).toBe(now.toISOString());
    expect(workTime({ startTime: null }, at(-5), now).toISOString()).toBe(at(-5).toISOString());
  });

  it('judges a late start only for a reserved task the server expired, within the grace', () => {
    const reservedThenExpired = { status: 'expired' as const, timeWindowEnd: iso(-1), startTime: null };
    expect(lateStartAllowed(reservedThenExpired, at(-1.5), now)).toBe(true);
    expect(lateStartAllowed(reservedThenExpired, null, now)).toBe(false);
    expect(lateStartAllowed({ ...reservedThenExpired, startTime: iso(-2) }, at(-1.5), now)).toBe(false);
    expect(lateStartAllowed({ ...reservedThenExpired, status: 'reserved' }, at(-1.5), now)).toBe(false);
    expect(lateStartAllowed(reservedThenExpired, at(-1.5), new Date(Date.parse(iso(-1)) + LATE_WORK_GRACE_MS + 1))).toBe(false);
  });
});
