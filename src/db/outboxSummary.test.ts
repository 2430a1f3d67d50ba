import { describe, expect, it } from 'vitest';
import type { OutboxRecord } from './schema';
import { summariseOutbox } from './outboxSummary';

function record(kind: string, payload: unknown, state: OutboxRecord['state'] = 'pending'): Pick<OutboxRecord, 'kind' | 'payload' | 'state'> {
  return { kind, payload, state };
}

describe('summariseOutbox', () => {
  it('counts photos per photo, scans per scanned item, ticks and defects per record, the rest as other', () => {
    const summary = summariseOutbox([
      record('photo-create', { photos: [{ id: 'p1' }] }),
      record('photo-create', { photos: [{ id: 'p2' }] }, 'sending'),
      record('scanned-items', { items: Array.from({ length: 14 }, (_, i) => ({ id: `s${i}` })) }),
      record('done-checklist-items', { ids: ['c1', 'c2'] }),
      record('task-defects', { defectIds: ['d1'] }),
      record('complete-task', { outcome: 'complete' }),
      record('photo-update', { comment: 'x' }),
    ]);
    expect(summary).toEqual({ photos: 2, scans: 14, ticks: 1, defects: 1, other: 2, rejected: 0, waiting: 7 });
  });

  it('counts rejected records apart from what waits for signal', () => {
    const summary = summariseOutbox([record('photo-create', { photos: [{ id: 'p1' }] }, 'rejected'), record('scanned-items', { items: [{ id: 's' }] })]);
    expect(summary).toEqual({ photos: 0, scans: 1, ticks: 0, defects: 0, other: 0, rejected: 1, waiting: 1 });
  });

  it('says nothing waits for an empty outbox (all saved)', () => {
    expect(summariseOutbox([])).toEqual({ photos: 0, scans: 0, ticks: 0, defects: 0, other: 0, rejected: 0, waiting: 0 });
  });
});
