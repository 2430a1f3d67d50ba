/**
 * What the sync status says ("2 photos, 14 scans waiting", "all saved"): a pure summary of the
 * records `useOutbox()` / `useTaskOutbox()` return. Counts are of the tasker's things, not of
 * requests: a photo-create is one photo, a scanned-items record is its list's length (the list a
 * full replacement will save), ticks and defects are one change per record. Rejected records are
 * counted apart (they wait for the tasker, not for signal).
 */
import type { OutboxRecord } from './schema';

export interface OutboxSummary {
  photos: number;
  scans: number;
  ticks: number;
  defects: number;
  /** Start, complete, photo comment edits and deletions, settings. */
  other: number;
  rejected: number;
  /** Unsent records (pending or sending); 0 = "all saved" (when `rejected` is 0 too). */
  waiting: number;
}

function lengthOf(value: unknown): number {
  return Array.isArray(value) ? value.length : 0;
}

export function summariseOutbox(records: readonly Pick<OutboxRecord, 'kind' | 'payload' | 'state'>[]): OutboxSummary {
  const summary: OutboxSummary = { photos: 0, scans: 0, ticks: 0, defects: 0, other: 0, rejected: 0, waiting: 0 };
  for (const record of records) {
    if (record.state === 'done') continue;
    if (record.state === 'rejected') {
      summary.rejected += 1;
      continue;
    }
    summary.waiting += 1;
    const payload = record.payload as Record<string, unknown> | null;
    switch (record.kind) {
      case 'photo-create':
        summary.photos += Math.max(1, lengthOf(payload?.photos));
        break;
      case 'scanned-items':
        summary.scans += lengthOf(payload?.items);
        break;
      case 'done-checklist-items':
        summary.ticks += 1;
        break;
      case 'task-defects':
        summary.defects += 1;
        break;
      default:
        summary.other += 1;
    }
  }
  return summary;
}
