import { describe, expect, it } from 'vitest';
import { canSubmitAttendance, chooseAttendance, isAttendanceRequest, readAttendanceAnswer, type AttendanceFormValues } from './attendance';

const form = (values: Partial<AttendanceFormValues>): AttendanceFormValues => ({ accept: null, justification: '', policyAgreed: false, ...values });

describe('attendance answer rules (spec sections 4 and 5)', () => {
  it('submit is enabled for yes, or for no with a reason under 160 and the policy ticked', () => {
    expect(canSubmitAttendance(form({}))).toBe(false);
    expect(canSubmitAttendance(form({ accept: true }))).toBe(true);
    expect(canSubmitAttendance(form({ accept: false }))).toBe(false);
    expect(canSubmitAttendance(form({ accept: false, justification: 'Sick' }))).toBe(false);
    expect(canSubmitAttendance(form({ accept: false, policyAgreed: true }))).toBe(false);
    expect(canSubmitAttendance(form({ accept: false, justification: '   ', policyAgreed: true }))).toBe(false);
    expect(canSubmitAttendance(form({ accept: false, justification: 'Sick', policyAgreed: true }))).toBe(true);
    expect(canSubmitAttendance(form({ accept: false, justification: 'x'.repeat(159), policyAgreed: true }))).toBe(true);
    expect(canSubmitAttendance(form({ accept: false, justification: 'x'.repeat(160), policyAgreed: true }))).toBe(false);
    // Counted trimmed, as the server counts it.
    expect(canSubmitAttendance(form({ accept: false, justification: ` ${'x'.repeat(159)}  `, policyAgreed: true }))).toBe(true);
  });

  it('choosing yes clears the reason and the checkbox; choosing no keeps what was typed', () => {
    const typed = form({ accept: false, justification: 'Car broke down', policyAgreed: true });
    expect(chooseAttendance(typed, true)).toEqual({ accept: true, justification: '', policyAgreed: false });
    expect(chooseAttendance(typed, false)).toEqual(typed);
    expect(chooseAttendance(form({ accept: true }), false)).toEqual({ accept: false, justification: '', policyAgreed: false });
  });

  it('reads the answer as sent: yes drops the rest, no is trimmed, wrong types are field errors', () => {
    expect(readAttendanceAnswer({ accept: true, justification: 'x', policyAgreed: true })).toEqual({ answer: { accept: true, justification: null, policyAgreed: false }, errors: {} });
    expect(readAttendanceAnswer({ accept: false, justification: ' Ill ', policyAgreed: true })).toEqual({ answer: { accept: false, justification: 'Ill', policyAgreed: true }, errors: {} });
    expect(readAttendanceAnswer(null).errors).toEqual({ accept: 'REQUIRED' });
    expect(readAttendanceAnswer({ accept: 1 }).errors).toEqual({ accept: 'INVALID' });
    expect(readAttendanceAnswer({ accept: false, justification: ['a'], policyAgreed: 'yes' }).errors).toEqual({ justification: 'INVALID', policyAgreed: 'INVALID' });
    expect(readAttendanceAnswer({ accept: false, justification: 'y'.repeat(200), policyAgreed: true }).errors).toEqual({ justification: 'TOO_LONG' });
  });

  it('recognises a listed request', () => {
    const request = { id: 'a', taskId: 't', expiresAt: '2026-01-01T00:00:00Z', createdAt: '2026-01-01T00:00:00Z', task: { id: 't', title: 'T', timeWindowStart: '', timeWindowEnd: '', place: { id: 'p', title: 'P', address: '', city: '' } } };
    expect(isAttendanceRequest(request)).toBe(true);
    expect(isAttendanceRequest({ ...request, task: null })).toBe(false);
    expect(isAttendanceRequest('x')).toBe(false);
  });
});
