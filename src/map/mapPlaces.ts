/**
 * What a map shows, from the mirror only: one point per place with its task count or
 * this week's earnings, and the GeoJSON the clustering source takes.
 *
 * - /map/available: the places pulled for the map (GET task/places, `places`), with the available
 *   tasks the mirror holds for places it has not pulled (e.g. offline before the first map pull).
 * - /map/reserved and /map/in_progress: the places of the tasker's own tasks of that status, from
 *   `tasks` only: they show with the network cut.
 * - /opportunities-map: the pulled places with this week's sums (GET task/places/task-earn),
 *   falling back to the place's summed rewards until those arrive.
 */
import type { MapPlaceRow, TaskRow } from '#db/schema';
import { formatAmount, isDecimal, parseRoundedAmount } from '#domain/money';
import type { Coordinates, Money } from '#domain/types';
import type { ListStatus } from '../tasks';

export type MapMode = { kind: 'status'; status: ListStatus } | { kind: 'opportunities' };

export interface MapPoint {
  placeId: string;
  title: string;
  coordinates: Coordinates;
  /** Tasks shown at the place (the marker's number on task maps). */
  count: number;
  /** Earnings at the place (the opportunities map's marker). */
  earn: Money | null;
}

/**
 * Cents of a decimal amount string ('12.30' → 1230), counted exactly (no float times 100); 0 for
 * none or a non-decimal. A number because MapLibre's clusters sum it: whole cents add exactly up
 * to 2^53 (90 trillion euros).
 */
export function toCents(amount: string | null | undefined): number {
  if (amount == null || !isDecimal(amount)) return 0;
  return Number(parseRoundedAmount(amount));
}

/** The summed cents of a marker as an amount in the map's currency (exactly: '1230' → '12.30'). */
export function moneyOfCents(cents: number, currency: Money | null): Money | null {
  if (!currency || !Number.isSafeInteger(cents)) return null;
  return { ...currency, amount: formatAmount(BigInt(cents)) };
}

function fromTasks(tasks: readonly TaskRow[], status: ListStatus): Map<string, MapPoint> {
  const out = new Map<string, MapPoint>();
  for (const task of tasks) {
    if (task.status !== status) continue;
    const { place } = task;
    const point = out.get(place.id);
    if (point) point.count += 1;
    else out.set(place.id, { placeId: place.id, title: place.title, coordinates: place.coordinates, count: 1, earn: null });
  }
  return out;
}

export function selectMapPoints(mode: MapMode, places: readonly MapPlaceRow[], tasks: readonly TaskRow[]): MapPoint[] {
  let points: MapPoint[];
  if (mode.kind === 'opportunities') {
    points = places
      .map((p) => {
        const week = p.weekEarn;
        return {
          placeId: p.id,
          title: p.title,
          coordinates: p.coordinates,
          count: week ? week.taskCount : (p.taskCount ?? 0),
          earn: week ? week.taskEarn : (p.taskEarn ?? null),
        };
      })
      .filter((p) => p.count > 0);
  } else if (mode.status === 'available') {
    const byPlace = new Map<string, MapPoint>();
    for (const p of places) byPlace.set(p.id, { placeId: p.id, title: p.title, coordinates: p.coordinates, count: p.taskCount ?? 0, earn: p.taskEarn ?? null });
    for (const [id, point] of fromTasks(tasks, 'available')) if (!byPlace.has(id)) byPlace.set(id, point);
    points = [...byPlace.values()].filter((p) => p.count > 0);
  } else {
    points = [...fromTasks(tasks, mode.status).values()];
  }
  return points
    .filter((p) => Number.isFinite(p.coordinates.latitude) && Number.isFinite(p.coordinates.longitude))
    .sort((a, b) => (a.placeId < b.placeId ? -1 : a.placeId > b.placeId ? 1 : 0));
}

export interface PointProperties {
  placeId: string;
  count: number;
  /** Earnings in cents (summed by the clusters). */
  earnCents: number;
}

export interface PointCollection {
  type: 'FeatureCollection';
  features: { type: 'Feature'; id: number; properties: PointProperties; geometry: { type: 'Point'; coordinates: [number, number] } }[];
}

/** The clustering source's data: one Point per place, count and earnings as summable properties. */
export function toFeatureCollection(points: readonly MapPoint[]): PointCollection {
  return {
    type: 'FeatureCollection',
    features: points.map((p, i) => ({
      type: 'Feature',
      id: i + 1,
      properties: { placeId: p.placeId, count: p.count, earnCents: toCents(p.earn?.amount) },
      geometry: { type: 'Point', coordinates: [p.coordinates.longitude, p.coordinates.latitude] },
    })),
  };
}

/** Sums of a cluster (MapLibre `clusterProperties`): task counts and earnings in cents. */
export const CLUSTER_PROPERTIES = {
  count: ['+', ['get', 'count']],
  earnCents: ['+', ['get', 'earnCents']],
} as const;

/** The currency of the earnings on a map (one market's places share it). */
export function mapCurrency(points: readonly MapPoint[]): Money | null {
  return points.find((p) => p.earn)?.earn ?? null;
}
