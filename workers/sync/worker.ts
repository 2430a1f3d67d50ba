/**
 * Entry of the sync web worker: the engine over the real database and fetch, exposed to the page
 * with Comlink (`SyncApi`), plus the timer that keeps collections fresh and retries the outbox.
 * Self-contained on purpose: importing it into the page would run a second engine on the main
 * thread, so it refuses (loudly) to start anywhere but in a worker.
 */
import { expose } from 'comlink';
import type { SyncApi } from '#contracts/sync';
import { SyncEngine } from './engine';
import { openWorkerDb } from './worker-db';

/** How often the worker looks at what is due (pull intervals are 30 s and up). */
export const TICK_MS = 15_000;
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
  const engine = new SyncEngine({ db: openWorkerDb(), fetchImpl: (input, init) => fetch(input, init) });

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

  /** A queued record may be waiting for signal: wake up for its retries. */
  const after = <T>(result: T): T => {
    void schedule();
    return result;
  };

  const api = {
    init: async (options) => {
      await engine.init(options);
      if (!initialised) {
        initialised = true;
        void schedule();
      }
    },
    sendEmailCode: (email) => engine.sendEmailCode(email),
    register: (email, country) => engine.register(email, country),
    loginWithCode: (email, code) => engine.loginWithCode(email, code),
    loginWithPassword: (username, password) => engine.loginWithPassword(username, password),
    logout: () => engine.logout(),
    setCountry: async (countryCode) => {
      const result = await engine.setCountry(countryCode);
      void schedule();
      return result;
    },
    syncNow: async (reason, force) => {
      await engine.syncNow(reason, force);
      // A retry may now be due sooner than the next tick (or later): re-plan.
      void schedule();
    },
    refreshTask: (taskId) => engine.refreshTask(taskId),
    watch: (collections) => engine.watch(collections),
    reserveTask: (taskId) => engine.reserveTask(taskId),
    cancelTask: (taskId, justification) => engine.cancelTask(taskId, justification),
    startTask: async (taskId, position, startedAt) => {
      const result = await engine.startTask(taskId, position, startedAt);
      // The start may be waiting for signal: wake up for its retries.
      void schedule();
      return result;
    },
    pullSuggestions: (taskId, more) => engine.pullSuggestions(taskId, more),
    pullMoreTasks: (status) => engine.pullMoreTasks(status),
    pullTaskPack: (taskId) => engine.pullTaskPack(taskId),
    changeChecklist: async (taskId, changes) => after(await engine.changeChecklist(taskId, changes)),
    changeScannedItems: async (taskId, changes) => after(await engine.changeScannedItems(taskId, changes)),
    changeTaskDefects: async (taskId, changes) => after(await engine.changeTaskDefects(taskId, changes)),
    addPhoto: async (taskId, photo) => after(await engine.addPhoto(taskId, photo)),
    updatePhotoComment: async (taskId, photoId, comment) => after(await engine.updatePhotoComment(taskId, photoId, comment)),
    deletePhotos: async (taskId, photoIds) => after(await engine.deletePhotos(taskId, photoIds)),
    completeTask: async (taskId, input) => after(await engine.completeTask(taskId, input)),
    retryRejected: async (recordId) => after(await engine.retryRejected(recordId)),
    dismissRejected: (recordId) => engine.dismissRejected(recordId),
    saveProfile: async (values) => after(await engine.saveProfile(values)),
    savePaymentDocuments: async (input) => after(await engine.savePaymentDocuments(input)),
    saveReferredByCode: async (code) => after(await engine.saveReferredByCode(code)),
    addUserDocument: async (kind, blob) => after(await engine.addUserDocument(kind, blob)),
    submitSupportRequest: async (body) => after(await engine.submitSupportRequest(body)),
    refreshSupportContact: () => engine.refreshSupportContact(),
    answerAttendance: async (taskId, answer) => after(await engine.answerAttendance(taskId, answer)),
    markNotificationSeen: async (id) => after(await engine.markNotificationSeen(id)),
    pushNotificationCall: (call) => engine.pushNotificationCall(call),
    setPosition: (position) => engine.setPosition(position),
    setLocale: (locale) => engine.setLocale(locale),
  } satisfies SyncApi;

  expose(api);
}
