/**
 * The attendance answer command of the sync worker: checks the answer with the domain rules
 * (src/domain/attendance.ts), queues `POST task/{taskId}/attendance-request` on the task's queue
 * (works offline, delivered exactly once: the record id is its Idempotency-Key) and kicks the
 * drain. An answer still waiting and never attempted is replaced by a newer one (the tasker
 * changed their mind before it left the phone); one already attempted is not (the server may hold
 * it), so the newer answer is refused here as already given.
 */
import { routePath } from '#contracts/api/client';
import { answerRequest } from '#contracts/api/attendance';
import type { CommandResult } from '#contracts/sync';
import { ATTENDANCE_ANSWER_KIND } from '#db/outboxKinds';
import { readAttendanceAnswer, type AttendanceAnswer } from '#domain/attendance';
import { REFUSAL_MESSAGES } from '#domain/errors';
import { runCommand, toCommand } from '../../command';
import { defineFeature, queued, type FeatureContext } from '../../feature';
import { attendanceDue, pullAttendanceRequests } from './pulls';
import { enqueueMutation } from '../../queue';
import { NOT_LOGGED_IN } from '../../session';
import { attendanceAnswerKind } from './kind';

function answerAttendanceHandler(ctx: FeatureContext): (taskId: string, answer: AttendanceAnswer) => Promise<CommandResult> {
  const { db, session, now, drainer, warn } = ctx;
  return (taskId, input: unknown) =>
    runCommand(warn, 'answerAttendance', async () => {
      if (!(await session.tokens())) return toCommand(NOT_LOGGED_IN);
      if (typeof taskId !== 'string' || taskId === '') return { ok: false, error: { status: 400, code: 'VALIDATION_FAILED', message: 'No task', fields: { taskId: 'REQUIRED' } } };
      const { answer, errors } = readAttendanceAnswer(input);
      if (!answer) return { ok: false, error: { status: 400, code: 'VALIDATION_FAILED', message: 'Some fields are not valid', fields: errors as Record<string, string> } };
      const path = routePath(answerRequest, { params: { taskId } });
      const earlier = await db.outbox.where('taskId').equals(taskId).filter((r) => r.kind === ATTENDANCE_ANSWER_KIND && r.state !== 'rejected').first();
      if (earlier && (earlier.state !== 'pending' || earlier.attempts > 0)) {
        return { ok: false, error: { status: 420, code: 'ATTENDANCE_ALREADY_SUBMITTED', message: REFUSAL_MESSAGES.ATTENDANCE_ALREADY_SUBMITTED } };
      }
      await enqueueMutation(db, { taskId, kind: ATTENDANCE_ANSWER_KIND, method: 'POST', path, payload: answer }, {
        now: now(),
        optimistic: async () => {
          // A refused earlier answer is answered by this one.
          await db.outbox.where('taskId').equals(taskId).filter((r) => r.kind === ATTENDANCE_ANSWER_KIND && r.state === 'rejected').delete();
        },
      });
      drainer.spawn(drainer.drain({ ignoreBackoff: true }));
      return { ok: true, value: undefined };
    });
}

export const attendance = defineFeature({
  name: 'attendance',
  kinds: { [ATTENDANCE_ANSWER_KIND]: attendanceAnswerKind },
  setup: (ctx) => ({
    commands: {
      /**
       * `POST task/{taskId}/attendance-request` (spec section 7), queued on the task's queue: works
       * offline, delivered exactly once; the request leaves kv `attendance:requests` on the 2xx. A
       * refusal stays as a rejected record with the server's code (ATTENDANCE_ALREADY_SUBMITTED ...).
       */
      answerAttendance: queued(answerAttendanceHandler(ctx)),
    },
    pulls: [
      {
        stage: 'account',
        run: async (sync) => {
          if (await attendanceDue(ctx.db, sync.user, sync.now, sync.eager, sync.force)) sync.start('attendance pull', () => pullAttendanceRequests(ctx.pullCtx));
        },
      },
    ],
    followUps: { attendance: () => ctx.guard('attendance pull', () => pullAttendanceRequests(ctx.pullCtx)) },
  }),
});
