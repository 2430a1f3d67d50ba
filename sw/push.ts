/**
 * Web push in the service worker: a push shows a notification with the words the
 * server made in the tasker's language (server/notifications/push.ts, `PushPayload`); a click on
 * it focuses an open Shelfwork window and moves it to the screen the push is about, or opens one
 * there (`?source=push_notification`, set by the server). Only same-origin paths are opened.
 */
/// <reference lib="webworker" />
import type { SyncNowMessage } from '#contracts/serviceWorker';

export interface PushData {
  title: string;
  body: string;
  url: string;
  tag: string;
}

const ICON = '/icons/icon-192.png';

/** The push's JSON, trusted only with the expected shape; a bare text push still shows. */
export function readPushData(text: string | null): PushData {
  let value: unknown = null;
  try {
    value = text ? JSON.parse(text) : null;
  } catch {
    value = null;
  }
  const v = (value ?? {}) as Partial<PushData>;
  return {
    title: typeof v.title === 'string' && v.title !== '' ? v.title : 'Shelfwork',
    body: typeof v.body === 'string' ? v.body : value === null && text ? text : '',
    url: typeof v.url === 'string' ? v.url : '/',
    tag: typeof v.tag === 'string' ? v.tag : '',
  };
}

/** A same-origin absolute URL for the path (anything else opens the app's start). */
export function targetUrl(path: unknown, origin: string): string {
  if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//')) return `${origin}/`;
  const url = new URL(path, origin);
  return url.origin === origin ? url.href : `${origin}/`;
}

export function registerPushHandlers(sw: ServiceWorkerGlobalScope): void {
  sw.addEventListener('push', (event) => {
    const data = readPushData(event.data ? event.data.text() : null);
    event.waitUntil(
      Promise.all([
        sw.registration.showNotification(data.title, {
          body: data.body,
          tag: data.tag || undefined,
          icon: ICON,
          badge: ICON,
          data: { url: data.url },
        }),
        // An open app syncs at once: a push is news to pull (staff's decision reaches the onboarding screen without waiting for the next minute).
        tellWindowsToSync(sw),
      ]),
    );
  });

  sw.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const url = targetUrl((event.notification.data as { url?: unknown } | null)?.url, sw.location.origin);
    const opening = openTarget(sw, url);
    try {
      event.waitUntil(opening);
    } catch {
      // An event the browser did not dispatch (a test's NotificationEvent) cannot be extended; it still opens.
    }
  });
}

async function tellWindowsToSync(sw: ServiceWorkerGlobalScope): Promise<void> {
  const message: SyncNowMessage = { type: 'shelfwork-sync', reason: 'push' };
  const windows = await sw.clients.matchAll({ type: 'window' }).catch(() => []);
  for (const client of windows) client.postMessage(message);
}

/** Moves an open Shelfwork window to `url` (focused when allowed), or opens a new one there. */
async function openTarget(sw: ServiceWorkerGlobalScope, url: string): Promise<void> {
  const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((c) => new URL(c.url).origin === sw.location.origin) as WindowClient | undefined;
  if (open) {
    const moved = await open.navigate(url).catch(() => null);
    await (moved ?? open).focus().catch(() => undefined);
    return;
  }
  await sw.clients.openWindow(url);
}
