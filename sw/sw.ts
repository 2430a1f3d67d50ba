/**
 * The Shelfwork service worker (built by vite-plugin-pwa in injectManifest mode).
 *
 * Owns: the precache of the app shell, icons and all five compiled catalogs (so the app starts and
 * deep links open with the network off), the runtime cache for logos and task images (served after
 * the sync worker's task-pack cache, which only the sync worker writes and prunes), and the
 * background-sync wake-up. It never owns a mutation: the Dexie outbox does (DESIGN.md, "The write
 * path"). Workbox's queue deletes a request on any HTTP answer and expires after 7 days, so here it
 * is only (a) a closed-app delivery path for outbox requests that hit a network error and (b) the
 * reason the browser wakes us on connectivity, after which every open client is told to drain.
 */
/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { Queue } from 'workbox-background-sync';
import {
  IDEMPOTENCY_HEADER,
  IMAGE_CACHE_NAME,
  OUTBOX_QUEUE_NAME,
  PACK_CACHE_NAME,
  RECORDED_AT_HEADER,
  isToServiceWorkerMessage,
  type FromServiceWorkerMessage,
  type SyncNowMessage,
} from '#contracts/serviceWorker';
import { createCacheFirstHandler, isCacheableImageRequest } from './imageCache';
import { NAVIGATION_DENYLIST } from './navigation';
import { registerPushHandlers } from './push';
import { isMapResourceRequest, isMapStyleRequest, mapResourceHandler, mapStyleHandler } from './mapCache';
import { isBatchRequest, replayInBatches, splitBatch } from './batchReplay';

declare let self: ServiceWorkerGlobalScope;

/** The lib has no type for Background Sync's event. */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

// ---------------------------------------------------------------------------------------------
// Precache: everything Vite emitted that matches vite.config.ts's globPatterns (index.html, JS
// chunks including the lazily imported catalogs src/locales/*/messages.po, CSS, icons, manifest).
precacheAndRoute(self.__WB_MANIFEST);
// Deletes only caches named `*-precache-*` other than the current one: the runtime image cache
// and the task-pack cache (PACK_CACHE_NAME) survive a new version's activation.
cleanupOutdatedCaches();

// Deep links work offline: every navigation gets the precached shell, except the API (and the
// dev mailbox under it) which must reach the server, and the letters of authority (PDFs opened in
// a new tab), which the image route below serves from the task-pack cache.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    denylist: NAVIGATION_DENYLIST,
  }),
);

// Logos, task images and documents: the task pack's copy first (never trimmed), then the
// runtime cache (cache-first, bounded), then the network.
registerRoute(isCacheableImageRequest, createCacheFirstHandler(IMAGE_CACHE_NAME, undefined, [PACK_CACHE_NAME]), 'GET');
// The map's tile service: tiles, glyphs, sprites cache-first with a cap, its style
// network-first; registered after the image route, which keeps task images (sw/mapCache.ts).
registerRoute(isMapResourceRequest, mapResourceHandler, 'GET');
registerRoute(isMapStyleRequest, mapStyleHandler, 'GET');

// ---------------------------------------------------------------------------------------------
// Background sync.

async function notifyClients(message: FromServiceWorkerMessage): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of windows) client.postMessage(message);
}

async function queueSize(q: Queue): Promise<number> {
  return (await q.getAll()).length;
}

/** Replays what the queue holds, then tells clients to drain their outbox (which holds the real copy). */
async function replayAndNotify(q: Queue, reason: SyncNowMessage['reason']): Promise<void> {
  try {
    // In batches (POST /api/batch), record by record on a server without it (sw/batchReplay.ts).
    await replayInBatches(q, (request) => fetch(request), self.location.origin);
  } finally {
    // Even when the replay failed part-way the clients should try: their outbox has everything,
    // and its backoff decides what to do next.
    await notifyClients({ type: 'shelfwork-sync', reason, remaining: await queueSize(q) });
  }
}

const queue = new Queue(OUTBOX_QUEUE_NAME, {
  // Minutes. The outbox retries forever; this copy is only a wake-up path.
  maxRetentionTime: 7 * 24 * 60,
  // Rethrowing keeps the browser's retry schedule for the sync event. Uses the queue it is given:
  // without Background Sync, Workbox calls this from the constructor, before `queue` is assigned.
  onSync: ({ queue: q }) => replayAndNotify(q, 'sync-event'),
});

const MUTATING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function isOutboxMutation(request: Request, url: URL): boolean {
  return (
    url.origin === self.location.origin &&
    url.pathname.startsWith('/api/') &&
    MUTATING_METHODS.has(request.method) &&
    // Only outbox records carry both; replaying anything else could repeat an effect (login,
    // send-code) or do later what the tasker was told did not happen (an offline reserve or cancel).
    request.headers.has(IDEMPOTENCY_HEADER) &&
    request.headers.has(RECORDED_AT_HEADER)
  );
}

/**
 * Queues a request once per Idempotency-Key: the outbox retries the same record with backoff while
 * offline, and every failed attempt passes through here. Replaying duplicates would be harmless
 * (the server deduplicates) but wasteful on a bad connection.
 */
async function enqueueOnce(request: Request): Promise<void> {
  const key = request.headers.get(IDEMPOTENCY_HEADER);
  const queued = await queue.getAll();
  if (queued.some((entry) => entry.request.headers.get(IDEMPOTENCY_HEADER) === key)) return;
  await queue.pushRequest({ request });
}

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (isBatchRequest(event.request, url, self.location.origin)) {
    // The worker's batch of outbox records: on a network error each record is kept on its own.
    const batch = event.request.clone();
    event.respondWith(
      fetch(event.request).catch(async (error: unknown) => {
        for (const request of await splitBatch(batch).catch(() => [])) await enqueueOnce(request).catch(() => undefined);
        throw error;
      }),
    );
    return;
  }
  if (!isOutboxMutation(event.request, url)) return;
  // Clone before the network consumes the body: the queue needs it if the network fails.
  const copy = event.request.clone();
  event.respondWith(
    fetch(event.request).catch(async (error: unknown) => {
      // Network error only (any HTTP answer, even 5xx, resolves and is the outbox's business).
      await enqueueOnce(copy).catch(() => undefined);
      // The caller still sees the failure, so its outbox record stays pending.
      throw error;
    }),
  );
});

// Any sync event — the Workbox queue's own tag is handled by the Queue above; other tags (the
// page's SYNC_TAG) only need the clients to wake up.
self.addEventListener('sync', (event) => {
  const syncEvent = event as SyncEvent;
  if (syncEvent.tag === `workbox-background-sync:${OUTBOX_QUEUE_NAME}`) return;
  syncEvent.waitUntil(notifyClients({ type: 'shelfwork-sync', reason: 'sync-event' }));
});

// A tapped reminder opens its task (ExpiryReminders puts the path in `data.url`), reusing a tab.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  const path = typeof data?.url === 'string' && data.url.startsWith('/') ? data.url : '/';
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows[0];
      if (open) {
        await open.focus();
        await open.navigate(path).catch(() => undefined);
        return;
      }
      await self.clients.openWindow(path);
    })(),
  );
});

// ---------------------------------------------------------------------------------------------
// Messages from clients.

self.addEventListener('message', (event) => {
  const data: unknown = event.data;
  if (!isToServiceWorkerMessage(data)) return;
  const source = event.source;
  const reply = (message: FromServiceWorkerMessage) => {
    if (source && 'postMessage' in source) (source as Client).postMessage(message);
  };
  switch (data.type) {
    case 'skip-waiting':
      event.waitUntil(self.skipWaiting());
      break;
    case 'replay':
      // iOS Safari has no Background Sync, and Chromium does not replay on restart: the page asks.
      event.waitUntil(
        replayAndNotify(queue, 'replay').then(
          async () => reply({ type: 'replay-done', ok: true, remaining: await queueSize(queue) }),
          async () => reply({ type: 'replay-done', ok: false, remaining: await queueSize(queue) }),
        ),
      );
      break;
    case 'queue-size':
      event.waitUntil(queueSize(queue).then((size) => reply({ type: 'queue-size', size })));
      break;
  }
});

// Web push: show pushes, open their screen on a click (sw/push.ts).
registerPushHandlers(self);

// A new worker takes over open pages as soon as it activates (it only activates after
// `skip-waiting` or once every old tab is gone).
clientsClaim();
