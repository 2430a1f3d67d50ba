/**
 * Attendance routes (spec section 7, docs/api.md "Attendance"):
 * - tasker: `GET /api/task/attendance-requests` (approved taskers' open requests; anyone else an
 *   empty list), `POST /api/task/:taskId/attendance-request {accept, justification, policyAgreed}`
 *   (Idempotency-Key; once; 400 with field codes; 420 ATTENDANCE_ALREADY_SUBMITTED /
 *   ATTENDANCE_REQUEST_EXPIRED; 404 ATTENDANCE_REQUEST_NOT_FOUND);
 * - staff: `POST /api/staff/tasks/:id/attendance-request {expiresAt? | expiresInMinutes?}`,
 *   `GET /api/staff/tasks/:id/attendance-requests`, `POST /api/staff/attendance-requests/lapse`
 *   (runs the lapse job now, with the server clock). A staff member acts only on tasks of their
 *   markets (403 STAFF_MARKET_REFUSED); a new request and a run that lapsed some are recorded in the
 *   audit trail with who.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { badRequest, notFound } from '../http/errors';
import { asBody, isPlausibleId } from '../http/input';
import { runIdempotent } from '../http/idempotency';
import { actingName, STAFF_NAME_HEADER, staffScope } from '../http/staffActions';
import { recordStaffAction } from '../http/staffActions';
import { assertStaffMarket, staffOf } from '../http/access';
import type { Db } from '../db/database';
import { requireViewer } from '../tasks/viewer';
import { readAttendanceAnswer, type AttendanceRequest } from '#domain/attendance';
import { answerAttendanceRequest, createAttendanceRequest, listOpenRequests, listTaskAttendanceRequests, readCreateInput } from './service';
import { lapseAttendanceRequests, type LapsedRequest } from './job';
import type { StaffAttendanceRequest } from './service';
import * as attendance from '#contracts/api/attendance';
import type { Assert, Equal, Static } from '#contracts/api/common';
import { serve } from '../http/contract';
import { REFUSAL_WORDS } from '#domain/errorWords';

// The staff answers' schemas are exactly what the services return (a compile error here means they differ).
export type AttendanceSchemaChecks = [
  Assert<Equal<Static<typeof attendance.StaffAttendanceRequestSchema>, StaffAttendanceRequest>>,
  Assert<Equal<Static<typeof attendance.LapsedRequestSchema>, LapsedRequest>>,
];

function idParam(request: FastifyRequest, name: 'taskId' | 'id'): string {
  const value = (request.params as Record<string, unknown>)[name];
  if (!isPlausibleId(value)) throw notFound('TASK_NOT_FOUND', REFUSAL_WORDS.TASK_NOT_FOUND.message);
  return value;
}

function optionalBody(request: FastifyRequest): Record<string, unknown> {
  if (request.body === undefined || request.body === null || request.body === '') return {};
  const body = asBody(request.body);
  if (!body) throw badRequest({ body: 'INVALID' }, 'Send a JSON object');
  return body;
}

export function registerAttendanceRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, attendance.listOpenRequests)(async (request): Promise<{ data: AttendanceRequest[] }> => {
    const { user, viewer } = await requireViewer(ctx, request);
    // Spec section 6: attendance requests are for approved taskers only.
    if (!viewer.isApproved) return { data: [] };
    return { data: await listOpenRequests(ctx.db, user.id, ctx.clock.now()) };
  });

  serve(app, attendance.answerRequest)(async (request, reply) => {
    const { user } = await requireViewer(ctx, request);
    const taskId = idParam(request, 'taskId');
    const { answer, errors } = readAttendanceAnswer(optionalBody(request));
    if (!answer) throw badRequest(errors as Record<string, string>);
    return runIdempotent(ctx, request, reply, user.id, async (trx) => ({
      status: 200,
      body: await answerAttendanceRequest(trx, { userId: user.id, taskId, answer, now: ctx.clock.now() }),
    }));
  });
}

/** The task's market (404 TASK_NOT_FOUND when there is no such task). */
async function taskCountry(db: Db, taskId: string): Promise<string> {
  const row = await db.selectFrom('tasks').select('country_code').where('id', '=', taskId).executeTakeFirst();
  if (!row) throw notFound('TASK_NOT_FOUND', REFUSAL_WORDS.TASK_NOT_FOUND.message);
  return row.country_code;
}

export function registerAttendanceStaffRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, attendance.createRequest)(async (request, reply) => {
    const taskId = idParam(request, 'id');
    const input = readCreateInput(optionalBody(request));
    const actor = staffOf(request);
    const by = actingName(actor, request.headers[STAFF_NAME_HEADER]);
    return runIdempotent(ctx, request, reply, staffScope(request), async (trx) => {
      const country = await taskCountry(trx, taskId);
      assertStaffMarket(actor, country);
      const now = ctx.clock.now();
      const { created, request: row } = await createAttendanceRequest(trx, { taskId, ...input, createdBy: by, now });
      if (created) await recordStaffAction(trx, actor, { action: 'attendance.request', entity: 'task', entityId: taskId, country, after: row }, now);
      return { status: created ? 201 : 200, body: row };
    });
  });

  serve(app, attendance.listTaskRequests)(async (request) => {
    const taskId = idParam(request, 'id');
    assertStaffMarket(staffOf(request), await taskCountry(ctx.db, taskId));
    return { data: await listTaskAttendanceRequests(ctx.db, taskId) };
  });

  serve(app, attendance.lapseRequests)(async (request) => {
    const lapsed = await lapseAttendanceRequests(ctx.db, ctx.clock);
    // The job commits per request; the run is recorded after, when it lapsed any.
    if (lapsed.length > 0) await recordStaffAction(ctx.db, staffOf(request), { action: 'attendance.lapse', entity: 'attendance_request', entityId: null, after: { lapsed } }, ctx.clock.now());
    return { data: lapsed };
  });
}
