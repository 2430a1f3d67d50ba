/**
 * Maps: the places with available tasks (GET task/places, every page, ordered by
 * distance from the map's centre) into the `places` table, replacing it whole, and for the
 * opportunities map this week's sums per place (GET task/places/task-earn?placeIds, 100 ids a
 * call) onto the same rows. One transaction with the meta row, only while a session exists.
 *
 * When (spec section 9): every 60 s while a map is open (`watch({ map })`), and at once when the
 * map opens or its centre moved farther than the radius (20 km) from the last pulled centre.
 * Offline nothing is asked: the map shows the mirror's places, and the places of the tasker's own
 * reserved and in-progress tasks come from `tasks` (src/map/mapPlaces.ts).
 */
import type { MapPlaceRow, ShelfworkDb } from '#db/schema';
import { distanceMeters } from '#domain/geo';
import { MAP_DEFAULTS, TASK_EARN_MAX_PLACES, type PlaceTaskEarn } from '#domain/map';
import { TASK_PAGE_SIZE, type Coordinates, type Page, type Place } from '#domain/types';
import type { ApiResult } from '../../http';
import { failure, fetchPage, OK, recordFailure, successMeta, type PullContext, type PullResult } from '../../pulls/base';
import { listPlaces, placesTaskEarn } from '#contracts/api/tasks';
import { dataItems, itemCheck } from '../../answers';

export const PLACES_META = 'places';
export const TASK_EARN_META = 'placesTaskEarn';
/** Spec section 9: map places refreshed every 60 s. */
export const PLACES_INTERVAL_MS = MAP_DEFAULTS.refreshMs;
/** Guard against a server that never ends its paging (20 × 50 = 1000 places). */
const MAX_PLACE_PAGES = 20;

/** What the open map asks the worker for. */
export interface MapWatch {
  /** The map's centre (the places are ordered by distance from it). */
  center: Coordinates | null;
  /** The opportunities map: also this week's sums per place. */
  opportunities: boolean;
}

/** A place of a GET task/places page (a malformed one is skipped). */
const isPlace: (value: unknown) => value is Place = itemCheck(listPlaces.schema.response[200].properties.data.items);

/** A row of GET task/places/task-earn (a malformed one is skipped). */
export const isPlaceTaskEarn: (value: unknown) => value is PlaceTaskEarn = itemCheck(placesTaskEarn.schema.response[200].properties.data.items);

/** Has the centre moved farther than the map's radius from the one the mirror was pulled around? */
export function centerMovedFar(previous: Coordinates | null, next: Coordinates | null): boolean {
  if (!next) return false;
  if (!previous) return true;
  return distanceMeters(previous, next) > MAP_DEFAULTS.radiusKm * 1000;
}

function placesQuery(center: Coordinates | null, after: string | null): Record<string, string | undefined> {
  return { first: String(TASK_PAGE_SIZE), latitude: center?.latitude.toFixed(5), longitude: center?.longitude.toFixed(5), after: after || undefined };
}

/** Every page of GET task/places → `places` (replaced whole; kept on failure). */
export async function pullPlaces(ctx: PullContext, watch: MapWatch): Promise<PullResult> {
  const { db } = ctx;
  const places: Place[] = [];
  let after: string | null = null;
  for (let page = 0; page < MAX_PLACE_PAGES; page++) {
    const result: ApiResult<Page<unknown>> = await fetchPage(ctx, listPlaces, { query: placesQuery(watch.center, after) });
    if (!result.ok) {
      await recordFailure(db, PLACES_META, ctx.now(), result.error.code);
      return failure(result);
    }
    places.push(...result.body.data.filter(isPlace));
    if (!result.body.pageInfo.hasNext || !result.body.pageInfo.endCursor) break;
    after = result.body.pageInfo.endCursor;
  }
  let earn: Map<string, PlaceTaskEarn> | null = null;
  if (watch.opportunities) {
    earn = await pullTaskEarn(ctx, places.map((p) => p.id));
  }
  const pulledAt = ctx.now().toISOString();
  await db.transaction('rw', [db.session, db.meta, db.places], async () => {
    if (!(await db.session.get('tokens'))) return;
    const previous = earn ? null : new Map((await db.places.toArray()).map((r) => [r.id, r.weekEarn]));
    const rows: MapPlaceRow[] = places.map((p) => {
      const weekEarn = earn ? toWeekEarn(earn.get(p.id)) : previous?.get(p.id);
      return { ...p, pulledAt, ...(weekEarn !== undefined ? { weekEarn } : {}) };
    });
    await db.places.clear();
    await db.places.bulkPut(rows);
    await db.meta.put(successMeta(PLACES_META, ctx.now()));
    if (earn) await db.meta.put(successMeta(TASK_EARN_META, ctx.now()));
  });
  return OK;
}

function toWeekEarn(row: PlaceTaskEarn | undefined): MapPlaceRow['weekEarn'] {
  return row ? { taskCount: row.taskCount, taskEarn: row.taskEarn } : { taskCount: 0, taskEarn: null };
}

/** GET task/places/task-earn for `ids`, 100 a call; null when a call failed (the previous sums stay). */
async function pullTaskEarn(ctx: PullContext, ids: string[]): Promise<Map<string, PlaceTaskEarn> | null> {
  const out = new Map<string, PlaceTaskEarn>();
  for (let i = 0; i < ids.length; i += TASK_EARN_MAX_PLACES) {
    const chunk = ids.slice(i, i + TASK_EARN_MAX_PLACES);
    const result = await ctx.session.call(placesTaskEarn, { query: { placeIds: chunk.join(',') } });
    const list = result.ok ? dataItems(result.body) : null;
    if (!list) {
      await recordFailure(ctx.db, TASK_EARN_META, ctx.now(), result.ok ? 'UNKNOWN' : result.error.code);
      return null;
    }
    for (const row of list.filter(isPlaceTaskEarn)) out.set(row.placeId, row);
  }
  return out;
}

/** Logout and account switch: the map's places are the market's of the previous tasker. */
export function clearPlaces(db: ShelfworkDb): Promise<void> {
  return db.places.clear();
}
