/**
 * Time passing for the sync worker, without waiting for it. The app's refreshes (the account, the
 * lists, attendance, notifications, the finances: every 60 s, spec section 9) are decided in the
 * sync web worker (workers/sync/worker.ts ticks every 15 s; a pull is due once its interval has
 * passed since the last one, by the worker's `new Date()`). Playwright's `page.clock` fakes time
 * in the page and its frames only, not in a dedicated worker, so a test that waits for "the next
 * refresh" would otherwise sit out up to a real minute.
 *
 * `fastForwardSyncWorker(page, ms)` moves the worker's `Date` (and `Date.now`) forward by `ms`, as
 * a phone left open for that long would see it; timers are left alone, so the worker's own
 * 15 s tick then finds the refresh due and pulls, by the path a real minute takes. Nothing else
 * in the app changes. The shift lives in the worker: a reload starts a new worker on the real clock.
 */
import { expect, type Page, type Worker } from '@playwright/test';

/** The name src/sync/client.ts gives the sync worker. */
const SYNC_WORKER_NAME = 'shelfwork-sync';

async function syncWorker(page: Page): Promise<Worker> {
  let found: Worker | undefined;
  await expect
    .poll(
      async () => {
        for (const worker of page.workers()) {
          const name = await worker.evaluate(() => (self as unknown as { name: string }).name).catch(() => '');
          if (name === SYNC_WORKER_NAME) {
            found = worker;
            return true;
          }
        }
        return false;
      },
      { message: `the page runs the ${SYNC_WORKER_NAME} worker`, timeout: 20_000 },
    )
    .toBe(true);
  return found!;
}

/** Moves the sync worker's clock `ms` forward (cumulative); see the module comment. */
export async function fastForwardSyncWorker(page: Page, ms: number): Promise<void> {
  const worker = await syncWorker(page);
  await worker.evaluate((by) => {
    const scope = globalThis as unknown as { Date: DateConstructor; __e2eClock?: { offset: number } };
    if (!scope.__e2eClock) {
      const clock = { offset: 0 };
      const RealDate = scope.Date;
      const shiftedNow = () => RealDate.now() + clock.offset;
      scope.Date = new Proxy(RealDate, {
        // `new Date()` is now + offset; `new Date(x)` is x, as ever.
        construct: (target, args: unknown[]) => (args.length === 0 ? new target(shiftedNow()) : new (target as unknown as new (...a: unknown[]) => Date)(...args)),
        // `Date()` called as a function returns the current time as a string.
        apply: () => new RealDate(shiftedNow()).toString(),
        get: (target, prop, receiver) => (prop === 'now' ? shiftedNow : Reflect.get(target, prop, receiver)),
      });
      scope.__e2eClock = clock;
    }
    scope.__e2eClock.offset += by;
  }, ms);
}
