/**
 * The message protocol between the page/workers and the service worker (sw/sw.ts), and the names
 * both sides must agree on. Pure constants and types: imported by the service worker bundle and the
 * page, so it must not touch the DOM.
 */

/** Workbox background-sync queue name (its sync tag is `workbox-background-sync:<name>`). */
export const OUTBOX_QUEUE_NAME = 'shelfwork-outbox';

/**
 * A plain sync tag the page may register (`registration.sync.register(SYNC_TAG)`) when its Dexie
 * outbox has records, so the browser wakes the service worker on connectivity even when the
 * Workbox queue is empty. The service worker answers any sync event with a `shelfwork-sync` message.
 */
export const SYNC_TAG = 'shelfwork-sync';

/**
 * Runtime cache for retailer logos and task images (cache-first), trimmed to its newest entries
 * (sw/imageCache.ts): browsing long lists can push any image out of it.
 */
export const IMAGE_CACHE_NAME = 'shelfwork-images';

/**
 * The task packs' images and documents (the letter of authority), written only by the sync worker
 * (workers/sync/pack.ts) and never trimmed by the service worker, which reads it before its own
 * image cache. Entries no reserved / in-progress task needs are deleted by the sync worker
 * (`maintainPackCache`). Not a `-precache-` name, so Workbox's cleanup of old precaches on a new
 * version's activation leaves it alone; bump the suffix only with a migration of its entries.
 */
export const PACK_CACHE_NAME = 'shelfwork-pack-v1';

/**
 * Same-origin path of the letters of authority the app serves itself (public/letters/, one PDF
 * per retailer; see scripts/make-letters.ts). A navigation there opens the document, not the app.
 */
export const LETTERS_PATH_PREFIX = '/letters/';

/**
 * Mutations carrying this header and RECORDED_AT_HEADER are outbox records (the header value is the
 * record id). Only they are put in the Workbox queue on a network error: replaying them is safe
 * because the server deduplicates by key. Requests without it (login, send-code) are never replayed.
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/**
 * When the phone recorded an outbox record's work; every outbox record sends it. The online-only
 * commands (reserve, cancel) carry an Idempotency-Key for the server's retry safety but not this
 * header: they answer 'NETWORK' when offline and must never be replayed later behind the tasker's back.
 */
export const RECORDED_AT_HEADER = 'Shelfwork-Recorded-At';

/** Service worker → clients: "connectivity/background sync happened, drain your outbox now". */
export interface SyncNowMessage {
  type: 'shelfwork-sync';
  /** Why: a browser `sync` event, a replay asked for by a client, or a push (news to pull, e.g. staff's decision on the profile). */
  reason: 'sync-event' | 'replay' | 'push';
  /** How many requests were still in the Workbox queue after the replay. */
  remaining?: number;
}

/** Service worker → the client that sent `replay`: the replay finished. */
export interface ReplayDoneMessage {
  type: 'replay-done';
  ok: boolean;
  remaining: number;
}

/** Clients → service worker. `replay` exists for iOS Safari (no Background Sync) and for tests. */
export type ToServiceWorkerMessage = { type: 'skip-waiting' } | { type: 'replay' } | { type: 'queue-size' };

/** Service worker → the client that sent `queue-size`. */
export interface QueueSizeMessage {
  type: 'queue-size';
  size: number;
}

export type FromServiceWorkerMessage = SyncNowMessage | ReplayDoneMessage | QueueSizeMessage;

/** Narrowing helper for `message` events (data from another runtime is untrusted). */
export function isFromServiceWorkerMessage(data: unknown): data is FromServiceWorkerMessage {
  if (typeof data !== 'object' || data === null) return false;
  const type = (data as { type?: unknown }).type;
  return type === 'shelfwork-sync' || type === 'replay-done' || type === 'queue-size';
}

export function isToServiceWorkerMessage(data: unknown): data is ToServiceWorkerMessage {
  if (typeof data !== 'object' || data === null) return false;
  const type = (data as { type?: unknown }).type;
  return type === 'skip-waiting' || type === 'replay' || type === 'queue-size';
}
