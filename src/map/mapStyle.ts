/**
 * The map's styles. The offline basemap is the app's own: country borders and the
 * markets' cities from public/map (Natural Earth 1:50m, public domain; GeoNames cities, CC BY 4.0;
 * scripts/make-basemap.ts), precached by the service worker, so the map draws with no internet
 * and no tile server. No text layers: a style's labels need glyph files from a server; city names
 * are HTML markers instead (MapScreen). When the server names a tile service (MAP_STYLE_URL,
 * GET /api/map/config) the map uses it while online and falls back to this one when it fails.
 */
import type { StyleSpecification } from 'maplibre-gl';

export const OFFLINE_ATTRIBUTION = 'Natural Earth · GeoNames (CC BY 4.0)';

export interface MapStyleConfig {
  styleUrl: string | null;
  attribution: string | null;
}

export function offlineStyle(origin: string): StyleSpecification {
  return {
    version: 8,
    sources: {
      countries: { type: 'geojson', data: `${origin}/map/countries.json`, attribution: OFFLINE_ATTRIBUTION },
      cities: { type: 'geojson', data: `${origin}/map/cities.json` },
    },
    layers: [
      { id: 'water', type: 'background', paint: { 'background-color': '#cfe3ee' } },
      {
        id: 'land',
        type: 'fill',
        source: 'countries',
        paint: { 'fill-color': ['case', ['get', 'market'], '#f6f4ee', '#ecebe6'] },
      },
      {
        id: 'borders',
        type: 'line',
        source: 'countries',
        paint: { 'line-color': '#9a958a', 'line-width': ['interpolate', ['linear'], ['zoom'], 5, 0.8, 10, 1.6] },
      },
      {
        id: 'cities',
        type: 'circle',
        source: 'cities',
        filter: ['any', ['get', 'capital'], ['>=', ['zoom'], ['case', ['>=', ['get', 'population'], 300000], 5, 7]]],
        paint: {
          'circle-radius': ['interpolate', ['linear'], ['zoom'], 5, 2, 10, 4],
          'circle-color': '#6b675e',
          'circle-stroke-color': '#ffffff',
          'circle-stroke-width': 1,
        },
      },
    ],
  };
}

let configPromise: Promise<MapStyleConfig> | null = null;

/** GET /api/map/config once per page (offline or failing: no tile service, the offline basemap). */
export function loadMapStyleConfig(): Promise<MapStyleConfig> {
  const none: MapStyleConfig = { styleUrl: null, attribution: null };
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return Promise.resolve(none);
  configPromise ??= fetch('/api/map/config', { headers: { accept: 'application/json' } })
    .then(async (res) => (res.ok ? ((await res.json()) as MapStyleConfig) : none))
    .then((c) => ({ styleUrl: typeof c.styleUrl === 'string' ? c.styleUrl : null, attribution: typeof c.attribution === 'string' ? c.attribution : null }))
    .catch(() => {
      configPromise = null;
      return none;
    });
  return configPromise;
}

export interface CityFeature {
  name: string;
  population: number;
  capital: boolean;
  coordinates: [number, number];
}

let citiesPromise: Promise<CityFeature[]> | null = null;

/** The city names shown as labels (same file the style draws the dots from). */
export function loadCities(origin: string): Promise<CityFeature[]> {
  citiesPromise ??= fetch(`${origin}/map/cities.json`)
    .then((res) => (res.ok ? res.json() : { features: [] }))
    .then((fc: { features?: { properties: Omit<CityFeature, 'coordinates'>; geometry: { coordinates: [number, number] } }[] }) =>
      (fc.features ?? []).map((f) => ({ ...f.properties, coordinates: f.geometry.coordinates })),
    )
    .catch(() => {
      citiesPromise = null;
      return [];
    });
  return citiesPromise;
}

/** Which cities are labelled at a zoom, as the style draws their dots: capitals and cities over 300 000 always, all from zoom 7. */
export function citiesAtZoom(cities: readonly CityFeature[], zoom: number): CityFeature[] {
  return cities.filter((c) => c.capital || c.population >= 300_000 || zoom >= 7);
}

/** Does this browser give a WebGL context? Without one MapLibre cannot draw ('Cannot load map'). */
export function hasWebGL(): boolean {
  try {
    const canvas = document.createElement('canvas');
    return !!(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
  } catch {
    return false;
  }
}
