/**
 * Doing the work: the execution commands (ticks, scans, defects as intent; photos; the completion;
 * a rejected record retried or dismissed). Each needs a session, writes the mirror and queues its
 * record in one transaction (workers/sync/execution.ts), then kicks the drain: at once, or
 * debounced per task for quick successive changes.
 */
import type { ChecklistChange, CommandResult, DefectChange, NewPhoto, ScanChange, SyncApi } from '#contracts/sync';
import type { ShelfworkDb } from '#db/schema';
import type { CompletionInput } from '#domain/completion';
import type { ScannedItem } from '#domain/types';
import * as execution from '../execution';
import { NOT_LOGGED_IN, type Session } from '../session';
import { runCommand, toCommand, type Warn } from './command';
import type { Drainer } from './drainer';

export interface ExecutionDeps {
  db: ShelfworkDb;
  session: Session;
  now: () => Date;
  drainer: Drainer;
  warn: Warn;
}

export type ExecutionHandlers = Pick<
  SyncApi,
  | 'changeChecklist'
  | 'changeScannedItems'
  | 'changeTaskDefects'
  | 'addPhoto'
  | 'updatePhotoComment'
  | 'deletePhotos'
  | 'completeTask'
  | 'retryRejected'
  | 'dismissRejected'
> & {
  /** The whole set of done ids, replacing the mirror's (tests and tools; not on SyncApi). */
  setChecklistDone(taskId: string, doneIds: string[]): Promise<CommandResult>;
  /** The whole list, replacing the mirror's (tests and tools; not on SyncApi). */
  saveScannedItems(taskId: string, items: ScannedItem[]): Promise<CommandResult>;
  /** The whole set of logged defect ids, replacing the mirror's (tests and tools; not on SyncApi). */
  setTaskDefects(taskId: string, defectIds: string[]): Promise<CommandResult>;
};

export function executionHandlers(deps: ExecutionDeps): ExecutionHandlers {
  const { db, session, now, drainer, warn } = deps;

  /** Logged in, run, then kick the drain (at once, or debounced per task). */
  function execute(what: string, kick: 'now' | 'debounced', taskId: string | null, job: () => Promise<CommandResult>): Promise<CommandResult> {
    return runCommand(warn, what, async () => {
      if (!(await session.tokens())) return toCommand(NOT_LOGGED_IN);
      const result = await job();
      if (result.ok) {
        if (kick === 'debounced' && taskId) drainer.debounce(taskId);
        else drainer.spawn(drainer.drain({ ignoreBackoff: true }));
      }
      return result;
    });
  }

  return {
    changeChecklist: (taskId: string, changes: ChecklistChange[]) =>
      execute('changeChecklist', 'debounced', taskId, () => execution.changeChecklist(db, now(), taskId, changes)),
    changeScannedItems: (taskId: string, changes: ScanChange[]) =>
      execute('changeScannedItems', 'debounced', taskId, () => execution.changeScannedItems(db, now(), taskId, changes)),
    changeTaskDefects: (taskId: string, changes: DefectChange[]) =>
      execute('changeTaskDefects', 'debounced', taskId, () => execution.changeTaskDefects(db, now(), taskId, changes)),
    setChecklistDone: (taskId, doneIds) => execute('setChecklistDone', 'debounced', taskId, () => execution.setChecklistDone(db, now(), taskId, doneIds)),
    saveScannedItems: (taskId, items) => execute('saveScannedItems', 'debounced', taskId, () => execution.saveScannedItems(db, now(), taskId, items)),
    setTaskDefects: (taskId, defectIds) => execute('setTaskDefects', 'debounced', taskId, () => execution.setTaskDefects(db, now(), taskId, defectIds)),
    addPhoto: (taskId: string, photo: NewPhoto) => execute('addPhoto', 'now', taskId, () => execution.addPhoto(db, now(), taskId, photo)),
    updatePhotoComment: (taskId: string, photoId: string, comment: string) =>
      execute('updatePhotoComment', 'debounced', taskId, () => execution.updatePhotoComment(db, now(), taskId, photoId, comment)),
    deletePhotos: (taskId: string, photoIds: string[]) => execute('deletePhotos', 'now', taskId, () => execution.deletePhotos(db, now(), taskId, photoIds)),
    completeTask: (taskId: string, input: CompletionInput) => execute('completeTask', 'now', taskId, () => execution.completeTask(db, now(), taskId, input)),
    retryRejected: (recordId: string) => execute('retryRejected', 'now', null, () => execution.retryRejected(db, recordId)),
    dismissRejected: (recordId: string) => runCommand(warn, 'dismissRejected', () => execution.dismissRejected(db, recordId)),
  };
}
