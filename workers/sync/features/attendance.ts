/**
 * The attendance answer command of the sync worker: checks the answer with the domain rules
 * (src/domain/attendance.ts), queues `POST task/{taskId}/attendance-request` on the task's queue
 * (works offline, delivered exactly once: the record id is its Idempotency-Key) and kicks the
 * drain. An answer still waiting and never attempted is replaced by a newer one (the tasker
 * changed their mind before it left the phone); one already attempted is not (the server may hold
 * it), so the newer answer is refused here as already given.
 */
import type { CommandResult } from '#contracts/sync';
import { ATTENDANCE_ANSWER_KIND } from '#db/outboxKinds';
import type { ShelfworkDb } from '#db/schema';
import { readAttendanceAnswer } from '#domain/attendance';
import { REFUSAL_MESSAGES } from '#domain/errors';
import { enqueueMutation } from '../queue';
import { NOT_LOGGED_IN, type Session } from '../session';
import { runCommand, toCommand, type Warn } from './command';
import type { Drainer } from './drainer';

export interface AttendanceDeps {
  db: ShelfworkDb;
  session: Session;
  now: () => Date;
  drainer: Drainer;
  warn: Warn;
}

export function attendancePath(taskId: string): string {
  return `task/${encodeURIComponent(taskId)}/attendance-request`;
}

export function answerAttendanceHandler(deps: AttendanceDeps): (taskId: string, answer: unknown) => Promise<CommandResult> {
  const { db, session, now, drainer, warn } = deps;
  return (taskId, input) =>
    runCommand(warn, 'answerAttendance', async () => {
      if (!(await session.tokens())) return toCommand(NOT_LOGGED_IN);
      if (typeof taskId !== 'string' || taskId === '') return { ok: false, error: { status: 400, code: 'VALIDATION_FAILED', message: 'No task', fields: { taskId: 'REQUIRED' } } };
      const { answer, errors } = readAttendanceAnswer(input);
      if (!answer) return { ok: false, error: { status: 400, code: 'VALIDATION_FAILED', message: 'Some fields are not valid', fields: errors as Record<string, string> } };
      const path = attendancePath(taskId);
      const earlier = await db.outbox.where('taskId').equals(taskId).filter((r) => r.kind === ATTENDANCE_ANSWER_KIND && r.state !== 'rejected').first();
      if (earlier && (earlier.state !== 'pending' || earlier.attempts > 0)) {
        return { ok: false, error: { status: 420, code: 'ATTENDANCE_ALREADY_SUBMITTED', message: REFUSAL_MESSAGES.ATTENDANCE_ALREADY_SUBMITTED } };
      }
      await enqueueMutation(db, { taskId, kind: ATTENDANCE_ANSWER_KIND, method: 'POST', path, payload: answer }, {
        now: now(),
        coalesce: true,
        optimistic: async () => {
          // A refused earlier answer is answered by this one.
          await db.outbox.where('taskId').equals(taskId).filter((r) => r.kind === ATTENDANCE_ANSWER_KIND && r.state === 'rejected').delete();
        },
      });
      drainer.spawn(drainer.drain({ ignoreBackoff: true }));
      return { ok: true, value: undefined };
    });
}
