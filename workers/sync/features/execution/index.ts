/**
 * Doing the work: the task pack (downloaded for every reserved or in-progress task, so the task
 * can be performed offline), the execution commands (ticks, scans, defects as intent; photos; the
 * completion; a rejected record retried or dismissed) and their outbox kinds (./kinds.ts). Each
 * command needs a session, writes the mirror and queues its record in one transaction (./work.ts),
 * then kicks the drain: at once, or debounced per task for quick successive changes.
 */
import type { ChecklistChange, CommandResult, DefectChange, NewPhoto, ScanChange } from '#contracts/sync';
import type { CompletionInput } from '#domain/completion';
import type { ScannedItem } from '#domain/types';
import { runCommand, toCommand } from '../../command';
import { command, defineFeature, internal, queued, type FeatureContext } from '../../feature';
import { maintainPackCache } from '../../pack';
import { PACK_STATUSES, packContext, pullPackIfDue, pullTaskPackNow } from '../../packSchedule';
import { NOT_LOGGED_IN } from '../../session';
import { EXECUTION_KINDS } from './kinds';
import * as work from './work';

function executionCommands(ctx: FeatureContext) {
  const { db, session, now, drainer, warn } = ctx;

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
    /** Downloads the task pack (checklist, products, defects, scans, photos, images) into the mirror. */
    pullTaskPack: command((taskId: string): Promise<CommandResult> => pullTaskPackNow(ctx, taskId)),
    // Ticks, defects and scans cross as intent (what the tasker changed), never as the whole state a
    // screen saw: the worker applies them to the mirror's CURRENT value in one transaction, so a
    // change made meanwhile in another tab stays, and queues the resulting whole state (a full
    // replacement, coalesced while unsent). Drain debounced 100 ms per task.

    /** These checklist items ticked or unticked. */
    changeChecklist: queued((taskId: string, changes: ChecklistChange[]): Promise<CommandResult> =>
      execute('changeChecklist', 'debounced', taskId, () => work.changeChecklist(db, now(), taskId, changes)),
    ),
    /** These scanned items added or changed (`put`: by id, else by EAN) or removed. */
    changeScannedItems: queued((taskId: string, changes: ScanChange[]): Promise<CommandResult> =>
      execute('changeScannedItems', 'debounced', taskId, () => work.changeScannedItems(db, now(), taskId, changes)),
    ),
    /** These defects (regular defects and blockers alike) logged or unlogged. */
    changeTaskDefects: queued((taskId: string, changes: DefectChange[]): Promise<CommandResult> =>
      execute('changeTaskDefects', 'debounced', taskId, () => work.changeTaskDefects(db, now(), taskId, changes)),
    ),
    /** The whole set of done ids, replacing the mirror's (tests and tools; not on SyncApi). */
    setChecklistDone: internal((taskId: string, doneIds: string[]): Promise<CommandResult> =>
      execute('setChecklistDone', 'debounced', taskId, () => work.setChecklistDone(db, now(), taskId, doneIds)),
    ),
    /** The whole list, replacing the mirror's (tests and tools; not on SyncApi). */
    saveScannedItems: internal((taskId: string, items: ScannedItem[]): Promise<CommandResult> =>
      execute('saveScannedItems', 'debounced', taskId, () => work.saveScannedItems(db, now(), taskId, items)),
    ),
    /** The whole set of logged defect ids, replacing the mirror's (tests and tools; not on SyncApi). */
    setTaskDefects: internal((taskId: string, defectIds: string[]): Promise<CommandResult> =>
      execute('setTaskDefects', 'debounced', taskId, () => work.setTaskDefects(db, now(), taskId, defectIds)),
    ),
    /** Stores the (already resized) JPEG in the mirror and queues metadata POST + upload. */
    addPhoto: queued((taskId: string, photo: NewPhoto): Promise<CommandResult> => execute('addPhoto', 'now', taskId, () => work.addPhoto(db, now(), taskId, photo))),
    updatePhotoComment: queued((taskId: string, photoId: string, comment: string): Promise<CommandResult> =>
      execute('updatePhotoComment', 'debounced', taskId, () => work.updatePhotoComment(db, now(), taskId, photoId, comment)),
    ),
    deletePhotos: queued((taskId: string, photoIds: string[]): Promise<CommandResult> => execute('deletePhotos', 'now', taskId, () => work.deletePhotos(db, now(), taskId, photoIds))),
    /** Queued after the task's other records (the outbox drains in order per task). */
    completeTask: queued((taskId: string, input: CompletionInput): Promise<CommandResult> =>
      execute('completeTask', 'now', taskId, () => work.completeTask(db, now(), taskId, input)),
    ),
    /** A rejected record: try again as it is (after the tasker fixed the cause), or discard it. */
    retryRejected: queued((recordId: string): Promise<CommandResult> => execute('retryRejected', 'now', null, () => work.retryRejected(db, recordId))),
    dismissRejected: command((recordId: string): Promise<CommandResult> => runCommand(warn, 'dismissRejected', () => work.dismissRejected(db, recordId))),
  };
}

export const execution = defineFeature({
  name: 'execution',
  kinds: EXECUTION_KINDS,
  setup: (ctx) => ({
    commands: executionCommands(ctx),
    pulls: [
      {
        // Pack images the browser evicted reopen their pack; images no kept task needs are deleted.
        stage: 'after',
        run: async () => {
          await ctx.guard('task pack cache', () => maintainPackCache(packContext(ctx), PACK_STATUSES));
        },
      },
      {
        // After the lists: a task that just became reserved or in progress gets its pack.
        stage: 'after',
        run: async (sync) => {
          if (!(await ctx.session.tokens())) return;
          const tasks = await ctx.db.tasks.where('status').anyOf([...PACK_STATUSES]).primaryKeys();
          // One at a time: a pack is seven requests plus images, on what may be a weak signal.
          for (const taskId of tasks) await ctx.guard('task pack pull', () => pullPackIfDue(ctx, taskId, sync.eager, sync.force));
        },
      },
    ],
    followUps: { pack: (followUp) => ctx.guard('task pack pull', () => pullTaskPackNow(ctx, followUp.taskId)) },
  }),
});
