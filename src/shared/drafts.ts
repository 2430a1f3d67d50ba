/**
 * Drafts of half-filled forms, kept in the mirror's `drafts` table (device-local; cleared on
 * logout and on an account switch): a form restores its draft when it opens again — after the
 * tasker went to the camera, after a reload, offline — and clears it once its values are sent.
 */
import { useLiveQuery } from 'dexie-react-hooks';
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
