/**
 * Work that the first screen does not need (the service worker's registration and its precache
 * downloads, the sync pill's code) waits until that screen is shown and the browser is idle: on a
 * slow connection those requests used to share the bandwidth and the connections with the first
 * screen's own code, and pushed its paint back (Lighthouse's LCP on the task list).
 *
 * "Shown" is the first commit of the routed screen (the app shell's mount: the router renders it
 * once the screen's lazy code and its read-ahead are in), then a painted frame and an idle moment.
 * Should no screen ever commit (a failed start), the wait ends `FALLBACK_MS` after the load.
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

/** False until afterFirstScreen() has resolved: a widget the first screen can do without renders then. */
export function useAfterFirstScreen(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void afterFirstScreen().then(() => {
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, []);
  return ready;
}
