/**
 * The `attendance-answer` outbox kind (POST task/{taskId}/attendance-request, on the task's
 * queue). Queued with no mirror change: the request stays listed, shown as waiting, until the
 * answer is delivered; the 2xx removes it from kv `attendance:requests` in the transaction that
 * deletes the record (spec section 4: on success the request leaves the list). A refusal keeps the
 * record rejected with the server's code (the screen says 'already submitted' or 'try again') and
 * pulls the requests again to show the server's truth.
 */
import { ATTENDANCE_REQUESTS_KEY } from '#contracts/kv';
import type { ShelfworkDb } from '#db/schema';
import type { AttendanceRequest } from '#domain/attendance';
import type { ATTENDANCE_ANSWER_KIND } from '#db/outboxKinds';
import type { OutboxKind } from '../../kinds';

/** After the answer was delivered: the request leaves the list. */
export async function forgetAttendanceRequest(db: ShelfworkDb, taskId: string): Promise<void> {
  const row = await db.kv.get(ATTENDANCE_REQUESTS_KEY);
  const list = Array.isArray(row?.value) ? (row.value as AttendanceRequest[]) : null;
  if (!list) return;
  await db.kv.put({ key: ATTENDANCE_REQUESTS_KEY, value: list.filter((r) => r.taskId !== taskId) });
}

export const attendanceAnswerKind: OutboxKind<typeof ATTENDANCE_ANSWER_KIND> = {
  coalesce: true,
  reconcile: async (db, record) => {
    if (record.taskId) await forgetAttendanceRequest(db, record.taskId);
    return null;
  },
  afterRejection: () => ({ pull: 'attendance' }),
};
