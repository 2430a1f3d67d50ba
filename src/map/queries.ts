/** What the map screens read from the mirror (one live query): pulled places, tasks, user, trainings. */
import { useLiveQuery } from 'dexie-react-hooks';
import { getDb, type MapPlaceRow, type TaskRow } from '#db/schema';
import type { CountryCode, Training, User } from '#domain/types';
import type { MapMode } from './mapPlaces';

export interface MapData {
  places: MapPlaceRow[];
  /** The tasks of the statuses the map shows (the drawer lists them per place). */
  tasks: TaskRow[];
  user: User | null;
  trainings: Training[];
}

function statusOf(mode: MapMode) {
  return mode.kind === 'opportunities' ? 'available' : mode.status;
}

export async function readMapData(mode: MapMode): Promise<MapData> {
  const db = getDb();
  const status = statusOf(mode);
  const [places, tasks, user, trainings] = await Promise.all([
    status === 'available' ? db.places.toArray() : Promise.resolve([]),
    db.tasks.where('status').equals(status).toArray(),
    db.user.get('me'),
    db.trainings.toArray(),
  ]);
  return { places, tasks, user: user ?? null, trainings };
}

export function useMapData(mode: MapMode): MapData | undefined {
  const key = mode.kind === 'opportunities' ? 'opportunities' : mode.status;
  return useLiveQuery(() => readMapData(mode), [key]);
}

/** The viewer's market from the mirror: undefined while it is read, null when not chosen yet. */
export function useViewerMarket(): CountryCode | null | undefined {
  return useLiveQuery(async () => (await getDb().user.get('me'))?.countryCode ?? null, []);
}
