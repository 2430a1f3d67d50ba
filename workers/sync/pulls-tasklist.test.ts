/**
 * The task lists read their first page, count and categories from indexes of `tasks`
 * (src/tasks/taskListQuery.ts). IndexedDB keeps indexes in step with every write, so these tests
 * drive the sync worker's writers — pulls, reserve, cancel, an offline start, a task refresh and
 * its 404, suggestions, the drop of offerings, logout — and check after each that what a list reads
 * equals what selecting from every row gives, and that an open list (live query) follows.
 */
import 'fake-indexeddb/auto';
import { liveQuery } from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ShelfworkDb } from '../../src/db/schema';
import type { TaskStatus } from '../../src/domain/types';
import { ALL_TASK_TYPES, selectTasks, taskTypeCategories, type SelectTasksOptions } from '../../src/tasks/selectTasks';
import { readTaskList, showTaskList, type TaskListSource } from '../../src/tasks/taskListQuery';
import { makeTask, makeUser } from './fake-api';
import { createHarness, START, type Harness } from './test-setup';

let h: Harness;
afterEach(async () => {
  await h?.engine.idle();
  h?.db.close();
});

const LIST_STATUSES: TaskStatus[] = ['available', 'reserved', 'in_progress'];
const PLAIN: SelectTasksOptions = { search: '', order: 'time_window_start', filter: ALL_TASK_TYPES, position: null, now: START, placeId: null };
/** A window open at START (08:00 UTC), so a reserved task can be started. */
const OPEN_WINDOW = { timeWindowStart: '2026-11-21T07:00:00.000Z', timeWindowEnd: '2026-11-21T14:00:00.000Z' };
const AT_STORE = { latitude: 54.687, longitude: 25.279 };

/** Every list, at a few page sizes, reads what selecting from all the status's rows gives. */
async function expectListsMatchMirror(db: ShelfworkDb, step: string): Promise<void> {
  for (const status of LIST_STATUSES) {
    const all = await db.tasks.where('status').equals(status).toArray();
    for (const limit of [1, 2, 50]) {
      const shown = showTaskList(await readTaskList(db, { status, limit }), { ...PLAIN, limit }, 'en');
      const expected = selectTasks(all, { ...PLAIN, limit });
      expect(
        { ids: shown.selection.items.map((i) => i.task.id), total: shown.selection.total, hasMore: shown.selection.hasMore, categories: shown.categories, statusTotal: shown.statusTotal },
        `${step}: ${status} × ${limit}`,
      ).toEqual({ ids: expected.items.map((i) => i.task.id), total: expected.total, hasMore: expected.hasMore, categories: taskTypeCategories(all, 'en'), statusTotal: all.length });
    }
  }
}

const typed = (filterTitle: string) => ({ ...makeTask('x', 'available').taskType, id: `tt-${filterTitle}`, filterTitle });

describe('task lists read from indexes stay in step with every writer of tasks', () => {
  it('pulls: first sync, a status move, a removal, a new category', async () => {
    h = createHarness();
    h.server.tasks = [
      makeTask('a1', 'available', { timeWindowStart: '2026-11-23T07:00:00.000Z' }),
      makeTask('a2', 'available', { taskTypeId: 'tt-Scans', taskType: typed('Scans') }),
      makeTask('a3', 'available', { timeWindowStart: '2026-11-21T09:00:00.000Z' }),
      makeTask('r1', 'reserved'),
      makeTask('i1', 'in_progress', OPEN_WINDOW),
    ];
    await h.logIn();
    await h.engine.syncNow('start');
    await expectListsMatchMirror(h.db, 'first sync');

    const later = '2026-11-21T08:00:30.000Z';
    h.server.tasks = [
      makeTask('a1', 'reserved', { timeWindowStart: '2026-11-23T07:00:00.000Z', updatedAt: later }),
      makeTask('a3', 'available', { timeWindowStart: '2026-11-21T09:00:00.000Z', taskTypeId: 'tt-Stock', taskType: typed('Stock'), updatedAt: later }),
      makeTask('a4', 'available', { timeWindowStart: '2026-11-20T09:00:00.000Z' }),
      makeTask('r1', 'reserved'),
      makeTask('i1', 'in_progress', OPEN_WINDOW),
    ];
    h.advance(61_000);
    await h.engine.syncNow('timer');
    await h.engine.idle();
    expect((await h.db.tasks.toArray()).map((t) => `${t.id}:${t.status}`).sort()).toEqual(['a1:reserved', 'a3:available', 'a4:available', 'i1:in_progress', 'r1:reserved']);
    await expectListsMatchMirror(h.db, 'second sync');
  });

  it('commands: reserve, cancel, an offline start, a refresh, its 404, suggestions, the drop of offerings and logout', async () => {
    h = createHarness();
    h.server.tasks = [
      makeTask('a1', 'available', { expectedDuration: 30 }),
      makeTask('a2', 'available', { timeWindowStart: '2026-11-21T09:00:00.000Z' }),
      makeTask('r1', 'reserved', OPEN_WINDOW),
      makeTask('r2', 'reserved', {
        timeWindowStart: '2026-11-25T07:00:00.000Z',
        timeWindowEnd: '2026-11-30T07:00:00.000Z',
        earlyCancelDeadline: '2026-11-24T07:00:00.000Z',
        lateCancelDeadline: '2026-11-25T07:00:00.000Z',
      }),
    ];
    await h.logIn();
    await h.engine.syncNow('start');
    await h.engine.idle();

    expect(await h.engine.reserveTask('a1')).toEqual({ ok: true, value: undefined });
    await h.engine.idle();
    await expectListsMatchMirror(h.db, 'reserve');

    expect(await h.engine.cancelTask('r2', null)).toEqual({ ok: true, value: undefined });
    await h.engine.idle();
    expect(await h.db.tasks.get('r2')).toMatchObject({ status: 'available' });
    await expectListsMatchMirror(h.db, 'cancel');

    h.api.on('POST', 'task/r1/start', () => 'network-error');
    expect(await h.engine.startTask('r1', AT_STORE, START.toISOString())).toEqual({ ok: true, value: undefined });
    await h.engine.idle();
    expect(await h.db.tasks.get('r1')).toMatchObject({ status: 'in_progress' });
    await expectListsMatchMirror(h.db, 'offline start');

    h.server.tasks = h.server.tasks.map((t) => (t.id === 'a2' ? { ...t, timeWindowStart: '2026-11-20T07:00:00.000Z', updatedAt: '2026-11-21T08:01:00.000Z' } : t));
    expect(await h.engine.refreshTask('a2')).toMatchObject({ ok: true });
    await expectListsMatchMirror(h.db, 'refresh');

    h.server.tasks = h.server.tasks.filter((t) => t.id !== 'a2');
    await h.engine.refreshTask('a2');
    expect(await h.db.tasks.get('a2')).toBeUndefined();
    await expectListsMatchMirror(h.db, 'refresh 404');

    h.server.tasks.push(makeTask('s1', 'available', { place: { ...makeTask('a1', 'available').place } }));
    await h.engine.pullSuggestions('a1');
    await h.engine.idle();
    expect(await h.db.tasks.get('s1')).toMatchObject({ status: 'available' });
    await expectListsMatchMirror(h.db, 'suggestions');

    // The user can no longer see tasks: the mirrored offerings go.
    h.server.user = makeUser({ status: 'new', isNew: true, isApproved: false });
    h.advance(61_000);
    await h.engine.syncNow('manual', true);
    await h.engine.idle();
    expect(await h.db.tasks.where('status').equals('available').count()).toBe(0);
    expect(await h.db.tasks.count()).toBeGreaterThan(0);
    await expectListsMatchMirror(h.db, 'offerings dropped');

    await h.engine.logout();
    expect(await h.db.tasks.count()).toBe(0);
    await expectListsMatchMirror(h.db, 'logout');
  });

  it('an open list follows the worker’s writes (live query), as a screen does', async () => {
    h = createHarness();
    h.server.tasks = [
      makeTask('a1', 'available', { timeWindowStart: '2026-11-21T09:00:00.000Z' }),
      makeTask('a2', 'available', { timeWindowStart: '2026-11-22T09:00:00.000Z' }),
      makeTask('a3', 'available', { timeWindowStart: '2026-11-23T09:00:00.000Z' }),
    ];
    await h.logIn();
    await h.engine.syncNow('start');
    await h.engine.idle();

    const answers: TaskListSource[] = [];
    const subscription = liveQuery(() => readTaskList(h.db, { status: 'available', limit: 2 })).subscribe((value) => answers.push(value));
    const latest = (check: (s: TaskListSource) => void) => vi.waitFor(() => check(answers.at(-1)!), { timeout: 2000 });
    try {
      await latest((s) => expect(s).toMatchObject({ total: 3, rows: [{ id: 'a1' }, { id: 'a2' }] }));

      await h.engine.reserveTask('a1');
      await latest((s) => expect(s).toMatchObject({ total: 2, rows: [{ id: 'a2' }, { id: 'a3' }] }));

      h.server.tasks.push(makeTask('a0', 'available', { timeWindowStart: '2026-11-21T08:30:00.000Z' }));
      h.advance(61_000);
      await h.engine.syncNow('timer');
      await latest((s) => expect(s).toMatchObject({ total: 3, rows: [{ id: 'a0' }, { id: 'a2' }] }));
    } finally {
      subscription.unsubscribe();
    }
  });
});
