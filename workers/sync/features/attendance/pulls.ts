/**
 * Attendance requests (spec sections 6, 7 and 9): `GET task/attendance-requests` every 60 s, for
 * approved taskers only, into kv `attendance:requests` (an account prefix: cleared on logout and
 * on an account switch) with its meta row, in one transaction and only while a session exists.
 * A request whose answer is still in the outbox stays listed by the server until the answer
 * arrives; the screens show it as waiting (src/attendance/queries.ts). Offline nothing is asked.
 */
import { ATTENDANCE_REQUESTS_KEY } from '#contracts/kv';
import type { ShelfworkDb } from '#db/schema';
import { ATTENDANCE_REFRESH_MS, isAttendanceRequest } from '#domain/attendance';
import type { User } from '#domain/types';
import { listOpenRequests } from '#contracts/api/attendance';
import { listItems } from '../../answers';
import { failure, isDue, OK, recordFailure, successMeta, type PullContext, type PullResult } from '../../pulls/base';

export const ATTENDANCE_META = 'attendanceRequests';

/** Spec section 6: attendance requests are fetched only for approved taskers. */
export function wantsAttendance(user: Pick<User, 'status'> | null | undefined): boolean {
  return user?.status === 'active';
}

export async function pullAttendanceRequests(ctx: PullContext): Promise<PullResult> {
  const result = await ctx.session.call(listOpenRequests);
  if (!result.ok) {
    await recordFailure(ctx.db, ATTENDANCE_META, ctx.now(), result.error.code);
    return failure(result);
  }
  const list = listItems(result.body);
  if (!list) {
    await recordFailure(ctx.db, ATTENDANCE_META, ctx.now(), 'UNKNOWN');
    return { ok: false, error: { status: result.status, code: 'UNKNOWN', message: 'Malformed attendance requests' } };
  }
  const { db } = ctx;
  await db.transaction('rw', [db.session, db.meta, db.kv], async () => {
    if (!(await db.session.get('tokens'))) return;
    await db.kv.put({ key: ATTENDANCE_REQUESTS_KEY, value: list.filter(isAttendanceRequest) });
    await db.meta.put(successMeta(ATTENDANCE_META, ctx.now()));
  });
  return OK;
}

/** Every 60 s for an approved tasker (and at once on start, login and reconnect: `eager`). */
export async function attendanceDue(db: ShelfworkDb, user: Pick<User, 'status'> | null | undefined, now: Date, eager: boolean, force: boolean): Promise<boolean> {
  if (!wantsAttendance(user)) return false;
  return force || isDue(db, ATTENDANCE_META, ATTENDANCE_REFRESH_MS, now, eager);
}
