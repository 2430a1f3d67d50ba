/**
 * Planning the in-app expiry reminders (spec section 4): for each in-progress task, the times
 * from expiryReminderTimes() that are still ahead, each with a stable key so a reminder fires
 * once per device session even when the planner runs again. Pure; the scheduler
 * (ExpiryReminders.tsx) sets the timers and shows toasts and notifications.
 */
import { expiryReminderTimes } from '#domain/lifecycle';
import type { Task } from '#domain/types';

export interface PlannedReminder {
  /** `<taskId>@<ISO time>`: the toast id and notification tag, so a repeat replaces, never stacks. */
  key: string;
  taskId: string;
  taskTitle: string;
  at: Date;
  /** Milliseconds from the reminder to the end of the window ('expires in {time}'). */
  leftMs: number;
}

type RemindableTask = Pick<Task, 'id' | 'title' | 'status' | 'timeWindowEnd' | 'expectedDuration'>;

export function reminderKey(taskId: string, at: Date): string {
  return `${taskId}@${at.toISOString()}`;
}

/** Upcoming reminders of in-progress tasks, soonest first, without those already fired. */
export function planExpiryReminders(tasks: readonly RemindableTask[], now: Date, fired: ReadonlySet<string> = new Set()): PlannedReminder[] {
  const planned: PlannedReminder[] = [];
  for (const task of tasks) {
    if (task.status !== 'in_progress') continue;
    const end = Date.parse(task.timeWindowEnd);
    for (const at of expiryReminderTimes(task, now)) {
      const key = reminderKey(task.id, at);
      if (fired.has(key)) continue;
      planned.push({ key, taskId: task.id, taskTitle: task.title, at, leftMs: Math.max(0, end - at.getTime()) });
    }
  }
  return planned.sort((a, b) => a.at.getTime() - b.at.getTime() || (a.key < b.key ? -1 : 1));
}

/** setTimeout cannot wait longer than 2^31−1 ms; later reminders are planned again when nearer. */
export const MAX_TIMER_MS = 2_147_483_647;

/** The next reminder to arm and how long to wait for it, or null when none is ahead. */
export function nextReminderDelay(planned: readonly PlannedReminder[], now: Date): { reminder: PlannedReminder; delayMs: number } | null {
  const first = planned[0];
  if (!first) return null;
  return { reminder: first, delayMs: Math.min(MAX_TIMER_MS, Math.max(0, first.at.getTime() - now.getTime())) };
}

/** 'expires in {time}' parts: whole hours and minutes, rounded up so "in 0 minutes" only means now. */
export function reminderTimeParts(leftMs: number): { hours: number; minutes: number } {
  const totalMinutes = Math.max(0, Math.ceil(leftMs / 60_000));
  return { hours: Math.floor(totalMinutes / 60), minutes: totalMinutes % 60 };
}
