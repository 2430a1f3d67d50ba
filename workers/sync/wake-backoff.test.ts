/**
 * A server that is down or restarting must not be hammered. The service worker wakes the page
 * after every background-sync event (sw/sw.ts, `shelfwork-sync`), and in Chromium that event fires
 * at once whenever a sync is registered while the browser counts as online, which the page does on
 * every change of the outbox (src/sync/client.ts). So each failed attempt leads to another wake-up
 * at once: a wake-up that retried every record and every failed pull regardless of backoff was a
 * request loop. These tests drive the engine as that loop would, with the server unreachable, and
 * count what reaches the network over simulated time.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, OPEN_WINDOW, useSyncServer, type Harness } from '../../test/support/sync-harness';
import { FAILED_PULL_RETRY_MS } from './pulls/base';
import { MONEY_META } from './features/money/pulls';

const server = useSyncServer();
let h: Harness;
afterEach(async () => {
  h?.net.heal();
  await h?.engine.idle();
  h?.db.close();
});

let t1: string;
let c1: string;

/** A small JPEG-looking file (the server checks the FF D8 FF magic). */
function jpeg(): Blob {
  const bytes = new Uint8Array(64);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  return new Blob([bytes], { type: 'image/jpeg' });
}

/** Logged in as an approved tasker with task t1 in progress (one plain checklist item), first sync done. */
async function ready(): Promise<void> {
  h = await createHarness(server());
  t1 = await h.world.task('t1', 'in_progress', { ...OPEN_WINDOW, startTime: '2026-11-21T07:30:00.000Z' });
  await h.world.checklist('t1', [['c1', 'plain']]);
  c1 = h.id('c1');
  await h.logIn();
  await h.engine.syncNow('start');
  await h.engine.idle();
}

/** The server is down: every connection is refused (a network error, as with no signal, but recorded). */
function serverDown(): void {
  for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) h.net.fail(method, /.*/, { kind: 'network-error' });
}

/** `count` wake-ups `everyMs` apart, each a full sync for `reason` run to its end, as the loop would. */
async function wakeUps(reason: 'background-sync' | 'timer', count: number, everyMs: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    h.advance(everyMs);
    await h.engine.syncNow(reason);
    await h.engine.idle();
  }
}

const photoPosts = () => h.net.calls('POST', `task/${t1}/photos`);
const tickPosts = () => h.net.calls('POST', `task/${t1}/done-checklist-items`);
const missionPulls = () => h.net.calls('GET', 'mission/my');

describe('wake-ups while the server is down', () => {
  it("the service worker's wake-ups, one every 250 ms for a minute, send each record only when its backoff allows", async () => {
    await ready();
    serverDown();
    const before = h.net.requests.length;

    await h.engine.setChecklistDone(t1, [c1]);
    await h.engine.addPhoto(t1, { id: h.id('p1'), blob: jpeg(), width: 1, height: 1, comment: '', tags: [] });
    await h.engine.idle();
    await wakeUps('background-sync', 240, 250);

    // Backoff 1 s, 2 s, 4 s … (jitter pinned to ×1): attempts at 0, 1, 3, 7, 15, 31 s and 63 s.
    // The first attempt is the command's own; the wake-ups may add only those due. (Before, every
    // wake-up sent it: 242 POSTs and 240 GET mission/my in this minute.) The photo waits behind
    // the tick in its task's queue.
    expect(tickPosts().length, 'checklist POSTs in a minute').toBeGreaterThanOrEqual(5);
    expect(tickPosts().length, 'checklist POSTs in a minute').toBeLessThanOrEqual(7);
    expect(photoPosts().length, 'photo POSTs in a minute').toBeLessThanOrEqual(7);
    // Missions were pulled at start; they have no refresh, and a wake-up is not a reconnect.
    expect(missionPulls().filter((r) => h.net.requests.indexOf(r) >= before), 'GET mission/my').toHaveLength(0);
    // Everything else: each pull at most once per failed-pull pause after its interval ran out.
    expect(h.net.requests.length - before, 'all requests in a minute').toBeLessThanOrEqual(40);
    expect(await h.db.outbox.where('state').equals('pending').count()).toBe(2);
  });

  it('a pull that never succeeded (missions, which have no interval) waits its failed-pull pause between tries', async () => {
    await ready();
    await h.db.meta.delete(MONEY_META.missions);
    serverDown();

    // The worker's timer may come every second while a record waits for its retry (worker.ts).
    await wakeUps('timer', 60, 1_000);

    expect(missionPulls().length, 'GET mission/my in a minute').toBeLessThanOrEqual(60_000 / FAILED_PULL_RETRY_MS + 1);
    expect(missionPulls().length, 'GET mission/my in a minute').toBeGreaterThanOrEqual(2);
  });

  it('a real reconnect still tries every waiting record at once, whatever its backoff', async () => {
    await ready();
    serverDown();
    await h.engine.setChecklistDone(t1, [c1]);
    await h.engine.idle();
    await wakeUps('timer', 20, 15_000);
    const record = await h.db.outbox.toCollection().first();
    expect(Date.parse(record!.nextAttemptAt!)).toBeGreaterThan(h.now().getTime());

    h.net.heal();
    await h.engine.syncNow('online');
    await h.engine.idle();

    expect(await h.db.outbox.count()).toBe(0);
    expect(h.net.effects()).toContain(`POST task/${t1}/done-checklist-items`);
  });

  it("records the service worker delivered are not sent again by its wake-up; when due they get the stored answer, applied once", async () => {
    await ready();
    // The server applies the record but the answer never reaches the page: as when the service
    // worker's copy of it was replayed while the page's own attempt had failed.
    h.net.fail('POST', `task/${t1}/done-checklist-items`, { kind: 'lost-response' }, { times: 1 });
    await h.engine.setChecklistDone(t1, [c1]);
    await h.engine.idle();
    expect(tickPosts()).toHaveLength(1);

    // The service worker's wake-up right after its replay: the record's backoff (1 s) runs.
    await wakeUps('background-sync', 3, 100);
    expect(tickPosts(), 'no immediate resend').toHaveLength(1);

    // Due: the resend carries the same key and is answered from the server's key store.
    await wakeUps('background-sync', 1, 1_000);
    const sent = tickPosts();
    expect(sent).toHaveLength(2);
    expect(sent[1]?.headers['idempotency-key']).toBe(sent[0]?.headers['idempotency-key']);
    expect(sent[1]?.response?.headers.get('idempotent-replayed')).toBe('true');
    expect(h.net.effects().filter((e) => e === `POST task/${t1}/done-checklist-items`)).toHaveLength(1);
    expect(await h.db.outbox.count()).toBe(0);
  });
});
