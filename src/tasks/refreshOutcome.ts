/**
 * What a task-detail refresh answered, in the terms the detail screen acts on (spec section 8:
 * 404 or no task → Task not found; 403 → content not available).
 */
import type { CommandResult } from '#contracts/sync';

/** 'taken': another tasker reserved (or finished) the task since this tasker saw it offered. */
export type RefreshOutcome = 'pending' | 'ok' | 'not_found' | 'taken' | 'forbidden' | 'offline' | 'error';

export function refreshOutcome(result: CommandResult): RefreshOutcome {
  if (result.ok) return 'ok';
  const { status, code } = result.error;
  if (code === 'TASK_NO_LONGER_AVAILABLE') return 'taken';
  if (status === 404 || code === 'TASK_NOT_FOUND') return 'not_found';
  if (status === 403) return 'forbidden';
  // Status 0: the server could not be reached (contract.ts), whatever the code.
  if (status === 0) return 'offline';
  return 'error';
}
