/**
 * The sync engine: the generic core that the features of features/ register with (feature.ts),
 * over an injected database, fetch and clock, so vitest drives it with fake-indexeddb and the
 * real server in-process. It knows no feature: it registers each one's outbox kinds, puts its
 * commands on itself, and runs the schedule every feature shares — a sync (the drain first, then
 * each feature's pull steps by stage), the watched signals handed to each feature, the follow-up
 * pulls a settled record asks for, the sync chain that keeps background pulls apart, and the
 * drain (drainer.ts). app.ts joins it with the features; worker.ts adds timers and Comlink.
 */
import type { CommandResult, SyncReason } from '#contracts/sync';
import type { ShelfworkDb } from '#db/schema';
import type { FetchImpl } from './http';
import { Drainer } from './drainer';
import type { AnyFeature, CommandDef, FeatureContext, FollowUpHandlers, PullRun, PullStage, PullStep, Warn } from './feature';
import { registerKinds, type FollowUp } from './kinds';
import { restartBackoff, type DrainContext } from './outbox';
import { browserImageCache, type ImageCache } from './pack';
import { isDue, LocalWrites, type PullContext } from './pulls/base';
import { Session } from './session';
import { health as healthRoute } from '#contracts/api/catalog';

/**
 * Triggers that mean "the connection may be back": retry failed pulls and waiting records now,
 * whatever their backoff. Each is a one-off event (app start, a login, the browser going from
 * offline to online). The service worker's wake-up ('background-sync') is not one of them: Chromium
 * fires a sync event at once whenever one is registered while the browser counts as online, which
 * the page does on every outbox change, so a server that refuses connections would get every
 * record and failed pull again after each failed attempt, without end. A wake-up sends what is due.
 */
const EAGER_REASONS: ReadonlySet<SyncReason> = new Set(['start', 'online', 'login']);

export interface SyncEngineOptions {
  db: ShelfworkDb;
  /** Absolute URL of /api; may instead arrive later through init(). */
  apiBase?: string;
  fetchImpl?: FetchImpl;
  now?: () => Date;
  /** Jitter source for the outbox backoff; tests pin it. */
  random?: () => number;
  /** Web Locks; null where unavailable (Node tests). Defaults to navigator.locks. */
  locks?: LockManager | null;
  warn?: Warn;
  /** Where task-pack images are cached; defaults to the Cache API (null: none, e.g. Node). */
  imageCache?: ImageCache | null;
  /**
   * While requests get no answer, ask the API's public health route this often, and sync as soon
   * as it answers (the browser's `online` event does not come when `navigator.onLine` was wrong).
   * Null (tests): no probing.
   */
  connectionProbeMs?: number | null;
}

function defaultLocks(): LockManager | null {
  return (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks ?? null;
}

/** A command as the worker exposes it: its handler and whether it queues outbox records. */
export interface RegisteredCommand {
  name: string;
  run: (...args: unknown[]) => Promise<unknown>;
  queued: boolean;
  exposed: boolean;
}

export class Engine {
  readonly db: ShelfworkDb;
  private readonly now: () => Date;
  private readonly warn: Warn;
  private readonly session: Session;
  private readonly drainer: Drainer;
  private readonly ctx: FeatureContext;
  private readonly commandList: RegisteredCommand[] = [];
  private readonly watchers: ((signals: object) => void)[] = [];
  private readonly forgetters: (() => void)[] = [];
  private readonly steps: PullStep[] = [];
  private readonly followUps: FollowUpHandlers = {};

  private apiBase: string | null;
  private resolveReady: (() => void) | null = null;
  private readonly ready: Promise<void>;
  private readonly inFlight = new Map<string, Promise<CommandResult>>();
  private overflowReported = false;
  private readonly probeMs: number | null;
  private unanswered = false;
  private probeTimer: ReturnType<typeof setTimeout> | null = null;
  /** Unanswered probes since the last answer (each waits twice as long as the one before). */
  private probes = 0;

  private syncChain: Promise<void> = Promise.resolve();
  private queuedSync: { reason: SyncReason; force: boolean; promise: Promise<void> } | null = null;

  constructor(options: SyncEngineOptions, features: readonly AnyFeature[]) {
    this.db = options.db;
    const now = options.now ?? (() => new Date());
    this.now = now;
    this.warn = options.warn ?? ((message, detail) => console.warn(`[sync] ${message}`, detail ?? ''));
    const locks = options.locks === undefined ? defaultLocks() : options.locks;
    this.apiBase = options.apiBase ?? null;
    this.ready = this.apiBase
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          this.resolveReady = resolve;
        });
    const apiBase = async () => {
      await this.ready;
      return this.apiBase ?? '';
    };
    this.probeMs = options.connectionProbeMs ?? null;
    this.session = new Session({ db: this.db, fetchImpl: options.fetchImpl, apiBase, locks, now, onAnswered: (answered) => this.answered(answered) });
    const writes = new LocalWrites();
    const pullCtx: PullContext = {
      db: this.db,
      session: this.session,
      now,
      reportOverflow: (key, count) => {
        if (this.overflowReported) return;
        this.overflowReported = true;
        this.warn(`More than 500 tasks fetched (${count} in ${key})`);
      },
      writes,
    };
    const drainCtx: DrainContext = {
      db: this.db,
      session: this.session,
      now,
      random: options.random ?? Math.random,
      followUp: (followUp) => this.runFollowUp(followUp),
      taskWritten: (taskId) => writes.touch(taskId),
    };
    this.drainer = new Drainer({ db: this.db, ctx: drainCtx, locks, ready: this.ready, warn: this.warn });
    this.ctx = {
      db: this.db,
      session: this.session,
      now,
      warn: this.warn,
      ready: this.ready,
      apiBase,
      imageCache: options.imageCache === undefined ? browserImageCache() : options.imageCache,
      pullCtx,
      writes,
      drainer: this.drainer,
      guard: (what, job) => this.guard(what, job),
      once: (key, job) => this.once(key, job),
      chain: (job) => this.chain(job),
      syncNow: (reason, force) => this.syncNow(reason, force),
      forgetWatches: () => this.forgetters.forEach((forget) => forget()),
    };
    for (const feature of features) this.addFeature(feature);
  }

  private addFeature(feature: AnyFeature): void {
    if (feature.kinds) registerKinds(feature.kinds);
    const setup = feature.setup(this.ctx);
    for (const [name, def] of Object.entries<CommandDef>(setup.commands ?? {})) {
      const run = def.run as (...args: unknown[]) => Promise<unknown>;
      this.commandList.push({ name, run, queued: def.queued, exposed: def.exposed });
      // The commands are the engine's methods too (tests and tools call them by name).
      Object.defineProperty(this, name, { value: run, enumerable: false });
    }
    if (setup.watch) this.watchers.push(setup.watch as (signals: object) => void);
    if (setup.forget) this.forgetters.push(setup.forget);
    this.steps.push(...(setup.pulls ?? []));
    Object.assign(this.followUps, setup.followUps);
  }

  /** Every feature command, for worker.ts to expose (the page's contract: those `exposed`). */
  commands(): readonly RegisteredCommand[] {
    return this.commandList;
  }

  async init(options: { apiBase: string }): Promise<void> {
    this.apiBase = options.apiBase;
    this.resolveReady?.();
    this.resolveReady = null;
  }

  /** Drain the outbox, then pull what is due (or everything). Coalesces overlapping calls. Never throws. */
  syncNow(reason: SyncReason, force = false): Promise<void> {
    const queued = this.queuedSync;
    if (queued) {
      // A run is already waiting to start: widen it instead of queueing another.
      queued.force ||= force;
      if (EAGER_REASONS.has(reason)) queued.reason = reason;
      return queued.promise;
    }
    const entry = { reason, force, promise: Promise.resolve() };
    entry.promise = this.syncChain.then(async () => {
      if (this.queuedSync === entry) this.queuedSync = null;
      await this.runSync(entry.reason, entry.force);
    });
    this.queuedSync = entry;
    this.syncChain = entry.promise;
    return entry.promise;
  }

  /**
   * The collections the visible screen needs: each feature reads its own signals (a screen mount
   * pulls only what it watches, and only if due; the full sync's triggers keep them all fresh).
   */
  async watch(collections: object): Promise<void> {
    for (const watch of this.watchers) watch(collections);
  }

  /** Drains the outbox; only one drain per engine and (with Web Locks) per origin at a time. */
  drain(options: { ignoreBackoff: boolean } = { ignoreBackoff: false }): Promise<void> {
    return this.drainer.drain(options);
  }

  /** When the next waiting outbox record is due, or null when nothing waits. */
  nextDrainAt(): Promise<Date | null> {
    return this.drainer.nextDrainAt();
  }

  /** Resolves when every fire-and-forget job (drain kicks, watch pulls) has settled. For tests. */
  async idle(): Promise<void> {
    await this.drainer.idle();
    await this.syncChain;
  }

  private chain(job: () => Promise<unknown>): void {
    const next = this.syncChain.then(async () => {
      await job();
    });
    this.syncChain = next;
    this.drainer.spawn(next);
  }

  /** Joins a call to the same job already in flight (a screen's scroll sentinel may fire twice). */
  private once(key: string, job: () => Promise<CommandResult>): Promise<CommandResult> {
    const running = this.inFlight.get(key);
    if (running) return running;
    const promise = job()
      .catch((err: unknown): CommandResult => {
        this.warn(`${key} failed`, err);
        return { ok: false, error: { status: 0, code: 'UNKNOWN', message: String(err) } };
      })
      .finally(() => {
        this.inFlight.delete(key);
      });
    this.inFlight.set(key, promise);
    return promise;
  }

  /** Starts probing when requests stop getting answers; syncs once they come back. */
  private answered(answered: boolean): void {
    if (this.probeMs === null) return;
    const was = this.unanswered;
    this.unanswered = !answered;
    if (answered) {
      if (this.probeTimer) clearTimeout(this.probeTimer);
      this.probeTimer = null;
      this.probes = 0;
      if (was) void this.syncNow('online');
    } else if (!this.probeTimer) {
      // probeMs, then twice as long after each unanswered probe, up to 10 × probeMs: a server that
      // is down is not asked more often than the outbox's own backoff asks it.
      const delay = Math.min(this.probeMs * 2 ** this.probes, this.probeMs * 10);
      this.probeTimer = setTimeout(() => {
        this.probeTimer = null;
        if (!this.unanswered) return;
        this.probes += 1;
        // The session notes the outcome: no answer schedules the next probe, an answer syncs.
        void this.session.call(healthRoute, { auth: 'none' });
      }, delay);
    }
  }

  private async runSync(reason: SyncReason, force: boolean): Promise<void> {
    try {
      await this.ready;
      const eager = EAGER_REASONS.has(reason);
      // The connection may be back: the waiting records' backoff counts only the failures from now.
      if (eager) await this.guard('outbox backoff', () => restartBackoff(this.db));
      // Drain first: pulls then see the server state after our own queued changes.
      await this.drain({ ignoreBackoff: eager });
      await this.pullDue(force, eager);
      for (const step of this.stage('after')) await step.run(this.pullRun(force, eager, []));
    } catch (err) {
      this.warn(`sync (${reason}) failed`, err);
    }
  }

  private stage(stage: PullStage): PullStep[] {
    return this.steps.filter((step) => step.stage === stage);
  }

  private pullRun(force: boolean, eager: boolean, jobs: Promise<unknown>[]): PullRun {
    const now = this.now();
    return {
      eager,
      force,
      now,
      user: null,
      due: (key, interval) => (force ? Promise.resolve(true) : isDue(this.db, key, interval, now, eager)),
      start: (what, job) => {
        jobs.push(this.guard(what, job));
      },
    };
  }

  /** The features' pull steps by stage: public, then (logged in) session and account ones. */
  private async pullDue(force: boolean, eager: boolean): Promise<void> {
    const jobs: Promise<unknown>[] = [];
    const run = this.pullRun(force, eager, jobs);
    try {
      for (const step of this.stage('public')) await step.run(run);
      if (!(await this.session.tokens())) return;
      // Each may end the session (a refresh refused): the rest waits for a login.
      for (const step of this.stage('session')) {
        await step.run(run);
        if (!(await this.session.tokens())) return;
      }
      run.user = (await this.db.user.get('me')) ?? null;
      for (const step of this.stage('account')) await step.run(run);
    } finally {
      await Promise.all(jobs);
    }
  }

  private async runFollowUp(followUp: FollowUp): Promise<void> {
    if (!followUp) return;
    const handler = this.followUps[followUp.pull] as ((f: NonNullable<FollowUp>) => Promise<unknown>) | undefined;
    await handler?.(followUp);
  }

  /** Pull failures are data (meta rows); anything thrown here is a bug, logged and contained. */
  private async guard<T>(what: string, job: () => Promise<T>): Promise<T | undefined> {
    try {
      return await job();
    } catch (err) {
      this.warn(`${what} failed`, err);
      return undefined;
    }
  }
}
