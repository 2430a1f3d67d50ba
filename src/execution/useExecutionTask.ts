/**
 * The task an execution screen works on, from the mirror. Keeps the detail's refresh going (the
 * worker watches the task while a screen of it is open) without asking the network for anything.
 */
import { useEffect } from 'react';
import type { TaskRow } from '#db/schema';
import { useTask, watchCollections } from '../tasks';

export function useExecutionTask(taskId: string): TaskRow | null | undefined {
  const row = useTask(taskId);
  useEffect(() => {
    void watchCollections({ taskId });
    return () => void watchCollections({ taskId: null });
  }, [taskId]);
  return row && row.id !== taskId ? undefined : row;
}
