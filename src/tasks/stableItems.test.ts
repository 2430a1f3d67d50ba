import { describe, expect, it } from 'vitest';
import type { TaskRow } from '#db/schema';
import { makeTask } from './fixtures';
import type { TaskListItem } from './selectTasks';
import { createItemKeeper, reuseUnchangedItems } from './stableItems';

/** A live query's answer: fresh row objects with the same content every time. */
const answer = (overrides: Record<string, Partial<TaskRow>> = {}, order = ['a', 'b', 'c']): TaskListItem<TaskRow>[] =>
  order.map((id) => ({ task: makeTask({ id, title: `Task ${id}`, ...overrides[id] }), distance: null, isNew: false }));

describe('reuseUnchangedItems', () => {
  it('answers the previous array when a new answer has the same content', () => {
    const first = answer();
    const again = answer();
    expect(again[0]).not.toBe(first[0]);
    expect(reuseUnchangedItems(first, again)).toBe(first);
  });

  it('keeps the unchanged items and takes the changed one', () => {
    const first = answer();
    const changed = answer({ b: { title: 'Renamed' } });
    const next = reuseUnchangedItems(first, changed);
    expect(next).not.toBe(first);
    expect(next[0]).toBe(first[0]);
    expect(next[1]).toBe(changed[1]);
    expect(next[1]?.task.title).toBe('Renamed');
    expect(next[2]).toBe(first[2]);
  });

  it('a changed distance or newness is a changed item', () => {
    const first = answer();
    const moved = answer().map((item, i) => (i === 0 ? { ...item, distance: 120 } : i === 1 ? { ...item, isNew: true } : item));
    const next = reuseUnchangedItems(first, moved);
    expect(next[0]).toBe(moved[0]);
    expect(next[1]).toBe(moved[1]);
    expect(next[2]).toBe(first[2]);
  });

  it('follows the new order, and adds and drops tasks', () => {
    const first = answer();
    const next = reuseUnchangedItems(first, answer({}, ['c', 'd', 'a']));
    expect(next.map((i) => i.task.id)).toEqual(['c', 'd', 'a']);
    expect(next[0]).toBe(first[2]);
    expect(next[2]).toBe(first[0]);
    expect(next).not.toBe(first);
  });

  it('without a previous answer takes the new one as it is', () => {
    const items = answer();
    expect(reuseUnchangedItems(null, items)).toBe(items);
  });
});

describe('createItemKeeper', () => {
  it('reuses the items of its previous call', () => {
    const keep = createItemKeeper<TaskRow>();
    const first = keep(answer());
    expect(keep(answer())).toBe(first);
    const next = keep(answer({ a: { title: 'Changed' } }));
    expect(next[0]?.task.title).toBe('Changed');
    expect(next[1]).toBe(first[1]);
  });
});
