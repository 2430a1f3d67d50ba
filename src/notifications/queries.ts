/**
 * The notifications as the bell shows them: the mirror's list (kv `notifications:list`,
 * pulled every 60 s, read offline as last pulled), without attendance notifications whose request
 * is gone (spec section 4: they show only while a matching request exists). Their words in the
 * app's language: ./useNotificationWords.ts (apart, so the bell's count needs none of them).
 */
import { useMemo } from 'react';
import { NOTIFICATIONS_KEY } from '#contracts/kv';
import { isAppNotification, isAttendanceRequestNotice, type AppNotification } from '#domain/notifications';
import { useAttendanceRequests } from '../attendance';
import { useKv } from '../sync/hooks';

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
