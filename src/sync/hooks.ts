/**
 * Live-query hooks: the only way screens read data. Each re-renders when the mirror changes.
 * `undefined` means "still reading IndexedDB" (render a loading state), never "no data".
 */
import { useLiveQuery } from 'dexie-react-hooks';
import {
  getDb,
  type ChecklistItemRow,
  type OutboxRecord,
  type PhotoRow,
  type ProductRow,
  type ScannedItemRow,
  type SyncMeta,
  type TaskDefectRow,
  type TaskPackRow,
  type TaskRow,
} from '../db/schema';
import type { Country, ReservationLimit, TaskStatus, Training, User } from '../domain/types';
import { readTaskListScreen, readTasksByStatus, type TaskListRequest, type TaskListScreenData } from '../tasks/taskListQuery';

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

/** Every task of these statuses (grouped by status, by id within one). Lists use `useTaskList`. */
export function useTasksByStatus(statuses: readonly TaskStatus[]): TaskRow[] | undefined {
  const key = statuses.join(',');
  return useLiveQuery(() => readTasksByStatus(getDb(), statuses), [key]);
}

/**
 * Everything one list screen shows (rows, user, trainings, sync meta, reservation limit) from ONE
 * live query: the cards come in one render, not after the last of several separate queries. While
 * a changed request (next page, search) is being read the previous answer stays (`showTaskList`
 * marks it stale).
 */
export function useTaskListScreen(status: TaskStatus, limit: TaskListRequest['limit']): TaskListScreenData | undefined {
  return useLiveQuery(() => readTaskListScreen(getDb(), { status, limit }), [status, limit]);
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

// ---------------------------------------------------------------------------------------------
// Doing the work (issue 4).

/** null = the pack was never pulled on this device. */
export function useTaskPack(taskId: string | undefined): TaskPackRow | null | undefined {
  return useLiveQuery(async () => (taskId ? ((await getDb().taskPacks.get(taskId)) ?? null) : null), [taskId]);
}

export function useChecklist(taskId: string | undefined): ChecklistItemRow[] | undefined {
  return useLiveQuery(
    async () => (taskId ? (await getDb().checklistItems.where('taskId').equals(taskId).toArray()).sort((a, b) => a.position - b.position) : []),
    [taskId],
  );
}

export function useProducts(taskId: string | undefined): ProductRow[] | undefined {
  return useLiveQuery(async () => (taskId ? getDb().products.where('taskId').equals(taskId).toArray() : []), [taskId]);
}

export function useTaskDefects(taskId: string | undefined): TaskDefectRow[] | undefined {
  return useLiveQuery(async () => (taskId ? getDb().taskDefects.where('taskId').equals(taskId).toArray() : []), [taskId]);
}

export function useScannedItems(taskId: string | undefined): ScannedItemRow[] | undefined {
  return useLiveQuery(async () => (taskId ? getDb().scannedItems.where('taskId').equals(taskId).toArray() : []), [taskId]);
}

/** The task's photos, oldest first, without those whose deletion is queued. */
export function usePhotos(taskId: string | undefined): PhotoRow[] | undefined {
  return useLiveQuery(
    async () =>
      taskId
        ? (await getDb().photos.where('[taskId+createdAt]').between([taskId, ''], [taskId, '\uffff']).toArray()).filter((p) => !p.deleted)
        : [],
    [taskId],
  );
}

/** Unsent and rejected records of one task (the per-task sync status). */
export function useTaskOutbox(taskId: string | undefined): OutboxRecord[] | undefined {
  return useLiveQuery(
    async () => (taskId ? (await getDb().outbox.where('taskId').equals(taskId).toArray()).filter((r) => r.state !== 'done') : []),
    [taskId],
  );
}
