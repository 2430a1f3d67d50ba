/**
 * The map's tile service resources, kept for offline in their own bounded runtime cache:
 * vector/raster tiles, glyph ranges and sprites cache-first (they change rarely; the cap bounds
 * the storage), the style and TileJSON network-first (a new style version arrives when online,
 * the last one seen serves offline). Recognised by their URL shape, cross-origin only: the app's
 * own offline basemap (public/map) is precached and never passes here. No workbox-expiration:
 * the image cache's cap-by-count handler (imageCache.ts) does the job without a new dependency.
 */
import type { RouteHandlerCallbackOptions, RouteMatchCallbackOptions } from 'workbox-core';
import { createCacheFirstHandler } from './imageCache';

export const MAP_CACHE_NAME = 'shelfwork-map-v1';
export const MAP_STYLE_CACHE_NAME = 'shelfwork-map-style-v1';
/** ~800 tiles: a city and its region at the zooms a tasker uses, a few tens of MB at most. */
export const MAP_MAX_ENTRIES = 800;
const STYLE_MAX_ENTRIES = 20;

const TILE = /\/\d{1,2}\/\d{1,7}\/\d{1,7}(@\dx)?\.(pbf|mvt|png|jpe?g|webp)$/i;
const GLYPHS = /\/\d{1,5}-\d{1,5}\.pbf$/i;
const SPRITE = /\/sprite(@\dx)?\.(json|png)$/i;
const STYLE = /(\/style\.json|\/tiles\.json|\.json)$/i;

function crossOriginGet({ request, url, sameOrigin }: RouteMatchCallbackOptions): boolean {
  return request.method === 'GET' && !sameOrigin && (url.protocol === 'https:' || url.protocol === 'http:');
}

/** Tiles, glyphs and sprites of a tile service. */
export function isMapResourceRequest(options: RouteMatchCallbackOptions): boolean {
  if (!crossOriginGet(options)) return false;
  const path = options.url.pathname;
  return TILE.test(path) || GLYPHS.test(path) || SPRITE.test(path);
}

/** A tile service's style or TileJSON (MapLibre fetches them from its worker: destination ''). */
export function isMapStyleRequest(options: RouteMatchCallbackOptions): boolean {
  return crossOriginGet(options) && options.request.destination === '' && STYLE.test(options.url.pathname) && !isMapResourceRequest(options);
}

export const mapResourceHandler = createCacheFirstHandler(MAP_CACHE_NAME, MAP_MAX_ENTRIES);

/** Network first; the last good answer when the network fails. */
export async function mapStyleHandler({ request, event }: RouteHandlerCallbackOptions): Promise<Response> {
  const cache = await caches.open(MAP_STYLE_CACHE_NAME);
  try {
    const response = await fetch(request);
    if (response.ok) {
      const store = cache.put(request, response.clone()).then(async () => {
        const keys = await cache.keys();
        for (const key of keys.slice(0, Math.max(0, keys.length - STYLE_MAX_ENTRIES))) await cache.delete(key);
      });
      if (event && 'waitUntil' in event) (event as ExtendableEvent).waitUntil(store.catch(() => undefined));
    }
    return response;
  } catch (err) {
    const cached = await cache.match(request, { ignoreVary: true });
    if (cached) return cached;
    throw err;
  }
}
