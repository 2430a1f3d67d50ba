import { beforeAll, describe, expect, it } from 'vitest';
import { activateEnglish, renderMarkup } from '../test-support/renderMarkup';
import type { OutboxRecord, OutboxState } from '#db/schema';
import { TaskSyncStatus } from './TaskSyncStatus';

beforeAll(activateEnglish);

// Rendered to markup, where `useOnline` reads as online (its server snapshot).
const record = (id: string, kind: string, state: OutboxState, over: Partial<OutboxRecord> = {}): OutboxRecord =>
  ({
    id,
    taskId: 't1',
    kind,
    method: 'POST',
    path: `task/t1/${kind}`,
    payload: null,
    createdAt: `2026-11-21T10:00:0${id.length}.000Z`,
    attempts: 1,
    state,
    nextAttemptAt: null,
    error: null,
    ...over,
  }) as OutboxRecord;

describe('TaskSyncStatus', () => {
  it("says 'Sending' only while a record is being sent", () => {
    const html = renderMarkup(<TaskSyncStatus records={[record('a', 'done-checklist-items', 'sending'), record('bb', 'complete-task', 'pending')]} photos={[]} />);
    expect(html).toContain('Sending: checklist ticks, the completion');
  });

  it('says the work waits, not that it is sent, between attempts (every record pending, its retry later)', () => {
    const later = { nextAttemptAt: '2026-11-21T10:05:00.000Z' };
    const html = renderMarkup(<TaskSyncStatus records={[record('a', 'done-checklist-items', 'pending', later), record('bb', 'complete-task', 'pending', later)]} photos={[]} />);
    expect(html).not.toContain('Sending');
    expect(html).toContain('Waiting to send: checklist ticks, the completion');
  });
});
