/**
 * A place's coordinates as an author types or picks them: decimal degrees, typed as two fields or
 * pasted as one "lat, lng" pair (what a map service's "copy coordinates" gives), kept to six
 * decimals (≈ 0.1 m, far finer than the 1000 m start geofence needs). Pure.
 */
import type { CountryCode } from './markets';

export interface LatLng {
  latitude: number;
  longitude: number;
}

export type CoordinateError = 'REQUIRED' | 'INVALID' | 'OUT_OF_RANGE';

const NUMBER_RE = /^-?\d{1,3}(?:[.,]\d+)?$/;

/** A typed degree value (a comma decimal separator accepted) within ±`limit`, or its error. */
export function readDegrees(text: string, limit: 90 | 180): { value: number; error: null } | { value: null; error: CoordinateError } {
  const v = text.trim();
  if (v === '') return { value: null, error: 'REQUIRED' };
  if (!NUMBER_RE.test(v)) return { value: null, error: 'INVALID' };
  const n = Number(v.replace(',', '.'));
  if (!Number.isFinite(n)) return { value: null, error: 'INVALID' };
  if (Math.abs(n) > limit) return { value: null, error: 'OUT_OF_RANGE' };
  return { value: roundDegrees(n), error: null };
}

export function roundDegrees(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}

/** "54.6872, 25.2797" or "54.6872 25.2797" → both values; null when the text is not such a pair. */
export function readPair(text: string): LatLng | null {
  const m = /^\s*(-?\d{1,3}(?:\.\d+)?)\s*[,;\s]\s*(-?\d{1,3}(?:\.\d+)?)\s*$/.exec(text);
  if (!m) return null;
  const lat = readDegrees(m[1]!, 90);
  const lng = readDegrees(m[2]!, 180);
  return lat.error || lng.error ? null : { latitude: lat.value, longitude: lng.value };
}

/**
 * The markets' rough extents (a generous box around each country), to warn — not refuse — when a
 * place's pin lies outside its market: a swapped latitude and longitude is the usual mistake.
 */
const MARKET_BOXES: Record<CountryCode, { south: number; west: number; north: number; east: number }> = {
  LT: { south: 53.8, west: 20.9, north: 56.5, east: 26.9 },
  PL: { south: 49.0, west: 14.1, north: 54.9, east: 24.2 },
  CZ: { south: 48.5, west: 12.0, north: 51.1, east: 18.9 },
  RO: { south: 43.6, west: 20.2, north: 48.3, east: 29.8 },
};

export function isInsideMarket(point: LatLng, market: CountryCode): boolean {
  const b = MARKET_BOXES[market];
  return point.latitude >= b.south && point.latitude <= b.north && point.longitude >= b.west && point.longitude <= b.east;
}

/** A new place as the author fills it in (POST /api/staff/places). */
export interface PlaceFormValues {
  title: string;
  address: string;
  city: string;
  countryCode: CountryCode | '';
  retailerId: string;
  latitude: string;
  longitude: string;
}

export function emptyPlaceForm(countryCode: CountryCode | '' = ''): PlaceFormValues {
  return { title: '', address: '', city: '', countryCode, retailerId: '', latitude: '', longitude: '' };
}

const PLACE_LIMITS = { title: 120, address: 200, city: 80 } as const;

/** The same checks as the server's place reader (server/staff/service.ts), as field codes. */
export function placeFormErrors(values: PlaceFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of ['title', 'address', 'city'] as const) {
    const v = values[field].trim();
    if (v === '') errors[field] = 'REQUIRED';
    else if (v.length > PLACE_LIMITS[field]) errors[field] = 'TOO_LONG';
  }
  if (values.countryCode === '') errors.countryCode = 'REQUIRED';
  if (values.retailerId === '') errors.retailerId = 'REQUIRED';
  const lat = readDegrees(values.latitude, 90);
  const lng = readDegrees(values.longitude, 180);
  if (lat.error) errors.latitude = lat.error;
  if (lng.error) errors.longitude = lng.error;
  return errors;
}

export function toCreatePlaceBody(values: PlaceFormValues) {
  const lat = readDegrees(values.latitude, 90);
  const lng = readDegrees(values.longitude, 180);
  if (lat.error || lng.error || values.countryCode === '') throw new Error('placeForm: not valid');
  return {
    title: values.title.trim(),
    address: values.address.trim(),
    city: values.city.trim(),
    countryCode: values.countryCode,
    retailerId: values.retailerId,
    latitude: lat.value,
    longitude: lng.value,
  };
}
