/**
 * Doing the work as the mirror holds it (the task pack, checklist, products, defects, scanned
 * items, photos; the task's unsent records are `useTaskOutbox` in src/sync/hooks.ts): live-query hooks (re-render when the mirror changes;
 * `undefined` means "still reading IndexedDB", never "no data"). Commands: ./mutations.ts.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import {
  getDb,
  type ChecklistItemRow,
  type PhotoRow,
  type ProductRow,
  type ScannedItemRow,
  type TaskDefectRow,
  type TaskPackRow,
} from '#db/schema';

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
