/**
 * Whether the server answered the console's last call: the banner (ConnectionBanner) shows while
 * it did not. Any answer (even a refusal) means it is reachable again.
 */
import { useSyncExternalStore } from 'react';

let reachable = true;
const listeners = new Set<() => void>();

export function reportConnection(ok: boolean): void {
  if (ok === reachable) return;
  reachable = ok;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useServerReachable(): boolean {
  return useSyncExternalStore(subscribe, () => reachable, () => true);
}
