/**
 * Task rules that both the app and the server apply: deadlines and their colours, the reserved-
 * list grouping, "new" task types, and which tasks a viewer may act on. Pure: `now` is a parameter.
 */
import type { Task, TaskType, Training, User } from './types';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** A task type (and a training) is "new" within 45 days of its creation (spec section 9). */
export const NEW_WITHIN_DAYS = 45;

export function isNewSince(createdAt: string, now: Date): boolean {
  const created = Date.parse(createdAt);
  return Number.isFinite(created) && now.getTime() - created < NEW_WITHIN_DAYS * DAY_MS;
}

export function isTaskTypeNew(taskType: Pick<TaskType, 'createdAt'>, now: Date): boolean {
  return isNewSince(taskType.createdAt, now);
}

/** Early-cancel deadline = task end − expected duration − 48 h (spec sections 4 and 9). */
export function earlyCancelDeadline(timeWindowEnd: string, expectedDurationMinutes: number): string {
  const end = Date.parse(timeWindowEnd);
  return new Date(end - expectedDurationMinutes * 60_000 - 48 * HOUR_MS).toISOString();
}

export type DeadlineColour = 'normal' | 'warning' | 'error';

/** More than 3 days left: normal; 1.5 to 3 days: warning; under 1.5 days: error (spec section 4). */
export function deadlineColour(deadline: string, now: Date): DeadlineColour {
  const left = Date.parse(deadline) - now.getTime();
  if (left > 3 * DAY_MS) return 'normal';
  if (left >= 1.5 * DAY_MS) return 'warning';
  return 'error';
}

/** 'YYYY-MM-DD' of an instant in a time zone (the device's, for display groupings). */
export function localDateKey(instant: Date | string, timeZone: string): string {
  const d = typeof instant === 'string' ? new Date(instant) : instant;
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
}

function addDaysKey(key: string, days: number): string {
  const d = new Date(`${key}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export type ReservedGroup =
  | { kind: 'must_be_done_today'; dateKey: string }
  | { kind: 'begins_today'; dateKey: string }
  | { kind: 'tomorrow'; dateKey: string }
  | { kind: 'date'; dateKey: string };

/**
 * Reserved tasks are grouped by start date (spec section 2): a task whose window is already open
 * and ends today must be done today; one that opens today begins today; then tomorrow; then by date.
 * A window that opened before today and ends later is grouped as "must be done today" too: it can
 * be done now and nothing later is certain.
 */
export function reservedGroup(task: Pick<Task, 'timeWindowStart' | 'timeWindowEnd'>, now: Date, timeZone: string): ReservedGroup {
  const today = localDateKey(now, timeZone);
  const startKey = localDateKey(task.timeWindowStart, timeZone);
  const endKey = localDateKey(task.timeWindowEnd, timeZone);
  const started = Date.parse(task.timeWindowStart) <= now.getTime();
  if (started && endKey <= today) return { kind: 'must_be_done_today', dateKey: today };
  if (startKey === today) return { kind: 'begins_today', dateKey: today };
  if (startKey < today) return { kind: 'must_be_done_today', dateKey: today };
  if (startKey === addDaysKey(today, 1)) return { kind: 'tomorrow', dateKey: startKey };
  return { kind: 'date', dateKey: startKey };
}

/** History lists group by day: today, yesterday, or the date (spec section 2). */
export function historyDayGroup(instant: string, now: Date, timeZone: string): { kind: 'today' | 'yesterday' | 'date'; dateKey: string } {
  const key = localDateKey(instant, timeZone);
  const today = localDateKey(now, timeZone);
  if (key === today) return { kind: 'today', dateKey: key };
  if (key === addDaysKey(today, -1)) return { kind: 'yesterday', dateKey: key };
  return { kind: 'date', dateKey: key };
}

/** Trainings of the task's type that the tasker has not done (or that are disabled). */
export function missingTrainings(task: Pick<Task, 'taskType'>, trainings: readonly Training[]): string[] {
  const byId = new Map(trainings.map((t) => [t.id, t]));
  return task.taskType.trainings
    .filter((ref) => {
      const t = byId.get(ref.id);
      return !t || !t.enabled || t.doneAt === null;
    })
    .map((ref) => ref.id);
}

/**
 * A locked task can be looked at but not reserved (spec section 6): the viewer is not approved,
 * or has not done the task type's trainings.
 */
export function isTaskLocked(task: Pick<Task, 'taskType'>, user: Pick<User, 'isApproved'>, trainings: readonly Training[]): boolean {
  return !user.isApproved || missingTrainings(task, trainings).length > 0;
}
