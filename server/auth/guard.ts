/** The authenticated tasker's row on `tasker` routes (the scope's hook verified the token; server/http/access.ts). */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { ApiError } from '../http/errors';
import { taskerIdOf } from '../http/access';
import type { Selectable } from 'kysely';
import type { UsersTable } from '../db/schema';
import { findUserById } from './queries';
import { batchTransaction } from '../db/segment';

type UserRow = Selectable<UsersTable>;

/** The authenticated user's row, or 401 (UNAUTHORIZED). Read once per batch segment (its records change no user row). */
export async function requireUser(ctx: AppContext, request: FastifyRequest): Promise<UserRow> {
  return requireUserById(ctx, taskerIdOf(request));
}

/** requireUser for the tasker a token named (a batch's direct write: server/http/directWrites.ts). */
export async function requireUserById(ctx: AppContext, id: string): Promise<UserRow> {
  const batch = batchTransaction();
  const user = batch?.viewer?.id === id ? batch.viewer : await findUserById(ctx.db, id);
  if (batch && batch.scope === id && user) batch.viewer = user;
  if (!user) throw new ApiError(401, 'UNAUTHORIZED', 'Unknown user');
  return user;
}
