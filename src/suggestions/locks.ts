/**
 * Which suggested tasks are locked: the task lists' rule (isTaskLocked, spec section 6 — the
 * tasker is not approved, or has not done the task type's trainings), so a suggestion shows the
 * same "Locked" mark as its card in the offerings. The user and trainings are read from the mirror.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { ShelfworkDb, TaskRow } from '#db/schema';
import { getDb } from '#db/schema';
import { isTaskLocked } from '#domain/tasks';
import type { Training, User } from '#domain/types';

export interface SuggestionLocks {
  /** null = not synced yet (or logged out): nothing is shown locked, as in the lists. */
  user: Pick<User, 'isApproved'> | null;
  trainings: Training[];
}

/** The user and trainings; call inside a read transaction over `db.user` and `db.trainings` to read them with other tables at once. */
export async function readSuggestionLocks(db: ShelfworkDb): Promise<SuggestionLocks> {
  const [user, trainings] = await Promise.all([db.user.get('me'), db.trainings.toArray()]);
  return { user: user ?? null, trainings };
}

export function isSuggestionLocked(task: Pick<TaskRow, 'taskType'>, locks: SuggestionLocks | undefined): boolean {
  return locks?.user != null && isTaskLocked(task, locks.user, locks.trainings);
}

/** The mirror's user and trainings, live (`undefined` while reading). */
export function useSuggestionLocks(): SuggestionLocks | undefined {
  return useLiveQuery(() => {
    const db = getDb();
    return db.transaction('r', db.user, db.trainings, () => readSuggestionLocks(db));
  }, []);
}
