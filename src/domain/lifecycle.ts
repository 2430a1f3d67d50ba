/**
 * The task life cycle (spec section 4): which status changes exist, when a task may be reserved,
 * cancelled (early / late / not at all) and started, when the commitment dialog comes first,
 * and when expiry reminders fire. Applied by the app before queuing and by the server, with its
 * own clock, on arrival. Pure: `now` is a parameter; refusals are codes.
 */
import { distanceMeters, START_RADIUS_METERS } from './geo';
import { missingTrainings } from './tasks';
import { TASK_STATUSES, type Coordinates, type ReservationLimit, type Task, type TaskStatus, type Training, type User } from './types';

const TRANSITIONS: Record<TaskStatus, readonly TaskStatus[]> = {
  available: ['reserved'],
  reserved: ['in_progress', 'available', 'expired'],
  in_progress: ['awaiting_confirmation', 'expired'],
  awaiting_confirmation: ['accepted', 'rejected'],
  accepted: [],
  rejected: [],
  // Work done offline inside the window, delivered after the server expired the task (lateWorkRefusal).
  expired: ['awaiting_confirmation'],
};

export function isTaskStatus(value: unknown): value is TaskStatus {
  return typeof value === 'string' && (TASK_STATUSES as readonly string[]).includes(value);
}

/** An unknown status is an error (spec section 4), not a silent default. */
export function parseTaskStatus(value: unknown): TaskStatus {
  if (!isTaskStatus(value)) throw new Error(`UNKNOWN_TASK_STATUS: ${String(value)}`);
  return value;
}

export function canTransition(from: TaskStatus, to: TaskStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

/** Maximum accepted tasks before the commitment dialog is shown (spec section 9). */
export const COMMITMENT_ACCEPTED_TASKS = 3;
/** Late-cancel justification and attendance comments must be under 160 characters. */
export const JUSTIFICATION_MAX_EXCLUSIVE = 160;

export type ReserveRefusal =
  | 'TASK_NO_LONGER_AVAILABLE'
  | 'PROFILE_NOT_APPROVED'
  | 'TRAININGS_MISSING'
  | 'RESERVATION_LIMIT_EXCEEDED';

export function reserveRefusal(
  task: Pick<Task, 'status' | 'expectedDuration' | 'taskType'>,
  user: Pick<User, 'isApproved'>,
  trainings: readonly Training[],
  limit: ReservationLimit,
): ReserveRefusal | null {
  if (task.status !== 'available') return 'TASK_NO_LONGER_AVAILABLE';
  if (!user.isApproved) return 'PROFILE_NOT_APPROVED';
  if (missingTrainings(task, trainings).length > 0) return 'TRAININGS_MISSING';
  if (limit.used + task.expectedDuration > limit.limit) return 'RESERVATION_LIMIT_EXCEEDED';
  return null;
}

/**
 * The commitment dialog comes first when the tasker already has 3 accepted tasks, or the
 * early-cancel deadline has passed or is missing (spec section 4).
 */
export function needsCommitmentDialog(acceptedTaskCount: number, earlyCancelDeadline: string | null, now: Date): boolean {
  if (acceptedTaskCount >= COMMITMENT_ACCEPTED_TASKS) return true;
  if (!earlyCancelDeadline) return true;
  const deadline = Date.parse(earlyCancelDeadline);
  return !Number.isFinite(deadline) || deadline <= now.getTime();
}

export type CancelPolicy = 'early' | 'late' | 'none';

/** Early before earlyCancelDeadline, late before lateCancelDeadline, otherwise not possible. */
export function cancelPolicy(task: Pick<Task, 'earlyCancelDeadline' | 'lateCancelDeadline'>, now: Date): CancelPolicy {
  const t = now.getTime();
  if (task.earlyCancelDeadline && t < Date.parse(task.earlyCancelDeadline)) return 'early';
  if (task.lateCancelDeadline && t < Date.parse(task.lateCancelDeadline)) return 'late';
  return 'none';
}

export type CancelRefusal = 'TASK_NOT_RESERVED' | 'CANCEL_DEADLINE_PASSED' | 'JUSTIFICATION_REQUIRED' | 'JUSTIFICATION_TOO_LONG';

export function cancelRefusal(
  task: Pick<Task, 'status' | 'earlyCancelDeadline' | 'lateCancelDeadline'>,
  justification: string | null | undefined,
  now: Date,
): CancelRefusal | null {
  if (task.status !== 'reserved') return 'TASK_NOT_RESERVED';
  const policy = cancelPolicy(task, now);
  if (policy === 'none') return 'CANCEL_DEADLINE_PASSED';
  if (policy === 'late') {
    const error = lateCancelJustificationError(justification);
    if (error === 'REQUIRED') return 'JUSTIFICATION_REQUIRED';
    if (error === 'TOO_LONG') return 'JUSTIFICATION_TOO_LONG';
  }
  return null;
}

/**
 * A late cancel's reason (spec sections 4 and 5): required, and under JUSTIFICATION_MAX_EXCLUSIVE
 * characters after trimming. The cancel dialog's schema and the server (`cancelRefusal`) apply it.
 */
export function lateCancelJustificationError(justification: string | null | undefined): 'REQUIRED' | 'TOO_LONG' | null {
  const text = (justification ?? '').trim();
  if (text === '') return 'REQUIRED';
  return text.length >= JUSTIFICATION_MAX_EXCLUSIVE ? 'TOO_LONG' : null;
}

export type StartRefusal =
  | { code: 'TASK_NOT_RESERVED' }
  | { code: 'TASK_NOT_STARTABLE_YET'; opensAt: string }
  | { code: 'TASK_WINDOW_ENDED' }
  | { code: 'POSITION_REQUIRED' }
  | { code: 'TOO_FAR_FROM_PLACE'; distanceMeters: number };

/** Start only after timeWindowStart, before its end, and within 1000 m of the place. */
export function startRefusal(
  task: Pick<Task, 'status' | 'timeWindowStart' | 'timeWindowEnd'> & { place: { coordinates: Coordinates } },
  position: Coordinates | null,
  now: Date,
): StartRefusal | null {
  if (task.status !== 'reserved') return { code: 'TASK_NOT_RESERVED' };
  if (now.getTime() < Date.parse(task.timeWindowStart)) return { code: 'TASK_NOT_STARTABLE_YET', opensAt: task.timeWindowStart };
  if (now.getTime() >= Date.parse(task.timeWindowEnd)) return { code: 'TASK_WINDOW_ENDED' };
  if (!position) return { code: 'POSITION_REQUIRED' };
  const distance = distanceMeters(position, task.place.coordinates);
  if (distance > START_RADIUS_METERS) return { code: 'TOO_FAR_FROM_PLACE', distanceMeters: Math.round(distance) };
  return null;
}

/**
 * Late delivery (the basement case): a tasker works offline, the window ends, the server's
 * expiry job marks the task expired, then the signal returns and the outbox delivers. Work the
 * phone recorded inside the window is still accepted for this long after the window's end (as long
 * as the service worker's background-sync queue keeps a request); later work is refused.
 */
export const LATE_WORK_GRACE_MS = 7 * 24 * 3600_000;

/** Allowance for a phone clock that runs a little fast or slow. */
export const CLOCK_SKEW_MS = 2 * 60_000;

export type WorkRefusal = 'TASK_NOT_IN_PROGRESS' | 'TASK_WINDOW_ENDED';

interface WorkTask {
  status: TaskStatus;
  timeWindowEnd: string;
  /** When the task was started (server record), null if never started. */
  startTime: string | null;
}

/**
 * When a piece of work counts as done: the time the phone recorded (null = now), never later than
 * `now` and never before the start. The client's clock is a claim, bounded on both sides.
 */
export function workTime(task: Pick<WorkTask, 'startTime'>, recordedAt: Date | null, now: Date): Date {
  let t = recordedAt && recordedAt.getTime() < now.getTime() ? recordedAt.getTime() : now.getTime();
  if (task.startTime) t = Math.max(t, Date.parse(task.startTime));
  return new Date(t);
}

/**
 * May work (ticks, scans, defects, photos, the completion) be applied? In progress: yes. Expired
 * by the server while the tasker was offline: yes when it was started, the work was recorded
 * before the window ended, and it arrives within LATE_WORK_GRACE_MS of the end. Otherwise no.
 */
export function lateWorkRefusal(task: WorkTask, recordedAt: Date | null, now: Date): WorkRefusal | null {
  if (task.status === 'in_progress') return null;
  if (task.status !== 'expired' || !task.startTime) return 'TASK_NOT_IN_PROGRESS';
  const end = Date.parse(task.timeWindowEnd);
  if (now.getTime() - end > LATE_WORK_GRACE_MS) return 'TASK_WINDOW_ENDED';
  if (!recordedAt || workTime(task, recordedAt, now).getTime() >= end) return 'TASK_WINDOW_ENDED';
  return null;
}

/**
 * A start recorded offline that arrives after the expiry job expired the reserved task: judged as
 * a start of the reserved task at its recorded time (startRefusal), if it arrives within
 * LATE_WORK_GRACE_MS of the window's end. True when the expired task may be judged that way.
 */
export function lateStartAllowed(task: WorkTask, startedAt: Date | null, now: Date): boolean {
  return task.status === 'expired' && !task.startTime && startedAt !== null && now.getTime() - Date.parse(task.timeWindowEnd) <= LATE_WORK_GRACE_MS;
}

/** Reminders are scheduled only if within this many seconds (spec section 4). */
export const REMINDER_HORIZON_SECONDS = 144_000;

/**
 * Expiry reminders for an in-progress task: at expectedDuration, half and a tenth of it before
 * the window ends, and at the end — only those in the future and within 144,000 s of now.
 */
export function expiryReminderTimes(task: Pick<Task, 'timeWindowEnd' | 'expectedDuration'>, now: Date): Date[] {
  const end = Date.parse(task.timeWindowEnd);
  const durationMs = task.expectedDuration * 60_000;
  const candidates = [end - durationMs, end - durationMs / 2, end - durationMs / 10, end];
  const from = now.getTime();
  const to = from + REMINDER_HORIZON_SECONDS * 1000;
  return [...new Set(candidates)].filter((t) => t > from && t <= to).map((t) => new Date(t));
}
