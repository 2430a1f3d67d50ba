/** Live rows of the given task ids from the mirror (the suggestions list keeps ids in kv). */
import { useLiveQuery } from 'dexie-react-hooks';
import { getDb, type TaskRow } from '#db/schema';

export function useTasksByIds(ids: readonly string[] | undefined): TaskRow[] | undefined {
  const key = ids?.join(',') ?? '';
  return useLiveQuery(async () => {
    if (!ids || ids.length === 0) return [];
    const rows = await getDb().tasks.bulkGet([...ids]);
    return rows.filter((row): row is TaskRow => row !== undefined);
    // `key` stands for the ids' content: a new array with the same ids must not re-query.
  }, [key]);
}
