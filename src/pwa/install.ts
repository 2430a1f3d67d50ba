/**
 * Installing the app (spec sections 2 and 9): which install instructions fit the device,
 * whether the install banner shows, and the browser's install prompt (`beforeinstallprompt`,
 * Chromium on Android and desktop), caught as early as the app starts (main.tsx imports this
 * module) and kept until the tasker taps Install.
 */
import { useSyncExternalStore } from 'react';

export type InstallDevice = 'android' | 'ios-safari' | 'ios-other' | 'desktop';

/** iOS browsers other than Safari name themselves in the user agent (Chrome, Firefox, Edge, Opera, Google app ...). */
const IOS_OTHER_BROWSER = /CriOS|FxiOS|EdgiOS|OPiOS|OPT\/|GSA\/|YaBrowser|DuckDuckGo|Brave|FBAN|FBAV|Instagram/i;

export function installDevice(userAgent: string, maxTouchPoints = 0): InstallDevice {
  if (/android/i.test(userAgent)) return 'android';
  const ios = /iphone|ipad|ipod/i.test(userAgent) || (/macintosh/i.test(userAgent) && maxTouchPoints > 1);
  if (ios) return IOS_OTHER_BROWSER.test(userAgent) ? 'ios-other' : 'ios-safari';
  return 'desktop';
}

export function currentInstallDevice(): InstallDevice {
  if (typeof navigator === 'undefined') return 'desktop';
  return installDevice(navigator.userAgent, navigator.maxTouchPoints ?? 0);
}

/** Pages without the install banner (spec section 2): welcome, opportunities map, the permission pages and install itself. */
export const NO_INSTALL_BANNER_PATHS: readonly string[] = ['/welcome', '/opportunities-map', '/notification-permissions', '/geolocation-permissions', '/install'];

export interface InstallBannerFacts {
  pathname: string;
  /** Running installed (display-mode standalone, or iOS navigator.standalone). */
  installed: boolean;
  /** Closed by the tasker on this device lately (isInstallBannerDismissed). */
  dismissed: boolean;
  /** Embedded view (hideNavigation / isEmbeddedView): no chrome at all. */
  embedded?: boolean;
}

export function shouldShowInstallBanner({ pathname, installed, dismissed, embedded = false }: InstallBannerFacts): boolean {
  if (installed || dismissed || embedded) return false;
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return !NO_INSTALL_BANNER_PATHS.some((p) => path === p || path.startsWith(`${p}/`));
}

/** Spec section 9: the banner is 280–380 px wide. */
export const INSTALL_BANNER_MIN_WIDTH = 280;
export const INSTALL_BANNER_MAX_WIDTH = 380;

// ---- The browser's install prompt ---------------------------------------------------------------

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferred: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep it for our own Install button instead of the browser's mini-infobar.
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    emit();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    emit();
  });
}

/** True while the browser offers installing (an Install button can prompt). */
export function useInstallPromptAvailable(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => deferred !== null,
    () => false,
  );
}

/** Shows the browser's install dialog; 'unavailable' when the browser offered none. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = deferred;
  if (!event) return 'unavailable';
  await event.prompt();
  const { outcome } = await event.userChoice;
  // A prompt can be shown once.
  deferred = null;
  emit();
  return outcome;
}

/** When the tasker closed the banner (ms since the epoch), kept on the device. */
const DISMISS_KEY = 'installBannerDismissedAt';
/** Closing the banner hides it this long: long enough not to nag, short enough to ask again. */
export const INSTALL_BANNER_DISMISS_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

function deviceStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

/** Closed on this device within the last INSTALL_BANNER_DISMISS_DAYS days. */
export function isInstallBannerDismissed(now = Date.now(), storage = deviceStorage()): boolean {
  try {
    const closedAt = Number(storage?.getItem(DISMISS_KEY) ?? NaN);
    // An unreadable time, or one in the future (the phone's clock set back), asks again.
    return Number.isFinite(closedAt) && closedAt <= now && now - closedAt < INSTALL_BANNER_DISMISS_DAYS * DAY_MS;
  } catch {
    return false;
  }
}

export function dismissInstallBanner(now = Date.now(), storage = deviceStorage()): void {
  try {
    storage?.setItem(DISMISS_KEY, String(now));
  } catch {
    // Private mode without storage: it shows again on the next page load.
  }
}
