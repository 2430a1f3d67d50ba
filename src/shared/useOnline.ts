/**
 * Whether the app can reach the API, as React state. Offline when the browser says so
 * (`navigator.onLine`, its online/offline events) or when the sync worker's last request got no
 * answer at all (`kv.connection`, written by the worker): `navigator.onLine` can read true while
 * every request fails, after a reload without signal say. The worker probes while requests go
 * unanswered, so the state comes back by itself once the API answers again.
 */
import { liveQuery, type Subscription } from 'dexie';
import { useSyncExternalStore } from 'react';
import { CONNECTION_KEY, readConnectionState } from '#contracts/kv';
import { getDb } from '#db/schema';

const listeners = new Set<() => void>();
let unanswered = false;
let watching: Subscription | null = null;

function emit(): void {
  for (const listener of listeners) listener();
}

function watchConnection(): void {
  if (watching) return;
  watching = liveQuery(() => getDb().kv.get(CONNECTION_KEY)).subscribe({
    next: (row) => {
      const next = readConnectionState(row?.value)?.answered === false;
      if (next === unanswered) return;
      unanswered = next;
      emit();
    },
    error: (err: unknown) => console.warn('[connection] cannot read the connection state', err),
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  watchConnection();
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** The same judgement outside React (event handlers): offline by the browser or by the worker's requests. */
export function isOnline(): boolean {
  return (typeof navigator === 'undefined' || navigator.onLine) && !unanswered;
}

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
