/** The mirror's tasks of some statuses, for hooks outside the list screens (src/tasks/queries.ts). */
import type { ShelfworkDb, TaskRow } from '#db/schema';
import type { TaskStatus } from '#domain/types';

/**
 * Every task of these statuses, grouped by status in key order and by id within one — the order
 * of `where('status').anyOf(…)`, read with one `getAll` per status instead of a cursor (a cursor
 * costs a round trip to the browser's IndexedDB process and a callback for every row).
 */
export async function readTasksByStatus(db: ShelfworkDb, statuses: readonly TaskStatus[]): Promise<TaskRow[]> {
  const keys = [...new Set(statuses)].sort();
  if (keys.length === 1) return db.tasks.where('status').equals(keys[0]!).toArray();
  return db.transaction('r', db.tasks, async () => {
    const parts = await Promise.all(keys.map((status) => db.tasks.where('status').equals(status).toArray()));
    return parts.flat();
  });
}
