/**
 * Delivery in batches through the sync worker against the real server: queued records go
 * in one POST /api/batch, photos' bytes still alone; a server without the batch route gets them one
 * by one; a batch whose answer was lost is sent again with the same keys and applied once.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { API_BASE, createHarness, OPEN_WINDOW, useSyncServer, type Harness } from '../../test/support/sync-harness';
import { SyncEngine } from './app';
import type { FetchImpl } from './http';

const server = useSyncServer();
let h: Harness;
afterEach(async () => {
  await h?.engine.idle();
  h?.db.close();
});

let t1: string;
let t2: string;

async function ready(): Promise<void> {
  h = await createHarness(server());
  t1 = await h.world.task('t1', 'in_progress', { ...OPEN_WINDOW, startTime: '2026-11-21T07:30:00.000Z' });
  t2 = await h.world.task('t2', 'in_progress', { ...OPEN_WINDOW, startTime: '2026-11-21T07:30:00.000Z' });
  await h.world.checklist('t1', [
    ['a1', 'plain'],
    ['a2', 'plain'],
  ]);
  await h.world.checklist('t2', [
    ['b1', 'plain'],
    ['b2', 'plain'],
  ]);
  await h.logIn();
  await h.engine.syncNow('start');
  await h.engine.idle();
}

/** Offline, three states of t1's checklist and two of t2's, each its own record (each tried once, as on a flaky signal). */
async function queueOffline(engine: SyncEngine = h.engine): Promise<void> {
  h.net.offline = true;
  const states: [string, string[]][] = [
    [t1, [h.id('a1')]],
    [t2, [h.id('b1')]],
    [t1, [h.id('a1'), h.id('a2')]],
    [t2, [h.id('b2')]],
    [t1, [h.id('a2')]],
  ];
  for (const [task, ids] of states) {
    await engine.setChecklistDone(task, ids);
    await engine.idle();
    // Tried once: the next state gets its own record instead of coalescing.
    for (const r of await h.db.outbox.where('state').equals('pending').toArray()) await h.db.outbox.update(r.id, { attempts: Math.max(1, r.attempts), nextAttemptAt: null });
  }
  expect(await h.db.outbox.count()).toBe(5);
  h.net.offline = false;
}

async function doneOnServer(task: string): Promise<string[]> {
  const rows = await h.server.db.selectFrom('tasks').select('done_checklist_item_ids').where('id', '=', task).executeTakeFirstOrThrow();
  return h.names(rows.done_checklist_item_ids as string[]).sort();
}

const checklistPosts = () => h.net.requests.filter((r) => r.method === 'POST' && /done-checklist-items$/.test(r.path));

describe('delivery in batches', () => {
  it('sends the queued records in one batch, in order per task, each settled by its own answer', async () => {
    await ready();
    await queueOffline();
    await h.engine.syncNow('online');
    await h.engine.idle();

    const batches = h.net.calls('POST', 'batch');
    expect(batches).toHaveLength(1);
    const sent = (batches[0]?.body as { records: { queue: string; path: string; idempotencyKey: string; recordedAt: string }[] }).records;
    expect(sent).toHaveLength(5);
    expect(sent.map((r) => r.queue)).toEqual([t1, t1, t1, t2, t2]);
    expect(sent.every((r) => typeof r.idempotencyKey === 'string' && typeof r.recordedAt === 'string')).toBe(true);
    expect(checklistPosts()).toHaveLength(0);
    expect(await h.db.outbox.count()).toBe(0);
    expect(await doneOnServer(t1)).toEqual(['a2']);
    expect(await doneOnServer(t2)).toEqual(['b2']);
    expect((await h.db.tasks.get(t1))?.doneChecklistItemIds).toEqual([h.id('a2')]);
  });

  it('falls back to one request per record when the server has no batch route', async () => {
    await ready();
    const oldServer: FetchImpl = async (input, init) => {
      if (input === `${API_BASE}batch`) return new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Route POST:/api/batch not found' } }), { status: 404 });
      return h.net.fetch(input, init);
    };
    const engine = new SyncEngine({ db: h.db, apiBase: API_BASE, fetchImpl: oldServer, now: h.now, random: () => 0.5, locks: null, warn: (m) => h.warnings.push(m), imageCache: null });
    await queueOffline(engine);
    await engine.syncNow('online');
    await engine.idle();

    expect(h.net.calls('POST', 'batch')).toHaveLength(0); // answered by the "old server" above
    expect(checklistPosts()).toHaveLength(5);
    expect(await h.db.outbox.count()).toBe(0);
    expect(await doneOnServer(t1)).toEqual(['a2']);
    expect(await doneOnServer(t2)).toEqual(['b2']);
  });

  it('a batch cut after the server applied it is sent again with the same keys and applied once', async () => {
    await ready();
    await queueOffline();
    const keys = (await h.db.outbox.toArray()).map((r) => r.id).sort();
    h.net.fail('POST', 'batch', { kind: 'lost-response' }, { times: 1 });
    await h.engine.syncNow('online');
    await h.engine.idle();
    // The server applied the batch, the phone does not know: everything still waits, for a retry.
    expect(await doneOnServer(t1)).toEqual(['a2']);
    expect((await h.db.outbox.toArray()).map((r) => r.state)).toEqual(['pending', 'pending', 'pending', 'pending', 'pending']);

    // Meanwhile staff-side or another device changes nothing; the tasker ticks a1 again on t1 (a 6th record).
    await h.engine.setChecklistDone(t1, [h.id('a1')]);
    await h.engine.syncNow('online');
    await h.engine.idle();

    const batches = h.net.calls('POST', 'batch');
    expect(batches.length).toBeGreaterThanOrEqual(2);
    const resent = (batches[1]?.body as { records: { idempotencyKey: string }[] }).records.map((r) => r.idempotencyKey);
    for (const key of keys) expect(resent).toContain(key);
    const rows = await h.server.db.selectFrom('idempotency_keys').select(['key', 'status_code']).where('key', 'in', keys).execute();
    expect(rows.map((r) => r.key).sort()).toEqual(keys);
    expect(rows.every((r) => r.status_code === 200)).toBe(true);
    expect(await h.db.outbox.count()).toBe(0);
    // The replays did not re-apply the old states over the newest one.
    expect(await doneOnServer(t1)).toEqual(['a1']);
    expect(await doneOnServer(t2)).toEqual(['b2']);
  });

  it('a batch cut before it reached the server leaves every record waiting, then delivers each once', async () => {
    await ready();
    await queueOffline();
    h.net.fail('POST', 'batch', { kind: 'network-error' }, { times: 1 });
    await h.engine.syncNow('online');
    await h.engine.idle();
    expect(await doneOnServer(t1)).toEqual([]);
    expect(await h.db.outbox.count()).toBe(5);
    await h.engine.syncNow('online');
    await h.engine.idle();
    expect(await h.db.outbox.count()).toBe(0);
    expect(await doneOnServer(t1)).toEqual(['a2']);
    expect(h.net.effects().filter((e) => e === 'POST batch')).toHaveLength(1);
  });
});
