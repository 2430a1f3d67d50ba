/**
 * The task life cycle's commands: reserve and cancel (online only, judged by the server's clock)
 * and start (queued through the outbox, re-checked on arrival), with how their answers reach the
 * mirror and the pulls that follow them.
 */
import type { CommandError, CommandResult } from '#contracts/sync';
import { START_TASK_KIND, type StartTaskPayload } from '#db/outboxKinds';
import { REFUSAL_MESSAGES } from '#domain/errors';
import { isValidCoordinates } from '#domain/geo';
import { startRefusal } from '#domain/lifecycle';
import { readTimestamp } from '#domain/time';
import type { Coordinates } from '#domain/types';
import { canSeeTasks } from '#domain/users';
import { routePath } from '#contracts/api/client';
import * as routes from '#contracts/api/tasks';
import { isTask } from '../../answers';
import { runCommand, toCommand } from '../../command';
import { command, defineFeature, queued, type FeatureContext } from '../../feature';
import { taskMutation, toTaskRow, type OutboxKind } from '../../kinds';
import { pullPackIfDue as pullPackIfDueOf } from '../../packSchedule';
import { pullReservationLimit } from '../../pulls/account';
import { pullTask, pullTasksByStatus } from '../../pulls/taskLists';
import { enqueueMutation } from '../../queue';
import { NOT_LOGGED_IN } from '../../session';
import { REFUSAL_WORDS } from '#domain/errorWords';

const OK: CommandResult = { ok: true, value: undefined };

function refused(error: CommandError): CommandResult {
  return { ok: false, error };
}

/** Thrown inside the start transaction to abort it with a refusal (nothing written). */
class StartRefused extends Error {
  constructor(readonly error: CommandError) {
    super(error.code);
  }
}

function lifecycleCommands(ctx: FeatureContext) {
  const { db, session, now, ready, writes, pullCtx, drainer, warn, guard } = ctx;
  const pullPackIfDue = (taskId: string) => pullPackIfDueOf(ctx, taskId);

  /**
   * Online only (a race between taskers): one request with a fresh Idempotency-Key, no queue, no
   * retry. 2xx: the answer is written into the mirror before this resolves; the reservation limit
   * and the reserved and available lists are pulled behind it. Any failure changes nothing.
   */
  async function reserveTask(taskId: string): Promise<CommandResult> {
    await ready;
    const result = await session.call(routes.reserveTask, { params: { taskId }, idempotencyKey: crypto.randomUUID() });
    if (!result.ok) return toCommand(result);
    await writeTaskAnswer(taskId, result.body, 'keep');
    drainer.spawn(refreshAfterLifecycle());
    // Reserved: download what performing it offline needs.
    drainer.spawn(pullPackIfDue(taskId));
    return OK;
  }

  /**
   * Online only: the server judges early / late cancel with its clock. 2xx: the answer (the task,
   * available again) is kept if this tasker may see available tasks, otherwise the row is
   * removed; then the same pulls as after a reserve.
   */
  async function cancelTask(taskId: string, justification: string | null): Promise<CommandResult> {
    await ready;
    const body = justification === null ? {} : { justification };
    const result = await session.call(routes.cancelTask, { params: { taskId }, body, idempotencyKey: crypto.randomUUID() });
    if (!result.ok) return toCommand(result);
    await writeTaskAnswer(taskId, result.body, 'available-if-visible');
    drainer.spawn(refreshAfterLifecycle());
    return OK;
  }

  /**
   * Queued through the outbox (DESIGN.md, "Offline start"). The worker re-applies the domain's
   * start rule to the mirrored task with its own clock (the page did too), then, in one
   * transaction, shows the task in progress and queues `start-task` with the recorded position
   * and time. Refusals come back as 420-shaped errors with the server's codes; nothing is queued.
   */
  function startTask(taskId: string, position: Coordinates, startedAt: string): Promise<CommandResult> {
    return runCommand(warn, 'startTask', () => startTaskNow(taskId, position, startedAt));
  }

  async function startTaskNow(taskId: string, position: Coordinates, startedAt: string): Promise<CommandResult> {
    if (!(await session.tokens())) return toCommand(NOT_LOGGED_IN);
    if (!position || !isValidCoordinates(position)) {
      return refused({ status: 400, code: 'VALIDATION_FAILED', message: 'Invalid position', fields: { position: 'INVALID' } });
    }
    // The server's rule (src/domain/time.ts): a real ISO time in 2000–2099, else it would refuse the record later.
    const started = readTimestamp(startedAt);
    if (started.error) {
      return refused({ status: 400, code: 'VALIDATION_FAILED', message: 'Invalid start time', fields: { startedAt: started.error } });
    }
    const payload: StartTaskPayload = { latitude: position.latitude, longitude: position.longitude, startedAt: started.value.toISOString() };
    try {
      await enqueueMutation(
        db,
        { taskId, kind: START_TASK_KIND, method: 'POST', path: routePath(routes.startTask, { params: { taskId } }), payload },
        {
          now: now(),
          tables: [db.tasks],
          optimistic: async () => {
            const row = await db.tasks.get(taskId);
            if (!row) throw new StartRefused({ status: 404, code: 'TASK_NOT_FOUND', message: REFUSAL_WORDS.TASK_NOT_FOUND.message });
            const refusal = startRefusal(row, position, now());
            if (refusal) {
              const fields: Record<string, string> = {};
              if (refusal.code === 'TOO_FAR_FROM_PLACE') fields.distanceMeters = String(refusal.distanceMeters);
              if (refusal.code === 'TASK_NOT_STARTABLE_YET') fields.opensAt = refusal.opensAt;
              // The server's English (the page words the code itself).
              const error: CommandError = { status: 420, code: refusal.code, message: REFUSAL_MESSAGES[refusal.code] };
              throw new StartRefused(Object.keys(fields).length > 0 ? { ...error, fields } : error);
            }
            await db.tasks.put({ ...row, status: 'in_progress', startTime: payload.startedAt, isStartable: false });
          },
        },
      );
    } catch (err) {
      if (err instanceof StartRefused) return refused(err.error);
      throw err;
    }
    drainer.spawn(drainer.drain({ ignoreBackoff: true }));
    drainer.spawn(pullPackIfDue(taskId));
    return OK;
  }

  /**
   * Writes a reserve / cancel answer into the mirror (only while the session lasts). An answer
   * that is not this task (e.g. a 204) is replaced by pulling the task.
   */
  async function writeTaskAnswer(taskId: string, body: unknown, mode: 'keep' | 'available-if-visible'): Promise<void> {
    if (!isTask(body) || body.id !== taskId) {
      await guard('task pull', () => pullTask(pullCtx, taskId));
      return;
    }
    await db.transaction('rw', [db.session, db.user, db.tasks], async () => {
      if (!(await db.session.get('tokens'))) return;
      writes.touch(taskId);
      const user = await db.user.get('me');
      const visible = mode === 'keep' || (body.status === 'available' && !!user && canSeeTasks(user));
      if (!visible) {
        await db.tasks.delete(taskId);
        return;
      }
      const existing = await db.tasks.get(taskId);
      await db.tasks.put(toTaskRow(body, existing?.sortKey));
    });
  }

  /** After a reserve or cancel: the minutes used and the lists the task moved between. */
  async function refreshAfterLifecycle(): Promise<void> {
    const user = await db.user.get('me');
    const jobs: Promise<unknown>[] = [
      guard('reservation limit pull', () => pullReservationLimit(pullCtx)),
      guard('reserved tasks pull', () => pullTasksByStatus(pullCtx, 'reserved')),
    ];
    if (user && canSeeTasks(user)) jobs.push(guard('available tasks pull', () => pullTasksByStatus(pullCtx, 'available')));
    await Promise.all(jobs);
  }

  return {
    /**
     * Online only: reserving is a race between taskers, so it is never queued. On success the task,
     * the reservation limit and the reserved list are pulled again. Offline → error code 'NETWORK'.
     */
    reserveTask: command(reserveTask),
    /** Online only: the server judges early/late cancel with its clock. `justification` for late cancels. */
    cancelTask: command(cancelTask),
    /**
     * Queued through the outbox (works offline): the mirror shows the task in progress at once;
     * the server re-checks the recorded position and time on arrival (DESIGN.md, "Offline start").
     */
    startTask: queued(startTask),
  };
}

/**
 * `start-task` (POST task/{id}/start). Optimistic change: status in_progress, startTime =
 * startedAt (startTask above). 2xx: the answer is the started task. Rejected (420 too far, window
 * ended ...): the record stays rejected with the server's message and the task is pulled, which
 * puts it back in its server state (reserved, or wherever the server has it).
 */
const startTaskKind: OutboxKind<typeof START_TASK_KIND> = {
  reconcile: taskMutation.reconcile,
  afterRejection: taskMutation.afterRejection,
};

/**
 * The task life cycle. The page checks the domain rules first (src/domain/lifecycle.ts); the
 * server re-checks them with its own clock.
 */
export const lifecycle = defineFeature({
  name: 'lifecycle',
  kinds: { [START_TASK_KIND]: startTaskKind },
  setup: (ctx) => ({ commands: lifecycleCommands(ctx) }),
});
