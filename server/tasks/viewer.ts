/** The viewer (who is looking) built from a user row: visibility, approval, trainings, reservation minutes. */
import { canSeeTasks } from '#domain/users';
import type { UserStatus } from '#domain/types';
import type { ListViewerRow, Viewer } from './queries';

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
