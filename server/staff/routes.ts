/**
 * The staff API (no UI in the spec): registered in the `staff` access scope (server/app.ts), so
 * every route needs `Authorization: Bearer <STAFF_TOKEN>` however its path is spelled.
 * Mutations go through the same Idempotency-Key mechanism as tasker routes (scope 'staff').
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { ApiError, badRequest } from '../http/errors';
import { asBody, asQuery, isPlausibleId, single } from '../http/input';
import { runIdempotent } from '../http/idempotency';
import { approveUser, createPlace, createTask, listUsers, rejectUser, reviewTask } from './service';

function userId(request: FastifyRequest): string {
  const { id } = request.params as { id?: unknown };
  if (!isPlausibleId(id)) throw new ApiError(404, 'USER_NOT_FOUND', 'User not found');
  return id;
}

function body(request: FastifyRequest): Record<string, unknown> {
  const b = asBody(request.body);
  if (!b) throw badRequest({ body: 'INVALID' }, 'Send a JSON object');
  return b;
}

export function registerStaffRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/staff/users', async (request) => {
    const email = single(asQuery(request.query).email);
    if (email.error || (email.value && email.value.length > 254)) throw badRequest({ email: 'INVALID' });
    return { data: await listUsers(ctx.db, email.value?.trim().toLowerCase() || null) };
  });

  app.post('/api/staff/users/:id/approve', async (request, reply) => {
    const id = userId(request);
    return runIdempotent(ctx, request, reply, 'staff', async (trx) => ({ status: 200, body: await approveUser(trx, id, ctx.clock.now()) }));
  });

  app.post('/api/staff/users/:id/reject', async (request, reply) => {
    const id = userId(request);
    const input = body(request);
    return runIdempotent(ctx, request, reply, 'staff', async (trx) => ({ status: 200, body: await rejectUser(trx, id, input, ctx.clock.now()) }));
  });

  app.post('/api/staff/places', async (request, reply) => {
    const input = body(request);
    return runIdempotent(ctx, request, reply, 'staff', async (trx) => ({ status: 201, body: await createPlace(trx, input, ctx.clock.now()) }));
  });

  for (const [action, decision] of [['accept', 'accepted'], ['reject', 'rejected']] as const) {
    app.post(`/api/staff/tasks/:id/${action}`, async (request, reply) => {
      const { id } = request.params as { id?: unknown };
      if (!isPlausibleId(id)) throw new ApiError(404, 'TASK_NOT_FOUND', 'Task not found');
      const input = request.body === undefined || request.body === null ? {} : body(request);
      return runIdempotent(ctx, request, reply, 'staff', async (trx) => ({ status: 200, body: await reviewTask(trx, id, decision, input, ctx.clock.now()) }));
    });
  }

  app.post('/api/staff/tasks', async (request, reply) => {
    const input = body(request);
    return runIdempotent(ctx, request, reply, 'staff', async (trx) => ({ status: 201, body: await createTask(trx, input, ctx.clock.now()) }));
  });
}
