import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ShelfworkDb, type OutboxRecord } from '#db/schema';
import type { User } from '#domain/types';
import { countOtherAccountsUnsent } from './otherAccountWork';

let db: ShelfworkDb;
beforeEach(() => {
  db = new ShelfworkDb(`other-account-work-${crypto.randomUUID()}`);
});
afterEach(() => {
  db.close();
});

const me = (id: string) => ({ key: 'me' as const, id, email: `${id}@example.lt`, status: 'active' }) as unknown as User & { key: 'me' };

let n = 0;
function record(over: Partial<OutboxRecord>): OutboxRecord {
  n += 1;
  return {
    id: `r${n}`,
    taskId: 't1',
    kind: 'done-checklist-items',
    method: 'POST',
    path: 'task/t1/checklist-items/done',
    payload: { ids: ['i1'] },
    createdAt: new Date(Date.UTC(2026, 10, 21, 8, 0, n)).toISOString(),
    attempts: 0,
    state: 'pending',
    nextAttemptAt: null,
    error: null,
    ownerId: 'a',
    ...over,
  } as OutboxRecord;
}

describe('countOtherAccountsUnsent', () => {
  it("counts the unsent records another account queued, not the signed-in tasker's", async () => {
    await db.user.put(me('b'));
    await db.outbox.bulkAdd([
      record({ ownerId: 'a', state: 'pending' }),
      record({ ownerId: 'a', state: 'sending' }),
      record({ ownerId: 'c', state: 'pending', taskId: null }),
      record({ ownerId: 'b', state: 'pending' }),
    ]);
    expect(await countOtherAccountsUnsent(db)).toBe(3);
  });

  it('leaves out what is sent or refused, and records without an owner (sent by whoever is signed in)', async () => {
    await db.user.put(me('b'));
    await db.outbox.bulkAdd([
      record({ ownerId: 'a', state: 'done' }),
      record({ ownerId: 'a', state: 'rejected', error: { status: 420, code: 'TASK_NOT_IN_PROGRESS', message: 'x' } }),
      record({ ownerId: null }),
      record({ ownerId: undefined }),
    ]);
    expect(await countOtherAccountsUnsent(db)).toBe(0);
  });

  it('is 0 when the signed-in tasker is not known yet (their own work would look like another account’s)', async () => {
    await db.outbox.add(record({ ownerId: 'a' }));
    expect(await countOtherAccountsUnsent(db)).toBe(0);
    await db.user.put(me('a'));
    expect(await countOtherAccountsUnsent(db)).toBe(0);
    await db.user.put(me('b'));
    expect(await countOtherAccountsUnsent(db)).toBe(1);
  });
});
