/**
 * Live-query hooks: the only way screens read data. Each re-renders when the mirror changes.
 * `undefined` means "still reading IndexedDB" (render a loading state), never "no data".
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { getDb, type OutboxRecord, type SyncMeta, type TaskRow } from '../db/schema';
import type { Country, ReservationLimit, TaskStatus, Training, User } from '../domain/types';

/** null = logged out; undefined = loading. */
export function useSessionEmail(): string | null | undefined {
  return useLiveQuery(async () => {
    const row = await getDb().session.get('tokens');
    return row ? (row.email ?? '') : null;
  }, []);
}

/** null = not synced yet (or logged out). */
export function useUser(): User | null | undefined {
  return useLiveQuery(async () => (await getDb().user.get('me')) ?? null, []);
}

export function useTasksByStatus(statuses: readonly TaskStatus[]): TaskRow[] | undefined {
  const key = statuses.join(',');
  return useLiveQuery(() => getDb().tasks.where('status').anyOf([...statuses]).toArray(), [key]);
}

/** null = not in the mirror. */
export function useTask(taskId: string | undefined): TaskRow | null | undefined {
  return useLiveQuery(async () => (taskId ? ((await getDb().tasks.get(taskId)) ?? null) : null), [taskId]);
}

export function useTrainings(): Training[] | undefined {
  return useLiveQuery(() => getDb().trainings.toArray(), []);
}

export function useCountries(): Country[] | undefined {
  return useLiveQuery(() => getDb().countries.toArray(), []);
}

export function useReservationLimit(): ReservationLimit | null | undefined {
  return useLiveQuery(async () => (await getDb().reservationLimit.get('me')) ?? null, []);
}

/** When a collection was last synced (e.g. 'tasks:available'); null = never. */
export function useSyncMeta(key: string): SyncMeta | null | undefined {
  return useLiveQuery(async () => (await getDb().meta.get(key)) ?? null, [key]);
}

/** Unsent and rejected records of the signed-in tasker (records left by another account are not theirs to see). */
export function useOutbox(): OutboxRecord[] | undefined {
  return useLiveQuery(async () => {
    const db = getDb();
    const me = await db.user.get('me');
    const records = await db.outbox.where('state').anyOf(['pending', 'sending', 'rejected']).toArray();
    return records.filter((r) => !r.ownerId || r.ownerId === me?.id);
  }, []);
}

/** A device-local value from the `kv` table (e.g. 'sessionExpired'). */
export function useKv<T>(key: string): T | null | undefined {
  return useLiveQuery(async () => ((await getDb().kv.get(key))?.value as T | undefined) ?? null, [key]);
}
