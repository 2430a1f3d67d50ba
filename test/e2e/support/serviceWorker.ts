/**
 * Helpers to wait for and talk to the app's service worker from a test.
 */
import type { Page } from '@playwright/test';

/** Resolves once a service worker controls the page (first load installs it and claims the page). */
export async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.waitForFunction(
    async () => {
      if (!('serviceWorker' in navigator)) return false;
      await navigator.serviceWorker.ready;
      return navigator.serviceWorker.controller !== null;
    },
    undefined,
    { timeout: 30_000 },
  );
}

/** Sends a message to the controlling worker and waits for the reply of `replyType`. */
export async function askServiceWorker<T>(page: Page, message: { type: string }, replyType: string): Promise<T> {
  return page.evaluate(
    ({ message, replyType }) =>
      new Promise<T>((resolve, reject) => {
        const controller = navigator.serviceWorker.controller;
        if (!controller) return reject(new Error('no controlling service worker'));
        const timer = setTimeout(() => reject(new Error(`no '${replyType}' reply`)), 10_000);
        const onMessage = (event: MessageEvent) => {
          const data = event.data as { type?: string } | null;
          if (data?.type !== replyType) return;
          clearTimeout(timer);
          navigator.serviceWorker.removeEventListener('message', onMessage);
          resolve(data as T);
        };
        navigator.serviceWorker.addEventListener('message', onMessage);
        navigator.serviceWorker.startMessages();
        controller.postMessage(message);
      }),
    { message, replyType },
  );
}

/** URLs (path only, without Workbox's __WB_REVISION__ parameter) held in the precache. */
export async function precachedPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const names = (await caches.keys()).filter((name) => name.includes('precache'));
    const paths: string[] = [];
    for (const name of names) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) paths.push(new URL(request.url).pathname);
    }
    return paths.sort();
  });
}
