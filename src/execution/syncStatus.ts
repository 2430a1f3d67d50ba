/**
 * What the tasker reads about unsent work (DESIGN.md write path, step 6): outbox records grouped
 * into what they are in the product's words (photos, scans, ticks, defects, start, completion),
 * the rejected ones, and whether the task can still be finished despite them. Pure.
 *
 * Record kinds are named in src/db/outboxKinds.ts (the sync worker owns what each one does).
 */
import {
  CHECKLIST_KIND,
  COMPLETE_KIND,
  DEFECTS_KIND,
  PHOTO_CREATE_KIND,
  PHOTO_DELETE_KIND,
  PHOTO_UPDATE_KIND,
  SCANS_KIND,
  START_TASK_KIND,
} from '#db/outboxKinds';
import type { OutboxRecord, PhotoRow } from '#db/schema';

export type RecordCategory = 'photo' | 'scans' | 'checklist' | 'defects' | 'start' | 'complete' | 'other';

const CATEGORY_BY_KIND: Readonly<Record<string, RecordCategory>> = {
  [PHOTO_CREATE_KIND]: 'photo',
  [PHOTO_UPDATE_KIND]: 'photo',
  [PHOTO_DELETE_KIND]: 'photo',
  [SCANS_KIND]: 'scans',
  [CHECKLIST_KIND]: 'checklist',
  [DEFECTS_KIND]: 'defects',
  [START_TASK_KIND]: 'start',
  [COMPLETE_KIND]: 'complete',
};

export function recordCategory(record: Pick<OutboxRecord, 'kind'>): RecordCategory {
  return CATEGORY_BY_KIND[record.kind] ?? 'other';
}

/** How many scanned items a queued save carries (the save replaces the task's whole list). */
function scanCount(payload: unknown): number {
  if (Array.isArray(payload)) return payload.length;
  const items = (payload as { items?: unknown; scannedItems?: unknown } | null)?.items ?? (payload as { scannedItems?: unknown } | null)?.scannedItems;
  return Array.isArray(items) ? items.length : 1;
}

export interface SyncSummary {
  /** Photos not yet confirmed by the server (each may be several records: metadata, file, comment). */
  photos: number;
  /** Scanned items in the newest queued save. */
  scans: number;
  /** 1 when a checklist state waits (the newest state replaces the rest). */
  checklist: number;
  defects: number;
  start: boolean;
  complete: boolean;
  other: number;
  /** Unsent records (pending or sending), all categories. */
  waiting: number;
  rejected: OutboxRecord[];
}

/**
 * `photos` (optional) are the task's photo rows: a photo counts as waiting until uploaded, even
 * between its metadata record and its file record. Without rows, distinct photo records count.
 */
export function summarizeOutbox(
  records: readonly OutboxRecord[],
  photos?: readonly (Pick<PhotoRow, 'id' | 'uploadState' | 'deleted' | 'uploadDismissed'> & { blob?: Blob | null })[],
): SyncSummary {
  const unsent = records.filter((r) => r.state === 'pending' || r.state === 'sending');
  const byCategory = (category: RecordCategory) => unsent.filter((r) => recordCategory(r) === category);
  const photoRecords = byCategory('photo');
  const scanRecords = byCategory('scans');
  const newestScan = scanRecords.reduce<OutboxRecord | null>((newest, r) => (!newest || r.createdAt > newest.createdAt ? r : newest), null);
  // Waiting = this device still holds the JPEG for the server. Without its blob (dropped only once
  // the server confirmed the file) or after the tasker dismissed its refused upload, nothing waits.
  const waitingPhotos = photos
    ? photos.filter((p) => !p.deleted && !p.uploadDismissed && p.uploadState !== 'uploaded' && p.blob !== null).length
    : photoRecords.length;
  // Comment edits and deletions of uploaded photos still wait: they count as changes, not photos.
  const photoEdits = photos && waitingPhotos === 0 ? photoRecords.length : 0;
  return {
    photos: waitingPhotos,
    scans: newestScan ? scanCount(newestScan.payload) : 0,
    checklist: byCategory('checklist').length > 0 ? 1 : 0,
    defects: byCategory('defects').length > 0 ? 1 : 0,
    start: byCategory('start').length > 0,
    complete: byCategory('complete').length > 0,
    other: byCategory('other').length + photoEdits,
    waiting: unsent.length,
    rejected: records.filter((r) => r.state === 'rejected'),
  };
}

/**
 * 'There was an error, but you can finish anyway' (spec section 8): records were refused, but
 * neither the start nor the completion — the server still has the task in progress, so finishing
 * is possible and the refused records stay visible with their data.
 */
export function canFinishDespiteRejections(rejected: readonly Pick<OutboxRecord, 'kind'>[]): boolean {
  return rejected.length > 0 && !rejected.some((r) => {
    const category = recordCategory(r);
    return category === 'start' || category === 'complete';
  });
}

/** The task whose records the global indicator links to: the first with a rejection, else the first waiting. */
export function taskNeedingAttention(records: readonly Pick<OutboxRecord, 'taskId' | 'state' | 'createdAt'>[]): string | null {
  const withTask = records.filter((r) => r.taskId !== null);
  const rejected = withTask.find((r) => r.state === 'rejected');
  if (rejected) return rejected.taskId;
  const sorted = [...withTask].sort((a, b) => (a.createdAt < b.createdAt ? -1 : 1));
  return sorted[0]?.taskId ?? null;
}
