/**
 * Two tabs share one outbox and one Web Lock for draining it. A drain that keeps to the backoff
 * skips while another tab holds the lock (that tab sends the records too); one that ignores it —
 * the connection is back (`online`), the app started, a login — waits for the lock, since the
 * other tab's drain may keep to the backoff and leave the records that backed off while offline
 * waiting out their pause with the connection back.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, OPEN_WINDOW, useSyncServer, type Harness } from '../../test/support/sync-harness';
import { OUTBOX_LOCK } from './outbox';

const server = useSyncServer();
let h: Harness;
afterEach(async () => {
  h?.net.heal();
  await h?.engine.idle();
  h?.db.close();
});

/** One exclusive lock per name, as navigator.locks grants them (ifAvailable: null when taken). */
class FakeLocks {
  private readonly tails = new Map<string, Promise<void>>();
  private readonly held = new Set<string>();

  request(name: string, ...args: unknown[]): Promise<unknown> {
    const callback = args[args.length - 1] as (lock: unknown) => unknown;
    const options = (args.length > 1 ? args[0] : {}) as { ifAvailable?: boolean };
    if (options.ifAvailable && this.held.has(name)) return Promise.resolve(callback(null));
    const before = this.tails.get(name) ?? Promise.resolve();
    const run = before.then(async () => {
      this.held.add(name);
      try {
        return await callback({ name, mode: 'exclusive' });
      } finally {
        this.held.delete(name);
      }
    });
    this.tails.set(
      name,
      run.then(
        () => undefined,
        () => undefined,
      ),
    );
    return run;
  }
}

/** Logged in as an approved tasker with task t1 in progress (one plain checklist item), first sync done. */
async function taskInProgress(locks: LockManager | null): Promise<string> {
  h = await createHarness(server(), { locks });
  const t1 = await h.world.task('t1', 'in_progress', { ...OPEN_WINDOW, startTime: '2026-11-21T07:30:00.000Z' });
  await h.world.checklist('t1', [['c1', 'plain']]);
  await h.logIn();
  await h.engine.syncNow('start');
  await h.engine.idle();
  return t1;
}

describe('the drain lock across tabs', () => {
  it('a drain on reconnect waits for the lock another tab holds and sends the records that backed off', async () => {
    const locks = new FakeLocks();
    const t1 = await taskInProgress(locks as unknown as LockManager);

    // Offline: the tick's attempts fail and its backoff grows past the moment the signal returns.
    const cut = h.net.fail('POST', /done-checklist-items/, { kind: 'network-error' });
    await h.engine.setChecklistDone(t1, [h.id('c1')]);
    await h.engine.idle();
    for (let i = 0; i < 6; i++) {
      h.advance(30_000);
      await h.engine.syncNow('timer');
      await h.engine.idle();
    }
    const record = await h.db.outbox.toCollection().first();
    expect(Date.parse(record!.nextAttemptAt!)).toBeGreaterThan(h.now().getTime());

    // The signal is back while another tab holds the lock (its drain keeps to the backoff).
    h.net.heal(cut);
    let release!: () => void;
    const otherTab = locks.request(OUTBOX_LOCK, () => new Promise<void>((resolve) => (release = resolve)));
    const online = h.engine.syncNow('online');
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await otherTab;
    await online;
    await h.engine.idle();

    expect(h.net.effects()).toContain(`POST task/${t1}/done-checklist-items`);
    expect(await h.db.outbox.count()).toBe(0);
  });
});

describe('the backoff after a reconnect', () => {
  it('counts only the failures since the connection came back: an answer lost right after a reconnect is retried within seconds', async () => {
    const t1 = await taskInProgress(null);

    // Offline for a while: eight failed attempts, a backoff of minutes.
    const cut = h.net.fail('POST', /done-checklist-items/, { kind: 'network-error' });
    await h.engine.setChecklistDone(t1, [h.id('c1')]);
    await h.engine.idle();
    for (let i = 0; i < 8; i++) {
      const record = await h.db.outbox.toCollection().first();
      h.advance(Math.max(0, Date.parse(record!.nextAttemptAt!) - h.now().getTime()) + 1);
      await h.engine.syncNow('timer');
      await h.engine.idle();
    }
    expect((await h.db.outbox.toCollection().first())!.attempts).toBeGreaterThanOrEqual(8);

    // The signal is back; the first attempt fails on the way (a lost answer, a server restarting).
    await h.engine.syncNow('online');
    await h.engine.idle();
    const after = await h.db.outbox.toCollection().first();
    // The first retry after a reconnect waits about a second (1 s ± 20 %), not the minutes of the offline streak.
    expect(Date.parse(after!.nextAttemptAt!) - h.now().getTime()).toBeLessThanOrEqual(1_200);

    h.net.heal(cut);
    h.advance(1_200);
    await h.engine.syncNow('timer');
    await h.engine.idle();
    expect(await h.db.outbox.count()).toBe(0);
  });
});
