/**
 * The commands of doing the work, through the one command layer (src/sync/commands.ts). Each
 * writes the mirror and queues an outbox record in the worker, so it works offline; a failure
 * (a rule the worker checked, a full disk, a missing or crashed worker) is a result, never a throw.
 * A screen sends intent (this item done, that defect logged), never a state it computed.
 */
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import type { ChecklistChange, DefectChange, NewPhoto } from '#contracts/sync';
import type { TaskRow } from '#db/schema';
import type { CompletionInput } from '#domain/completion';
import { runCommand, type CommandFailure, type CommandResult } from '../sync/commands';
import { useTasksByStatus } from '../tasks';
import { afterCompletion, type AfterCompletion } from './afterCompletion';

export type { NewPhoto };

export function pullTaskPack(taskId: string): Promise<CommandResult> {
  return runCommand((api) => api.pullTaskPack(taskId));
}

/** Intent: these items ticked or unticked (the worker applies it to the mirror's current ticks). */
export function changeChecklist(taskId: string, changes: ChecklistChange[]): Promise<CommandResult> {
  return runCommand((api) => api.changeChecklist(taskId, changes));
}

/** Intent: these defects logged or unlogged. */
export function changeTaskDefects(taskId: string, changes: DefectChange[]): Promise<CommandResult> {
  return runCommand((api) => api.changeTaskDefects(taskId, changes));
}

export function addPhoto(taskId: string, photo: NewPhoto): Promise<CommandResult> {
  return runCommand((api) => api.addPhoto(taskId, photo));
}

export function updatePhotoComment(taskId: string, photoId: string, comment: string): Promise<CommandResult> {
  return runCommand((api) => api.updatePhotoComment(taskId, photoId, comment));
}

export function deletePhotos(taskId: string, photoIds: string[]): Promise<CommandResult> {
  return runCommand((api) => api.deletePhotos(taskId, photoIds));
}

export function completeTask(taskId: string, input: CompletionInput): Promise<CommandResult> {
  return runCommand((api) => api.completeTask(taskId, input));
}

export function retryRejected(recordId: string): Promise<CommandResult> {
  return runCommand((api) => api.retryRejected(recordId));
}

export function dismissRejected(recordId: string): Promise<CommandResult> {
  return runCommand((api) => api.dismissRejected(recordId));
}

// The hooks screens call from their handlers. Each returns the module-level function, so it is
// stable; an effect may call the function itself (no dependency to declare).
export const usePullTaskPack = () => pullTaskPack;
export const useChangeChecklist = () => changeChecklist;
export const useChangeTaskDefects = () => changeTaskDefects;
export const useAddPhoto = () => addPhoto;
export const useUpdatePhotoComment = () => updatePhotoComment;
export const useDeletePhotos = () => deletePhotos;
export const useRetryRejected = () => retryRejected;
export const useDismissRejected = () => dismissRejected;

const OWN_STATUSES = ['in_progress', 'reserved'] as const;

/**
 * Sends a completion (queued offline, delivered after the task's other records) and decides where
 * the tasker goes next (afterCompletion.ts): straight to a list, or the suggestions popup first.
 * `submit` answers whether the completion was queued (the form's draft can go).
 */
export function useCompleteTask(task: TaskRow) {
  const navigate = useNavigate();
  const own = useTasksByStatus(OWN_STATUSES);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<CommandFailure | null>(null);
  /** Set once the completion is queued: the screen shows the popup (or nothing) from then on. */
  const [next, setNext] = useState<AfterCompletion | null>(null);

  const submit = async (input: CompletionInput): Promise<boolean> => {
    setBusy(true);
    setError(null);
    // Where to go is decided before the mirror changes the task's status.
    const destination = afterCompletion(task, own ?? [], new Date());
    const result = await completeTask(task.id, input);
    setBusy(false);
    if (!result.ok) {
      setError(result.error);
      return false;
    }
    if (destination.suggestions) setNext(destination);
    else navigate(destination.list, { replace: true });
    return true;
  };

  const list = next?.list;
  const finish = useCallback(() => {
    if (list) navigate(list, { replace: true });
  }, [list, navigate]);

  return { submit, busy, error, next, finish };
}
