/**
 * Entry of the sync web worker: the engine with its features (app.ts) over the real database and
 * fetch, exposed to the page with Comlink (`SyncApi`: every feature's exposed command), plus the timer that keeps collections fresh and retries the outbox.
 * Self-contained on purpose: importing it into the page would run a second engine on the main
 * thread, so it refuses (loudly) to start anywhere but in a worker.
 */
import { expose } from 'comlink';
import type { SyncApi } from '#contracts/sync';
import { SyncEngine } from './app';
import type { CoreApi } from './feature';
import { openWorkerDb } from './worker-db';

/** How often the worker looks at what is due (pull intervals are 30 s and up). */
export const TICK_MS = 15_000;
/** While requests get no answer, how often the worker asks whether the API can be reached again. */
const PROBE_MS = 3_000;
/** Never wake up for an outbox retry sooner than this after the previous look. */
const MIN_WAKE_MS = 1_000;

const inWorker = typeof WorkerGlobalScope !== 'undefined' && globalThis instanceof WorkerGlobalScope;

if (!inWorker) {
  console.error(
    'workers/sync/worker.ts was imported outside a web worker. It must only be loaded with ' +
      "new Worker(new URL('../../workers/sync/worker.ts', import.meta.url), { type: 'module' }) " +
      '(see src/sync/client.ts); the sync engine was NOT started.',
  );
} else {
  const engine = new SyncEngine({ db: openWorkerDb(), fetchImpl: (input, init) => fetch(input, init), connectionProbeMs: PROBE_MS });

  let timer: ReturnType<typeof setTimeout> | null = null;
  let initialised = false;

  /** Sync, then sleep until the next tick or the next outbox retry, whichever comes first. */
  const tick = async (): Promise<void> => {
    timer = null;
    await engine.syncNow('timer');
    await schedule();
  };

  const schedule = async (): Promise<void> => {
    let delay = TICK_MS;
    try {
      const next = await engine.nextDrainAt();
      if (next) delay = Math.min(TICK_MS, Math.max(MIN_WAKE_MS, next.getTime() - Date.now()));
    } catch (err) {
      console.warn('[sync] could not read the outbox schedule', err);
    }
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void tick(), delay);
  };

  // Every feature command, as the features declare it; a queued one may be waiting for signal,
  // so the worker wakes up for its retries.
  const commands = Object.fromEntries(
    engine
      .commands()
      .filter((c) => c.exposed)
      .map((c) => [
        c.name,
        c.queued
          ? async (...args: unknown[]) => {
              const result = await c.run(...args);
              void schedule();
              return result;
            }
          : c.run,
      ]),
  );

  const core: CoreApi<object> = {
    init: async (options) => {
      await engine.init(options);
      if (!initialised) {
        initialised = true;
        void schedule();
      }
    },
    syncNow: async (reason, force) => {
      await engine.syncNow(reason, force);
      // A retry may now be due sooner than the next tick (or later): re-plan.
      void schedule();
    },
    watch: (collections) => engine.watch(collections),
  };

  // The commands' types are the features' own (SyncApi is derived from them); built by name here.
  const api = { ...commands, ...core } as SyncApi;

  expose(api);
}
