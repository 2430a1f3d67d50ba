/** Great-circle distances (haversine) between places and taskers. Pure. */
import type { Coordinates } from './types';

/** A tasker must be within this distance of the place to start a task (spec section 9). */
export const START_RADIUS_METERS = 1000;

const EARTH_RADIUS_METERS = 6_371_008.8;

export function distanceMeters(a: Coordinates, b: Coordinates): number {
  const toRad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = toRad(b.latitude - a.latitude);
  const dLng = toRad(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRad(a.latitude)) * Math.cos(toRad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A finite number of degrees from -90 to 90. */
export function isValidLatitude(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= 90;
}

/** A finite number of degrees from -180 to 180. */
export function isValidLongitude(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= 180;
}

/** The one coordinates check (the page, the sync worker and the server). */
export function isValidCoordinates(c: { latitude: unknown; longitude: unknown }): c is Coordinates {
  return isValidLatitude(c.latitude) && isValidLongitude(c.longitude);
}

/**
 * Parses the `Geolocation` request header / a 'lat, lng' text (spec section 3: coordinates may
 * come as text). Returns null for anything that is not two finite numbers in range.
 */
export function parseLatLng(text: string | null | undefined): Coordinates | null {
  if (typeof text !== 'string') return null;
  const parts = text.split(',').map((p) => p.trim());
  if (parts.length !== 2 || parts.some((p) => !/^-?\d+(\.\d+)?$/.test(p))) return null;
  const c = { latitude: Number(parts[0]), longitude: Number(parts[1]) };
  return isValidCoordinates(c) ? c : null;
}
