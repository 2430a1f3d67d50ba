/**
 * What the tasker reads about unsent work (DESIGN.md write path, step 6): outbox records grouped
 * into what they are in the product's words (photos, scans, ticks, defects, start, completion),
 * the rejected ones, and whether the task can still be finished despite them. Pure.
 *
 * Record kinds are named in src/db/outboxKinds.ts (the sync worker owns what each one does).
 */
import {
  ATTENDANCE_ANSWER_KIND,
  CHECKLIST_KIND,
  COMPLETE_KIND,
  DEFECTS_KIND,
  PHOTO_CREATE_KIND,
  PHOTO_DELETE_KIND,
  PHOTO_UPDATE_KIND,
  SAVE_PROFILE_KIND,
  SCANS_KIND,
  SET_COUNTRY_KIND,
  START_TASK_KIND,
  SUPPORT_REQUEST_KIND,
  USER_DOCUMENT_KIND,
  PAYMENT_DOCUMENTS_KIND,
  REFERRED_BY_CODE_KIND,
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
  /**
   * Records a drain has claimed for an attempt now ('sending'). The others wait: for the signal,
   * or for their retry after a failed attempt (a failed attempt puts its record back to 'pending').
   */
  sending: number;
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
    sending: unsent.filter((r) => r.state === 'sending').length,
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

type AttentionRecord = Pick<OutboxRecord, 'kind' | 'taskId' | 'state' | 'createdAt'>;

/** The screen that shows a record's state (waiting, or refused with its reasons), or null. */
function screenOf(record: AttentionRecord, approved: boolean): string | null {
  if (record.taskId !== null) return `/task/${encodeURIComponent(record.taskId)}`;
  switch (record.kind) {
    case SAVE_PROFILE_KIND:
    case USER_DOCUMENT_KIND:
    case REFERRED_BY_CODE_KIND:
      // The wizard shows a refused save as field errors; approved taskers edit under /profile.
      return approved ? '/profile/edit' : '/onboarding/profile-edit';
    case PAYMENT_DOCUMENTS_KIND:
    case SET_COUNTRY_KIND:
      return approved ? '/profile' : '/onboarding';
    case SUPPORT_REQUEST_KIND:
      return '/support';
    case ATTENDANCE_ANSWER_KIND:
      return '/reserved';
    default:
      return null;
  }
}

/**
 * Where the global indicator links: the screen of the first refused record, else of the oldest
 * waiting one (a task's records open the task; a profile save the wizard; a support message
 * /support), else the tasks in progress.
 */
export function screenNeedingAttention(records: readonly AttentionRecord[], approved: boolean): string {
  const refused = records.filter((r) => r.state === 'rejected').map((r) => screenOf(r, approved)).find((s) => s !== null);
  if (refused) return refused;
  const sorted = [...records].sort((a, b) => (a.createdAt < b.createdAt ? -1 : 1));
  const waiting = sorted.map((r) => screenOf(r, approved)).find((s) => s !== null);
  return waiting ?? '/in_progress';
}
