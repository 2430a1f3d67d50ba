/**
 * One position reading for the start flow (spec section 9: max age 60 s; the retry asks for a
 * fresh fix with max age 0). Remembers the answer like useDevicePosition does (session storage
 * and the worker's Geolocation header) and says whether the tasker denied the permission, which
 * decides the help shown.
 */
import type { Coordinates } from '#domain/types';
import { browserSessionStorage, writeStoredPosition } from './preferences';
import { sendPosition } from './mutations';
import { announcePosition, POSITION_MAX_AGE_MS } from './useDevicePosition';

export const FRESH_POSITION_MAX_AGE_MS = 0;
const START_POSITION_TIMEOUT_MS = 20_000;

export interface PositionReading {
  position: Coordinates | null;
  denied: boolean;
}

export function readDevicePosition(maxAgeMs: number = POSITION_MAX_AGE_MS): Promise<PositionReading> {
  return new Promise((resolve) => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      resolve({ position: null, denied: false });
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (result) => {
        const position = { latitude: result.coords.latitude, longitude: result.coords.longitude };
        writeStoredPosition(browserSessionStorage(), { ...position, at: result.timestamp || Date.now() });
        void sendPosition(position);
        // The store card shows the distance from this same reading as the start dialog.
        announcePosition(position);
        resolve({ position, denied: false });
      },
      (error) => resolve({ position: null, denied: error.code === error.PERMISSION_DENIED }),
      { maximumAge: maxAgeMs, timeout: START_POSITION_TIMEOUT_MS, enableHighAccuracy: true },
    );
  });
}
