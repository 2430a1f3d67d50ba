/**
 * The sync-worker commands of doing the work (issue 4). Each writes the mirror and queues an
 * outbox record in the worker, so it works offline; here a throw (worker missing or crashed)
 * becomes a result, so a screen never breaks on a command.
 */
import type { CompletionInput } from '../domain/completion';
import type { PhotoTag } from '../domain/types';
import type { ChecklistChange, CommandResult, DefectChange, ScanChange } from '../contracts/sync';
import { getSyncApi } from '../sync/client';

async function run(call: () => Promise<CommandResult>): Promise<CommandResult> {
  try {
    return await call();
  } catch (error) {
    // A DOMException thrown by IndexedDB for a full disk may surface here when the worker rethrows.
    const name = typeof error === 'object' && error !== null && 'name' in error ? String((error as { name: unknown }).name) : '';
    const code = name === 'QuotaExceededError' ? 'QUOTA_EXCEEDED' : 'UNKNOWN';
    return { ok: false, error: { status: 0, code, message: error instanceof Error ? error.message : String(error) } };
  }
}

export const pullTaskPack = (taskId: string) => run(() => getSyncApi().pullTaskPack(taskId));
/** Intent: these items ticked or unticked (the worker applies it to the mirror's current ticks). */
export const changeChecklist = (taskId: string, changes: ChecklistChange[]) => run(() => getSyncApi().changeChecklist(taskId, changes));
/** Intent: these defects logged or unlogged. */
export const changeTaskDefects = (taskId: string, changes: DefectChange[]) => run(() => getSyncApi().changeTaskDefects(taskId, changes));
/** Intent: these scanned items added, changed or removed. */
export const changeScannedItems = (taskId: string, changes: ScanChange[]) => run(() => getSyncApi().changeScannedItems(taskId, changes));
export const addPhoto = (taskId: string, photo: { id: string; blob: Blob; width: number; height: number; comment: string; tags: PhotoTag[] }) =>
  run(() => getSyncApi().addPhoto(taskId, photo));
export const updatePhotoComment = (taskId: string, photoId: string, comment: string) => run(() => getSyncApi().updatePhotoComment(taskId, photoId, comment));
export const deletePhotos = (taskId: string, photoIds: string[]) => run(() => getSyncApi().deletePhotos(taskId, photoIds));
export const completeTask = (taskId: string, input: CompletionInput) => run(() => getSyncApi().completeTask(taskId, input));
export const retryRejected = (recordId: string) => run(() => getSyncApi().retryRejected(recordId));
export const dismissRejected = (recordId: string) => run(() => getSyncApi().dismissRejected(recordId));
