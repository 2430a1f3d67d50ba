/**
 * What the tasker did to a task's scanned items (SKUs), as intent rather than a whole list: this
 * item added or changed (`put`), that one removed. One rule applies the changes to a list, used by
 * the sync worker on the mirror's current list (so a change saved from another tab stays) and by
 * the scanner screen to show its unsaved changes over the saved list. Pure.
 */
import type { ScannedItem } from './types';

export type ScanChange = { op: 'put'; item: ScannedItem } | { op: 'remove'; id: string };

/** The list with the newest entry first (as the scanner screen shows and saves it). */
export function newestFirst(items: readonly ScannedItem[]): ScannedItem[] {
  return [...items].sort((a, b) => (a.timestamp === b.timestamp ? a.id.localeCompare(b.id) : a.timestamp < b.timestamp ? 1 : -1));
}

/**
 * `changes` applied in order to `items`, newest first. A put replaces the item with its id, else
 * the item with the same EAN (trimmed; it keeps that item's id, so the server sees the item
 * updated, not a second one — the overwrite the screen asked about), else it is added; any other
 * item with its EAN goes (one item per EAN). A remove of an id that is not there changes nothing.
 */
export function applyScanChanges(items: readonly ScannedItem[], changes: readonly ScanChange[]): ScannedItem[] {
  let list = items.map(({ id, ean, facings, timestamp }) => ({ id, ean, facings, timestamp }));
  for (const change of changes) {
    if (change.op === 'remove') {
      list = list.filter((item) => item.id !== change.id);
      continue;
    }
    const { ean, facings, timestamp } = change.item;
    const wanted = ean.trim();
    const same = list.find((item) => item.id === change.item.id) ?? list.find((item) => item.ean.trim() === wanted);
    const id = same?.id ?? change.item.id;
    list = [{ id, ean, facings, timestamp }, ...list.filter((item) => item.id !== id && item.ean.trim() !== wanted)];
  }
  return newestFirst(list);
}

/**
 * The changes that still change something when laid over `items` (a put equal to the item it
 * would replace, or a remove of an item that is gone, is dropped): whether a screen has unsaved
 * work, and what it still has to send.
 */
export function effectiveScanChanges(items: readonly ScannedItem[], changes: readonly ScanChange[]): ScanChange[] {
  const out: ScanChange[] = [];
  let list = newestFirst(items);
  for (const change of changes) {
    const next = applyScanChanges(list, [change]);
    if (!sameScans(next, list)) out.push(change);
    list = next;
  }
  return out;
}

/** Same items (same order, same values). */
export function sameScans(a: readonly ScannedItem[], b: readonly ScannedItem[]): boolean {
  return (
    a.length === b.length &&
    a.every((item, i) => {
      const other = b[i];
      return !!other && other.id === item.id && other.ean === item.ean && other.facings === item.facings && other.timestamp === item.timestamp;
    })
  );
}
