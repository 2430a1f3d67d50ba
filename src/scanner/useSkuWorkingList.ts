/**
 * The list the tasker edits on the scanner screen. Until it is saved it lives in local storage
 * under `skusCache:{taskId}` (spec section 7), so a reload, a crash or a dead battery loses
 * nothing; without a cache it is the task's saved list from the mirror (newest first). Saving
 * hands the list to the sync worker and then clears the cache (`markSaved`).
 */
import { useCallback, useMemo, useState } from 'react';
import type { ScannedItem } from '../domain/types';
import { parseSkusCache, sameItems, serializeSkusCache, skusCacheKey } from './skuList';

function readCache(taskId: string): ScannedItem[] | null {
  try {
    return parseSkusCache(localStorage.getItem(skusCacheKey(taskId)));
  } catch {
    return null; // storage disabled (private mode): the list still works for this visit
  }
}

function writeCache(taskId: string, items: readonly ScannedItem[] | null): void {
  try {
    if (items) localStorage.setItem(skusCacheKey(taskId), serializeSkusCache(items));
    else localStorage.removeItem(skusCacheKey(taskId));
  } catch (error) {
    console.warn('[scanner] could not write skusCache', error);
  }
}

/** Saved rows newest first, without the mirror's taskId. */
export function savedList(rows: readonly (ScannedItem & { taskId?: string })[]): ScannedItem[] {
  return rows
    .map(({ id, ean, facings, timestamp }) => ({ id, ean, facings, timestamp }))
    .sort((a, b) => (a.timestamp === b.timestamp ? a.id.localeCompare(b.id) : a.timestamp < b.timestamp ? 1 : -1));
}

export interface SkuWorkingList {
  /** undefined while the saved list is still being read. */
  items: ScannedItem[] | undefined;
  /** The list differs from what was saved. */
  dirty: boolean;
  update: (next: ScannedItem[]) => void;
  markSaved: () => void;
}

export function useSkuWorkingList(taskId: string, savedRows: readonly (ScannedItem & { taskId?: string })[] | undefined): SkuWorkingList {
  const [cached, setCached] = useState<ScannedItem[] | null>(() => readCache(taskId));
  const saved = useMemo(() => (savedRows ? savedList(savedRows) : undefined), [savedRows]);
  const items = cached ?? saved;
  const dirty = cached !== null && (saved === undefined || !sameItems(cached, saved));

  const update = useCallback(
    (next: ScannedItem[]) => {
      setCached(next);
      writeCache(taskId, next);
    },
    [taskId],
  );
  const markSaved = useCallback(() => {
    setCached(null);
    writeCache(taskId, null);
  }, [taskId]);

  return { items, dirty, update, markSaved };
}
