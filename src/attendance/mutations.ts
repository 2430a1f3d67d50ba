/**
 * The attendance answer through the one command layer (src/sync/commands.ts): queued in the sync
 * worker on the task's queue, so it works offline and is delivered exactly once; a failure is a
 * result, never a throw. A refusal by the server arrives later, through the outbox
 * (`useAttendanceRequests`, ./queries.ts).
 */
import type { AttendanceAnswer } from '#domain/attendance';
import { runCommand, type CommandResult } from '../sync/commands';

export function answerAttendance(taskId: string, answer: AttendanceAnswer): Promise<CommandResult> {
  return runCommand((api) => api.answerAttendance(taskId, answer));
}

/** Forget a refused answer (after its message was shown). */
export function dismissAttendanceRefusal(recordId: string): Promise<CommandResult> {
  return runCommand((api) => api.dismissRejected(recordId));
}

export const useAnswerAttendance = () => answerAttendance;
