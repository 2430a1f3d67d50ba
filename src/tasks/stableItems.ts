/**
 * Keeps a list's item objects across live-query answers. Every answer of the mirror's live query
 * is a fresh set of row objects, so every memoised card would render again after each write the
 * sync worker makes (the tasks it pulled, then its sync time) although nothing it shows changed.
 * An item whose row has the same content as the item shown for that task before is replaced by
 * that earlier item, so only the cards whose task changed render again.
 */
import type { TaskListItem } from './selectTasks';

type Keyed = { id: string };

const serialised = new WeakMap<object, string>();

/** A row's content as text, computed once per row object (rows are plain data from IndexedDB). */
function contentOf(row: object): string {
  let text = serialised.get(row);
  if (text === undefined) {
    text = JSON.stringify(row);
    serialised.set(row, text);
  }
  return text;
}

function sameItem<T extends Keyed>(a: TaskListItem<T>, b: TaskListItem<T>): boolean {
  return a.distance === b.distance && a.isNew === b.isNew && (a.task === b.task || contentOf(a.task) === contentOf(b.task));
}

/**
 * `items` with each item that equals the previous item of the same task replaced by the previous
 * one; the array itself is the previous array when every item and the order are unchanged.
 */
export function reuseUnchangedItems<T extends Keyed>(previous: TaskListItem<T>[] | null, items: TaskListItem<T>[]): TaskListItem<T>[] {
  if (previous === null || previous.length === 0) return items;
  const byId = new Map<string, TaskListItem<T>>();
  for (const item of previous) byId.set(item.task.id, item);
  let allSame = previous.length === items.length;
  const next = items.map((item, index) => {
    const before = byId.get(item.task.id);
    const kept = before !== undefined && sameItem(before, item) ? before : item;
    if (kept !== previous[index]) allSame = false;
    return kept;
  });
  return allSame ? previous : next;
}

/**
 * A screen's keeper: each call reuses the items of the previous call's answer. Kept in state (not
 * read during render from a ref); calling it twice with the same items answers the same objects,
 * and an answer of a render React discards only ever lends equal items to the next one.
 */
export function createItemKeeper<T extends Keyed>(): (items: TaskListItem<T>[]) => TaskListItem<T>[] {
  let previous: TaskListItem<T>[] | null = null;
  return (items) => {
    previous = reuseUnchangedItems(previous, items);
    return previous;
  };
}
