// Tests for the service worker's cache-first image handler (sw/imageCache.ts). It lives outside
// vitest's include globs, so its tests sit next to the page-side PWA code.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RouteHandlerCallbackOptions } from 'workbox-core';
import { createCacheFirstHandler, isCacheableImageRequest } from '../../sw/imageCache';

/** A CacheStorage with one in-memory Cache, keyed by URL, keys in insertion order like the real one. */
function fakeCaches() {
  const entries = new Map<string, Response>();
  const cache = {
    match: async (request: Request) => entries.get(request.url)?.clone(),
    put: async (request: Request, response: Response) => {
      entries.delete(request.url);
      entries.set(request.url, response);
    },
    keys: async () => [...entries.keys()].map((url) => new Request(url)),
    delete: async (request: Request) => entries.delete(request.url),
  };
  vi.stubGlobal('caches', { open: async () => cache });
  return entries;
}

function options(url: string): RouteHandlerCallbackOptions {
  const waits: Promise<unknown>[] = [];
  const event = { waitUntil: (p: Promise<unknown>) => waits.push(p) } as unknown as ExtendableEvent;
  return { request: new Request(url), url: new URL(url), event, params: undefined };
}

afterEach(() => vi.unstubAllGlobals());

describe('isCacheableImageRequest', () => {
  const match = (url: string, init: { method?: string; sameOrigin?: boolean } = {}) =>
    isCacheableImageRequest({
      request: new Request(url, { method: init.method ?? 'GET' }),
      url: new URL(url),
      sameOrigin: init.sameOrigin ?? true,
      event: {} as ExtendableEvent,
    });

  it('takes same-origin logos and uploaded images whatever the request destination', () => {
    expect(match('https://app.test/logos/maxima.svg')).toBe(true);
    expect(match('https://app.test/api/files/abc.jpg')).toBe(true);
  });

  it('leaves API calls, other files and non-GET requests alone', () => {
    expect(match('https://app.test/api/task?status=available')).toBe(false);
    expect(match('https://app.test/assets/index.js')).toBe(false);
    expect(match('https://app.test/logos/maxima.svg', { method: 'POST' })).toBe(false);
    expect(match('https://cdn.test/logos/x.svg', { sameOrigin: false })).toBe(false);
  });
});

describe('createCacheFirstHandler', () => {
  it('serves the cached copy without touching the network', async () => {
    const entries = fakeCaches();
    entries.set('https://app.test/logos/a.svg', new Response('cached'));
    const fetchMock = vi.fn(async () => new Response('network'));
    vi.stubGlobal('fetch', fetchMock);
    const response = await createCacheFirstHandler('images')(options('https://app.test/logos/a.svg'));
    expect(await response.text()).toBe('cached');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('fetches and stores a missing image, but never stores an error answer', async () => {
    const entries = fakeCaches();
    vi.stubGlobal('fetch', async (request: Request) =>
      request.url.endsWith('missing.svg') ? new Response('no', { status: 404 }) : new Response('fresh'),
    );
    const handler = createCacheFirstHandler('images');
    expect(await (await handler(options('https://app.test/logos/b.svg'))).text()).toBe('fresh');
    expect((await handler(options('https://app.test/logos/missing.svg'))).status).toBe(404);
    await vi.waitFor(() => expect([...entries.keys()]).toEqual(['https://app.test/logos/b.svg']));
  });

  it('keeps at most maxEntries images, dropping the oldest', async () => {
    const entries = fakeCaches();
    vi.stubGlobal('fetch', async () => new Response('img'));
    const handler = createCacheFirstHandler('images', 2);
    for (const name of ['1', '2', '3']) await handler(options(`https://app.test/logos/${name}.svg`));
    await vi.waitFor(() =>
      expect([...entries.keys()]).toEqual(['https://app.test/logos/2.svg', 'https://app.test/logos/3.svg']),
    );
  });
});
