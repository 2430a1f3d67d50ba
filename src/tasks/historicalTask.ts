/**
 * Facts of a task in history (spec sections 2 and 4): how long the work took (end − start) and
 * which reward to show — a reduced reward applies only to accepted or rejected tasks. Pure.
 */
import type { Money, Task } from '#domain/types';

/** Whole minutes between start and end, or null when either is missing or they are out of order. */
export function timeTakenMinutes(task: Pick<Task, 'startTime' | 'endTime'>): number | null {
  if (!task.startTime || !task.endTime) return null;
  const ms = Date.parse(task.endTime) - Date.parse(task.startTime);
  if (!Number.isFinite(ms) || ms < 0) return null;
  return Math.round(ms / 60_000);
}

export interface ShownReward {
  reward: Money;
  /** Set only for accepted or rejected tasks that carry a reduction. */
  reduced: Money | null;
}

export function shownReward(task: Pick<Task, 'status' | 'reward' | 'reducedReward'>): ShownReward {
  const reviewed = task.status === 'accepted' || task.status === 'rejected';
  return { reward: task.reward, reduced: reviewed && task.reducedReward ? task.reducedReward : null };
}
