/**
 * Drafts of half-filled forms, kept in the mirror's `drafts` table (device-local; cleared on
 * logout and on an account switch): a form restores its draft when it opens again — after the
 * tasker went to the camera, after a reload, offline — and clears it once its values are sent.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { getDb, type DraftRow } from '#db/schema';

export type { DraftRow };

/** The draft of a form, or null when there is none (`undefined` while IndexedDB is read). */
export function useDraft<T>(key: string): DraftRow<T> | null | undefined {
  return useLiveQuery(async () => ((await getDb().drafts.get(key)) as DraftRow<T> | undefined) ?? null, [key]);
}

/** Keeps a form's values (and where a wizard was) on the device. Never throws (a full disk is logged). */
export async function saveDraft<T>(key: string, values: T, step?: string): Promise<void> {
  const row: DraftRow<T> = { key, values, updatedAt: new Date().toISOString() };
  if (step !== undefined) row.step = step;
  try {
    await getDb().drafts.put(row);
  } catch (error) {
    console.warn(`[drafts] draft ${key} not saved`, error);
  }
}

/** Drops a form's draft (its values were sent). Never throws. */
export async function clearDraft(key: string): Promise<void> {
  try {
    await getDb().drafts.delete(key);
  } catch (error) {
    console.warn(`[drafts] draft ${key} not cleared`, error);
  }
}

/**
 * A form's values kept as its draft: restored from the mirror when the form opens (`undefined`
 * while the draft is read, so the form appears filled rather than empty and then filled), and
 * `change`, which updates them and keeps them as the draft. `read` turns whatever is stored (a
 * draft of another version of the app) into the form's values.
 */
export function useDraftValues<T extends object>(key: string, read: (saved: unknown) => T): { values: T | undefined; change: (update: Partial<T> | ((values: T) => T)) => void } {
  const draft = useDraft<unknown>(key);
  const [typed, setTyped] = useState<T | null>(null);
  const values = typed ?? (draft === undefined ? undefined : read(draft?.values));
  const change = (update: Partial<T> | ((values: T) => T)) => {
    const current = values ?? read(undefined);
    const next = typeof update === 'function' ? update(current) : { ...current, ...update };
    setTyped(next);
    void saveDraft(key, next);
  };
  return { values, change };
}

/**
 * A reader for `useDraftValues`: `empty`'s fields, each replaced by the stored value when that has
 * the same type (a wrong type never reaches the form).
 */
export function sameTypesAs<T extends Record<string, string | boolean>>(empty: T): (saved: unknown) => T {
  return (saved) => {
    if (typeof saved !== 'object' || saved === null) return empty;
    const restored: Record<string, string | boolean> = { ...empty };
    for (const [field, value] of Object.entries(empty)) {
      const kept = (saved as Record<string, unknown>)[field];
      if (typeof kept === typeof value) restored[field] = kept as string | boolean;
    }
    return restored as T;
  };
}
