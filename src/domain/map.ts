/**
 * Maps (spec sections 2, 7 and 9): the constants of the map screens and the answer of
 * GET task/places/task-earn. Shared by the server, the sync worker and the map screens.
 */
import type { Coordinates, CountryCode, Money } from './types';

/** Spec section 9: the map's defaults and limits. */
export const MAP_DEFAULTS = {
  /** The centre of Lithuania (the geographic centre near Ukmergė district). */
  center: { latitude: 55.1694, longitude: 23.8813 } as Coordinates,
  zoom: 7,
  /** Zoom when the tasker's position is known. */
  locatedZoom: 10,
  minZoom: 5,
  maxZoom: 18,
  /** Kilometres around the centre asked for (GET task/places with latitude/longitude). */
  radiusKm: 20,
  /** The places query waits this long after the map stops moving. */
  queryDebounceMs: 1000,
  /** lat, lng and zoom go into the URL this long after the map stops moving. */
  urlDebounceMs: 200,
  /** Places refreshed every 60 s while a map is open. */
  refreshMs: 60_000,
} as const;

/**
 * Where a map opens for a tasker of each market when neither the URL nor the position says.
 * Spec section 9 names the LT centre (Lithuania fits a phone's screen at zoom 7); the other
 * markets open on their capital, where most of their stores are, not on Lithuania with none of
 * their tasks in view (their countries are 2–4× wider than a phone's screen at zoom 7).
 */
export const MARKET_CENTRES: Record<CountryCode, Coordinates> = {
  LT: MAP_DEFAULTS.center,
  PL: { latitude: 52.2297, longitude: 21.0122 } as Coordinates,
  CZ: { latitude: 50.0755, longitude: 14.4378 } as Coordinates,
  RO: { latitude: 44.4268, longitude: 26.1025 } as Coordinates,
};

/** GET task/places/task-earn?placeIds=… answers one row per asked place that has opportunities. */
export interface PlaceTaskEarn {
  placeId: string;
  /** Summed rewards of the viewer's available tasks there this week (now .. now + 7 days). */
  taskEarn: Money | null;
  taskCount: number;
}

/** At most this many place ids in one task-earn request. */
export const TASK_EARN_MAX_PLACES = 100;

/** The week the opportunities map sums: tasks whose window starts before now + 7 days and has not ended. */
export const OPPORTUNITY_WEEK_MS = 7 * 24 * 60 * 60_000;
