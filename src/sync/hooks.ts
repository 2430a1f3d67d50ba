/**
 * Live-query hooks over the mirror's shared tables (sync meta, the outbox, the `kv` values): each
 * re-renders when the mirror changes; `undefined` means "still reading IndexedDB" (render a
 * loading state), never "no data". Each feature's own reads are in `src/<feature>/queries.ts`.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { getDb, type OutboxRecord, type SyncMeta } from '#db/schema';

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

/** Unsent and rejected records of one task (the per-task sync status). */
export function useTaskOutbox(taskId: string | undefined): OutboxRecord[] | undefined {
  return useLiveQuery(
    async () => (taskId ? (await getDb().outbox.where('taskId').equals(taskId).toArray()).filter((r) => r.state !== 'done') : []),
    [taskId],
  );
}

/** A device-local value from the `kv` table (e.g. 'sessionExpired'). */
export function useKv<T>(key: string): T | null | undefined {
  return useLiveQuery(async () => ((await getDb().kv.get(key))?.value as T | undefined) ?? null, [key]);
}
