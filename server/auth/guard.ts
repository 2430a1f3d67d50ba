/** The authenticated tasker's row on `tasker` routes (the scope's hook verified the token; server/http/access.ts). */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { ApiError } from '../http/errors';
import { taskerIdOf } from '../http/access';
import { findUserById, type UserRow } from '../users/queries';

/** The authenticated user's row, or 401 (UNAUTHORIZED). */
export async function requireUser(ctx: AppContext, request: FastifyRequest): Promise<UserRow> {
  const user = await findUserById(ctx.db, taskerIdOf(request));
  if (!user) throw new ApiError(401, 'UNAUTHORIZED', 'Unknown user');
  return user;
}
