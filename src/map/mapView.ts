/**
 * The map's view in the URL (spec section 2: /map/{taskStatus}?lat=&lng=&zoom=): reading it with
 * the spec's defaults (section 9: LT centre, zoom 7; zoom 10 on the tasker's position; minimum
 * zoom 5), writing it rounded, and the debounce that keeps the URL 200 ms behind a moving map.
 */
import { MAP_DEFAULTS, MARKET_CENTRES } from '#domain/map';
import type { Coordinates, CountryCode } from '#domain/types';

export interface MapView {
  latitude: number;
  longitude: number;
  zoom: number;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

function number(params: URLSearchParams, name: string): number | null {
  const raw = params.get(name);
  if (raw === null || raw.trim() === '') return null;
  const value = Number(raw);
  return Number.isFinite(value) ? value : null;
}

/**
 * The view a map opens with: the URL's lat/lng/zoom when valid; else the tasker's position at
 * zoom 10 when known; else the centre of the tasker's market (LT when not known) at zoom 7. A zoom
 * alone keeps the default centre.
 */
export function readMapView(params: URLSearchParams, position: Coordinates | null, market: CountryCode | null = null): { view: MapView; fromUrl: boolean } {
  const lat = number(params, 'lat');
  const lng = number(params, 'lng');
  const zoom = number(params, 'zoom');
  const validCentre = lat !== null && lng !== null && Math.abs(lat) <= 85 && Math.abs(lng) <= 180;
  const centre = validCentre ? { latitude: lat, longitude: lng } : (position ?? (market ? MARKET_CENTRES[market] : MAP_DEFAULTS.center));
  const defaultZoom = !validCentre && position ? MAP_DEFAULTS.locatedZoom : MAP_DEFAULTS.zoom;
  return {
    view: {
      latitude: centre.latitude,
      longitude: centre.longitude,
      zoom: clamp(zoom ?? defaultZoom, MAP_DEFAULTS.minZoom, MAP_DEFAULTS.maxZoom),
    },
    fromUrl: validCentre,
  };
}

/** The URL's search params with the view (5 decimals ≈ 1 m; zoom to 2), other params kept. */
export function writeMapView(params: URLSearchParams, view: MapView): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set('lat', view.latitude.toFixed(5));
  next.set('lng', view.longitude.toFixed(5));
  next.set('zoom', (Math.round(view.zoom * 100) / 100).toString());
  return next;
}

export interface Debounced<A> {
  (arg: A): void;
  /** Drops a waiting call. */
  cancel: () => void;
  /** Runs a waiting call now. */
  flush: () => void;
}

/** `fn` runs `ms` after the last call, with that call's argument. */
export function debounce<A>(fn: (arg: A) => void, ms: number): Debounced<A> {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending: { arg: A } | null = null;
  const run = () => {
    timer = null;
    const call = pending;
    pending = null;
    if (call) fn(call.arg);
  };
  const debounced = ((arg: A) => {
    pending = { arg };
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(run, ms);
  }) as Debounced<A>;
  debounced.cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    pending = null;
  };
  debounced.flush = () => {
    if (timer !== null) clearTimeout(timer);
    run();
  };
  return debounced;
}
