/**
 * Attendance confirmation: the tasker's open requests and answer, and the staff routes that ask
 * a reserved task's tasker, list a task's requests and run the lapse job now. The answer's fields
 * are checked by readAttendanceAnswer (src/domain/attendance.ts), so they are left to it.
 */
import { Type } from '@sinclair/typebox';
import { AUTHED_ERRORS, IdempotentHeaders, Nullable, PathId, RuleChecked, defineRoute } from './common';
import { AttendanceAnswerResultSchema, AttendanceRequestSchema, StringEnum } from './models';
import { StaffWriteHeaders } from './money';

const tags = ['attendance'];
const staffTags = ['staff'];

export const listOpenRequests = defineRoute({
  method: 'GET',
  url: '/api/task/attendance-requests',
  operationId: 'listAttendanceRequests',
  tags,
  summary: "The tasker's open attendance requests (approved taskers only; anyone else an empty list)",
  schema: { response: { 200: Type.Object({ data: Type.Array(AttendanceRequestSchema) }), ...AUTHED_ERRORS } },
});

export const answerRequest = defineRoute({
  method: 'POST',
  url: '/api/task/:taskId/attendance-request',
  operationId: 'answerAttendanceRequest',
  tags,
  summary: 'Answer the open request of a task once: yes, or no with a reason and the policy agreed (420 ATTENDANCE_ALREADY_SUBMITTED, ATTENDANCE_REQUEST_EXPIRED; 404 ATTENDANCE_REQUEST_NOT_FOUND)',
  schema: {
    params: Type.Object({ taskId: PathId('Task id (anything else: 404 TASK_NOT_FOUND)') }),
    headers: IdempotentHeaders,
    body: Nullable(
      Type.Object({
        accept: Type.Optional(RuleChecked<boolean>('Required: yes or no')),
        justification: Type.Optional(RuleChecked<string | null>('For no: required, under 160 characters')),
        policyAgreed: Type.Optional(RuleChecked<boolean>('For no: true')),
      }),
    ),
    response: { 200: AttendanceAnswerResultSchema, ...AUTHED_ERRORS },
  },
});

export const StaffAttendanceRequestSchema = Type.Object({
  id: Type.String(),
  taskId: Type.String(),
  userId: Type.String(),
  status: StringEnum(['pending', 'accepted', 'declined', 'lapsed'] as const),
  expiresAt: Type.String(),
  accept: Nullable(Type.Boolean()),
  justification: Nullable(Type.String()),
  policyAgreed: Nullable(Type.Boolean()),
  answeredAt: Nullable(Type.String()),
  lapsedAt: Nullable(Type.String()),
  cancelledReservation: Nullable(Type.Boolean()),
  createdBy: Type.String(),
  createdAt: Type.String(),
}, { title: 'StaffAttendanceRequest' });

export const LapsedRequestSchema = Type.Object({
  id: Type.String(),
  taskId: Type.String(),
  userId: Type.String(),
  cancelledReservation: Type.Boolean({ description: 'This lapse released the reservation' }),
}, { title: 'LapsedAttendanceRequest' });

const StaffTaskParams = Type.Object({ id: PathId('Task id (anything else: 404 TASK_NOT_FOUND)') });

export const createRequest = defineRoute({
  method: 'POST',
  url: '/api/staff/tasks/:id/attendance-request',
  roles: ['author', 'reviewer'],
  operationId: 'staffCreateAttendanceRequest',
  tags: staffTags,
  summary: "Ask a reserved task's tasker to confirm attendance (201 new, 200 the open one)",
  schema: {
    params: StaffTaskParams,
    headers: StaffWriteHeaders,
    body: Nullable(
      Type.Object({
        expiresAt: Type.Optional(RuleChecked<string | null>('When it lapses (ISO 8601)')),
        expiresInMinutes: Type.Optional(RuleChecked<number | null>('Or: minutes from now')),
      }),
    ),
    response: { 200: StaffAttendanceRequestSchema, 201: StaffAttendanceRequestSchema, ...AUTHED_ERRORS },
  },
});

export const listTaskRequests = defineRoute({
  method: 'GET',
  url: '/api/staff/tasks/:id/attendance-requests',
  roles: ['author', 'reviewer'],
  operationId: 'staffListAttendanceRequests',
  tags: staffTags,
  summary: "A task's attendance requests",
  schema: { params: StaffTaskParams, response: { 200: Type.Object({ data: Type.Array(StaffAttendanceRequestSchema) }), ...AUTHED_ERRORS } },
});

export const lapseRequests = defineRoute({
  method: 'POST',
  url: '/api/staff/attendance-requests/lapse',
  roles: ['admin'],
  operationId: 'staffLapseAttendanceRequests',
  tags: staffTags,
  summary: 'Lapse every due request now (the job, with the server clock)',
  schema: { response: { 200: Type.Object({ data: Type.Array(LapsedRequestSchema) }), ...AUTHED_ERRORS } },
});
