/** The viewer (who is looking) built from a user row: visibility, approval, trainings, reservation minutes. */
import { canSeeTasks } from '#domain/users';
import type { UserStatus } from '#domain/types';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { taskerIdOf } from '../http/access';
import { ApiError } from '../http/errors';
import { loadViewerRow, type ListViewerRow, type Viewer, type ViewerRow } from './queries';

export function toViewer(user: ListViewerRow, defaultLimitMinutes: number): Viewer {
  return {
    id: user.id,
    countryCode: user.country_code,
    status: user.status,
    isApproved: user.status === 'active',
    canSeeTasks: canSeeTasks({ status: user.status as UserStatus }),
    doneTrainingIds: new Set(Array.isArray(user.done_training_ids) ? user.done_training_ids : []),
    reservationUsed: Number(user.reservation_used),
    reservationLimit: user.reservation_limit_minutes ?? defaultLimitMinutes,
  };
}

/** Loads the viewer (user, done trainings, reserved minutes) of a `tasker` route in one query. */
export async function requireViewer(ctx: AppContext, request: FastifyRequest): Promise<{ user: ViewerRow; viewer: Viewer }> {
  const user = await loadViewerRow(ctx.db, taskerIdOf(request));
  if (!user) throw new ApiError(401, 'UNAUTHORIZED', 'Unknown user');
  return { user, viewer: toViewer(user, ctx.config.reservationLimitMinutes) };
}
