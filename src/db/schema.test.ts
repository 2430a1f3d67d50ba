import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTask, makeTaskType } from '../tasks/fixtures';
import { readTaskList } from '../tasks/taskListQuery';
import { ShelfworkDb } from './schema';

const opened: Dexie[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

/** The schema as it first shipped (version 1 only). */
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

/** Version 2 as it shipped (tasks indexed as in version 1). */
function openV2(name: string): Dexie {
  const db = openV1(name);
  db.version(2).stores({
    taskPacks: 'taskId',
    checklistItems: 'id, taskId',
    products: '[taskId+ean], taskId',
    defects: 'id',
    taskDefects: '[taskId+id], taskId',
    scannedItems: 'id, taskId',
    photos: 'id, taskId, uploadState, [taskId+createdAt]',
  });
  return db;
}

describe('ShelfworkDb schema upgrade', () => {
  it('upgrades version 2 to 3: the list indexes are built from the rows already mirrored', async () => {
    const name = `upgrade-${crypto.randomUUID()}`;
    const v2 = openV2(name);
    await v2.table('tasks').bulkPut([
      makeTask({ id: 'late', timeWindowStart: '2026-11-23T08:00:00.000Z', taskType: makeTaskType({ filterTitle: 'Scans' }) }),
      makeTask({ id: 'early', timeWindowStart: '2026-11-20T08:00:00.000Z' }),
      makeTask({ id: 'mid', timeWindowStart: '2026-11-21T08:00:00.000Z' }),
      makeTask({ id: 'mine', status: 'reserved', taskType: makeTaskType({ filterTitle: 'Stock' }) }),
    ]);
    await v2.table('outbox').add({ id: 'r1', taskId: 'mine', kind: 'start-task', method: 'POST', path: 'task/mine/start', payload: {}, createdAt: '2026-11-21T08:00:00.000Z', attempts: 0, state: 'pending', nextAttemptAt: null, error: null });
    v2.close();

    const v3 = new ShelfworkDb(name);
    opened.push(v3);
    await v3.open();

    expect(v3.verno).toBeGreaterThanOrEqual(3); // upgraded to the current version
    expect(await v3.tasks.count()).toBe(4);
    expect(await v3.outbox.get('r1')).toMatchObject({ state: 'pending' });
    const page = await readTaskList(v3, { status: 'available', limit: 2 });
    expect(page).toMatchObject({ kind: 'page', total: 3, rows: [{ id: 'early' }, { id: 'mid' }] });
    expect(page.kind === 'page' && [...page.categories].sort()).toEqual(['Photos', 'Scans']);
    expect(await readTaskList(v3, { status: 'reserved', limit: 50 })).toMatchObject({ kind: 'page', total: 1, rows: [{ id: 'mine' }], categories: ['Stock'] });
    // The prefix of the replaced [status+timeWindowStart] index still answers through the new one.
    expect(await v3.tasks.where('[status+timeWindowStart]').between(['available', ''], ['available', '\uffff']).primaryKeys()).toEqual(['early', 'mid', 'late']);
  });

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

    expect(v2.verno).toBeGreaterThanOrEqual(2); // upgraded to the current version
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

  it('upgrades version 3 to 4 keeping every row and queued record; the onboarding tables exist, empty and indexed', async () => {
    const name = `upgrade-${crypto.randomUUID()}`;
    const v3 = openV2(name);
    v3.version(3).stores({
      tasks: 'id, status, placeId, taskTypeId, timeWindowStart, timeWindowEnd, [status+timeWindowStart+timeWindowEnd], [status+taskType.filterTitle]',
    });
    await v3.table('outbox').add({ id: 'r1', taskId: null, kind: 'set-country', method: 'POST', path: 'user/set-country', payload: { countryCode: 'PL' }, createdAt: '2026-11-21T08:00:00.000Z', attempts: 2, state: 'pending', nextAttemptAt: null, error: null });
    await v3.table('user').put({ key: 'me', id: 'u1', email: 'x@y.z', status: 'new' });
    await v3.table('photos').add({ id: 'p1', taskId: 't1', url: null, comment: '', tags: [], createdAt: 'c', updatedAt: 'c', blob: new Blob([new Uint8Array([0xff, 0xd8, 0xff])]), size: 3, width: 1, height: 1, uploadState: 'local' });
    v3.close();

    const v4 = new ShelfworkDb(name);
    opened.push(v4);
    await v4.open();

    expect(v4.verno).toBeGreaterThanOrEqual(4);
    expect(await v4.outbox.get('r1')).toMatchObject({ kind: 'set-country', state: 'pending', attempts: 2 });
    expect(await v4.user.get('me')).toMatchObject({ id: 'u1' });
    expect((await v4.photos.get('p1'))?.blob?.size).toBe(3);
    expect([await v4.drafts.count(), await v4.userDocuments.count(), await v4.fleetPartners.count()]).toEqual([0, 0, 0]);
    await v4.drafts.put({ key: 'profile', values: { firstName: 'Ona' }, step: 'contact', updatedAt: '2026-11-21T08:00:00.000Z' });
    await v4.userDocuments.add({ id: 'd1', kind: 'identity_document', blob: new Blob([new Uint8Array([0xff, 0xd8, 0xff])]), uploadState: 'local', createdAt: 'c' });
    await v4.fleetPartners.bulkPut([
      { id: 'f1', countryCode: 'PL', shortName: 'Flota', url: 'https://flota.example.pl' },
      { id: 'f2', countryCode: 'CZ', shortName: 'Flotila', url: 'https://flotila.example.cz' },
    ]);
    expect(await v4.drafts.get('profile')).toMatchObject({ values: { firstName: 'Ona' }, step: 'contact' });
    expect(await v4.userDocuments.where('kind').equals('identity_document').primaryKeys()).toEqual(['d1']);
    expect(await v4.fleetPartners.where('countryCode').equals('PL').primaryKeys()).toEqual(['f1']);
  });
});
