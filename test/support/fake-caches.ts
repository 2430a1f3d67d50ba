/**
 * Test-only: an in-memory CacheStorage installed as the global `caches` (vi.stubGlobal), for the
 * service worker's image handler (sw/imageCache.test.ts) and the sync worker's task-pack
 * cache (workers/sync/pack.test.ts). Caches are keyed by URL, keys in insertion order like the
 * real ones; `open` creates a missing cache, `match` with a `cacheName` does not (as in browsers).
 * Unlike a browser it keeps any Response, including ones Node cannot mark opaque or redirected.
 */
import { vi } from 'vitest';

export type FakeEntries = Map<string, Response>;

const urlOf = (request: Request | string) => (typeof request === 'string' ? request : request.url);

function fakeCache(entries: FakeEntries) {
  return {
    match: async (request: Request | string) => entries.get(urlOf(request))?.clone(),
    put: async (request: Request | string, response: Response) => {
      entries.delete(urlOf(request));
      entries.set(urlOf(request), response);
    },
    keys: async () => [...entries.keys()].map((url) => new Request(url)),
    delete: async (request: Request | string) => entries.delete(urlOf(request)),
  };
}

/** Installs the fake as `caches`; answers every cache by name, and the entries of one (created when missing). */
export function installFakeCaches() {
  const caches = new Map<string, FakeEntries>();
  const entriesOf = (name: string) => {
    let entries = caches.get(name);
    if (!entries) {
      entries = new Map();
      caches.set(name, entries);
    }
    return entries;
  };
  vi.stubGlobal('caches', {
    open: async (name: string) => fakeCache(entriesOf(name)),
    has: async (name: string) => caches.has(name),
    keys: async () => [...caches.keys()],
    delete: async (name: string) => caches.delete(name),
    match: async (request: Request | string, options: { cacheName?: string } = {}) => {
      const names = options.cacheName ? [options.cacheName] : [...caches.keys()];
      for (const name of names) {
        const hit = caches.get(name)?.get(urlOf(request));
        if (hit) return hit.clone();
      }
      return undefined;
    },
  });
  return { caches, entriesOf };
}
