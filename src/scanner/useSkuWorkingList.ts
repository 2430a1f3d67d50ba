/**
 * The list the tasker edits on the scanner screen: the task's saved list from the mirror (newest
 * first) with the tasker's unsaved changes on top — SKUs added, changed or removed
 * (src/domain/scans.ts), never a copy of the whole list, so a change saved meanwhile (from another
 * tab, or pulled) shows through. Until saved, the changes live in local storage under
 * `skusCache:{taskId}` (spec section 7), so a reload, a crash or a dead battery loses nothing; every
 * tab of the app reads the same cache (the `storage` event), so an entry made in one tab shows in
 * the others and is saved by whichever saves. A change the saved list already holds is dropped.
 * Saving hands the changes to the sync worker, which applies them to the mirror's current list,
 * and then drops them from the cache (`markSaved`).
 */
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { applyScanChanges, effectiveScanChanges, newestFirst, type ScanChange } from '#domain/scans';
import type { ScannedItem } from '#domain/types';
import { parseSkusCache, serializeSkusCache, skusCacheKey } from './skuList';

/** Values local storage refused (private mode, full): kept for this visit instead. */
const unstored = new Map<string, string | null>();
/** This tab's subscribers: the `storage` event tells only the other tabs. */
const listeners = new Set<() => void>();

function readRaw(taskId: string): string | null {
  const key = skusCacheKey(taskId);
  if (unstored.has(key)) return unstored.get(key) ?? null;
  try {
    return localStorage.getItem(key);
  } catch {
    return null; // storage disabled (private mode): the list still works for this visit
  }
}

function writeRaw(taskId: string, raw: string | null): void {
  const key = skusCacheKey(taskId);
  try {
    if (raw === null) localStorage.removeItem(key);
    else localStorage.setItem(key, raw);
    unstored.delete(key);
  } catch (error) {
    console.warn('[scanner] could not write skusCache', error);
    unstored.set(key, raw);
  }
  for (const listener of listeners) listener();
}

function writeChanges(taskId: string, changes: readonly ScanChange[]): void {
  writeRaw(taskId, changes.length > 0 ? serializeSkusCache(changes) : null);
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith(skusCacheKey(''))) onChange();
  };
  listeners.add(onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onStorage);
  };
}

const sameChange = (a: ScanChange, b: ScanChange) => JSON.stringify(a) === JSON.stringify(b);

/** Saved rows newest first, without the mirror's taskId. */
export function savedList(rows: readonly (ScannedItem & { taskId?: string })[]): ScannedItem[] {
  return newestFirst(rows.map(({ id, ean, facings, timestamp }) => ({ id, ean, facings, timestamp })));
}

export interface SkuWorkingList {
  /** The saved list with the unsaved changes on top; undefined while the saved list is being read. */
  items: ScannedItem[] | undefined;
  /** The unsaved changes that still change the saved list: what saving sends. */
  changes: ScanChange[];
  /** The list differs from what was saved. */
  dirty: boolean;
  /** Records one more unsaved change. */
  change: (next: ScanChange) => void;
  /** Drops the changes the sync worker has taken (`sent`); later ones stay. */
  markSaved: (sent: readonly ScanChange[]) => void;
}

export function useSkuWorkingList(taskId: string, savedRows: readonly (ScannedItem & { taskId?: string })[] | undefined): SkuWorkingList {
  const raw = useSyncExternalStore(subscribe, () => readRaw(taskId), () => null);
  const cached = useMemo(() => parseSkusCache(raw) ?? [], [raw]);
  const saved = useMemo(() => (savedRows ? savedList(savedRows) : undefined), [savedRows]);
  const changes = useMemo(() => (saved ? effectiveScanChanges(saved, cached) : cached), [saved, cached]);
  const items = useMemo(() => (saved ? applyScanChanges(saved, changes) : undefined), [saved, changes]);

  useEffect(() => {
    // Changes the saved list already holds (saved from another tab, or pulled) are done: drop them,
    // so they cannot come back over a later change of the saved list. Only if nobody wrote since.
    if (saved && changes.length !== cached.length && readRaw(taskId) === raw) writeChanges(taskId, changes);
  }, [taskId, raw, saved, cached, changes]);

  const change = useCallback((next: ScanChange) => writeChanges(taskId, [...(parseSkusCache(readRaw(taskId)) ?? []), next]), [taskId]);
  const markSaved = useCallback(
    (sent: readonly ScanChange[]) => writeChanges(taskId, (parseSkusCache(readRaw(taskId)) ?? []).filter((c) => !sent.some((s) => sameChange(c, s)))),
    [taskId],
  );

  return { items, changes, dirty: changes.length > 0, change, markSaved };
}
