/**
 * The outbox drainer and the worker's background jobs: one drain per engine and (with Web Locks)
 * per origin at a time, a drain asked for meanwhile runs once after it, quick successive changes
 * of one task are sent once (debounced), and every fire-and-forget job is tracked so tests can
 * wait for quiet (`idle`).
 */
import type { ShelfworkDb } from '#db/schema';
import { drainOnce, nextAttemptAt, OUTBOX_LOCK, type DrainContext } from './outbox';
import type { Warn } from './command';

/** Quick successive changes of one task (ticks, scans) are sent once after this quiet time. */
export const EXECUTION_DEBOUNCE_MS = 100;

export interface DrainerOptions {
  db: ShelfworkDb;
  ctx: DrainContext;
  locks: LockManager | null;
  /** Resolves once the page called init(). */
  ready: Promise<void>;
  warn: Warn;
}

export class Drainer {
  private draining: Promise<void> | null = null;
  private drainAgain: { ignoreBackoff: boolean } | null = null;
  private readonly debounces = new Map<string, { timer: ReturnType<typeof setTimeout>; fire: () => void }>();
  private readonly background = new Set<Promise<unknown>>();

  constructor(private readonly options: DrainerOptions) {}

  /** Drains the outbox; only one drain per engine and (with Web Locks) per origin at a time. */
  drain(options: { ignoreBackoff: boolean } = { ignoreBackoff: false }): Promise<void> {
    if (this.draining) {
      this.drainAgain = { ignoreBackoff: (this.drainAgain?.ignoreBackoff ?? false) || options.ignoreBackoff };
      return this.draining;
    }
    const run = async () => {
      let next: { ignoreBackoff: boolean } | null = options;
      while (next) {
        this.drainAgain = null;
        await this.drainLocked(next);
        next = this.drainAgain;
      }
    };
    this.draining = run()
      .catch((err: unknown) => this.options.warn('outbox drain failed', err))
      .finally(() => {
        this.draining = null;
      });
    return this.draining;
  }

  /** When the next waiting outbox record is due, or null when nothing waits. */
  nextDrainAt(): Promise<Date | null> {
    return nextAttemptAt(this.options.db);
  }

  /**
   * Quick successive changes of one task (ticks, scans) are sent once: each restarts a 100 ms
   * wait, and meanwhile they coalesce into one record (workers/sync/queue.ts, `coalesce`).
   */
  debounce(taskId: string): void {
    const pending = this.debounces.get(taskId);
    if (pending) {
      clearTimeout(pending.timer);
      pending.timer = setTimeout(pending.fire, EXECUTION_DEBOUNCE_MS);
      return;
    }
    let fire: () => void = () => undefined;
    const elapsed = new Promise<void>((resolve) => {
      fire = () => {
        this.debounces.delete(taskId);
        resolve();
      };
    });
    this.debounces.set(taskId, { timer: setTimeout(fire, EXECUTION_DEBOUNCE_MS), fire });
    this.spawn(elapsed.then(() => this.drain({ ignoreBackoff: true })));
  }

  /** Runs a job in the background: its failure is logged, and `idle` waits for it. */
  spawn(job: Promise<unknown>): void {
    const tracked = job
      .catch((err: unknown) => this.options.warn('background job failed', err))
      .finally(() => {
        this.background.delete(tracked);
      });
    this.background.add(tracked);
  }

  /** Resolves when every background job and the drain have settled. */
  async idle(): Promise<void> {
    while (this.background.size > 0 || this.draining) {
      await Promise.allSettled([...this.background, this.draining]);
    }
  }

  private async drainLocked(options: { ignoreBackoff: boolean }): Promise<void> {
    const { locks, ctx, ready } = this.options;
    await ready;
    if (!locks) return drainOnce(ctx, options);
    // A drain that keeps to the backoff skips when another tab holds the lock: that tab is
    // draining and sends our records too. One that ignores the backoff (start, online, login) waits
    // for the lock instead: the other tab's drain may keep to the backoff, and records that backed
    // off while offline would then wait out their pause after the connection came back.
    if (options.ignoreBackoff) {
      await locks.request(OUTBOX_LOCK, async () => drainOnce(ctx, options));
      return;
    }
    await locks.request(OUTBOX_LOCK, { ifAvailable: true }, async (lock) => {
      if (lock) await drainOnce(ctx, options);
    });
  }
}
