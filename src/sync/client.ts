/**
 * The page's handle on the sync worker: creates it once, wraps it with Comlink as `SyncApi`, and
 * forwards the page-only triggers (app start, `online`, the tab becoming visible, the service
 * worker's background-sync wake-up) as `syncNow(reason)`. Only the command layer
 * (src/sync/commands.ts) calls `getSyncApi()`; the app calls `startSync()` once at boot.
 */
import { wrap, type Remote } from 'comlink';
import { liveQuery } from 'dexie';
import { getDb } from '#db/schema';
import { registerBackgroundSync } from '../pwa/register';
import { isFromServiceWorkerMessage } from '#contracts/serviceWorker';
import type { SyncApi, SyncReason } from '#contracts/sync';

let remote: Remote<SyncApi> | null = null;
let started = false;

/** The sync worker's API, created on first use. Safe to call many times. */
export function getSyncApi(): Remote<SyncApi> {
  if (!remote) {
    const worker = new Worker(new URL('../../workers/sync/worker.ts', import.meta.url), { type: 'module', name: 'shelfwork-sync' });
    worker.addEventListener('error', (event) => console.error('[sync] worker failed', event.message));
    remote = wrap<SyncApi>(worker);
    // Comlink delivers messages in order, and the engine waits for init before any request.
    void remote.init({ apiBase: new URL('/api/', location.origin).href });
  }
  return remote;
}

function trigger(reason: SyncReason): void {
  getSyncApi()
    .syncNow(reason)
    .catch((err: unknown) => console.warn(`[sync] syncNow(${reason}) failed`, err));
}

/** Wires the sync triggers and runs the first sync. Call once at boot; later calls do nothing. */
export function startSync(): void {
  if (started) return;
  started = true;
  trigger('start');
  window.addEventListener('online', () => trigger('online'));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') trigger('visible');
  });
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent<unknown>) => {
    if (isFromServiceWorkerMessage(event.data) && event.data.type === 'shelfwork-sync') trigger('background-sync');
  });
  watchUnsentRecords();
}

/**
 * While outbox records wait, ask the browser for a background sync (it wakes the service worker
 * when connectivity returns, even with the app closed) and warn before the page is left.
 */
function watchUnsentRecords(): void {
  let unsent = 0;
  liveQuery(() => getDb().outbox.where('state').anyOf(['pending', 'sending']).count()).subscribe({
    next: (count) => {
      unsent = count;
      if (count > 0) void registerBackgroundSync();
    },
    error: (err: unknown) => console.warn('[sync] cannot watch the outbox', err),
  });
  window.addEventListener('beforeunload', (event) => {
    if (unsent === 0) return;
    // Nothing is lost on leaving (the records are in IndexedDB), but they only travel while the
    // app or the browser's background sync runs: the browser's own prompt says to stay a moment.
    event.preventDefault();
  });
}
