/**
 * The notifications as the bell shows them: the mirror's list (kv `notifications:list`,
 * pulled every 60 s, read offline as last pulled), without attendance notifications whose request
 * is gone (spec section 4: they show only while a matching request exists), each worded in the
 * language the app shows now.
 */
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { useMemo } from 'react';
import { NOTIFICATIONS_KEY } from '#contracts/kv';
import { isAppNotification, isAttendanceRequestNotice, isNotificationType, notificationValues, type AppNotification } from '#domain/notifications';
import { useAttendanceRequests } from '../attendance';
import { useKv } from '../sync/hooks';
import { NOTIFICATION_MESSAGES } from './notificationWords';

/** Attendance notifications only while their request is open (the requests list for approved taskers). */
export function visibleNotifications(list: readonly AppNotification[], openAttendanceTaskIds: ReadonlySet<string>): AppNotification[] {
  return list.filter((n) => !isAttendanceRequestNotice(n.type) || (n.resourceId !== null && openAttendanceTaskIds.has(n.resourceId)));
}

/** undefined while loading; newest first. */
export function useNotifications(): AppNotification[] | undefined {
  const raw = useKv<unknown>(NOTIFICATIONS_KEY);
  const requests = useAttendanceRequests();
  return useMemo(() => {
    if (raw === undefined) return undefined;
    const list = Array.isArray(raw) ? raw.filter(isAppNotification) : [];
    return visibleNotifications(list, new Set((requests ?? []).map((r) => r.taskId)));
  }, [raw, requests]);
}

/** A notification's title and body in the app's current language (the server's words for a type the app does not know). */
export function useNotificationWords(): (n: AppNotification) => { title: string; body: string } {
  const { i18n } = useLingui();
  return useMemo(
    () => (n: AppNotification) => {
      if (!isNotificationType(n.type)) return { title: n.title, body: n.body };
      const values = notificationValues(n.params, i18n.locale);
      const m = NOTIFICATION_MESSAGES[n.type];
      const title: MessageDescriptor = { ...m.title, values };
      const body: MessageDescriptor = { ...m.body, values };
      return { title: i18n._(title), body: i18n._(body) };
    },
    [i18n],
  );
}
