/**
 * The expiry-reminder scheduler (spec section 4): while the app is open, for every in-progress
 * task in the mirror, raises 'Task expires in {time}' at the times planExpiryReminders gives —
 * as an in-app toast, and also as a local notification through the service worker registration
 * when notification permission is granted. Renders nothing.
 *
 * Mount it once near the root (AppShell); mounting it in several screens is harmless: reminders
 * already fired are remembered for this page's life, the toast id and the notification tag are
 * the reminder's key, so a second scheduler can only replace, never repeat.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useMemo } from 'react';
import { durationWords } from '#domain/notifications';
import type { TaskStatus } from '#domain/types';
import { useTasksByStatus } from './queries';
import { showToast } from '#ui/toastStore';
import { nextReminderDelay, planExpiryReminders, type PlannedReminder } from './expiryReminders';

const IN_PROGRESS: readonly TaskStatus[] = ['in_progress'];
/** Reminders already shown on this page (module scope: shared by every mounted scheduler). */
const fired = new Set<string>();

/** Reminder toasts stay longer than the 3 s default: the tasker is busy in the aisle. */
const REMINDER_TOAST_MS = 10_000;

function durationText(leftMs: number, locale: string): string {
  return durationWords(leftMs / 60_000, locale, 'long');
}

async function showLocalNotification(title: string, body: string, reminder: PlannedReminder): Promise<void> {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    if (registration?.showNotification) {
      await registration.showNotification(title, { body, tag: reminder.key, data: { url: `/task/${encodeURIComponent(reminder.taskId)}` } });
    } else {
      new Notification(title, { body, tag: reminder.key });
    }
  } catch {
    // The toast already told the tasker; a notification is a bonus where the platform allows it.
  }
}

export function ExpiryReminders() {
  const { i18n } = useLingui();
  const tasks = useTasksByStatus(IN_PROGRESS);
  const plan = useMemo(() => (tasks ? planExpiryReminders(tasks, new Date(), fired) : []), [tasks]);

  useEffect(() => {
    let timer: number | undefined;
    const arm = (planned: readonly PlannedReminder[]) => {
      const next = nextReminderDelay(planned, new Date());
      if (!next) return;
      timer = window.setTimeout(() => {
        const { reminder } = next;
        if (reminder.at.getTime() > Date.now()) {
          // A timer capped at 2^31 ms, or woken early: plan again from now.
          arm(planned);
          return;
        }
        const nowMs = Date.now();
        // After a sleep several may be due: only the latest of a task still tells the truth.
        const superseded = planned.some((p) => p.taskId === reminder.taskId && p.at.getTime() > reminder.at.getTime() && p.at.getTime() <= nowMs);
        if (superseded) fired.add(reminder.key);
        if (!fired.has(reminder.key)) {
          fired.add(reminder.key);
          const leftMs = Math.max(0, reminder.at.getTime() + reminder.leftMs - nowMs);
          const time = durationText(leftMs, i18n.locale);
          const taskTitle = reminder.taskTitle;
          const message = leftMs > 0 ? msg`Task expires in ${time}: ${taskTitle}` : msg`Task time is over: ${taskTitle}`;
          showToast({ id: reminder.key, kind: 'warning', message, durationMs: REMINDER_TOAST_MS });
          void showLocalNotification(i18n._(leftMs > 0 ? msg`Task expires in ${time}` : msg`Task time is over`), taskTitle, reminder);
        }
        arm(planned.filter((p) => p.key !== reminder.key && !fired.has(p.key)));
      }, next.delayMs);
    };
    arm(plan);
    return () => window.clearTimeout(timer);
  }, [plan, i18n]);

  return null;
}
