/**
 * Delta task lists (docs/sync-protocol.md "Delta task lists"): the first pull of a list
 * reads it whole and keeps the server's cursor in its meta row; later polls send `since` and
 * apply only what changed — nothing changed → no task row is written; a task reserved by someone
 * else leaves the mirror; one the tasker reserved stays as theirs.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, useSyncServer, type Harness } from '../../test/support/sync-harness';

const server = useSyncServer();
let h: Harness;
afterEach(async () => {
  await h?.engine.idle();
  h?.db.close();
});

/** The `since` of each GET task?status=<status> sent so far (null: none sent). */
function sinceSent(status: string): (string | null)[] {
  return h.net.calls('GET', 'task').filter((r) => r.query.get('status') === status).map((r) => r.query.get('since'));
}

/** Counts every write Dexie makes to `tasks` from now on. */
function countTaskWrites(): { writes: number } {
  const counter = { writes: 0 };
  h.db.tasks.hook('creating', () => void (counter.writes += 1));
  h.db.tasks.hook('updating', () => void (counter.writes += 1));
  h.db.tasks.hook('deleting', () => void (counter.writes += 1));
  return counter;
}

describe('delta task lists', () => {
  it('an idle poll sends since=<cursor>, gets an empty answer and writes no task row', async () => {
    h = await createHarness(server());
    await h.world.tasks([['a1', {}], ['a2', {}], ['r1', { status: 'reserved' }]]);
    await h.logIn();
    await h.engine.syncNow('start');
    expect(sinceSent('available')).toEqual(['']);
    const first = await h.db.meta.get('tasks:available');
    expect(first?.cursor).toEqual(expect.any(String));
    const before = await h.db.tasks.toArray();

    const counter = countTaskWrites();
    h.advance(61_000);
    await h.engine.syncNow('timer');
    await h.engine.idle();

    expect(sinceSent('available')).toEqual(['', first?.cursor]);
    const answer = h.net.calls('GET', 'task').at(-1)?.response;
    expect(answer?.status).toBe(200);
    expect(counter.writes).toBe(0);
    expect(await h.db.tasks.toArray()).toEqual(before);
    const after = await h.db.meta.get('tasks:available');
    expect(after).toMatchObject({ error: null, syncedAt: h.now().toISOString(), cursor: expect.any(String) });
    expect(after?.cursor).not.toBe(first?.cursor);
  });

  it('a task reserved by another tasker leaves the mirror; one reserved from my other device moves to reserved; a new one arrives', async () => {
    h = await createHarness(server());
    await h.world.tasks([['a1', {}], ['a2', {}], ['a3', {}]]);
    await h.logIn();
    await h.engine.syncNow('start');
    expect((await h.db.tasks.toArray()).map((t) => h.world.name(t.id)).sort()).toEqual(['a1', 'a2', 'a3']);
    const cursor = (await h.db.meta.get('tasks:available'))?.cursor;

    h.advance(30_000);
    await h.world.call((await h.world.otherTasker('u9')).id, 'POST', `task/${h.id('a2')}/reserve`);
    await h.world.task('a4', 'available');
    h.advance(31_000);
    await h.engine.syncNow('timer');
    await h.engine.idle();

    // Asked as a delta, and answered as one (no page with every task).
    expect(sinceSent('available').at(-1)).toBe(cursor);
    expect((await h.db.tasks.toArray()).map((t) => `${h.world.name(t.id)}:${t.status}`).sort()).toEqual(['a1:available', 'a3:available', 'a4:available']);

    h.advance(30_000);
    await h.world.call(h.world.tasker.id, 'POST', `task/${h.id('a1')}/reserve`);
    h.advance(31_000);
    await h.engine.syncNow('timer');
    await h.engine.idle();
    expect((await h.db.tasks.toArray()).map((t) => `${h.world.name(t.id)}:${t.status}`).sort()).toEqual(['a1:reserved', 'a3:available', 'a4:available']);
  });

  it('the cursor survives a failed poll, and the next poll still brings the removal', async () => {
    h = await createHarness(server());
    await h.world.tasks([['a1', {}], ['a2', {}]]);
    await h.logIn();
    await h.engine.syncNow('start');
    const cursor = (await h.db.meta.get('tasks:available'))?.cursor;
    h.net.offline = true;
    h.advance(61_000);
    await h.engine.syncNow('timer');
    expect(await h.db.meta.get('tasks:available')).toMatchObject({ error: 'NETWORK', cursor });
    h.net.offline = false;

    await h.world.call((await h.world.otherTasker('u9')).id, 'POST', `task/${h.id('a2')}/reserve`);
    h.advance(61_000);
    await h.engine.syncNow('timer');
    await h.engine.idle();
    expect(sinceSent('available').at(-1)).toBe(cursor);
    expect((await h.db.tasks.toArray()).map((t) => h.world.name(t.id))).toEqual(['a1']);
  });
});
