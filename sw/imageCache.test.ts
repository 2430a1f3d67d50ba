// Tests for the service worker's cache-first image handler (sw/imageCache.ts), its navigation rule
// (sw/navigation.ts) and what a new version's activation deletes.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RouteHandlerCallbackOptions } from 'workbox-core';
// Workbox's modules read `self` (a worker global) when imported: here it is Node's global object.
vi.hoisted(() => {
  const scope = globalThis as { self?: unknown; __WB_DISABLE_DEV_LOGS?: boolean };
  scope.self ??= globalThis;
  scope.__WB_DISABLE_DEV_LOGS = true;
});
import { deleteOutdatedCaches } from 'workbox-precaching/utils/deleteOutdatedCaches.js';
import { NavigationRoute } from 'workbox-routing';
import { installFakeCaches } from '../test/support/fake-caches';
import { IMAGE_CACHE_NAME, PACK_CACHE_NAME } from '#contracts/serviceWorker';
import { createCacheFirstHandler, isCacheableImageRequest } from './imageCache';
import { NAVIGATION_DENYLIST } from './navigation';

/** The runtime image cache's entries (the handlers below all use the name 'images'). */
function fakeCaches() {
  return installFakeCaches().entriesOf('images');
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

  it('takes the letters of authority served by the app (opened by a navigation, fetched by the task pack)', () => {
    expect(match('https://app.test/letters/maxima.pdf')).toBe(true);
    expect(match('https://cdn.test/letters/maxima.pdf', { sameOrigin: false })).toBe(false);
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

  it('serves the task pack’s copy first and never writes or trims the pack cache', async () => {
    const { entriesOf } = installFakeCaches();
    const pack = entriesOf('pack');
    pack.set('https://app.test/letters/maxima.pdf', new Response('%PDF-pack', { headers: { 'content-type': 'application/pdf' } }));
    pack.set('https://app.test/logos/a.svg', new Response('pack logo'));
    const fetchMock = vi.fn(async () => new Response('img'));
    vi.stubGlobal('fetch', fetchMock);
    const handler = createCacheFirstHandler('images', 2, ['pack']);

    const letter = await handler(options('https://app.test/letters/maxima.pdf'));
    expect(await letter.text()).toBe('%PDF-pack');
    expect(letter.headers.get('content-type')).toBe('application/pdf');
    // Three more images than the runtime cache holds: it is trimmed, the pack is not touched.
    for (const name of ['1', '2', '3']) await handler(options(`https://app.test/logos/${name}.svg`));
    await vi.waitFor(() => expect([...entriesOf('images').keys()]).toEqual(['https://app.test/logos/2.svg', 'https://app.test/logos/3.svg']));
    expect([...pack.keys()]).toEqual(['https://app.test/letters/maxima.pdf', 'https://app.test/logos/a.svg']);
    expect(await (await handler(options('https://app.test/logos/a.svg'))).text()).toBe('pack logo');
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('serves a pack image with the network off even after the runtime cache dropped it', async () => {
    const { entriesOf } = installFakeCaches();
    entriesOf('pack').set('https://app.test/media/target.jpg', new Response('target'));
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const handler = createCacheFirstHandler('images', 1, ['pack']);
    expect(await (await handler(options('https://app.test/media/target.jpg'))).text()).toBe('target');
    await expect(handler(options('https://app.test/media/other.jpg'))).rejects.toThrow('Failed to fetch');
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

describe('navigations', () => {
  const navigation = (path: string) => {
    const route = new NavigationRoute(async () => new Response('shell'), { denylist: NAVIGATION_DENYLIST });
    const url = new URL(path, 'https://app.test');
    // Node cannot build a Request in 'navigate' mode; the route only reads `mode`.
    const request = { mode: 'navigate', url: url.href } as unknown as Request;
    return Boolean(route.match({ url, request, sameOrigin: true, event: {} as ExtendableEvent }));
  };

  it('give deep links the app shell, but not the API nor a letter of authority', () => {
    expect(navigation('/task/123?lng=en')).toBe(true);
    expect(navigation('/reserved')).toBe(true);
    // Google's redirect back to the app (the callback screen sends the code itself).
    expect(navigation('/auth/google/callback?code=abc&state=def&iss=https%3A%2F%2Faccounts.google.com')).toBe(true);
    expect(navigation('/api/dev/mailbox')).toBe(false);
    expect(navigation('/letters/maxima.pdf')).toBe(false);
  });
});

describe('a new version’s activation', () => {
  it('deletes outdated precaches only: the runtime image cache and the task-pack cache stay', async () => {
    const { caches } = installFakeCaches();
    const scope = 'https://app.test/';
    const current = `workbox-precache-v2-${scope}`;
    for (const name of [current, `workbox-precache-${scope}`, IMAGE_CACHE_NAME, PACK_CACHE_NAME]) caches.set(name, new Map());
    vi.stubGlobal('registration', { scope });

    const deleted = await deleteOutdatedCaches(current);

    expect(deleted).toEqual([`workbox-precache-${scope}`]);
    expect([...caches.keys()].sort()).toEqual([IMAGE_CACHE_NAME, PACK_CACHE_NAME, current].sort());
  });
});
