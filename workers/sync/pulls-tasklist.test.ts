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
import type { ShelfworkDb } from '#db/schema';
import type { TaskStatus } from '#domain/types';
import { ALL_TASK_TYPES, selectTasks, taskTypeCategories, type SelectTasksOptions } from '../../src/tasks/selectTasks';
import { readTaskList, showTaskList, type TaskListSource } from '../../src/tasks/taskListQuery';
import { AT_STORE, createHarness, OPEN_WINDOW, START, useSyncServer, type Harness } from '../../test/support/sync-harness';

const server = useSyncServer();
let h: Harness;
afterEach(async () => {
  await h?.engine.idle();
  h?.db.close();
});

const LIST_STATUSES: TaskStatus[] = ['available', 'reserved', 'in_progress'];
const PLAIN: SelectTasksOptions = { search: '', order: 'time_window_start', filter: ALL_TASK_TYPES, position: null, now: START, placeId: null };

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

describe('task lists read from indexes stay in step with every writer of tasks', () => {
  it('pulls: first sync, a status move, a removal, a new category', async () => {
    h = await createHarness(server());
    await h.world.taskType('scans', { filterTitle: 'Scans' });
    await h.world.taskType('stock', { filterTitle: 'Stock' });
    await h.world.tasks([
      ['a1', { timeWindowStart: '2026-11-23T07:00:00.000Z', timeWindowEnd: '2026-11-23T14:00:00.000Z' }],
      ['a2', { taskType: 'scans' }],
      ['a3', { timeWindowStart: '2026-11-21T09:00:00.000Z' }],
      ['r1', { status: 'reserved' }],
      ['i1', { status: 'in_progress', ...OPEN_WINDOW }],
    ]);
    await h.logIn();
    await h.engine.syncNow('start');
    await expectListsMatchMirror(h.db, 'first sync');

    h.advance(30_000);
    // a1 reserved from the tasker's other device, a2 by another tasker, a3 moved to another
    // task type by staff, a4 new.
    await h.world.call(h.world.tasker.id, 'POST', `task/${h.id('a1')}/reserve`);
    await h.world.call((await h.world.otherTasker('u9')).id, 'POST', `task/${h.id('a2')}/reserve`);
    await h.world.updateTask('a3', { taskType: 'stock' });
    await h.world.task('a4', 'available', { timeWindowStart: '2026-11-20T09:00:00.000Z' });
    h.advance(31_000);
    await h.engine.syncNow('timer');
    await h.engine.idle();
    expect((await h.db.tasks.toArray()).map((t) => `${h.world.name(t.id)}:${t.status}`).sort()).toEqual(['a1:reserved', 'a3:available', 'a4:available', 'i1:in_progress', 'r1:reserved']);
    expect(await h.db.tasks.get(h.id('a3'))).toMatchObject({ taskType: { filterTitle: 'Stock' } });
    await expectListsMatchMirror(h.db, 'second sync');
  });

  it('commands: reserve, cancel, an offline start, a refresh, its 404, suggestions, the drop of offerings and logout', async () => {
    h = await createHarness(server());
    const [a1 = '', a2 = '', r1 = '', r2 = ''] = await h.world.tasks([
      ['a1', { expectedDuration: 30 }],
      ['a2', { timeWindowStart: '2026-11-21T09:00:00.000Z' }],
      ['r1', { status: 'reserved', ...OPEN_WINDOW }],
      [
        'r2',
        {
          status: 'reserved',
          timeWindowStart: '2026-11-25T07:00:00.000Z',
          timeWindowEnd: '2026-11-30T07:00:00.000Z',
          earlyCancelDeadline: '2026-11-24T07:00:00.000Z',
          lateCancelDeadline: '2026-11-25T07:00:00.000Z',
        },
      ],
    ]);
    await h.logIn();
    await h.engine.syncNow('start');
    await h.engine.idle();

    expect(await h.engine.reserveTask(a1)).toEqual({ ok: true, value: undefined });
    await h.engine.idle();
    await expectListsMatchMirror(h.db, 'reserve');

    expect(await h.engine.cancelTask(r2, null)).toEqual({ ok: true, value: undefined });
    await h.engine.idle();
    expect(await h.db.tasks.get(r2)).toMatchObject({ status: 'available' });
    await expectListsMatchMirror(h.db, 'cancel');

    h.net.fail('POST', `task/${r1}/start`, { kind: 'network-error' });
    expect(await h.engine.startTask(r1, AT_STORE, START.toISOString())).toEqual({ ok: true, value: undefined });
    await h.engine.idle();
    expect(await h.db.tasks.get(r1)).toMatchObject({ status: 'in_progress' });
    await expectListsMatchMirror(h.db, 'offline start');

    h.advance(60_000);
    await h.world.updateTask('a2', { timeWindowStart: '2026-11-20T07:00:00.000Z' });
    expect(await h.engine.refreshTask(a2)).toMatchObject({ ok: true });
    expect(await h.db.tasks.get(a2)).toMatchObject({ timeWindowStart: '2026-11-20T07:00:00.000Z' });
    await expectListsMatchMirror(h.db, 'refresh');

    await h.world.call((await h.world.otherTasker('u9')).id, 'POST', `task/${a2}/reserve`);
    await h.engine.refreshTask(a2);
    expect(await h.db.tasks.get(a2)).toBeUndefined();
    await expectListsMatchMirror(h.db, 'refresh 404');

    const s1 = await h.world.task('s1', 'available', { place: 'p-a1' });
    await h.engine.pullSuggestions(a1);
    await h.engine.idle();
    expect(await h.db.tasks.get(s1)).toMatchObject({ status: 'available' });
    await expectListsMatchMirror(h.db, 'suggestions');

    // The user can no longer see tasks: the mirrored offerings go.
    await h.world.setUserStatus(h.world.tasker.id, 'new');
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
    h = await createHarness(server());
    await h.world.tasks([
      ['a1', { timeWindowStart: '2026-11-21T09:00:00.000Z' }],
      ['a2', { timeWindowStart: '2026-11-22T09:00:00.000Z' }],
      ['a3', { timeWindowStart: '2026-11-23T09:00:00.000Z', timeWindowEnd: '2026-11-23T14:00:00.000Z' }],
    ]);
    await h.logIn();
    await h.engine.syncNow('start');
    await h.engine.idle();

    const answers: TaskListSource[] = [];
    const subscription = liveQuery(() => readTaskList(h.db, { status: 'available', limit: 2 })).subscribe((value) => answers.push(value));
    const latest = (check: (s: TaskListSource) => void) => vi.waitFor(() => check(answers.at(-1)!), { timeout: 2000 });
    try {
      const row = (name: string) => ({ id: h.id(name) });
      await latest((s) => expect(s).toMatchObject({ total: 3, rows: [row('a1'), row('a2')] }));

      await h.engine.reserveTask(h.id('a1'));
      await latest((s) => expect(s).toMatchObject({ total: 2, rows: [row('a2'), row('a3')] }));

      await h.world.task('a0', 'available', { timeWindowStart: '2026-11-21T08:30:00.000Z' });
      h.advance(61_000);
      await h.engine.syncNow('timer');
      await latest((s) => expect(s).toMatchObject({ total: 3, rows: [row('a0'), row('a2')] }));
    } finally {
      subscription.unsubscribe();
    }
  });
});
