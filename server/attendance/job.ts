/**
 * The attendance lapse job (spec section 4: "Unconfirmed attendance cancels the reservation").
 * A request still pending at its expiry lapses; if its tasker still holds the task reserved (not
 * started), the reservation is cancelled: the task is available again and a cancellation row
 * records why.
 *
 * Safe with several server processes (like jobs/expiry.ts): one statement picks the due requests
 * with `FOR UPDATE SKIP LOCKED` (a request another process, or the tasker's answer, holds is left
 * for the next run), re-checks `status = 'pending'` in the update and the task's state in its
 * own conditional update, so each request lapses once and each reservation is cancelled once.
 * Judged with the server clock (tests move it), not the database's now().
 */
import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { Clock } from '../clock';
import { startIntervalJob, type JobHandle } from '../jobs/runner';
import { notify } from '../notifications/service';
import { remindAttendanceRequests } from './service';

export const ATTENDANCE_LAPSE_INTERVAL_MS = 60_000;
/** Requests lapsed per statement; a backlog drains over consecutive batches in one run. */
const BATCH = 200;
/** The reason written on the cancellation row. */
export const LAPSE_JUSTIFICATION = 'Attendance not confirmed in time';

export interface LapsedRequest {
  id: string;
  taskId: string;
  userId: string;
  /** True when this lapse released the reservation (false: the task had already moved on). */
  cancelledReservation: boolean;
}

/** The words a tasker's attendance notifications are made from. */
async function taskWords(db: Db, taskId: string): Promise<{ taskTitle: string; placeTitle: string }> {
  const about = await db.selectFrom('tasks').innerJoin('places', 'places.id', 'tasks.place_id').select(['tasks.title as taskTitle', 'places.title as placeTitle']).where('tasks.id', '=', taskId).executeTakeFirst();
  return { taskTitle: about?.taskTitle ?? '', placeTitle: about?.placeTitle ?? '' };
}

/** Reminds of requests about to lapse, then lapses every due request now; returns what it lapsed. */
export async function lapseAttendanceRequests(db: Db, clock: Clock): Promise<LapsedRequest[]> {
  await remindAttendanceRequests(db, clock);
  const now = clock.now();
  const out: LapsedRequest[] = [];
  for (;;) {
    const rows = await db.transaction().execute(async (trx) => {
      const result = await sql<{ id: string; task_id: string; user_id: string; cancelled: boolean }>`
        with due as (
          select id from attendance_requests
          where status = 'pending' and expires_at <= ${now}::timestamptz
          order by expires_at
          limit ${BATCH}
          for update skip locked
        ),
        lapsed as (
          update attendance_requests a set status = 'lapsed', lapsed_at = ${now}::timestamptz
          from due
          where a.id = due.id and a.status = 'pending'
          returning a.id, a.task_id, a.user_id
        ),
        released as (
          update tasks t set status = 'available', tasker_id = null, reserved_at = null, updated_at = ${now}::timestamptz
          from lapsed
          where t.id = lapsed.task_id and t.tasker_id = lapsed.user_id and t.status = 'reserved' and t.start_time is null
          returning t.id
        ),
        logged as (
          insert into task_cancellations (id, task_id, user_id, late, justification, created_at)
          select gen_random_uuid()::text, lapsed.task_id, lapsed.user_id, false, ${LAPSE_JUSTIFICATION}, ${now}::timestamptz
          from lapsed join released on released.id = lapsed.task_id
          returning task_id
        )
        select lapsed.id, lapsed.task_id, lapsed.user_id, (lapsed.task_id in (select task_id from logged)) as cancelled
        from lapsed`.execute(trx);
      // The same transaction still holds the lapsed rows: record which lapse released a reservation.
      const cancelled = result.rows.filter((r) => r.cancelled).map((r) => r.id);
      const kept = result.rows.filter((r) => !r.cancelled).map((r) => r.id);
      if (cancelled.length > 0) await trx.updateTable('attendance_requests').set({ cancelled_reservation: true }).where('id', 'in', cancelled).execute();
      if (kept.length > 0) await trx.updateTable('attendance_requests').set({ cancelled_reservation: false }).where('id', 'in', kept).execute();
      // The tasker is told that the request was discarded and the reservation cancelled.
      for (const r of result.rows.filter((row) => row.cancelled)) {
        await notify(trx, { userId: r.user_id, type: 'attendance_request_discarded', params: await taskWords(trx, r.task_id), resourceId: r.task_id, now });
      }
      return result.rows;
    });
    out.push(...rows.map((r) => ({ id: r.id, taskId: r.task_id, userId: r.user_id, cancelledReservation: r.cancelled })));
    if (rows.length < BATCH) return out;
  }
}

export type { JobHandle };
export { remindAttendanceRequests };

/** Runs the lapse at start and then every minute in this process; runs never overlap; failures are logged and retried. */
export function startAttendanceJob(db: Db, clock: Clock, log: (line: string) => void = console.log, intervalMs = ATTENDANCE_LAPSE_INTERVAL_MS): JobHandle {
  return startIntervalJob(
    'attendance',
    async () => {
      const lapsed = await lapseAttendanceRequests(db, clock);
      if (lapsed.length > 0) log(`[attendance] ${lapsed.length} request(s) lapsed, ${lapsed.filter((l) => l.cancelledReservation).length} reservation(s) cancelled`);
    },
    log,
    intervalMs,
  );
}
