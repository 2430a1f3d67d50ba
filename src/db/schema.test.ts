import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { ShelfworkDb } from './schema';

const opened: Dexie[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

/** The schema as it shipped with issue 3 (version 1 only). */
function openV1(name: string): Dexie {
  const db = new Dexie(name);
  db.version(1).stores({
    tasks: 'id, status, placeId, taskTypeId, timeWindowStart, timeWindowEnd, [status+timeWindowStart]',
    user: 'key',
    trainings: 'id',
    countries: 'code',
    reservationLimit: 'key',
    meta: 'key',
    outbox: 'id, taskId, state, createdAt, [state+createdAt]',
    session: 'key',
    kv: 'key',
  });
  opened.push(db);
  return db;
}

describe('ShelfworkDb schema upgrade', () => {
  it('upgrades a version 1 database to version 2 keeping its rows, queued records included', async () => {
    const name = `upgrade-${crypto.randomUUID()}`;
    const v1 = openV1(name);
    await v1.table('outbox').add({ id: 'r1', taskId: 't1', kind: 'start-task', method: 'POST', path: 'task/t1/start', payload: { a: 1 }, createdAt: '2026-11-21T08:00:00.000Z', attempts: 0, state: 'pending', nextAttemptAt: null, error: null });
    await v1.table('session').put({ key: 'tokens', tokens: { token: 'a', refreshToken: 'b' }, email: 'x@y.z' });
    await v1.table('tasks').put({ id: 't1', status: 'in_progress', placeId: 'p1' });
    v1.close();

    const v2 = new ShelfworkDb(name);
    opened.push(v2);
    await v2.open();

    expect(v2.verno).toBe(2);
    expect(await v2.outbox.get('r1')).toMatchObject({ kind: 'start-task', state: 'pending', payload: { a: 1 } });
    expect(await v2.session.get('tokens')).toMatchObject({ email: 'x@y.z' });
    expect(await v2.tasks.where('status').equals('in_progress').primaryKeys()).toEqual(['t1']);
    // The new tables exist, empty, with their indexes usable.
    expect(await v2.photos.where('[taskId+createdAt]').between(['t1', ''], ['t1', '\uffff']).count()).toBe(0);
    await v2.photos.add({ id: 'p1', taskId: 't1', url: null, comment: '', tags: [], createdAt: 'c', updatedAt: 'c', blob: new Blob([new Uint8Array([0xff, 0xd8, 0xff])]), size: 3, width: 1, height: 1, uploadState: 'local' });
    await v2.products.put({ taskId: 't1', ean: '4006381333931', name: 'Pen', brand: 'Stabilo' });
    expect(await v2.products.get(['t1', '4006381333931'])).toMatchObject({ name: 'Pen' });
    expect((await v2.photos.get('p1'))?.blob?.size).toBe(3);
    expect(await v2.taskPacks.count()).toBe(0);
  });
});
