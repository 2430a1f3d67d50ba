/**
 * The start flow's steps (spec section 4): 'ready to start?' → read the position → the local
 * check (startRefusal, the same rule the server applies) → queue the start. A position that
 * cannot be read opens the permission help for the tasker's kind of device. Pure.
 */
import { startRefusal, type StartRefusal } from '#domain/lifecycle';
import type { Coordinates, Task } from '#domain/types';

export type StartStep =
  | { kind: 'confirm' }
  | { kind: 'locating'; fresh: boolean }
  /** The browser gave no position (denied, off, timed out): show the device's permission help. */
  | { kind: 'position_unavailable'; denied: boolean }
  | { kind: 'not_startable_yet'; opensAt: string }
  | { kind: 'window_ended' }
  | { kind: 'too_far'; distanceMeters: number }
  | { kind: 'not_reserved' }
  | { kind: 'ready'; position: Coordinates };

type StartableTask = Pick<Task, 'status' | 'timeWindowStart' | 'timeWindowEnd'> & { place: { coordinates: Coordinates } };

/** Before asking for a position: a task that cannot be started now is refused without one. */
export function stepBeforePosition(task: StartableTask, now: Date): StartStep | null {
  const refusal = startRefusal(task, null, now);
  if (refusal === null || refusal.code === 'POSITION_REQUIRED') return null;
  return stepForRefusal(refusal);
}

/** After the browser answered: null position means it could not be read. */
export function stepAfterPosition(task: StartableTask, position: Coordinates | null, denied: boolean, now: Date): StartStep {
  if (!position) return { kind: 'position_unavailable', denied };
  const refusal = startRefusal(task, position, now);
  return refusal ? stepForRefusal(refusal) : { kind: 'ready', position };
}

function stepForRefusal(refusal: StartRefusal): StartStep {
  switch (refusal.code) {
    case 'TASK_NOT_RESERVED':
      return { kind: 'not_reserved' };
    case 'TASK_NOT_STARTABLE_YET':
      return { kind: 'not_startable_yet', opensAt: refusal.opensAt };
    case 'TASK_WINDOW_ENDED':
      return { kind: 'window_ended' };
    case 'POSITION_REQUIRED':
      return { kind: 'position_unavailable', denied: false };
    case 'TOO_FAR_FROM_PLACE':
      return { kind: 'too_far', distanceMeters: refusal.distanceMeters };
  }
}

export type DeviceKind = 'android' | 'ios' | 'desktop';

/** Which permission help to show (spec section 4: geolocation permission help per device). */
export function deviceKind(userAgent: string, maxTouchPoints = 0): DeviceKind {
  if (/android/i.test(userAgent)) return 'android';
  if (/iphone|ipad|ipod/i.test(userAgent)) return 'ios';
  // iPadOS 13+ reports a desktop Safari user agent; touch points give it away.
  if (/macintosh/i.test(userAgent) && maxTouchPoints > 1) return 'ios';
  return 'desktop';
}
