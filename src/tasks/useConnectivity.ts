/** navigator.onLine as React state, so "not found" can say "you are offline" when that is why. */
import { useSyncExternalStore } from 'react';

function subscribe(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

export function useConnectivity(): boolean {
  return useSyncExternalStore(subscribe, () => navigator.onLine, () => true);
}
