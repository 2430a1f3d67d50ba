import 'fake-indexeddb/auto';
import { liveQuery } from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ShelfworkDb, type TaskRow } from '#db/schema';
import type { TaskStatus, User } from '#domain/types';
import { makePlace, makeTask, makeTaskType } from './fixtures';
import { ALL_TASK_TYPES, selectTasks, taskTypeCategories, type SelectTasksOptions } from './selectTasks';
import { isPlainList, readTaskList, readTaskListScreen, readTasksByStatus, showTaskList, type TaskListScreenData, type TaskListSource } from './taskListQuery';

const NOW = new Date('2026-11-21T10:00:00.000Z');
const PLAIN: SelectTasksOptions & { limit: number } = { search: '', order: 'time_window_start', filter: ALL_TASK_TYPES, position: null, now: NOW, placeId: null, limit: 50 };

const opened: ShelfworkDb[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

function freshDb(): ShelfworkDb {
  const db = new ShelfworkDb(`list-${crypto.randomUUID()}`);
  opened.push(db);
  return db;
}

/** A small deterministic PRNG (mulberry32), so a failing case can be replayed. */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const STATUSES: TaskStatus[] = ['available', 'reserved', 'in_progress', 'accepted'];
const TYPES = ['Photos', 'Scans', 'Stock', 'Ąžuolai', ''].map((filterTitle, i) => makeTaskType({ id: `type-${i}`, filterTitle }));

/** Many ties on purpose: few distinct starts and ends, so the order falls back to end, then id. */
function randomTasks(count: number, seed: number): TaskRow[] {
  const random = prng(seed);
  const pick = <T,>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
  const starts = ['2026-11-20T08:00:00.000Z', '2026-11-21T08:00:00.000Z', '2026-11-21T09:30:00.000Z', '2026-12-01T00:00:00.000Z'];
  const ends = ['2026-11-21T16:00:00.000Z', '2026-11-22T16:00:00.000Z', '2026-12-02T00:00:00.000Z'];
  return Array.from({ length: count }, (_, i) =>
    makeTask({
      id: `t-${Math.floor(random() * 1e6).toString(36)}-${i}`,
      status: pick(STATUSES),
      timeWindowStart: pick(starts),
      timeWindowEnd: pick(ends),
      taskType: pick(TYPES),
      place: makePlace({ id: `p-${i % 7}`, title: `Store ${i % 7}` }),
    }),
  );
}

/** What the list showed before this change: every row of the status, selected in memory. */
function expectedList(all: readonly TaskRow[], options: SelectTasksOptions & { limit: number }) {
  const selection = selectTasks(all, options);
  return { ids: selection.items.map((i) => i.task.id), total: selection.total, hasMore: selection.hasMore, categories: taskTypeCategories(all, 'en') };
}

function shownList(source: TaskListSource, options: SelectTasksOptions & { limit: number }) {
  const shown = showTaskList(source, options, 'en');
  return { ids: shown.selection.items.map((i) => i.task.id), total: shown.selection.total, hasMore: shown.selection.hasMore, categories: shown.categories };
}

describe('readTaskList', () => {
  it.each([1, 7, 42])('reads the same first pages, count and categories as selecting from every row (seed %i)', async (seed) => {
    const db = freshDb();
    const tasks = randomTasks(300, seed);
    await db.tasks.bulkPut(tasks);
    for (const status of STATUSES) {
      const all = tasks.filter((t) => t.status === status);
      for (const limit of [1, 2, 50, 100]) {
        const source = await readTaskList(db, { status, limit });
        expect(source.kind).toBe('page');
        expect(source.rows.length).toBeLessThanOrEqual(limit);
        expect(shownList(source, { ...PLAIN, limit }), `${status} × ${limit}`).toEqual(expectedList(all, { ...PLAIN, limit }));
        expect(showTaskList(source, { ...PLAIN, limit }, 'en')).toMatchObject({ statusTotal: all.length, stale: false });
      }
    }
  });

  it('breaks ties on the window start by window end, then id, as the list always did', async () => {
    const db = freshDb();
    const same = '2026-11-21T08:00:00.000Z';
    await db.tasks.bulkPut([
      makeTask({ id: 'z', timeWindowStart: same, timeWindowEnd: '2026-11-21T12:00:00.000Z' }),
      makeTask({ id: 'y', timeWindowStart: same, timeWindowEnd: '2026-11-21T18:00:00.000Z' }),
      makeTask({ id: 'x', timeWindowStart: same, timeWindowEnd: '2026-11-21T18:00:00.000Z' }),
      makeTask({ id: 'w', timeWindowStart: '2026-11-21T07:00:00.000Z', timeWindowEnd: '2026-11-30T18:00:00.000Z' }),
    ]);
    const source = await readTaskList(db, { status: 'available', limit: 3 });
    expect(source).toMatchObject({ kind: 'page', total: 4 });
    expect(source.rows.map((r) => r.id)).toEqual(['w', 'z', 'x']);
  });

  it('lists each category of the status once, without empty titles and other statuses’ categories', async () => {
    const db = freshDb();
    await db.tasks.bulkPut([
      makeTask({ id: 'a', taskType: makeTaskType({ filterTitle: 'Scans' }) }),
      makeTask({ id: 'b', taskType: makeTaskType({ filterTitle: 'Photos' }) }),
      makeTask({ id: 'c', taskType: makeTaskType({ filterTitle: 'Photos' }) }),
      makeTask({ id: 'd', taskType: makeTaskType({ filterTitle: '' }) }),
      makeTask({ id: 'e', status: 'reserved', taskType: makeTaskType({ filterTitle: 'Stock' }) }),
    ]);
    const source = await readTaskList(db, { status: 'available', limit: 1 });
    expect(source.kind === 'page' && [...source.categories].sort()).toEqual(['Photos', 'Scans']);
    expect(showTaskList(source, { ...PLAIN, limit: 1 }, 'en').categories).toEqual(['Photos', 'Scans']);
  });

  it('reads every row when asked for all (search, filter, store, distance)', async () => {
    const db = freshDb();
    const tasks = randomTasks(60, 3);
    await db.tasks.bulkPut(tasks);
    const source = await readTaskList(db, { status: 'reserved', limit: null });
    expect(source.kind).toBe('all');
    expect(source.rows.map((r) => r.id).sort()).toEqual(tasks.filter((t) => t.status === 'reserved').map((t) => t.id).sort());
  });

  it('falls back to every row when a row is missing from the time index (a time that is not a valid key)', async () => {
    const db = freshDb();
    const broken = { ...makeTask({ id: 'broken' }), timeWindowEnd: null } as unknown as TaskRow;
    await db.tasks.bulkPut([makeTask({ id: 'a' }), makeTask({ id: 'b' }), broken]);
    const source = await readTaskList(db, { status: 'available', limit: 50 });
    expect(source.kind).toBe('all');
    expect(source.rows.map((r) => r.id).sort()).toEqual(['a', 'b', 'broken']);
  });

  it('answers an empty status with an empty page', async () => {
    const db = freshDb();
    const source = await readTaskList(db, { status: 'in_progress', limit: 50 });
    expect(source).toEqual({ kind: 'page', rows: [], limit: 50, total: 0, categories: [] });
    expect(showTaskList(source, PLAIN, 'en')).toMatchObject({ statusTotal: 0, stale: false, selection: { items: [], total: 0, hasMore: false } });
  });

  it('answers again when a write changes the page, the count or the categories (live query)', async () => {
    const db = freshDb();
    await db.tasks.bulkPut([
      makeTask({ id: 'a', timeWindowStart: '2026-11-21T08:00:00.000Z' }),
      makeTask({ id: 'b', timeWindowStart: '2026-11-22T08:00:00.000Z' }),
      makeTask({ id: 'c', timeWindowStart: '2026-11-23T08:00:00.000Z' }),
    ]);
    const answers: TaskListSource[] = [];
    const subscription = liveQuery(() => readTaskList(db, { status: 'available', limit: 2 })).subscribe((value) => answers.push(value));
    const latest = async (check: (s: TaskListSource) => void) => vi.waitFor(() => check(answers.at(-1)!), { timeout: 2000 });
    try {
      await latest((s) => expect(s.rows.map((r) => r.id)).toEqual(['a', 'b']));

      // Outside the page: only the count changes.
      await db.tasks.put(makeTask({ id: 'd', timeWindowStart: '2026-12-01T08:00:00.000Z', taskType: makeTaskType({ filterTitle: 'Scans' }) }));
      await latest((s) => expect(s).toMatchObject({ total: 4, categories: ['Photos', 'Scans'] }));

      await db.tasks.put(makeTask({ id: 'e', timeWindowStart: '2026-11-20T08:00:00.000Z' }));
      await latest((s) => expect(s.rows.map((r) => r.id)).toEqual(['e', 'a']));

      await db.tasks.update('e', { status: 'reserved' });
      await latest((s) => expect(s.rows.map((r) => r.id)).toEqual(['a', 'b']));

      await db.tasks.where('id').anyOf(['a', 'b']).modify({ timeWindowStart: '2026-12-31T08:00:00.000Z' });
      await latest((s) => expect(s.rows.map((r) => r.id)).toEqual(['c', 'd']));

      await db.tasks.bulkDelete(['c']);
      await db.tasks.delete('d');
      await latest((s) => expect(s).toMatchObject({ total: 2, categories: ['Photos'] }));

      await db.tasks.clear();
      await latest((s) => expect(s).toMatchObject({ total: 0, rows: [] }));
    } finally {
      subscription.unsubscribe();
    }
  });
});

describe('readTaskListScreen', () => {
  it('answers rows, user, trainings, the list’s meta and (offerings only) the reservation limit at once, and again when any changes', async () => {
    const db = freshDb();
    await db.tasks.bulkPut([makeTask({ id: 'a' }), makeTask({ id: 'r', status: 'reserved' })]);
    await db.meta.bulkPut([
      { key: 'tasks:available', syncedAt: '2026-11-21T09:00:00.000Z', error: null, attemptedAt: '2026-11-21T09:00:00.000Z' },
      { key: 'tasks:reserved', syncedAt: null, error: 'NETWORK', attemptedAt: '2026-11-21T09:00:00.000Z' },
    ]);
    await db.reservationLimit.put({ key: 'me', used: 30, limit: 120 });

    const reserved = await readTaskListScreen(db, { status: 'reserved', limit: 50 });
    expect(reserved).toMatchObject({ user: null, trainings: [], meta: { error: 'NETWORK' }, reservationLimit: null });
    expect(reserved.source.rows.map((r) => r.id)).toEqual(['r']);

    const answers: TaskListScreenData[] = [];
    const subscription = liveQuery(() => readTaskListScreen(db, { status: 'available', limit: 50 })).subscribe((value) => answers.push(value));
    const latest = async (check: (s: TaskListScreenData) => void) => vi.waitFor(() => check(answers.at(-1)!), { timeout: 2000 });
    try {
      await latest((s) => expect(s).toMatchObject({ user: null, meta: { key: 'tasks:available' }, reservationLimit: { used: 30, limit: 120 } }));
      expect(answers.at(-1)!.source.rows.map((r) => r.id)).toEqual(['a']);

      await db.user.put({ key: 'me', id: 'u1', isApproved: true } as unknown as User & { key: 'me' });
      await latest((s) => expect(s.user).toMatchObject({ id: 'u1' }));
      await db.trainings.put({ id: 't1' } as never);
      await latest((s) => expect(s.trainings).toHaveLength(1));
      await db.meta.put({ key: 'tasks:available', syncedAt: null, error: 'NETWORK', attemptedAt: '2026-11-21T09:05:00.000Z' });
      await latest((s) => expect(s.meta).toMatchObject({ error: 'NETWORK' }));
      await db.reservationLimit.put({ key: 'me', used: 60, limit: 120 });
      await latest((s) => expect(s.reservationLimit).toMatchObject({ used: 60 }));
    } finally {
      subscription.unsubscribe();
    }
  });
});

describe('readTasksByStatus', () => {
  it('returns what where(status).anyOf(…) returned, in the same order', async () => {
    const db = freshDb();
    const tasks = randomTasks(120, 11);
    await db.tasks.bulkPut(tasks);
    for (const statuses of [['available'], ['reserved', 'available'], ['in_progress', 'accepted', 'reserved', 'reserved'], ['expired']] as TaskStatus[][]) {
      const anyOf = await db.tasks.where('status').anyOf(statuses).toArray();
      expect(await readTasksByStatus(db, statuses), statuses.join()).toEqual(anyOf);
    }
  });
});

describe('showTaskList', () => {
  const rows = randomTasks(120, 5).map((t) => ({ ...t, status: 'available' as const }));
  const pageOf = (limit: number): TaskListSource => {
    const ordered = selectTasks(rows, { ...PLAIN, limit: undefined }).items.map((i) => i.task);
    return { kind: 'page', rows: ordered.slice(0, limit), limit, total: rows.length, categories: ['Stock', 'Photos', 'Scans', 'Ąžuolai'] };
  };

  it('shows a page as the whole list would, with the count of every task', () => {
    expect(shownList(pageOf(50), PLAIN)).toEqual(expectedList(rows, PLAIN));
    expect(shownList(pageOf(100), { ...PLAIN, limit: 100 })).toEqual(expectedList(rows, { ...PLAIN, limit: 100 }));
  });

  it('computes distances from the device position on a page too', () => {
    const position = { latitude: 54.7, longitude: 25.3 };
    const shown = showTaskList(pageOf(50), { ...PLAIN, position }, 'en');
    expect(shown.selection.items.map((i) => i.distance)).toEqual(selectTasks(rows, { ...PLAIN, position }).items.map((i) => i.distance));
  });

  it('keeps showing the smaller page, marked stale and without more to load, while the next one is read', () => {
    const shown = showTaskList(pageOf(50), { ...PLAIN, limit: 100 }, 'en');
    expect(shown.stale).toBe(true);
    expect(shown.selection.items).toHaveLength(50);
    expect(shown.selection.hasMore).toBe(true);
  });

  it('keeps showing the plain page, marked stale, while every row is read for a search or filter', () => {
    for (const narrowed of [{ search: 'store 3' }, { filter: { kind: 'new' } as const }, { placeId: 'p-1' }, { order: 'distance' as const }]) {
      const shown = showTaskList(pageOf(50), { ...PLAIN, ...narrowed }, 'en');
      expect(shown.stale, JSON.stringify(narrowed)).toBe(true);
      expect(shown.selection.items.map((i) => i.task.id)).toEqual(expectedList(rows, PLAIN).ids);
    }
  });

  it('selects from every row for a search, filter, store or distance order', () => {
    const position = { latitude: 54.7, longitude: 25.3 };
    for (const narrowed of [{ search: 'store 3' }, { filter: { kind: 'category', filterTitle: 'Scans' } as const }, { placeId: 'p-1' }, { order: 'distance' as const, position }]) {
      const options = { ...PLAIN, ...narrowed };
      expect(shownList({ kind: 'all', rows }, options), JSON.stringify(narrowed)).toEqual(expectedList(rows, options));
      expect(showTaskList({ kind: 'all', rows }, options, 'en')).toMatchObject({ stale: false, statusTotal: rows.length });
    }
  });

  it('treats a page that holds every task of the status as every row (a search needs no second read)', () => {
    const small = rows.slice(0, 30);
    const ordered = selectTasks(small, PLAIN).items.map((i) => i.task);
    const source: TaskListSource = { kind: 'page', rows: ordered, limit: 50, total: 30, categories: [] };
    const options = { ...PLAIN, search: 'store 3' };
    expect(shownList(source, options)).toEqual(expectedList(small, options));
    expect(showTaskList(source, options, 'en').stale).toBe(false);
  });

  it('sorts the categories of a page in the locale', () => {
    expect(showTaskList(pageOf(1), PLAIN, 'lt').categories).toEqual(['Ąžuolai', 'Photos', 'Scans', 'Stock']);
  });
});

describe('isPlainList', () => {
  it('is true only for time order without search, type filter or store', () => {
    expect(isPlainList(PLAIN)).toBe(true);
    expect(isPlainList({ ...PLAIN, search: '   ' })).toBe(true);
    expect(isPlainList({ ...PLAIN, search: 'rimi' })).toBe(false);
    expect(isPlainList({ ...PLAIN, order: 'distance' })).toBe(false);
    expect(isPlainList({ ...PLAIN, filter: { kind: 'new' } })).toBe(false);
    expect(isPlainList({ ...PLAIN, placeId: 'p-1' })).toBe(false);
  });
});
