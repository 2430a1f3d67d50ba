/**
 * Which task status each list route shows (spec section 2: /reservable is the available list),
 * and the external maps link of a place (the in-app map arrives with /map later).
 */
import type { Coordinates, TaskStatus } from '#domain/types';

/** The statuses with a list route in this version; the history statuses come with /history. */
export const LIST_STATUSES = ['available', 'reserved', 'in_progress'] as const;
export type ListStatus = (typeof LIST_STATUSES)[number];

const PATH_BY_STATUS: Record<ListStatus, string> = {
  available: '/reservable',
  reserved: '/reserved',
  in_progress: '/in_progress',
};

export function pathForStatus(status: ListStatus): string {
  return PATH_BY_STATUS[status];
}

/** The list status of a pathname; unknown paths fall back to the offerings. */
export function statusFromPathname(pathname: string): ListStatus {
  const first = pathname.replace(/\/+$/, '').split('/').filter(Boolean)[0] ?? '';
  const match = LIST_STATUSES.find((s) => PATH_BY_STATUS[s] === `/${first}`);
  return match ?? 'available';
}

export function isListStatus(status: TaskStatus): status is ListStatus {
  return (LIST_STATUSES as readonly string[]).includes(status);
}

/** A maps URL that opens the platform's maps app on phones (Google Maps universal link). */
export function externalMapsUrl(coordinates: Coordinates): string {
  const lat = coordinates.latitude.toFixed(6);
  const lng = coordinates.longitude.toFixed(6);
  return `https://www.google.com/maps/search/?api=1&query=${lat}%2C${lng}`;
}

/** Why the detail screen sent the tasker back to a list (passed as navigation state). */
export type TaskListNotice = 'TASK_NOT_FOUND' | 'TASK_NO_LONGER_AVAILABLE' | 'CONTENT_NOT_AVAILABLE';

export interface TaskListLocationState {
  notice: TaskListNotice;
}

export function noticeFromLocationState(state: unknown): TaskListNotice | null {
  if (state === null || typeof state !== 'object') return null;
  const notice = (state as { notice?: unknown }).notice;
  return notice === 'TASK_NOT_FOUND' || notice === 'TASK_NO_LONGER_AVAILABLE' || notice === 'CONTENT_NOT_AVAILABLE' ? notice : null;
}
