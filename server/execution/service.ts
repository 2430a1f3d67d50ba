/**
 * The execution effects (spec sections 2 and 7): checklist ticks (checklist.ts), products and
 * task defects (defects.ts), scanned items (scans.ts), photo metadata (photos.ts), and here the
 * completion with what they all share: the refusals, the task row lock, the segment memo. Each
 * write runs inside the transaction runIdempotent opens and starts by locking the task row, so writes to one task are serialised with its completion
 * (a tick arriving after `complete` committed sees awaiting_confirmation and is refused, never
 * half-applied). Only the task row is locked (lifecycle locks user → task, the expiry job task
 * only), so no lock-order cycle is possible.
 *
 * Visibility: a task belongs to its tasker; for anyone else it does not exist (404
 * TASK_NOT_FOUND). Writes need in_progress (420 TASK_NOT_IN_PROGRESS) — or, for work the phone
 * recorded inside the window and delivered after the expiry job expired the task, the late-work
 * rule of src/domain/lifecycle.ts (420 TASK_WINDOW_ENDED when the work was recorded too late).
 */
import type { Db } from '../db/database';
import type { Clock } from '../clock';
import { ApiError, BUSINESS_RULE_STATUS, badRequest, notFound } from '../http/errors';
import type { Task, TaskStatus } from '#domain/types';
import { findTask, loadViewerRow } from '../tasks/queries';
import { toApiTask } from '../tasks/map';
import { toViewer } from '../tasks/viewer';
import { execDb } from './tables';
import { needsPhoto, type CompletionInput } from '#domain/completion';
import { REFUSAL_MESSAGES } from '#domain/errors';
import { lateWorkRefusal, workTime } from '#domain/lifecycle';
import { segmentMemo } from '../db/segment';
import { REFUSAL_WORDS } from '#domain/errorWords';

type ExecutionRefusal = 'TASK_NOT_IN_PROGRESS' | 'TASK_WINDOW_ENDED' | 'PHOTOS_REQUIRED';

export const refuse = (code: ExecutionRefusal) => new ApiError(BUSINESS_RULE_STATUS, code, REFUSAL_MESSAGES[code]);
export const taskNotFound = () => notFound('TASK_NOT_FOUND', REFUSAL_WORDS.TASK_NOT_FOUND.message);

export const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * EXECUTION_FULL_WRITES=1 in the server's environment: scan lists and defect sets are written
 * whole, as before the diff writes, and nothing is kept between the records of a batch
 * segment (`npm run bench:outbox` uses it, with BATCH_PER_RECORD=1, for its "old" side).
 */
export const fullWrites = () => process.env.EXECUTION_FULL_WRITES === '1';

/** The batch segment's memo for `trx` (server/db/segment.ts), unless the old full writes are asked for. */
export function memoOf(trx: Db): Map<string, unknown> | null {
  return fullWrites() ? null : segmentMemo(trx);
}
export const taskMemoKey = (taskId: string) => `execution:task:${taskId}`;

export interface OwnTask {
  id: string;
  status: string;
  tasker_id: string | null;
  done_checklist_item_ids: string[];
  time_window_end: Date | string;
  start_time: Date | string | null;
}

/** Who writes, by the server's clock, and when the phone says the work was done (Shelfwork-Recorded-At). */
export interface Writer {
  userId: string;
  clock: Clock;
  recordedAt: Date | null;
}

/** The viewer's own task (any status), or 404. `lock` takes the row lock for a write. */
export async function ownTask(db: Db, userId: string, taskId: string, lock = false): Promise<OwnTask> {
  let q = db.selectFrom('tasks').select(['id', 'status', 'tasker_id', 'done_checklist_item_ids', 'time_window_end', 'start_time']).where('id', '=', taskId);
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row || row.tasker_id !== userId) throw taskNotFound();
  return { ...row, done_checklist_item_ids: Array.isArray(row.done_checklist_item_ids) ? row.done_checklist_item_ids : [] };
}

export function asWorkTask(task: OwnTask) {
  return { status: task.status as TaskStatus, timeWindowEnd: iso(task.time_window_end), startTime: task.start_time ? iso(task.start_time) : null };
}

/**
 * Locks the writer's own task and requires it to take work: in progress, or expired with the
 * work recorded inside the window (late delivery, lateWorkRefusal).
 */
export async function lockWritable(trx: Db, writer: Writer, taskId: string): Promise<OwnTask> {
  // In a batch segment the row stays locked from the first record that locked it (its savepoint is
  // kept until the commit; a rollback to a savepoint empties the memo), so it is read once.
  const memo = memoOf(trx);
  const memoised = memo?.get(taskMemoKey(taskId)) as OwnTask | undefined;
  const task = memoised && memoised.tasker_id === writer.userId ? memoised : await ownTask(trx, writer.userId, taskId, true);
  memo?.set(taskMemoKey(taskId), task);
  const refusal = lateWorkRefusal(asWorkTask(task), writer.recordedAt, writer.clock.now());
  if (refusal) throw refuse(refusal);
  return task;
}

// ---------------------------------------------------------------------------------------------
// Completion

/**
 * Moves the task to awaiting_confirmation: end time = when the phone recorded the completion
 * (bounded by the start and by now, workTime), finalization time = server now. The completion
 * rule (src/domain/completion.ts) was applied by readCompleteInput; here: ownership, status
 * (in progress, or expired with the completion recorded inside the window), blockers being
 * task_blocker defects, and photos for incomplete/blocked outcomes. Photo metadata counts (its
 * file may still be uploading: the outbox sends it before `complete`).
 */
export async function completeTask(trx: Db, writer: Writer, reservationLimitMinutes: number, taskId: string, input: CompletionInput): Promise<Task> {
  const { userId, clock } = writer;
  const task = await lockWritable(trx, writer, taskId);
  const db = execDb(trx);
  const blockerIds = input.blockerIds ?? [];
  if (input.outcome === 'blocked') {
    const blockers = await db.selectFrom('defects').select('id').where('id', 'in', blockerIds).where('type', '=', 'task_blocker').execute();
    if (blockers.length !== blockerIds.length) throw badRequest({ blockerIds: 'UNKNOWN_BLOCKER' }, 'Some blockers are not task blockers');
  }
  if (needsPhoto(input.outcome)) {
    const photo = await db.selectFrom('photos').select('id').where('task_id', '=', taskId).executeTakeFirst();
    if (!photo) throw refuse('PHOTOS_REQUIRED');
  }
  const now = clock.now();
  const endTime = workTime(asWorkTask(task), writer.recordedAt, now);
  const updated = await trx
    .updateTable('tasks')
    .set({ status: 'awaiting_confirmation', end_time: endTime, finalization_time: now, tasker_comment: input.taskerComment || null, updated_at: now })
    .where('id', '=', taskId)
    .where('status', '=', task.status)
    .where('tasker_id', '=', userId)
    .returning('id')
    .executeTakeFirst();
  if (!updated) throw refuse('TASK_NOT_IN_PROGRESS');
  memoOf(trx)?.delete(taskMemoKey(taskId));
  const completion = {
    user_id: userId,
    outcome: input.outcome,
    reason: input.reason ?? null,
    policy_agreed: input.policyAgreed ?? false,
    blocker_ids: JSON.stringify(blockerIds),
    created_at: now,
  };
  await db
    .insertInto('task_completions')
    .values({ task_id: taskId, ...completion })
    .onConflict((oc) => oc.column('task_id').doUpdateSet(completion))
    .execute();
  const row = await findTask(trx, taskId);
  const viewerRow = await loadViewerRow(trx, userId);
  if (!row || !viewerRow) throw new Error('task or user vanished inside its own transaction');
  return toApiTask(row, Array.isArray(row.tt_trainings) ? row.tt_trainings : [], toViewer(viewerRow, reservationLimitMinutes), now, null);
}
