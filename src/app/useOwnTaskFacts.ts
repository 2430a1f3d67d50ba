/**
 * What `/` needs to choose a list, read in ONE live query and one read transaction: the counts of
 * the tasker's in-progress and reserved tasks and whether those collections were pulled yet.
 * Separate live queries can deliver in different renders (meta before rows) and send the tasker to
 * the wrong list right after login.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { getDb } from '#db/schema';

export interface OwnTaskFacts {
  inProgress: number;
  reserved: number;
  /** Both collections have been pulled (or a pull was attempted) at least once. */
  pulled: boolean;
}

export function useOwnTaskFacts(): OwnTaskFacts | undefined {
  return useLiveQuery(async () => {
    const db = getDb();
    return db.transaction('r', db.tasks, db.meta, async () => {
      const [inProgress, reserved, inProgressMeta, reservedMeta] = await Promise.all([
        db.tasks.where('status').equals('in_progress').count(),
        db.tasks.where('status').equals('reserved').count(),
        db.meta.get('tasks:in_progress'),
        db.meta.get('tasks:reserved'),
      ]);
      return { inProgress, reserved, pulled: Boolean(inProgressMeta && reservedMeta) };
    });
  }, []);
}
