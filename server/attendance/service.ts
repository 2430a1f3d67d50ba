/**
 * Attendance confirmation (spec sections 3–7): staff create a request for a reserved task; the
 * tasker lists their open requests and answers once; a request about to lapse reminds its tasker
 * once (remindAttendanceRequests); the lapse job (./job.ts) cancels the reservation of a request
 * left unanswered past its expiry.
 *
 * Locks: answering locks the request row; the lapse job takes request rows with SKIP LOCKED and
 * then the task row. The tasker's life-cycle calls lock user → task and never a request, so the
 * orders cannot form a cycle.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import type { AttendanceRequestsTable } from '../db/schema';
import { ApiError, BUSINESS_RULE_STATUS, badRequest, notFound } from '../http/errors';
import { REFUSAL_MESSAGES } from '#domain/errors';
import type { AttendanceAnswer, AttendanceAnswerResult, AttendanceRequest } from '#domain/attendance';
import { notify } from '../notifications/service';
import { REFUSAL_WORDS } from '#domain/errorWords';
import { ATTENDANCE_REMINDER_BEFORE_MS } from '#domain/notifications';

/** Without an expiry from staff: 24 h, but never later than the task's start. */
export const DEFAULT_ATTENDANCE_TTL_MS = 24 * 60 * 60_000;

const iso = (d: Date | string): string => new Date(d).toISOString();

export const attendanceNotFound = () => notFound('ATTENDANCE_REQUEST_NOT_FOUND', 'No attendance request for this task');
const alreadySubmitted = () => new ApiError(BUSINESS_RULE_STATUS, 'ATTENDANCE_ALREADY_SUBMITTED', REFUSAL_MESSAGES.ATTENDANCE_ALREADY_SUBMITTED);
const lapsed = () => new ApiError(BUSINESS_RULE_STATUS, 'ATTENDANCE_REQUEST_EXPIRED', REFUSAL_MESSAGES.ATTENDANCE_REQUEST_EXPIRED);

/** What staff see of a request. */
export interface StaffAttendanceRequest {
  id: string;
  taskId: string;
  userId: string;
  status: 'pending' | 'accepted' | 'declined' | 'lapsed';
  expiresAt: string;
  accept: boolean | null;
  justification: string | null;
  policyAgreed: boolean | null;
  answeredAt: string | null;
  lapsedAt: string | null;
  cancelledReservation: boolean | null;
  createdBy: string;
  createdAt: string;
}

/** A request as the database answers it (the schema's attendance_requests row). */
type Row = Selectable<AttendanceRequestsTable>;

export function toStaffRequest(r: Row): StaffAttendanceRequest {
  return {
    id: r.id,
    taskId: r.task_id,
    userId: r.user_id,
    status: r.status,
    expiresAt: iso(r.expires_at),
    accept: r.accept,
    justification: r.justification,
    policyAgreed: r.policy_agreed,
    answeredAt: r.answered_at ? iso(r.answered_at) : null,
    lapsedAt: r.lapsed_at ? iso(r.lapsed_at) : null,
    cancelledReservation: r.cancelled_reservation,
    createdBy: r.created_by,
    createdAt: iso(r.created_at),
  };
}

/** Reads staff's `{ expiresAt? | expiresInMinutes? }`; the default is DEFAULT_ATTENDANCE_TTL_MS, capped at the task's start. */
export function readCreateInput(body: Record<string, unknown>): { expiresAt: Date | null; expiresInMinutes: number | null } {
  const errors: Record<string, string> = {};
  let expiresAt: Date | null = null;
  let expiresInMinutes: number | null = null;
  if (body.expiresAt !== undefined && body.expiresAt !== null) {
    const t = typeof body.expiresAt === 'string' ? Date.parse(body.expiresAt) : NaN;
    if (!Number.isFinite(t)) errors.expiresAt = 'INVALID';
    else expiresAt = new Date(t);
  }
  if (body.expiresInMinutes !== undefined && body.expiresInMinutes !== null) {
    const n = body.expiresInMinutes;
    if (typeof n !== 'number' || !Number.isFinite(n) || n <= 0 || n > 60 * 24 * 30) errors.expiresInMinutes = 'OUT_OF_RANGE';
    else expiresInMinutes = n;
  }
  if (expiresAt && expiresInMinutes !== null) errors.expiresAt = 'NOT_ALLOWED';
  if (Object.keys(errors).length > 0) throw badRequest(errors);
  return { expiresAt, expiresInMinutes };
}

/**
 * Staff: ask the tasker of a reserved task to confirm. Idempotent per task: while a request is
 * open, asking again answers that request (`created: false`).
 */
export async function createAttendanceRequest(
  trx: Db,
  input: { taskId: string; expiresAt: Date | null; expiresInMinutes: number | null; createdBy: string; now: Date },
): Promise<{ created: boolean; request: StaffAttendanceRequest }> {
  const task = await trx.selectFrom('tasks').select(['id', 'status', 'tasker_id', 'time_window_start']).where('id', '=', input.taskId).forUpdate().executeTakeFirst();
  if (!task) throw notFound('TASK_NOT_FOUND', REFUSAL_WORDS.TASK_NOT_FOUND.message);
  if (task.status !== 'reserved' || !task.tasker_id) throw new ApiError(BUSINESS_RULE_STATUS, 'TASK_NOT_RESERVED', 'Only a reserved task can ask for attendance');
  const open = await trx.selectFrom('attendance_requests').selectAll().where('task_id', '=', task.id).where('status', '=', 'pending').executeTakeFirst();
  if (open && open.user_id === task.tasker_id) return { created: false, request: toStaffRequest(open) };
  if (open) {
    // The reservation changed hands since: the old tasker's request no longer applies.
    await trx.updateTable('attendance_requests').set({ status: 'lapsed', lapsed_at: input.now, cancelled_reservation: false }).where('id', '=', open.id).execute();
  }
  const start = new Date(task.time_window_start).getTime();
  const nowMs = input.now.getTime();
  let expires: number;
  if (input.expiresAt) expires = input.expiresAt.getTime();
  else if (input.expiresInMinutes !== null) expires = nowMs + input.expiresInMinutes * 60_000;
  else expires = Math.min(nowMs + DEFAULT_ATTENDANCE_TTL_MS, start > nowMs ? start : nowMs + DEFAULT_ATTENDANCE_TTL_MS);
  if (expires <= nowMs) throw badRequest({ expiresAt: 'OUT_OF_RANGE' }, 'The request must expire in the future');
  const row = await trx
    .insertInto('attendance_requests')
    .values({ id: randomUUID(), task_id: task.id, user_id: task.tasker_id, expires_at: new Date(expires), created_by: input.createdBy, created_at: input.now })
    .returningAll()
    .executeTakeFirstOrThrow();
  // The tasker is told (the notification opens the form while the request is open).
  const about = await trx.selectFrom('tasks').innerJoin('places', 'places.id', 'tasks.place_id').select(['tasks.title as taskTitle', 'places.title as placeTitle']).where('tasks.id', '=', task.id).executeTakeFirst();
  await notify(trx, { userId: task.tasker_id, type: 'attendance_request', params: { taskTitle: about?.taskTitle ?? '', placeTitle: about?.placeTitle ?? '' }, resourceId: task.id, now: input.now });
  return { created: true, request: toStaffRequest(row) };
}

export async function listTaskAttendanceRequests(db: Db, taskId: string): Promise<StaffAttendanceRequest[]> {
  const rows = await db.selectFrom('attendance_requests').selectAll().where('task_id', '=', taskId).orderBy('created_at').orderBy('id').execute();
  return rows.map(toStaffRequest);
}

/**
 * The tasker's open requests: pending, not yet lapsed, for a task they still hold reserved.
 * Oldest deadline first.
 */
export async function listOpenRequests(db: Db, userId: string, now: Date): Promise<AttendanceRequest[]> {
  const rows = await db
    .selectFrom('attendance_requests as a')
    .innerJoin('tasks as t', 't.id', 'a.task_id')
    .innerJoin('places as p', 'p.id', 't.place_id')
    .select([
      'a.id',
      'a.task_id',
      'a.expires_at',
      'a.created_at',
      't.title',
      't.time_window_start',
      't.time_window_end',
      'p.id as place_id',
      'p.title as place_title',
      'p.address as place_address',
      'p.city as place_city',
    ])
    .where('a.user_id', '=', userId)
    .where('a.status', '=', 'pending')
    .where('a.expires_at', '>', now)
    .where('t.status', '=', 'reserved')
    .where('t.tasker_id', '=', userId)
    .orderBy('a.expires_at')
    .orderBy('a.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    taskId: r.task_id,
    expiresAt: iso(r.expires_at),
    createdAt: iso(r.created_at),
    task: {
      id: r.task_id,
      title: r.title,
      timeWindowStart: iso(r.time_window_start),
      timeWindowEnd: iso(r.time_window_end),
      place: { id: r.place_id, title: r.place_title, address: r.place_address, city: r.place_city },
    },
  }));
}

/**
 * The tasker answers the open request of a task. Once only: a second answer (without the first's
 * Idempotency-Key) is 420 ATTENDANCE_ALREADY_SUBMITTED; after the lapse 420
 * ATTENDANCE_REQUEST_EXPIRED; a task never asked about 404.
 */
export async function answerAttendanceRequest(trx: Db, input: { userId: string; taskId: string; answer: AttendanceAnswer; now: Date }): Promise<AttendanceAnswerResult> {
  const { userId, taskId, answer, now } = input;
  const rows = await trx
    .selectFrom('attendance_requests')
    .selectAll()
    .where('task_id', '=', taskId)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .forUpdate()
    .execute();
  const open = rows.find((r) => r.status === 'pending');
  if (!open) {
    if (rows.some((r) => r.status === 'accepted' || r.status === 'declined')) throw alreadySubmitted();
    if (rows.length > 0) throw lapsed();
    throw attendanceNotFound();
  }
  if (new Date(open.expires_at).getTime() <= now.getTime()) throw lapsed();
  const task = await trx.selectFrom('tasks').select(['status', 'tasker_id']).where('id', '=', taskId).executeTakeFirst();
  if (!task || task.tasker_id !== userId || task.status !== 'reserved') throw lapsed();
  const updated = await trx
    .updateTable('attendance_requests')
    .set({
      status: answer.accept ? 'accepted' : 'declined',
      accept: answer.accept,
      justification: answer.accept ? null : answer.justification,
      policy_agreed: answer.accept ? null : answer.policyAgreed,
      answered_at: now,
    })
    .where('id', '=', open.id)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
  if (!updated) throw alreadySubmitted();
  return {
    id: updated.id,
    taskId: updated.task_id,
    status: updated.status as 'accepted' | 'declined',
    accept: answer.accept,
    justification: updated.justification,
    answeredAt: iso(now),
  };
}

/** Requests reminded of per run (the rest wait for the next run). */
const REMINDER_BATCH = 200;

/**
 * Reminds the tasker of each open request that lapses within ATTENDANCE_REMINDER_BEFORE_MS, while
 * they still hold the reservation the lapse would cancel, and only for a request that was open
 * longer than that (a shorter one's own notification is recent enough). Returns how many were
 * reminded.
 *
 * Once per request, also with several processes running it at once: a run claims its requests
 * in one statement that sets `reminded_at` where it is still null (rows another run holds are
 * skipped; one it committed meanwhile is re-read and no longer matches), and notifies in the same
 * transaction, so a claim without its reminder is never committed. (Judging "already reminded" by
 * the reminder notifications instead let a run that read them before another run committed remind
 * a second time.)
 */
export async function remindAttendanceRequests(db: Db, clock: Clock): Promise<number> {
  const now = clock.now();
  const soon = new Date(now.getTime() + ATTENDANCE_REMINDER_BEFORE_MS);
  const windowSql = `${ATTENDANCE_REMINDER_BEFORE_MS / 1000} seconds`;
  return db.transaction().execute(async (trx) => {
    const claimed = await sql<{ task_id: string; user_id: string; task_title: string; place_title: string }>`
      with due as (
        select r.id from attendance_requests r
        -- Only while the tasker still holds the reservation the lapse would cancel.
        join tasks t on t.id = r.task_id and t.tasker_id = r.user_id and t.status = 'reserved' and t.start_time is null
        where r.status = 'pending' and r.reminded_at is null
          and r.expires_at > ${now}::timestamptz and r.expires_at <= ${soon}::timestamptz
          and r.created_at < r.expires_at - ${windowSql}::interval
        order by r.expires_at
        limit ${REMINDER_BATCH}
        for update of r skip locked
      ),
      claimed as (
        update attendance_requests a set reminded_at = ${now}::timestamptz
        from due
        where a.id = due.id and a.status = 'pending' and a.reminded_at is null
        returning a.task_id, a.user_id
      )
      select claimed.task_id, claimed.user_id, t.title as task_title, p.title as place_title
      from claimed join tasks t on t.id = claimed.task_id join places p on p.id = t.place_id`.execute(trx);
    for (const r of claimed.rows) {
      await notify(trx, { userId: r.user_id, type: 'attendance_request_reminder', params: { taskTitle: r.task_title, placeTitle: r.place_title }, resourceId: r.task_id, now });
    }
    return claimed.rows.length;
  });
}
