/**
 * Delta task lists (docs/decisions/0009-delta-sync.md): `GET task?status=…&since=`
 * answers the full list with a cursor; `since=<cursor>` answers what changed and which tasks
 * left the list — reserved by someone else, expired — per viewer, never naming a task the viewer
 * may not see; nothing changed → empty.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';
import { createTask, createTaskers, post, type Tasker } from './lifecycle-fixtures';
import { expireOverdueTasks } from '../../server/jobs/expiry';
import { pruneTaskListExits } from '../../server/sync/taskDelta';
import { sql } from 'kysely';
import type { Page, Task } from '#domain/types';

interface Delta {
  changed: Task[];
  removed: string[];
  cursor: string;
}
type FullAnswer = Page<Task> & { cursor?: string };

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function list(url: string, who: Tasker): Promise<{ status: number; body: Delta & FullAnswer & Record<string, unknown> }> {
  who.token = await server.tokenFor(who.id);
  const res = await server.request({ method: 'GET', url, token: who.token });
  return { status: res.statusCode, body: res.json() };
}

/** A full answer (every page) with its cursor, as a client without a cursor reads it. */
async function fullList(status: string, who: Tasker): Promise<{ ids: string[]; cursor: string }> {
  const first = await list(`/api/task?status=${status}&since=`, who);
  expect(first.status).toBe(200);
  expect(first.body.changed).toBeUndefined();
  expect(typeof first.body.cursor).toBe('string');
  const ids = first.body.data.map((t) => t.id);
  let after = first.body.pageInfo.endCursor;
  let hasNext = first.body.pageInfo.hasNext;
  while (hasNext) {
    const page = await list(`/api/task?status=${status}&after=${after}`, who);
    ids.push(...page.body.data.map((t) => t.id));
    after = page.body.pageInfo.endCursor;
    hasNext = page.body.pageInfo.hasNext;
  }
  return { ids, cursor: first.body.cursor as string };
}

async function delta(status: string, who: Tasker, cursor: string): Promise<Delta> {
  const res = await list(`/api/task?status=${status}&since=${cursor}`, who);
  expect(res.status).toBe(200);
  expect(res.body.data).toBeUndefined();
  expect(Array.isArray(res.body.changed)).toBe(true);
  return res.body;
}

describe('GET task with since', () => {
  it('without since answers exactly as before (no cursor); since= answers the same page plus a cursor', async () => {
    const [me] = (await createTaskers(server, 1)) as [Tasker];
    const old = await list('/api/task?status=available', me);
    const withCursor = await list('/api/task?status=available&since=', me);
    expect(old.body.cursor).toBeUndefined();
    expect(Object.keys(old.body).sort()).toEqual(['data', 'pageInfo']);
    expect(withCursor.body.data).toEqual(old.body.data);
    expect(withCursor.body.pageInfo).toEqual(old.body.pageInfo);
    expect(withCursor.body.cursor).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('nothing changed → an empty delta and a new cursor, which again answers empty', async () => {
    const [me] = (await createTaskers(server, 1)) as [Tasker];
    const { cursor } = await fullList('available', me);
    const first = await delta('available', me, cursor);
    expect(first).toEqual({ changed: [], removed: [], cursor: expect.any(String) });
    const second = await delta('available', me, first.cursor);
    expect(second.changed).toEqual([]);
    expect(second.removed).toEqual([]);
  });

  it('a new task comes as changed; reserved by another tasker it comes as removed (and as changed in their reserved list)', async () => {
    const [me, other] = (await createTaskers(server, 2)) as [Tasker, Tasker];
    const mine = await fullList('available', me);
    const theirs = await fullList('reserved', other);
    const task = await createTask(server, { start: '2026-03-11T08:00:00Z', end: '2026-03-11T16:00:00Z' });

    const added = await delta('available', me, mine.cursor);
    expect(added.changed.map((t) => t.id)).toEqual([task.id]);
    expect(added.changed[0]).toMatchObject({ status: 'available', isReservable: true });
    expect(added.removed).toEqual([]);

    expect((await post(server, `/api/task/${task.id}/reserve`, other.token)).statusCode).toBe(200);
    const gone = await delta('available', me, added.cursor);
    expect(gone.changed).toEqual([]);
    expect(gone.removed).toEqual([task.id]);
    // Said once: the next poll is empty again.
    expect(await delta('available', me, gone.cursor)).toMatchObject({ changed: [], removed: [] });

    const reserved = await delta('reserved', other, theirs.cursor);
    expect(reserved.changed.map((t) => [t.id, t.status, t.taskerId])).toEqual([[task.id, 'reserved', other.id]]);
    expect(reserved.removed).toEqual([]);
  });

  it('my own reservation leaves my available list; my changed minutes answer the available list in full', async () => {
    const [me] = (await createTaskers(server, 1)) as [Tasker];
    const task = await createTask(server, { start: '2026-03-11T08:00:00Z', end: '2026-03-11T16:00:00Z' });
    const available = await fullList('available', me);
    const reserved = await fullList('reserved', me);
    expect(available.ids).toContain(task.id);
    expect((await post(server, `/api/task/${task.id}/reserve`, me.token)).statusCode).toBe(200);
    // isReservable of every available task may have changed with the minutes: the whole list again.
    const again = await list(`/api/task?status=available&since=${available.cursor}`, me);
    expect(again.body.changed).toBeUndefined();
    expect(again.body.data.map((t) => t.id)).not.toContain(task.id);
    expect(typeof again.body.cursor).toBe('string');
    const mine = await delta('reserved', me, reserved.cursor);
    expect(mine.changed.map((t) => t.id)).toEqual([task.id]);
  });

  it('an expired reservation leaves the reserved list as removed; a window opening flips isStartable as changed', async () => {
    const [me] = (await createTaskers(server, 1)) as [Tasker];
    // Clock 09:00 Z: opens 09:10, ends 09:40.
    const task = await createTask(server, { start: '2026-03-10T09:10:00Z', end: '2026-03-10T09:40:00Z', duration: 20 });
    expect((await post(server, `/api/task/${task.id}/reserve`, me.token)).statusCode).toBe(200);
    const before = await fullList('reserved', me);
    expect(before.ids).toContain(task.id);
    try {
      server.clock.set('2026-03-10T09:15:00Z');
      const opened = await delta('reserved', me, before.cursor);
      expect(opened.changed.map((t) => [t.id, t.isStartable])).toEqual([[task.id, true]]);

      server.clock.set('2026-03-10T09:41:00Z');
      await expireOverdueTasks(server.db, server.clock);
      const expired = await delta('reserved', me, opened.cursor);
      expect(expired.changed).toEqual([]);
      expect(expired.removed).toEqual([task.id]);
    } finally {
      server.clock.set('2026-03-10T09:00:00Z');
    }
  });

  it('viewer isolation: another market never sees a task as changed or removed; another viewer\'s cursor answers in full', async () => {
    const [lt, taker] = (await createTaskers(server, 2)) as [Tasker, Tasker];
    const [pl] = (await createTaskers(server, 1, 'PL')) as [Tasker];
    const plList = await fullList('available', pl);
    const ltReserved = await fullList('reserved', lt);
    const task = await createTask(server, { start: '2026-03-11T08:00:00Z', end: '2026-03-11T16:00:00Z' });
    expect((await post(server, `/api/task/${task.id}/reserve`, taker.token)).statusCode).toBe(200);

    const plDelta = await delta('available', pl, plList.cursor);
    expect(plDelta.changed.map((t) => t.id)).not.toContain(task.id);
    expect(plDelta.removed).not.toContain(task.id);
    for (const t of plDelta.changed) expect(t.place.countryCode).toBe('PL');
    // Someone else's reservation is not in my reserved list, neither as changed nor removed.
    const ltDelta = await delta('reserved', lt, ltReserved.cursor);
    expect(ltDelta).toMatchObject({ changed: [], removed: [] });

    // A cursor is bound to its viewer and list: used by someone else, or for another list, it answers the full list.
    const stolen = await list(`/api/task?status=reserved&since=${ltReserved.cursor}`, taker);
    expect(stolen.body.changed).toBeUndefined();
    expect(stolen.body.data.map((t) => t.id)).toEqual([task.id]);
    const otherList = await list(`/api/task?status=available&since=${ltReserved.cursor}`, lt);
    expect(otherList.body.changed).toBeUndefined();
  });

  it('a malformed or very old cursor answers the full list; since with other filters is refused', async () => {
    const [me] = (await createTaskers(server, 1)) as [Tasker];
    const bad = await list('/api/task?status=available&since=not-a-cursor', me);
    expect(bad.status).toBe(200);
    expect(bad.body.changed).toBeUndefined();
    expect(Array.isArray(bad.body.data)).toBe(true);
    const { cursor } = await fullList('available', me);
    try {
      server.clock.set('2026-03-10T10:01:00Z');
      const old = await list(`/api/task?status=available&since=${cursor}`, me);
      expect(old.body.changed).toBeUndefined();
      expect(Array.isArray(old.body.data)).toBe(true);
    } finally {
      server.clock.set('2026-03-10T09:00:00Z');
    }
    const refused = await list('/api/task?status=available&search=x&since=', me);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: { code: 'VALIDATION_FAILED', fields: { since: 'NOT_ALLOWED' } } });
  });

  it('the exits log keeps a day: older rows are pruned, newer ones stay', async () => {
    await sql`insert into task_list_exits (task_id, old_status, old_country_code, created_at) values
      ('prune-old', 'available', 'LT', now() - interval '25 hours'), ('prune-new', 'available', 'LT', now() - interval '23 hours')`.execute(server.db);
    expect(await pruneTaskListExits(server.db, new Date())).toBeGreaterThanOrEqual(1);
    const { rows } = await sql<{ task_id: string }>`select task_id from task_list_exits where task_id like 'prune-%'`.execute(server.db);
    expect(rows.map((r) => r.task_id)).toEqual(['prune-new']);
  });
});
