/** Which requests the service worker keeps for the map (tile services only; never the app's own files). */
import { describe, expect, it } from 'vitest';
import type { RouteMatchCallbackOptions } from 'workbox-core';
import { isMapResourceRequest, isMapStyleRequest } from './mapCache';

const APP = 'https://app.shelfwork.test';
function req(href: string, destination: RequestDestination = '', method = 'GET'): RouteMatchCallbackOptions {
  const url = new URL(href);
  return { url, sameOrigin: url.origin === APP, request: { method, destination } as Request, event: {} as ExtendableEvent } as RouteMatchCallbackOptions;
}

describe('map caching rules', () => {
  it('keeps tiles, glyphs and sprites of a tile service', () => {
    expect(isMapResourceRequest(req('https://tiles.example.test/data/v3/7/73/40.pbf'))).toBe(true);
    expect(isMapResourceRequest(req('https://tiles.example.test/raster/10/585/322@2x.png', 'image'))).toBe(true);
    expect(isMapResourceRequest(req('https://tiles.example.test/fonts/Noto%20Sans%20Regular/0-255.pbf'))).toBe(true);
    expect(isMapResourceRequest(req('https://tiles.example.test/styles/basic/sprite@2x.json'))).toBe(true);
  });

  it('never the app itself, its API, POSTs or arbitrary cross-origin files', () => {
    expect(isMapResourceRequest(req(`${APP}/map/countries.json`))).toBe(false);
    expect(isMapResourceRequest(req(`${APP}/tiles/7/73/40.pbf`))).toBe(false);
    expect(isMapResourceRequest(req('https://tiles.example.test/data/v3/7/73/40.pbf', '', 'POST'))).toBe(false);
    expect(isMapResourceRequest(req('https://cdn.example.test/images/shelf.jpg', 'image'))).toBe(false);
    expect(isMapStyleRequest(req(`${APP}/api/map/config`))).toBe(false);
  });

  it('a style or TileJSON fetched by MapLibre goes network-first', () => {
    expect(isMapStyleRequest(req('https://tiles.example.test/styles/basic/style.json'))).toBe(true);
    expect(isMapStyleRequest(req('https://tiles.example.test/data/v3.json'))).toBe(true);
    expect(isMapStyleRequest(req('https://tiles.example.test/styles/basic/sprite.json'))).toBe(false);
    expect(isMapStyleRequest(req('https://tiles.example.test/styles/basic/style.json', 'script'))).toBe(false);
  });
});
