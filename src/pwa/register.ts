/**
 * Page-side PWA plumbing: service worker registration (production builds only — the Vite dev
 * server does not serve /sw.js), persistent storage for installed apps, and small helpers to talk
 * to the service worker. Every function is safe where the browser lacks the API: it does nothing
 * and says so through its return value.
 */
import type { Workbox } from 'workbox-window';
import { SYNC_TAG, isFromServiceWorkerMessage, type FromServiceWorkerMessage, type ToServiceWorkerMessage } from '#contracts/serviceWorker';

export interface RegisterOptions {
  /**
   * Called when a new version is installed and waiting. Call `apply()` to activate it; the page
   * reloads once the new worker controls it. Without this option the new version activates when
   * every tab of the old one is closed (the browser's default).
   */
  onUpdateReady?: (apply: () => void) => void;
}

let workbox: Promise<Workbox> | null = null;

/** Registers /sw.js in production builds. Resolves to the registration, or null when skipped or failed. */
export async function registerServiceWorker(options: RegisterOptions = {}): Promise<ServiceWorkerRegistration | null> {
  if (!import.meta.env.PROD) return null;
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  if (workbox) return (await navigator.serviceWorker.getRegistration('/')) ?? null;

  // workbox-window is loaded here, not with the first screen's code (registration runs after the
  // first render anyway).
  workbox = import('workbox-window').then(({ Workbox }) => new Workbox('/sw.js', { scope: '/' }));
  let wb: Workbox;
  try {
    wb = await workbox;
  } catch (error) {
    console.warn('[pwa] service worker registration failed', error);
    return null;
  }
  if (options.onUpdateReady) {
    const onUpdateReady = options.onUpdateReady;
    wb.addEventListener('waiting', () => {
      onUpdateReady(() => {
        // Reload once the new worker has taken over, so the page runs the code it precached.
        wb.addEventListener('controlling', () => window.location.reload());
        wb.messageSkipWaiting();
      });
    });
  }
  try {
    return (await wb.register()) ?? null;
  } catch (error) {
    // An app without a service worker still works online; report and go on.
    console.warn('[pwa] service worker registration failed', error);
    return null;
  }
}

/** True when the app runs from the home screen / as an installed app rather than in a browser tab. */
export function isInstalledApp(): boolean {
  if (typeof window === 'undefined') return false;
  const nav = window.navigator as Navigator & { standalone?: boolean };
  // iOS Safari's own flag for home-screen apps.
  if (nav.standalone === true) return true;
  if (typeof window.matchMedia !== 'function') return false;
  // The queries are made once and read live (`matches` follows the display mode): the install
  // banner asks on every navigation, and four matchMedia calls cost ~3 ms on a slow phone.
  // (Made again if matchMedia itself was replaced, as tests do.)
  if (displayModeQueries?.matchMedia !== window.matchMedia) {
    displayModeQueries = { matchMedia: window.matchMedia, queries: DISPLAY_MODES.map((mode) => window.matchMedia(`(display-mode: ${mode})`)) };
  }
  return displayModeQueries.queries.some((query) => query.matches);
}

const DISPLAY_MODES = ['standalone', 'fullscreen', 'minimal-ui', 'window-controls-overlay'];
let displayModeQueries: { matchMedia: typeof window.matchMedia; queries: MediaQueryList[] } | undefined;

/**
 * Asks the browser not to evict the mirror and the outbox (DESIGN.md: queued work must survive).
 * Only asked from the installed app, where browsers grant it without a prompt; in a tab it waits
 * for the `appinstalled` event. Resolves to whether storage is persistent now.
 */
export async function requestPersistentStorage(): Promise<boolean> {
  if (typeof navigator === 'undefined' || !navigator.storage || typeof navigator.storage.persist !== 'function') {
    return false;
  }
  const storage = navigator.storage;
  try {
    if (typeof storage.persisted === 'function' && (await storage.persisted())) return true;
    if (isInstalledApp()) return await storage.persist();
    if (typeof window !== 'undefined') {
      window.addEventListener('appinstalled', () => void storage.persist().catch(() => false), { once: true });
    }
    return false;
  } catch {
    return false;
  }
}

/** Sends a message to the controlling service worker; false when there is none. */
export function postToServiceWorker(message: ToServiceWorkerMessage): boolean {
  const controller = typeof navigator !== 'undefined' ? navigator.serviceWorker?.controller : null;
  if (!controller) return false;
  controller.postMessage(message);
  return true;
}

/**
 * Asks the service worker to replay its background-sync queue now (iOS Safari has no Background
 * Sync; tests use it too). The worker answers every client with `{ type: 'shelfwork-sync' }`.
 */
export function requestReplay(): boolean {
  return postToServiceWorker({ type: 'replay' });
}

/**
 * Registers a one-off background sync so the browser wakes the service worker when connectivity
 * returns, even if the app is closed by then. Call it whenever the outbox has pending records.
 */
export async function registerBackgroundSync(tag: string = SYNC_TAG): Promise<boolean> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return false;
  try {
    const registration = (await navigator.serviceWorker.getRegistration('/')) as
      | (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } })
      | undefined;
    if (!registration?.sync) return false;
    await registration.sync.register(tag);
    return true;
  } catch {
    // Permission denied or unsupported: the page's own triggers (online, visibility, timer) remain.
    return false;
  }
}

/** Subscribes to messages from the service worker; returns the unsubscribe function. */
export function onServiceWorkerMessage(listener: (message: FromServiceWorkerMessage) => void): () => void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return () => undefined;
  const handler = (event: MessageEvent) => {
    const data: unknown = event.data;
    if (isFromServiceWorkerMessage(data)) listener(data);
  };
  navigator.serviceWorker.addEventListener('message', handler);
  return () => navigator.serviceWorker.removeEventListener('message', handler);
}
