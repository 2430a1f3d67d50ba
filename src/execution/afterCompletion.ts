/**
 * Where the tasker goes after finishing a task (spec section 4): the in-progress list while other
 * started tasks wait; the reserved list when another reserved task at the same place can be
 * started now; otherwise the suggestions popup over the reserved list (if any reserved task) or
 * the offerings. Pure: `now` is a parameter.
 */
import type { Task } from '#domain/types';

type OwnTask = Pick<Task, 'id' | 'status' | 'timeWindowStart' | 'timeWindowEnd'> & { place: Pick<Task['place'], 'id'> };

export interface AfterCompletion {
  list: '/in_progress' | '/reserved' | '/reservable';
  /** Show the suggestions popup (more tasks in the same store) before going to `list`. */
  suggestions: boolean;
}

/**
 * Startable now: reserved and its time window open at `now`. The server's `isStartable` flag is
 * not used, because offline it is as old as the last pull (a task that opened since reads false).
 * The tasker is at the same place, so the 1000 m geofence holds too.
 */
export function isStartableNow(task: OwnTask, now: Date): boolean {
  if (task.status !== 'reserved') return false;
  const t = now.getTime();
  return t >= Date.parse(task.timeWindowStart) && t < Date.parse(task.timeWindowEnd);
}

export function afterCompletion(completed: OwnTask, ownTasks: readonly OwnTask[], now: Date): AfterCompletion {
  const others = ownTasks.filter((task) => task.id !== completed.id);
  if (others.some((task) => task.status === 'in_progress')) return { list: '/in_progress', suggestions: false };
  const reserved = others.filter((task) => task.status === 'reserved');
  if (reserved.some((task) => task.place.id === completed.place.id && isStartableNow(task, now))) return { list: '/reserved', suggestions: false };
  return { list: reserved.length > 0 ? '/reserved' : '/reservable', suggestions: true };
}

/** Spec section 9: the suggestions popup shows at most 3 tasks, with 'view all' when there are more. */
export const SUGGESTIONS_POPUP_MAX = 3;
