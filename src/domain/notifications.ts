/**
 * Notifications and web push (spec sections 3, 4, 7 and 9), shared by the server, the
 * sync worker, the page and the service worker: the notification types, the screen each opens
 * (with the `source` parameter), the push topic each belongs to, the English words of each type
 * (the msgids of the app's catalogs: the server words a notification in the reader's language by
 * looking them up, src/notifications/notificationWords.ts gives them to the page), and the timing
 * constants.
 */
import { formatMoney, isDecimal } from './money';

export const NOTIFICATION_TYPES = [
  'task_accepted',
  'task_rejected',
  'attendance_request',
  'payout_paid',
  'training_done',
  'profile_approved',
  'profile_rejected',
  'mission_completed',
  'new_task_nearby',
  /** Staff assigned the tasker a mission. */
  'mission_assigned',
  /** An attendance request still unanswered when its expiry is near (ATTENDANCE_REMINDER_BEFORE_MS). */
  'attendance_request_reminder',
  /** An attendance request left unanswered lapsed and the reservation was cancelled. */
  'attendance_request_discarded',
  /** Push only (never listed): the expiry reminders of a task in progress. */
  'task_expiring',
  'task_time_over',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** GET /api/notifications → `{ data: AppNotification[] }` (unseen ones, newest first). */
export interface AppNotification {
  id: string;
  type: string;
  /** Worded by the server in the `Accept-Language` of the request. */
  title: string;
  body: string;
  /** The task, payout, mission or training the notification is about. */
  resourceId: string | null;
  /** What the words were made from (the page words known types itself, in its current language). */
  params: Record<string, string | number>;
  createdAt: string;
}

export type NotificationSource = 'notification' | 'push_notification';

/** An unanswered attendance request is reminded of once, this long before it lapses. */
export const ATTENDANCE_REMINDER_BEFORE_MS = 60 * 60_000;

/** The types that are about an open attendance request: listed only while the request is open. */
export function isAttendanceRequestNotice(type: string): boolean {
  return type === 'attendance_request' || type === 'attendance_request_reminder';
}

/** Spec section 9. */
export const NOTIFICATION_PREVIEW_CHARS = 128;
export const NOTIFICATIONS_REFRESH_MS = 60_000;
export const NOTIFICATION_TOOLTIP = { openAfterMs: 1000, visibleMs: 3000, repeatEveryMs: 60_000 } as const;
export const PUSH_POPUP_MAX_CLOSES = 3;
export const PUSH_SETTINGS_DEBOUNCE_MS = 500;

export type PushTopic = 'topicTaskOffer' | 'topicBonus';
export interface PushSettings {
  topicTaskOffer: boolean;
  topicBonus: boolean;
}

/** Task offers → topicTaskOffer; bonus, mission and payout → topicBonus; the rest always go out. */
export function pushTopicOf(type: string): PushTopic | null {
  if (type === 'new_task_nearby') return 'topicTaskOffer';
  if (type === 'payout_paid' || type === 'mission_completed' || type === 'mission_assigned') return 'topicBonus';
  return null;
}

/** The screen a notification opens, with `?source=`; null when it has nothing to open. */
export function notificationPath(n: { type: string; resourceId: string | null }, source: NotificationSource): string | null {
  const id = n.resourceId ? encodeURIComponent(n.resourceId) : null;
  const q = `source=${source}`;
  switch (n.type) {
    case 'task_accepted':
    case 'task_rejected':
    case 'new_task_nearby':
    case 'task_expiring':
    case 'task_time_over':
      return id ? `/task/${id}?${q}` : null;
    case 'attendance_request_discarded':
      return id ? `/task/${id}?${q}` : null;
    case 'attendance_request':
    case 'attendance_request_reminder':
      // The attendance form opens on the task screen (only while the request still exists).
      return id ? `/task/${id}?${q}&attendance=1` : null;
    case 'payout_paid':
      return `/profile/next-payout?${q}`;
    case 'mission_completed':
    case 'mission_assigned':
      return id ? `/missions?missionId=${id}&${q}` : `/missions?${q}`;
    case 'training_done':
      return id ? `/trainings/${id}?${q}` : `/trainings?${q}`;
    case 'profile_approved':
    case 'profile_rejected':
      return `/onboarding?${q}`;
    default:
      return null;
  }
}

/** The list's preview: the body cut to 128 characters (an ellipsis when cut). */
export function notificationPreview(body: string): string {
  const chars = [...body];
  return chars.length <= NOTIFICATION_PREVIEW_CHARS ? body : `${chars.slice(0, NOTIFICATION_PREVIEW_CHARS - 1).join('').trimEnd()}…`;
}

export function isAppNotification(value: unknown): value is AppNotification {
  const n = value as AppNotification | null;
  return (
    !!n &&
    typeof n === 'object' &&
    typeof n.id === 'string' &&
    typeof n.type === 'string' &&
    typeof n.title === 'string' &&
    typeof n.body === 'string' &&
    (n.resourceId === null || typeof n.resourceId === 'string') &&
    typeof n.createdAt === 'string' &&
    !!n.params &&
    typeof n.params === 'object'
  );
}

/**
 * The English words of each type: msgids of the app's catalogs (the page declares the same texts
 * with Lingui's `msg`, src/notifications/notificationWords.ts; a test keeps them equal).
 * Placeholders are the params, `{amount}` / `{reward}` formatted as money in the reader's language.
 */
export const NOTIFICATION_WORDS: Record<NotificationType, { title: string; body: string }> = {
  task_accepted: { title: 'Task accepted', body: 'Your work on “{taskTitle}” was accepted.' },
  task_rejected: { title: 'Task not accepted', body: 'Your work on “{taskTitle}” was not accepted: {comment}' },
  attendance_request: { title: 'Confirm your attendance', body: 'Please confirm that you will do “{taskTitle}” at {placeTitle}.' },
  payout_paid: { title: 'Payout sent', body: 'Your payout of {amount} has been paid.' },
  training_done: { title: 'Training completed', body: 'The training “{trainingTitle}” is done. Its tasks are open to you now.' },
  profile_approved: { title: 'Profile approved', body: 'Your profile is approved. You can reserve tasks now.' },
  profile_rejected: { title: 'Profile needs changes', body: 'Your profile was not approved. Please correct the marked fields and send it again.' },
  mission_completed: { title: 'Mission completed', body: 'You completed the mission “{missionName}”. {reward} is added to your next payout.' },
  new_task_nearby: { title: 'New task near you', body: '“{taskTitle}” at {placeTitle}, reward {reward}.' },
  mission_assigned: { title: 'New mission', body: 'You have a new mission: “{missionName}”.' },
  attendance_request_reminder: {
    title: 'Reminder: confirm your attendance',
    body: 'Please confirm that you will do “{taskTitle}” at {placeTitle}. Without an answer the reservation is cancelled soon.',
  },
  attendance_request_discarded: {
    title: 'Reservation cancelled',
    body: 'Your attendance for “{taskTitle}” at {placeTitle} was not confirmed in time, so the reservation was cancelled.',
  },
  task_expiring: { title: 'Task expires in {time}', body: '{taskTitle}' },
  task_time_over: { title: 'Task time is over', body: '{taskTitle}' },
};

export function isNotificationType(type: string): type is NotificationType {
  return (NOTIFICATION_TYPES as readonly string[]).includes(type);
}

/**
 * Money params (`amount` + `currencyCode`, `reward` + `rewardCurrency`) formatted in a locale, an
 * empty `missionName` as `genericMissionTitle` (the reader's words for 'Bonus mission'); other
 * params as they are.
 */
export function notificationValues(params: Record<string, string | number>, locale: string, genericMissionTitle?: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(params)) out[k] = String(v);
  // A mission whose name the tasker is not shown (missionNotificationName): the app's generic title.
  if (params.missionName === '' && genericMissionTitle !== undefined) out.missionName = genericMissionTitle;
  // The amount as sent (a decimal string; a number's shortest spelling), formatted exactly.
  const money = (amount: unknown, currency: unknown) => {
    const text = String(amount ?? '');
    if (!(typeof amount === 'string' || typeof amount === 'number') || typeof currency !== 'string' || currency === '') return text;
    if (!isDecimal(text)) return text;
    return formatMoney({ amount: text, currencyCode: currency }, locale);
  };
  if ('amount' in params) out.amount = money(params.amount, params.currencyCode);
  if ('reward' in params) out.reward = money(params.reward, params.rewardCurrency);
  if (typeof params.leftMinutes === 'number') out.time = durationWords(params.leftMinutes, locale);
  return out;
}

/**
 * '1 h 5 min' in the locale's own unit words (Intl), minutes rounded up: the push texts' short
 * words, or 'long' ('1 hour 5 minutes') for the in-app expiry reminders.
 */
export function durationWords(totalMinutes: number, locale: string, unitDisplay: 'short' | 'long' = 'short'): string {
  const m = Math.max(0, Math.ceil(totalMinutes));
  const hours = Math.floor(m / 60);
  const minutes = m % 60;
  const unit = (value: number, u: 'hour' | 'minute') => new Intl.NumberFormat(locale, { style: 'unit', unit: u, unitDisplay }).format(value);
  if (hours === 0) return unit(minutes, 'minute');
  return minutes === 0 ? unit(hours, 'hour') : `${unit(hours, 'hour')} ${unit(minutes, 'minute')}`;
}

/** Fills `{name}` placeholders. */
export function fillWords(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? (values[name] ?? whole) : whole));
}
