/**
 * A small cache-first handler for retailer logos, task images and task documents (the service
 * worker's runtime image cache). Written here instead of pulling in workbox-strategies: the rules
 * are few — serve from the task-pack cache or the runtime cache when present, otherwise fetch,
 * store good answers in the runtime cache, and keep that one bounded.
 */
import type { RouteHandlerCallbackOptions, RouteMatchCallbackOptions } from 'workbox-core';
import { LETTERS_PATH_PREFIX } from '#contracts/serviceWorker';

/** Same-origin paths whose content is an image (or a task document) whatever the request's
 * destination: the sync worker fetches task-pack images with `fetch` (destination ''), and a
 * letter of authority is opened by a navigation (a new tab). */
const IMAGE_PATH_PREFIXES = ['/logos/', '/images/', '/media/', '/uploads/', LETTERS_PATH_PREFIX, '/api/files/', '/api/photos/', '/api/images/'];

export const DEFAULT_MAX_ENTRIES = 300;

export function isCacheableImageRequest({ request, url, sameOrigin }: RouteMatchCallbackOptions): boolean {
  if (request.method !== 'GET') return false;
  if (sameOrigin && IMAGE_PATH_PREFIXES.some((prefix) => url.pathname.startsWith(prefix))) return true;
  // <img> loads of task images, wherever they live (task types may point at a CDN).
  return request.destination === 'image' && (url.protocol === 'https:' || url.protocol === 'http:');
}

/** Opaque answers (no-cors cross-origin images) cannot be checked; keep them, the cap bounds the cost. */
function isStorable(response: Response): boolean {
  return response.ok || response.type === 'opaque';
}

/** Drops the oldest entries (Cache keys come back in insertion order) above `maxEntries`. */
async function trim(cache: Cache, maxEntries: number): Promise<void> {
  const keys = await cache.keys();
  const excess = keys.length - maxEntries;
  for (let i = 0; i < excess; i += 1) {
    const key = keys[i];
    if (key) await cache.delete(key);
  }
}

/**
 * `cacheName` is the runtime cache this handler fills and trims to `maxEntries`. `readOnlyCaches`
 * (the task-pack cache) are looked in first and never written or trimmed here: what the sync
 * worker stored for a reserved task stays until the sync worker deletes it.
 */
export function createCacheFirstHandler(cacheName: string, maxEntries = DEFAULT_MAX_ENTRIES, readOnlyCaches: readonly string[] = []) {
  return async ({ request, event }: RouteHandlerCallbackOptions): Promise<Response> => {
    for (const name of readOnlyCaches) {
      // caches.match with a cacheName does not create a missing cache (caches.open would).
      const kept = await caches.match(request, { cacheName: name, ignoreVary: true });
      if (kept) return kept;
    }
    const cache = await caches.open(cacheName);
    const cached = await cache.match(request, { ignoreVary: true });
    if (cached) return cached;
    // Network errors propagate: an image that was never cached cannot be shown offline.
    const response = await fetch(request);
    if (isStorable(response)) {
      const store = cache.put(request, response.clone()).then(() => trim(cache, maxEntries));
      // Keep the worker alive until the write lands, without delaying the answer.
      if (event && 'waitUntil' in event) (event as ExtendableEvent).waitUntil(store.catch(() => undefined));
      else void store.catch(() => undefined);
    }
    return response;
  };
}
