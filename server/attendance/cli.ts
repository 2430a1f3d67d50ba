/**
 * The staff CLI's attendance commands (`npm run staff -- attendance …`), joined into
 * server/staff/commands.ts: runAttendanceCommand answers null for commands that are not its own.
 * Output: JSON; refusals print their code and exit 1. A new request is recorded in the audit
 * trail as the actor 'cli', in its transaction.
 */
import { parseArgs } from 'node:util';
import type { Db } from '../db/database';
import { ApiError } from '../http/errors';
import { FixedClock } from '../clock';
import { createAttendanceRequest, listTaskAttendanceRequests, readCreateInput } from './service';
import { CLI_ACTOR, readStaffName, recordStaffAction } from '../http/staffActions';
import { lapseAttendanceRequests } from './job';

/** The command line as an actor in the audit trail (it acts without signing in; --by names the person in the request). */

export const ATTENDANCE_HELP = `
Attendance confirmation:
  attendance request <taskId> [--expires-in <minutes> | --expires-at <ISO>] [--by <name>]
                                         Ask the tasker of a reserved task to confirm they will
                                         come (default: 24 h, at most until the task's start);
                                         while one is open, asking again shows it
  attendance list <taskId>               The task's requests with their answers
  attendance lapse [--at <ISO>]          Lapse the unanswered requests due now (or at --at) and
                                         cancel their reservations (the server does this every minute)
`;

export interface AttendanceCommandDeps {
  db: Db;
  now: Date;
  out: (text: string) => void;
  err: (text: string) => void;
}

/** Runs an attendance command; null when `argv` is another command. */
export async function runAttendanceCommand(argv: string[], deps: AttendanceCommandDeps): Promise<number | null> {
  const [command, sub, ...rest] = argv;
  if (command !== 'attendance') return null;
  const { db, now, out, err } = deps;
  try {
    const { values, positionals } = parseArgs({
      args: rest,
      allowPositionals: true,
      options: { 'expires-in': { type: 'string' }, 'expires-at': { type: 'string' }, by: { type: 'string' }, at: { type: 'string' } },
    });
    const taskId = positionals[0];
    switch (sub) {
      case 'request': {
        if (!taskId) throw new Error('attendance request needs a task id');
        const minutes = values['expires-in'] !== undefined ? Number(values['expires-in']) : undefined;
        const input = readCreateInput({ expiresInMinutes: minutes, expiresAt: values['expires-at'] });
        const by = readStaffName(values.by);
        const result = await db.transaction().execute(async (trx) => {
          const made = await createAttendanceRequest(trx, { taskId, ...input, createdBy: by, now });
          if (made.created) {
            const task = await trx.selectFrom('tasks').select('country_code').where('id', '=', taskId).executeTakeFirst();
            await recordStaffAction(trx, CLI_ACTOR, { action: 'attendance.request', entity: 'task', entityId: taskId, country: task?.country_code ?? null, after: made.request }, now);
          }
          return made;
        });
        out(JSON.stringify(result.request, null, 2));
        return 0;
      }
      case 'list': {
        if (!taskId) throw new Error('attendance list needs a task id');
        out(JSON.stringify(await listTaskAttendanceRequests(db, taskId), null, 2));
        return 0;
      }
      case 'lapse': {
        const at = values.at !== undefined ? new Date(values.at) : now;
        if (Number.isNaN(at.getTime())) throw new Error('--at must be an ISO time');
        out(JSON.stringify(await lapseAttendanceRequests(db, new FixedClock(at)), null, 2));
        return 0;
      }
      default:
        err(`Unknown attendance command: ${sub ?? '(none)'}\n${ATTENDANCE_HELP}`);
        return 2;
    }
  } catch (error) {
    if (error instanceof ApiError) {
      err(`${error.code}: ${error.message}${error.fields ? ` ${JSON.stringify(error.fields)}` : ''}`);
      return 1;
    }
    err(error instanceof Error ? error.message : String(error));
    return error instanceof TypeError ? 2 : 1;
  }
}
