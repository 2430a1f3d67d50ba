/** Bearer-token authentication for tasker routes (staff routes use server/staff/guard.ts). */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { ApiError } from '../http/errors';
import { findUserById, type UserRow } from '../users/queries';
import { verifyAccessToken } from './tokens';

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/** The authenticated user's row, or 401 (UNAUTHORIZED / TOKEN_EXPIRED). */
export async function requireUser(ctx: AppContext, request: FastifyRequest): Promise<UserRow> {
  const token = bearerToken(request);
  if (!token) throw new ApiError(401, 'UNAUTHORIZED', 'Authentication required');
  const userId = await verifyAccessToken(ctx.tokens, token, ctx.clock.now());
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new ApiError(401, 'UNAUTHORIZED', 'Unknown user');
  return user;
}
