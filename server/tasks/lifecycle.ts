/**
 * The tasker's task life-cycle effects (spec section 4): reserve, cancel, start. Each runs inside
 * the transaction runIdempotent opens, applies the shared domain rules (src/domain/lifecycle.ts)
 * with the server clock, and lets the database settle races:
 *
 * - every effect first locks the tasker's user row (`SELECT … FOR UPDATE`), so one tasker's
 *   parallel requests run one after another and the reservation-limit sum is read after the
 *   previous reserve committed (parallel reserves by one tasker cannot exceed the limit);
 * - the status change itself is a conditional `UPDATE … WHERE status = '<expected>' RETURNING`,
 *   so of N taskers reserving one task exactly one update matches a row; the others find the
 *   task taken and get 420 TASK_NO_LONGER_AVAILABLE.
 *
 * Lock order is always user row → task row (the expiry job and staff review lock only task rows),
 * so these transactions cannot deadlock each other.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database';
import type { Clock } from '../clock';
import { ApiError, BUSINESS_RULE_STATUS, badRequest, forbidden, notFound } from '../http/errors';
import { REFUSAL_MESSAGES, type RefusalCode } from '#domain/errors';
import { readTimestamp } from '#domain/time';
import { cancelPolicy, cancelRefusal, CLOCK_SKEW_MS, lateStartAllowed, reserveRefusal, startRefusal, JUSTIFICATION_MAX_EXCLUSIVE } from '#domain/lifecycle';
import { isValidCoordinates, isValidLatitude, isValidLongitude } from '#domain/geo';
import type { Coordinates, Task, TaskStatus, Training } from '#domain/types';
import { findTask, loadViewerRow, type TaskRow, type Viewer } from './queries';
import { toApiTask } from './map';
import { toViewer } from './viewer';
import { REFUSAL_WORDS } from '#domain/errorWords';

export interface LifecycleContext {
  clock: Clock;
  /** Default reservation limit (minutes) for users without their own. */
  reservationLimitMinutes: number;
}

/** The exact text of spec section 8. */
export const NO_LONGER_AVAILABLE_MESSAGE = REFUSAL_MESSAGES.TASK_NO_LONGER_AVAILABLE;

function refuse(code: RefusalCode, fields?: Record<string, string>): ApiError {
  return new ApiError(BUSINESS_RULE_STATUS, code, REFUSAL_MESSAGES[code], fields);
}

const taskNotFound = () => notFound('TASK_NOT_FOUND', REFUSAL_WORDS.TASK_NOT_FOUND.message);

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

/** Locks the tasker's row for the rest of the transaction (serialises one tasker's life-cycle requests). */
async function lockUser(trx: Db, userId: string): Promise<{ id: string; status: string; country_code: string | null }> {
  const user = await trx.selectFrom('users').select(['id', 'status', 'country_code']).where('id', '=', userId).forUpdate().executeTakeFirst();
  if (!user) throw new ApiError(401, 'UNAUTHORIZED', 'Unknown user');
  return user;
}

/** Locks the task row (waits for a concurrent change to commit) and reads it with its joins. */
async function lockTask(trx: Db, taskId: string): Promise<TaskRow | undefined> {
  const locked = await trx.selectFrom('tasks').select('id').where('id', '=', taskId).forUpdate().executeTakeFirst();
  if (!locked) return undefined;
  return findTask(trx, taskId);
}

async function loadViewer(trx: Db, ctx: LifecycleContext, userId: string): Promise<Viewer> {
  const row = await loadViewerRow(trx, userId);
  if (!row) throw new ApiError(401, 'UNAUTHORIZED', 'Unknown user');
  return toViewer(row, ctx.reservationLimitMinutes);
}

async function taskAsSeenBy(trx: Db, ctx: LifecycleContext, taskId: string, userId: string): Promise<Task> {
  const row = await findTask(trx, taskId);
  if (!row) throw new Error('task vanished inside its own transaction');
  const viewer = await loadViewer(trx, ctx, userId);
  return toApiTask(row, Array.isArray(row.tt_trainings) ? row.tt_trainings : [], viewer, ctx.clock.now(), null);
}

/**
 * Someone else's task: an available one in the viewer's market is visible (→ the given refusal),
 * anything else does not exist for this viewer (→ 404).
 */
function othersTask(row: TaskRow, user: { country_code: string | null }, code: RefusalCode): ApiError {
  if (row.status === 'available' && row.published && row.place_country_code === user.country_code) return refuse(code);
  return taskNotFound();
}

/** Trainings in the shape the domain rule reads (only id, enabled and doneAt matter to it). */
function trainingsForRule(row: TaskRow, viewer: Viewer): Training[] {
  const list = Array.isArray(row.tt_trainings) ? row.tt_trainings : [];
  return list.map((t) => ({
    id: t.training_id,
    title: t.title,
    filterTitle: t.title,
    linkToTraining: t.link_to_training,
    ndaProtected: false,
    enabled: t.enabled,
    isRequired: true,
    doneAt: viewer.doneTrainingIds.has(t.training_id) ? 'done' : null,
    createdAt: '',
    isNew: false,
  }));
}

export async function reserveTask(trx: Db, ctx: LifecycleContext, userId: string, taskId: string): Promise<Task> {
  const now = ctx.clock.now();
  const user = await lockUser(trx, userId);
  // Locked: a staff edit of the window, duration or reward (server/authoring) cannot commit
  // between these checks and the reservation, so the tasker reserves the task they were checked on.
  const row = await lockTask(trx, taskId);
  if (!row) throw taskNotFound();
  const own = row.tasker_id === userId;
  // A task in the viewer's market that someone took is "no longer available"; other markets do not exist for them.
  if (!own && row.place_country_code !== user.country_code) throw taskNotFound();
  // An unpublished task does not exist for taskers (staff hid it).
  if (!own && !row.published) throw taskNotFound();
  const viewer = await loadViewer(trx, ctx, userId);
  if (!viewer.canSeeTasks) throw forbidden('CANNOT_SEE_TASKS', 'Tasks are not available for this account');
  const trainings = trainingsForRule(row, viewer);
  const refusal = reserveRefusal(
    {
      status: row.status as TaskStatus,
      expectedDuration: row.expected_duration,
      taskType: { trainings: trainings.map((t) => ({ id: t.id, title: t.title, linkToTraining: t.linkToTraining })) } as Task['taskType'],
    },
    { isApproved: viewer.isApproved },
    trainings,
    { used: viewer.reservationUsed, limit: viewer.reservationLimit },
  );
  if (refusal) throw refuse(refusal);
  // The race is settled here: only one transaction finds the row still available.
  const updated = await trx
    .updateTable('tasks')
    .set({ status: 'reserved', tasker_id: userId, reserved_at: now, updated_at: now })
    .where('id', '=', taskId)
    .where('status', '=', 'available')
    .where('published', '=', true)
    .returning('id')
    .executeTakeFirst();
  if (!updated) throw refuse('TASK_NO_LONGER_AVAILABLE');
  return taskAsSeenBy(trx, ctx, taskId, userId);
}

export function readJustification(body: Record<string, unknown>): string | null {
  const value = body.justification;
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw badRequest({ justification: 'INVALID' });
  const text = value.trim();
  return text === '' ? null : text;
}

export async function cancelTask(trx: Db, ctx: LifecycleContext, userId: string, taskId: string, justification: string | null): Promise<Task> {
  const now = ctx.clock.now();
  const user = await lockUser(trx, userId);
  const row = await lockTask(trx, taskId);
  if (!row) throw taskNotFound();
  if (row.tasker_id !== userId) throw othersTask(row, user, 'TASK_NOT_RESERVED');
  const task = { status: row.status as TaskStatus, earlyCancelDeadline: iso(row.early_cancel_deadline), lateCancelDeadline: iso(row.late_cancel_deadline) };
  const refusal = cancelRefusal(task, justification, now);
  if (refusal === 'JUSTIFICATION_REQUIRED') throw badRequest({ justification: 'REQUIRED' }, 'A late cancel needs a reason');
  if (refusal === 'JUSTIFICATION_TOO_LONG') throw badRequest({ justification: 'TOO_LONG' }, `The reason must be under ${JUSTIFICATION_MAX_EXCLUSIVE} characters`);
  if (refusal) throw refuse(refusal);
  // Early cancels may carry a reason too; it is kept, bounded like late ones.
  if (justification !== null && justification.length >= JUSTIFICATION_MAX_EXCLUSIVE) throw badRequest({ justification: 'TOO_LONG' });
  const late = cancelPolicy(task, now) === 'late';
  const updated = await trx
    .updateTable('tasks')
    .set({ status: 'available', tasker_id: null, reserved_at: null, updated_at: now })
    .where('id', '=', taskId)
    .where('status', '=', row.status)
    .where('tasker_id', '=', userId)
    .where('start_time', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!updated) throw refuse('TASK_NOT_RESERVED');
  await trx.insertInto('task_cancellations').values({ id: randomUUID(), task_id: taskId, user_id: userId, late, justification, created_at: now }).execute();
  return taskAsSeenBy(trx, ctx, taskId, userId);
}

export interface StartInput {
  position: Coordinates | null;
  /** When the client recorded the start (offline starts); null = now. */
  startedAt: Date | null;
}

function readCoordinate(value: unknown): number | null | 'INVALID' {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^-?\d{1,3}(\.\d{1,15})?$/.test(value.trim())) return Number(value.trim());
  return 'INVALID';
}

/**
 * Reads `{ latitude, longitude, startedAt? }`; malformed values are 400 with field codes. The
 * position falls back to the `Geolocation` header (parsed by the caller) when the body has none.
 */
export function readStartInput(body: Record<string, unknown>, headerPosition: Coordinates | null): StartInput {
  const errors: Record<string, string> = {};
  const lat = readCoordinate(body.latitude);
  const lng = readCoordinate(body.longitude);
  let position: Coordinates | null = null;
  if (lat === 'INVALID') errors.latitude = 'INVALID';
  if (lng === 'INVALID') errors.longitude = 'INVALID';
  if (lat !== null || lng !== null) {
    if (lat === null) errors.latitude = 'REQUIRED';
    if (lng === null) errors.longitude = 'REQUIRED';
    if (typeof lat === 'number' && typeof lng === 'number') {
      const c = { latitude: lat, longitude: lng };
      if (isValidCoordinates(c)) position = c;
      else {
        if (!isValidLatitude(lat)) errors.latitude = 'OUT_OF_RANGE';
        if (!isValidLongitude(lng)) errors.longitude = 'OUT_OF_RANGE';
      }
    }
  } else {
    position = headerPosition;
  }
  let startedAt: Date | null = null;
  const raw = body.startedAt;
  if (raw !== undefined && raw !== null) {
    const read = readTimestamp(raw); // src/domain/time.ts: INVALID, OUT_OF_RANGE (outside 2000–2099)
    startedAt = read.value;
    if (read.error) errors.startedAt = read.error;
  }
  if (Object.keys(errors).length > 0) throw badRequest(errors);
  return { position, startedAt };
}

export async function startTask(trx: Db, ctx: LifecycleContext, userId: string, taskId: string, input: StartInput): Promise<Task> {
  const now = ctx.clock.now();
  const user = await lockUser(trx, userId);
  const row = await lockTask(trx, taskId);
  if (!row) throw taskNotFound();
  if (row.tasker_id !== userId) throw othersTask(row, user, 'TASK_NOT_RESERVED');
  // A start recorded offline inside the window, arriving after the expiry job expired the reserved
  // task: judged at its recorded time like any start; the task stays expired (its window is over)
  // but now has a start, so the rest of the work recorded in the window is taken (lateWorkRefusal).
  const late = lateStartAllowed(
    { status: row.status as TaskStatus, timeWindowEnd: new Date(row.time_window_end).toISOString(), startTime: row.start_time ? new Date(row.start_time).toISOString() : null },
    input.startedAt,
    now,
  );
  if (row.status !== 'reserved' && !late) throw refuse(row.status === 'expired' ? 'TASK_WINDOW_ENDED' : 'TASK_NOT_RESERVED');
  // The recorded time of an offline start: not ahead of the server clock (beyond skew), not before the reservation.
  if (input.startedAt) {
    if (input.startedAt.getTime() > now.getTime() + CLOCK_SKEW_MS) throw badRequest({ startedAt: 'IN_FUTURE' }, 'startedAt is in the future');
    const reservedAt = row.reserved_at ? new Date(row.reserved_at).getTime() : null;
    if (reservedAt !== null && input.startedAt.getTime() < reservedAt - CLOCK_SKEW_MS) {
      throw badRequest({ startedAt: 'BEFORE_RESERVATION' }, 'startedAt is before the reservation');
    }
  }
  // The window is judged at the recorded start time (never later than now, never before the
  // reservation — both within the clock-skew allowance): an offline start made inside the window
  // is accepted even if it reaches the server after the window ended.
  let at = input.startedAt && input.startedAt.getTime() < now.getTime() ? input.startedAt : now;
  if (row.reserved_at && at.getTime() < new Date(row.reserved_at).getTime()) at = new Date(row.reserved_at);
  const refusal = startRefusal(
    {
      status: 'reserved',
      timeWindowStart: new Date(row.time_window_start).toISOString(),
      timeWindowEnd: new Date(row.time_window_end).toISOString(),
      place: { coordinates: { latitude: row.place_latitude, longitude: row.place_longitude } },
    },
    input.position,
    at,
  );
  if (refusal) {
    if (refusal.code === 'TOO_FAR_FROM_PLACE') throw refuse(refusal.code, { distanceMeters: String(refusal.distanceMeters) });
    if (refusal.code === 'TASK_NOT_STARTABLE_YET') throw refuse(refusal.code, { opensAt: refusal.opensAt });
    throw refuse(refusal.code);
  }
  const position = input.position as Coordinates;
  const updated = await trx
    .updateTable('tasks')
    .set({
      status: late ? 'expired' : 'in_progress',
      start_time: at,
      start_latitude: position.latitude,
      start_longitude: position.longitude,
      start_received_at: now,
      updated_at: now,
    })
    .where('id', '=', taskId)
    .where('status', '=', row.status)
    .where('tasker_id', '=', userId)
    .where('start_time', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!updated) throw refuse('TASK_NOT_RESERVED');
  return taskAsSeenBy(trx, ctx, taskId, userId);
}
