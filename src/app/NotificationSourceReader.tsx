/**
 * Reads `?source=` where a notification link lands (./notificationSource.ts): marks the
 * notifications the link was made for seen — also when the mirror gets them only after the push
 * was opened (pulled every 60 s), while the tasker stays on that screen. Renders nothing; the URL
 * keeps `source` (a reload finds the notification gone from the list, so nothing twice).
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { markNotificationSeen } from '../notifications/mutations';
import { useNotifications } from '../notifications/queries';
import { notificationsOpenedBy, openedLink, type OpenedLink } from './notificationSource';

export function NotificationSourceReader() {
  const location = useLocation();
  const notifications = useNotifications();
  /** The link this screen was opened by, while the tasker stays on its path. */
  const opened = useRef<OpenedLink | null>(null);
  const marked = useRef(new Set<string>());

  useEffect(() => {
    const link = openedLink(location.pathname, location.search);
    if (link) {
      opened.current = link;
    } else if (opened.current && opened.current.pathname !== location.pathname) {
      opened.current = null;
    }
    const current = opened.current;
    if (!current) return;
    for (const id of notificationsOpenedBy(current, notifications ?? [])) {
      if (marked.current.has(id)) continue;
      marked.current.add(id);
      void markNotificationSeen(id);
    }
  }, [location.pathname, location.search, notifications]);

  return null;
}
