import { describe, expect, it } from 'vitest';
import type { OutboxRecord, OutboxRecordBase } from '#db/schema';
import { canFinishDespiteRejections, recordCategory, summarizeOutbox, screenNeedingAttention } from './syncStatus';

let n = 0;
// Loose records (any kind name, any payload): the summary reads only kind, path, state and sizes.
const record = (kind: string, path: string, over: Partial<OutboxRecordBase> & { payload?: unknown } = {}): OutboxRecord => ({
  id: `r${++n}`,
  taskId: 't1',
  kind,
  method: 'POST',
  path,
  payload: null,
  createdAt: `2026-11-21T10:00:${String(n).padStart(2, '0')}.000Z`,
  attempts: 0,
  state: 'pending',
  nextAttemptAt: null,
  error: null,
  ...over,
}) as OutboxRecord;

describe('sync status', () => {
  it('names records by what they are', () => {
    expect(recordCategory(record('photo-create', 'task/t1/photos'))).toBe('photo');
    expect(recordCategory(record('photo-update', 'task/t1/photos/p1/update'))).toBe('photo');
    expect(recordCategory(record('scanned-items', 'task/t1/scanned-items'))).toBe('scans');
    expect(recordCategory(record('done-checklist-items', 'task/t1/done-checklist-items'))).toBe('checklist');
    expect(recordCategory(record('task-defects', 'task/t1/defects'))).toBe('defects');
    expect(recordCategory(record('start-task', 'task/t1/start'))).toBe('start');
    expect(recordCategory(record('complete-task', 'task/t1/complete'))).toBe('complete');
  });

  it('counts waiting photos from the photo rows and scans from the newest save', () => {
    const records = [
      record('photo-create', 'task/t1/photos'),
      record('photo-update', 'task/t1/photos/p1/file'),
      record('scanned-items', 'task/t1/scanned-items', { payload: { items: [1, 2] } }),
      record('scanned-items', 'task/t1/scanned-items', { payload: { items: new Array(14).fill(0) } }),
      record('done-checklist-items', 'task/t1/done-checklist-items'),
      record('done-checklist-items', 'task/t1/done-checklist-items', { state: 'done' }),
    ];
    const jpeg = new Blob([new Uint8Array([0xff, 0xd8])]);
    const photos = [
      { id: 'p1', uploadState: 'local' as const, blob: jpeg },
      { id: 'p2', uploadState: 'metadata-sent' as const, blob: jpeg },
      { id: 'p3', uploadState: 'uploaded' as const, blob: null },
      { id: 'p4', uploadState: 'local' as const, deleted: true, blob: jpeg },
      { id: 'p5', uploadState: 'local' as const, uploadDismissed: true, blob: jpeg },
      // The server confirmed the file (blob dropped) before the row's state caught up.
      { id: 'p6', uploadState: 'metadata-sent' as const, blob: null },
    ];
    const summary = summarizeOutbox(records, photos);
    expect(summary).toMatchObject({ photos: 2, scans: 14, checklist: 1, defects: 0, complete: false, waiting: 5 });
  });

  it('says all saved when nothing waits', () => {
    const summary = summarizeOutbox([record('done-checklist-items', 'x/done-checklist-items', { state: 'done' })], [{ id: 'p', uploadState: 'uploaded' }]);
    expect(summary.waiting).toBe(0);
    expect(summary.photos).toBe(0);
    expect(summary.rejected).toEqual([]);
  });

  it('lets the tasker finish despite refused records, unless the start or the completion was refused', () => {
    const refusedDefects = record('task-defects', 'task/t1/defects', { state: 'rejected' });
    expect(canFinishDespiteRejections([refusedDefects])).toBe(true);
    expect(canFinishDespiteRejections([refusedDefects, record('start-task', 'task/t1/start', { state: 'rejected' })])).toBe(false);
    expect(canFinishDespiteRejections([])).toBe(false);
  });

  it('points the global indicator at the screen of a refusal first, else of the oldest waiting record', () => {
    expect(
      screenNeedingAttention(
        [record('a', 'p', { taskId: 't-old' }), record('b', 'p', { taskId: 't-bad', state: 'rejected' }), record('c', 'p', { taskId: null })],
        true,
      ),
    ).toBe('/task/t-bad');
    // A refused profile save opens the wizard (onboarding before approval), not the tasks in progress.
    const refusedProfile = record('save-profile', 'user', { taskId: null, state: 'rejected' });
    expect(screenNeedingAttention([record('a', 'p', { taskId: 't1' }), refusedProfile], false)).toBe('/onboarding/profile-edit');
    expect(screenNeedingAttention([refusedProfile], true)).toBe('/profile/edit');
    expect(screenNeedingAttention([record('support-request', 'support/submit-support-request', { taskId: null })], true)).toBe('/support');
    expect(screenNeedingAttention([record('notification-seen', 'p', { taskId: null })], true)).toBe('/in_progress');
  });
});
