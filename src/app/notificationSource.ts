/**
 * `?source=` on the links a notification opens (spec section 2: `notification` from the bell's
 * popup, `push_notification` from a push; written by notificationPath in src/domain). Where such a
 * link lands it is read as the spec's "opening marks it seen": the notifications that link was
 * made for are marked seen (a push opened is the notification opened, as the popup does it).
 */
import { notificationPath, type NotificationSource } from '#domain/notifications';

export interface OpenedLink {
  source: NotificationSource;
  pathname: string;
  /** The rest of the query, without `source` ('' or '?attendance=1'). */
  search: string;
}

function isSource(value: string | null): value is NotificationSource {
  return value === 'notification' || value === 'push_notification';
}

/** The notification link a URL was opened by, or null when it has no (known) `source`. */
export function openedLink(pathname: string, search: string): OpenedLink | null {
  const params = new URLSearchParams(search);
  const source = params.get('source');
  if (!isSource(source)) return null;
  params.delete('source');
  const rest = params.toString();
  return { source, pathname, search: rest ? `?${rest}` : '' };
}

/** The query as a comparable text: its pairs sorted, so the order they were written in does not matter. */
function sortedQuery(search: string): string {
  return [...new URLSearchParams(search).entries()]
    .map(([k, v]) => `${k}=${v}`)
    .sort()
    .join('&');
}

/** The ids of the notifications whose link (with that source) is the one opened. */
export function notificationsOpenedBy(link: OpenedLink, notifications: readonly { id: string; type: string; resourceId: string | null }[]): string[] {
  const opened = sortedQuery(link.search);
  return notifications
    .filter((n) => {
      const path = notificationPath(n, link.source);
      if (!path) return false;
      const url = new URL(path, 'http://app.invalid');
      url.searchParams.delete('source');
      return url.pathname === link.pathname && sortedQuery(url.search) === opened;
    })
    .map((n) => n.id);
}
