/** The authenticated tasker's row on `tasker` routes (the scope's hook verified the token; server/http/access.ts). */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { ApiError } from '../http/errors';
import { taskerIdOf } from '../http/access';
import { findUserById, type UserRow } from '../users/queries';
import { batchTransaction } from '../http/batch';

/** The authenticated user's row, or 401 (UNAUTHORIZED). Read once per batch segment (its records change no user row). */
export async function requireUser(ctx: AppContext, request: FastifyRequest): Promise<UserRow> {
  const id = taskerIdOf(request);
  const batch = batchTransaction();
  const user = batch?.viewer?.id === id ? batch.viewer : await findUserById(ctx.db, id);
  if (batch && batch.scope === id && user) batch.viewer = user;
  if (!user) throw new ApiError(401, 'UNAUTHORIZED', 'Unknown user');
  return user;
}
