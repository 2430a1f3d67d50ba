import { describe, expect, it } from 'vitest';
import type { TaskRow } from '#db/schema';
import { makePlace, makeTask, makeTaskType } from './fixtures';
import { pageLimit, sameFilter, selectTasks, taskTypeCategories, type SelectTasksOptions } from './selectTasks';

const NOW = new Date('2026-11-21T10:00:00Z');
const VILNIUS = { latitude: 54.6872, longitude: 25.2797 };

const photos = makeTaskType({ id: 'type-photo', filterTitle: 'Photos', createdAt: '2025-01-01T00:00:00Z' });
const scans = makeTaskType({ id: 'type-scan', filterTitle: 'Scans', createdAt: '2026-11-01T00:00:00Z' }); // 20 days old: new
const stock = makeTaskType({ id: 'type-stock', filterTitle: 'Stock', createdAt: '2026-10-07T09:00:00Z' }); // 45 days + 1 h: not new

const near = makePlace({ id: 'p-near', title: 'Rimi Gedimino', city: 'Vilnius', coordinates: { latitude: 54.6880, longitude: 25.2800 } });
const mid = makePlace({ id: 'p-mid', title: 'Maxima Ozas', city: 'Vilnius', coordinates: { latitude: 54.7100, longitude: 25.2600 } });
const far = makePlace({ id: 'p-far', title: 'Iki Kaunas', city: 'Kaunas', coordinates: { latitude: 54.8985, longitude: 23.9036 } });

const rows: TaskRow[] = [
  makeTask({ id: 'a', title: 'Coffee', taskType: photos, place: far, timeWindowStart: '2026-11-21T08:00:00Z' }),
  makeTask({ id: 'b', title: 'Tea', taskType: scans, place: mid, timeWindowStart: '2026-11-22T08:00:00Z' }),
  makeTask({ id: 'c', title: 'Milk', taskType: stock, place: near, timeWindowStart: '2026-11-23T08:00:00Z' }),
  makeTask({ id: 'd', title: 'Bread', taskType: photos, place: near, timeWindowStart: '2026-11-20T08:00:00Z' }),
];

const base: SelectTasksOptions = { search: '', order: 'time_window_start', filter: { kind: 'all' }, position: null, now: NOW };
const ids = (opts: Partial<SelectTasksOptions>, input: readonly TaskRow[] = rows) => selectTasks(input, { ...base, ...opts }).items.map((i) => i.task.id);

describe('selectTasks', () => {
  it.each<[string, Partial<SelectTasksOptions>, string[]]>([
    ['time order is by window start', {}, ['d', 'a', 'b', 'c']],
    ['search narrows the list', { search: 'vilnius' }, ['d', 'b', 'c']],
    ['search and filter combine', { search: 'vilnius', filter: { kind: 'category', filterTitle: 'Photos' } }, ['d']],
    ['a category filter keeps that category', { filter: { kind: 'category', filterTitle: 'Photos' } }, ['d', 'a']],
    ['the new filter keeps task types under 45 days old', { filter: { kind: 'new' } }, ['b']],
    ['an unknown category leaves nothing', { filter: { kind: 'category', filterTitle: 'Gone' } }, []],
    ['distance order is nearest first', { order: 'distance', position: VILNIUS }, ['d', 'c', 'b', 'a']],
    ['distance order without any distance falls back to time', { order: 'distance' }, ['d', 'a', 'b', 'c']],
    ['paging returns the first items only', { limit: 2 }, ['d', 'a']],
    ['a place keeps only its own tasks (the reservable list for the place)', { placeId: 'p-near' }, ['d', 'c']],
    ['a place combines with search', { placeId: 'p-near', search: 'milk' }, ['c']],
    ['no place means every place', { placeId: null }, ['d', 'a', 'b', 'c']],
  ])('%s', (_name, opts, expected) => {
    expect(ids(opts)).toEqual(expected);
  });

  it('ties on the window start are broken by window end, then id', () => {
    const same = '2026-11-21T08:00:00Z';
    const tied = [
      makeTask({ id: 'z', timeWindowStart: same, timeWindowEnd: '2026-11-21T12:00:00Z' }),
      makeTask({ id: 'y', timeWindowStart: same, timeWindowEnd: '2026-11-21T18:00:00Z' }),
      makeTask({ id: 'x', timeWindowStart: same, timeWindowEnd: '2026-11-21T18:00:00Z' }),
    ];
    expect(ids({}, tied)).toEqual(['z', 'x', 'y']);
  });

  it('uses the server distance when no position is known, and puts unknown distances last', () => {
    const withServerDistance = [
      makeTask({ id: 'unknown', timeWindowStart: '2026-11-20T00:00:00Z', place: makePlace({ distance: null }) }),
      makeTask({ id: 'far', place: makePlace({ distance: 9000 }) }),
      makeTask({ id: 'near', place: makePlace({ distance: 300 }) }),
    ];
    const selection = selectTasks(withServerDistance, { ...base, order: 'distance' });
    expect(selection.items.map((i) => [i.task.id, i.distance])).toEqual([
      ['near', 300],
      ['far', 9000],
      ['unknown', null],
    ]);
  });

  it('computes distances from the position, in metres', () => {
    const [first] = selectTasks([rows[2]!], { ...base, position: VILNIUS }).items;
    expect(first?.distance).toBeGreaterThan(50);
    expect(first?.distance).toBeLessThan(150);
  });

  it('marks new task types', () => {
    const byId = Object.fromEntries(selectTasks(rows, base).items.map((i) => [i.task.id, i.isNew]));
    expect(byId).toEqual({ a: false, b: true, c: false, d: false });
  });

  it('reports the total before paging and whether more pages exist', () => {
    const many = Array.from({ length: 120 }, (_, i) =>
      makeTask({ id: `t${String(i).padStart(3, '0')}`, timeWindowStart: new Date(Date.UTC(2026, 10, 21, 0, i)).toISOString() }),
    );
    const first = selectTasks(many, { ...base, limit: pageLimit(1) });
    expect([first.items.length, first.total, first.hasMore]).toEqual([50, 120, true]);
    expect(first.items[49]?.task.id).toBe('t049');
    const third = selectTasks(many, { ...base, limit: pageLimit(3) });
    expect([third.items.length, third.total, third.hasMore]).toEqual([120, 120, false]);
  });

  it('does not reorder or change its input', () => {
    const input = [...rows];
    selectTasks(input, { ...base, order: 'distance', position: VILNIUS });
    expect(input.map((r) => r.id)).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('taskTypeCategories', () => {
  it('lists each category once, alphabetically', () => {
    expect(taskTypeCategories(rows, 'en')).toEqual(['Photos', 'Scans', 'Stock']);
  });
});

describe('pageLimit and sameFilter', () => {
  it.each([
    [1, 50],
    [2, 100],
    [0, 50],
  ])('%i pages show %i tasks', (pages, limit) => {
    expect(pageLimit(pages)).toBe(limit);
  });

  it('compares filters by value', () => {
    expect(sameFilter({ kind: 'category', filterTitle: 'A' }, { kind: 'category', filterTitle: 'A' })).toBe(true);
    expect(sameFilter({ kind: 'category', filterTitle: 'A' }, { kind: 'category', filterTitle: 'B' })).toBe(false);
    expect(sameFilter({ kind: 'new' }, { kind: 'all' })).toBe(false);
  });
});
