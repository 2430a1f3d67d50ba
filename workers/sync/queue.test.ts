import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { enqueueMutation, enqueueMutationIf, isQuotaError, NO_RECORD } from './queue';
import { ShelfworkDb } from '#db/schema';

let db: ShelfworkDb;
afterEach(() => db?.close());

const NOW = new Date('2026-11-21T08:00:00.000Z');
const tick = (ids: string[]) => ({ taskId: 't1', kind: 'done-checklist-items' as const, method: 'POST' as const, path: 'task/t1/done-checklist-items', payload: { ids } });

async function queue(ids: string[]) {
  return enqueueMutation(db, tick(ids), { now: NOW, coalesce: true });
}

describe('enqueueMutation with coalesce', () => {
  it('replaces the payload of the task’s pending, never attempted record of the same kind', async () => {
    db = new ShelfworkDb(`outbox-${crypto.randomUUID()}`);
    const first = await queue(['a']);
    const second = await queue(['a', 'b']);

    expect(second.id).toBe(first.id);
    expect(await db.outbox.toArray()).toMatchObject([{ id: first.id, payload: { ids: ['a', 'b'] }, createdAt: first.createdAt }]);
  });

  it('appends behind a record that was already attempted, and never coalesces into an older one behind it', async () => {
    db = new ShelfworkDb(`outbox-${crypto.randomUUID()}`);
    const retried = await queue(['a']); // e.g. re-queued by retryRejected: older, attempts 0
    const sent = await enqueueMutation(db, tick(['a', 'b']), { now: NOW, coalesce: false });
    await db.outbox.update(sent.id, { attempts: 1 });

    const third = await queue(['c']);

    expect(third.id).not.toBe(retried.id);
    expect(third.id).not.toBe(sent.id);
    expect((await db.outbox.get(retried.id))?.payload).toEqual({ ids: ['a'] });
    expect(await db.outbox.count()).toBe(3);
  });

  it('does not coalesce across tasks or kinds', async () => {
    db = new ShelfworkDb(`outbox-${crypto.randomUUID()}`);
    await queue(['a']);
    await enqueueMutation(db, { ...tick(['x']), taskId: 't2', path: 'task/t2/done-checklist-items' }, { now: NOW, coalesce: true });
    await enqueueMutation(db, { taskId: 't1', kind: 'task-defects', method: 'POST', path: 'task/t1/defects', payload: { defectIds: [] } }, { now: NOW, coalesce: true });
    expect(await db.outbox.count()).toBe(3);
  });
});

describe('enqueueMutationIf', () => {
  it('commits the mirror change without a record when the change says NO_RECORD', async () => {
    db = new ShelfworkDb(`outbox-${crypto.randomUUID()}`);
    const record = await enqueueMutationIf(db, tick(['a']), {
      now: NOW,
      tables: [db.kv],
      optimistic: async (): Promise<typeof NO_RECORD> => {
        await db.kv.put({ key: 'k', value: 1 });
        return NO_RECORD;
      },
    });
    expect(record).toBeNull();
    expect(await db.outbox.count()).toBe(0);
    expect((await db.kv.get('k'))?.value).toBe(1);
  });
});

describe('isQuotaError', () => {
  it('recognises a QuotaExceededError, also wrapped as the inner error of an abort', () => {
    const quota = new DOMException('full', 'QuotaExceededError');
    expect(isQuotaError(quota)).toBe(true);
    expect(isQuotaError(Object.assign(new Error('aborted'), { name: 'AbortError', inner: quota }))).toBe(true);
    expect(isQuotaError(new DOMException('x', 'ConstraintError'))).toBe(false);
    expect(isQuotaError(null)).toBe(false);
  });
});
