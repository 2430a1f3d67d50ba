/**
 * The suggestions the sync worker keeps in `kv` under `suggestions:<taskId>` (src/contracts/kv.ts,
 * pullSuggestions) and how the screen shows them: the tasks in the server's order, grouped by
 * place (spec section 2: more tasks in the same store, grouped by place). Pure.
 */
import type { SuggestionsState } from '#contracts/kv';
import type { Task } from '#domain/types';

/** Spec section 9: suggestions refresh every 30 s. */
export const SUGGESTIONS_REFRESH_MS = 30_000;


export interface PlaceGroup<T> {
  placeId: string;
  place: T extends { place: infer P } ? P : never;
  tasks: T[];
}

type SuggestedTask = Pick<Task, 'id' | 'status' | 'place'>;

/**
 * The suggested tasks that are still available, in the server's order, grouped by place (groups
 * ordered by their first task). Ids whose task is not in the mirror are skipped.
 */
export function groupSuggestionsByPlace<T extends SuggestedTask>(taskIds: readonly string[], tasks: readonly T[], excludeTaskId?: string): PlaceGroup<T>[] {
  const byId = new Map(tasks.map((t) => [t.id, t]));
  const groups = new Map<string, PlaceGroup<T>>();
  const seen = new Set<string>();
  for (const id of taskIds) {
    const task = byId.get(id);
    if (!task || seen.has(id) || id === excludeTaskId || task.status !== 'available') continue;
    seen.add(id);
    const group = groups.get(task.place.id);
    if (group) group.tasks.push(task);
    else groups.set(task.place.id, { placeId: task.place.id, place: task.place as PlaceGroup<T>['place'], tasks: [task] });
  }
  return [...groups.values()];
}

/** The count to show: the server's total when known, otherwise what the mirror holds. */
export function suggestionCount(state: SuggestionsState | null, shown: number): number {
  return state?.total ?? shown;
}
