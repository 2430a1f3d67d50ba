/**
 * Attendance confirmation (spec sections 3–5): staff ask the tasker of a reserved task whether they
 * will come; the answer is yes, or no with a reason (required, under 160 characters) and the
 * policy agreed. Yes carries no reason and no policy flag (choosing yes clears them). The same
 * rules check the form on the phone and the request on the server. Pure.
 */
import type { FieldErrorCode } from './errors';

/** Spec section 9: attendance and late-cancel comments are under 160 characters. */
export const ATTENDANCE_JUSTIFICATION_MAX_EXCLUSIVE = 160;
/** Spec section 9: attendance requests are refreshed every 60 s. */
export const ATTENDANCE_REFRESH_MS = 60_000;

/** A request waiting for the tasker's answer, as `GET task/attendance-requests` lists it. */
export interface AttendanceRequest {
  id: string;
  taskId: string;
  /** When the request lapses unanswered (and the reservation is cancelled). */
  expiresAt: string;
  createdAt: string;
  task: {
    id: string;
    title: string;
    timeWindowStart: string;
    timeWindowEnd: string;
    place: { id: string; title: string; address: string; city: string };
  };
}

/** The body of `POST task/{taskId}/attendance-request`. */
export interface AttendanceAnswer {
  accept: boolean;
  /** Only for no; null for yes. */
  justification: string | null;
  policyAgreed: boolean;
}

export type AttendanceField = 'accept' | 'justification' | 'policyAgreed';

/** What the server answers once an answer is recorded. */
export interface AttendanceAnswerResult {
  id: string;
  taskId: string;
  status: 'accepted' | 'declined';
  accept: boolean;
  justification: string | null;
  answeredAt: string;
}

/** The form's values as the tasker leaves them (accept null: nothing chosen yet). */
export interface AttendanceFormValues {
  accept: boolean | null;
  justification: string;
  policyAgreed: boolean;
}

/**
 * The answer as it will be sent: yes drops the reason and the policy flag, no keeps the reason
 * trimmed. Unknown shapes are field errors (the server reads raw JSON with this too).
 */
export function readAttendanceAnswer(body: unknown): { answer: AttendanceAnswer | null; errors: Partial<Record<AttendanceField, FieldErrorCode>> } {
  const input = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const errors: Partial<Record<AttendanceField, FieldErrorCode>> = {};
  const accept = input.accept;
  if (accept === undefined || accept === null) errors.accept = 'REQUIRED';
  else if (typeof accept !== 'boolean') errors.accept = 'INVALID';
  const rawReason = input.justification;
  if (rawReason !== undefined && rawReason !== null && typeof rawReason !== 'string') errors.justification = 'INVALID';
  const rawPolicy = input.policyAgreed;
  if (rawPolicy !== undefined && rawPolicy !== null && typeof rawPolicy !== 'boolean') errors.policyAgreed = 'INVALID';
  if (errors.accept) return { answer: null, errors };
  if (accept === true) {
    // Yes clears the reason and the checkbox (spec section 4): whatever came with it is dropped.
    return { answer: { accept: true, justification: null, policyAgreed: false }, errors: {} };
  }
  const reason = typeof rawReason === 'string' ? rawReason.trim() : '';
  if (!errors.justification) {
    if (reason === '') errors.justification = 'REQUIRED';
    else if (reason.length >= ATTENDANCE_JUSTIFICATION_MAX_EXCLUSIVE) errors.justification = 'TOO_LONG';
  }
  if (!errors.policyAgreed && rawPolicy !== true) errors.policyAgreed = 'REQUIRED';
  if (Object.keys(errors).length > 0) return { answer: null, errors };
  return { answer: { accept: false, justification: reason, policyAgreed: true }, errors: {} };
}

/** Spec section 5: submit is enabled for yes, or for no with a reason (under 160) and the policy ticked. */
export function canSubmitAttendance(values: AttendanceFormValues): boolean {
  if (values.accept === true) return true;
  if (values.accept !== false) return false;
  return Object.keys(readAttendanceAnswer(values).errors).length === 0;
}

/** Choosing an answer: yes clears the reason and the checkbox (spec section 4). */
export function chooseAttendance(values: AttendanceFormValues, accept: boolean): AttendanceFormValues {
  return accept ? { accept: true, justification: '', policyAgreed: false } : { ...values, accept: false };
}

export function isAttendanceRequest(value: unknown): value is AttendanceRequest {
  const r = value as Partial<AttendanceRequest> | null;
  return (
    !!r &&
    typeof r.id === 'string' &&
    typeof r.taskId === 'string' &&
    typeof r.expiresAt === 'string' &&
    !!r.task &&
    typeof r.task.title === 'string' &&
    !!r.task.place &&
    typeof r.task.place.title === 'string'
  );
}
