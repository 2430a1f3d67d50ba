/**
 * Work that the first screen does not need (the service worker's registration and its precache
 * downloads, the sync pill's code) waits until that screen is shown and the browser is idle: on a
 * slow connection those requests used to share the bandwidth and the connections with the first
 * screen's own code, and pushed its paint back (Lighthouse's LCP on the task list; without the
 * idle moment the registration still came before the list's largest paint).
 *
 * "Shown" is the first commit of the routed screen (the app shell's mount: the router renders it
 * once the screen's lazy code and its read-ahead are in), then a painted frame and an idle moment
 * (at most `IDLE_TIMEOUT_MS`: until the service worker holds the app, code not yet loaded cannot
 * load offline, so the wait stays short). Should no screen ever commit (a failed start), the wait
 * ends `FALLBACK_MS` after the load.
 */
import { useEffect, useState } from 'react';

const IDLE_TIMEOUT_MS = 2000;
const FALLBACK_MS = 10_000;

let markShown: (() => void) | null = null;
const shown = new Promise<void>((resolve) => {
  markShown = resolve;
});
let done: Promise<void> | null = null;

/** The routed screen has committed for the first time (called by the app shell). */
export function firstScreenShown(): void {
  markShown?.();
}

/** After the next frame has been painted (its animation-frame callback, then a task) and the browser idles. */
function paintedThenIdle(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() =>
      setTimeout(() => {
        if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
        else resolve();
      }, 0),
    );
  });
}

function fallback(): Promise<void> {
  return new Promise((resolve) => {
    const start = () => setTimeout(resolve, FALLBACK_MS);
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
  });
}

/** Resolves once per page, after the first screen has been shown (see above). */
export function afterFirstScreen(): Promise<void> {
  done ??= Promise.race([shown, fallback()]).then(paintedThenIdle);
  return done;
}

const loadedModules = new Map<() => Promise<unknown>, unknown>();

/**
 * A module the first screen can do without, for a widget: null until afterFirstScreen() has
 * resolved and the module has loaded. A failed download (offline before the service worker held
 * the app) leaves it null — never thrown to the screen's error boundary, which would replace the
 * whole screen for a missing widget. It is not tried again on this page: the browser keeps a failed
 * module import for the page's life; the next page load, with the service worker, brings it.
 * `load` must be a stable (module-level) function: it keys the loaded module for the page's life.
 */
export function useAfterFirstScreenModule<T>(load: () => Promise<T>): T | null {
  const [module, setModule] = useState<T | null>(() => (loadedModules.get(load) as T | undefined) ?? null);
  useEffect(() => {
    if (module) return;
    let live = true;
    void afterFirstScreen()
      .then(load)
      .then(
        (loaded) => {
          loadedModules.set(load, loaded);
          if (live) setModule(() => loaded);
        },
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [load, module]);
  return module;
}
