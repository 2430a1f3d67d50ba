/**
 * One task as the editor needs it: its form values (window in its market's time, exact money,
 * products), status, place label and publication, read from the authoring API. `version` changes
 * with every answer, so the editor restarts from the saved values after a save.
 */
import { useMemo } from 'react';
import { getAuthoringTask } from '#contracts/api/authoring';
import { useStaffQuery } from '../api';
import { taskFormFromSaved, type TaskFormValues } from './taskForm';

export interface AuthoringTask {
  id: string;
  status: string;
  /** A tasker holds or held it: it can no longer be edited. */
  reserved: boolean;
  placeLabel: string;
  values: TaskFormValues;
}

export function useAuthoringTask(id: string): { data: AuthoringTask | null; error: unknown; reload: () => void; version: string } {
  const query = useStaffQuery(getAuthoringTask, { params: { id } });
  const data = useMemo<AuthoringTask | null>(() => {
    const task = query.data;
    if (!task) return null;
    return {
      id: task.id,
      status: task.status,
      reserved: task.reserved,
      placeLabel: `${task.placeTitle} — ${task.placeAddress}, ${task.placeCity}`,
      values: taskFormFromSaved(task),
    };
  }, [query.data]);
  return { data, error: query.error, reload: query.reload, version: JSON.stringify(query.data ?? null) };
}
