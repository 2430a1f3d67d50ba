/**
 * Sends a completion (queued offline, delivered after the task's other records) and decides where
 * the tasker goes next (afterCompletion.ts): straight to a list, or the suggestions popup first.
 */
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import type { TaskRow } from '../db/schema';
import type { CompletionInput } from '../domain/completion';
import type { CommandError } from '../contracts/sync';
import { useTasksByStatus } from '../sync/hooks';
import { afterCompletion, type AfterCompletion } from './afterCompletion';
import { completeTask } from './commands';

const OWN_STATUSES = ['in_progress', 'reserved'] as const;

export function useCompleteTask(task: TaskRow) {
  const navigate = useNavigate();
  const own = useTasksByStatus(OWN_STATUSES);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<CommandError | null>(null);
  /** Set once the completion is queued: the screen shows the popup (or nothing) from then on. */
  const [next, setNext] = useState<AfterCompletion | null>(null);

  const submit = async (input: CompletionInput) => {
    setBusy(true);
    setError(null);
    // Where to go is decided before the mirror changes the task's status.
    const destination = afterCompletion(task, own ?? [], new Date());
    const result = await completeTask(task.id, input);
    setBusy(false);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    if (destination.suggestions) setNext(destination);
    else navigate(destination.list, { replace: true });
  };

  const list = next?.list;
  const finish = useCallback(() => {
    if (list) navigate(list, { replace: true });
  }, [list, navigate]);

  return { submit, busy, error, next, finish };
}
