/**
 * The suggestions of a task (kv `suggestions:<taskId>`), their task rows and what locks them (the
 * user and trainings), read in ONE live query: two separate queries can deliver the new id list
 * with the rows of the old one (empty), which would read as "nothing to suggest" for a render, or
 * the cards before their locks.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { getDb, type TaskRow } from '#db/schema';
import { readSuggestionsState, suggestionsKey, type SuggestionsState } from '#contracts/kv';
import { readSuggestionLocks, type SuggestionLocks } from '../suggestions';

export function useSuggestions(taskId: string): ({ state: SuggestionsState | null; rows: TaskRow[] } & SuggestionLocks) | undefined {
  return useLiveQuery(async () => {
    const db = getDb();
    return db.transaction('r', [db.kv, db.tasks, db.user, db.trainings], async () => {
      const state = readSuggestionsState((await db.kv.get(suggestionsKey(taskId)))?.value);
      const rows = state ? (await db.tasks.bulkGet(state.taskIds)).filter((row): row is TaskRow => row !== undefined) : [];
      return { state, rows, ...(await readSuggestionLocks(db)) };
    });
  }, [taskId]);
}
