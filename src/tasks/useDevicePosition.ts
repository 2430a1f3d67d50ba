/**
 * The tasker's position for distance sorting (spec: distance sort needs location). Asks the
 * browser with the spec's 60 s maximum age, remembers the answer in session storage (spec
 * section 7: last known position) and hands it to the sync worker for the Geolocation header.
 */
import { useCallback, useEffect, useState } from 'react';
import type { Coordinates } from '#domain/types';
import { distanceMeters } from '#domain/geo';
import { browserSessionStorage, readStoredPosition, writeStoredPosition } from './preferences';
import { sendPosition } from './mutations';

/** Spec section 9: geolocation max age 60 s in general. */
export const POSITION_MAX_AGE_MS = 60_000;
const POSITION_TIMEOUT_MS = 20_000;

export type PositionStatus = 'idle' | 'locating' | 'failed';

export interface DevicePosition {
  /** Last known position (possibly from earlier in this session), null when none. */
  position: Coordinates | null;
  status: PositionStatus;
  /** Resolves with the fresh position, or null when location is off, denied or unavailable. */
  request: () => Promise<Coordinates | null>;
}

/**
 * Every mounted hook learns a new position at once (an available task's distance shows
 * as soon as a position is known, e.g. the map located the tasker while a card or the detail is
 * mounted), not only the instance that asked.
 */
const positionListeners = new Set<(position: Coordinates) => void>();

/** Hears every position read from now on; returns the unsubscribe. */
export function subscribePosition(listener: (position: Coordinates) => void): () => void {
  positionListeners.add(listener);
  return () => {
    positionListeners.delete(listener);
  };
}

/** Tells every mounted hook of a position read elsewhere (the start flow's reading), so all distances shown agree. */
export function announcePosition(position: Coordinates): void {
  for (const listener of positionListeners) listener(position);
}

/** Metres from `position` to the place; null without a position (then no distance is shown). */
export function placeDistance(position: Coordinates | null, place: Coordinates): number | null {
  return position ? distanceMeters(position, place) : null;
}

function readInitial(): Coordinates | null {
  const stored = readStoredPosition(browserSessionStorage());
  return stored ? { latitude: stored.latitude, longitude: stored.longitude } : null;
}

export function useDevicePosition(): DevicePosition {
  const [position, setPosition] = useState<Coordinates | null>(readInitial);
  const [status, setStatus] = useState<PositionStatus>('idle');
  useEffect(() => subscribePosition(setPosition), []);

  const request = useCallback(
    () =>
      new Promise<Coordinates | null>((resolve) => {
        if (typeof navigator === 'undefined' || !navigator.geolocation) {
          setStatus('failed');
          resolve(null);
          return;
        }
        setStatus('locating');
        navigator.geolocation.getCurrentPosition(
          (result) => {
            const coords = { latitude: result.coords.latitude, longitude: result.coords.longitude };
            writeStoredPosition(browserSessionStorage(), { ...coords, at: result.timestamp || Date.now() });
            announcePosition(coords);
            setStatus('idle');
            void sendPosition(coords);
            resolve(coords);
          },
          () => {
            setStatus('failed');
            resolve(null);
          },
          { maximumAge: POSITION_MAX_AGE_MS, timeout: POSITION_TIMEOUT_MS, enableHighAccuracy: false },
        );
      }),
    [],
  );

  return { position, status, request };
}
