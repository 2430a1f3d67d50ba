/**
 * The intent commands (a tick must not be lost between two tabs): a screen says what the tasker
 * did — this item done, that defect unchecked, this scan added, this photo's comment — and the
 * worker applies it to the mirror's CURRENT value in the transaction that queues (or coalesces)
 * the record. Two tabs are two connections to one database, as two tabs' workers are; no network
 * is involved (the records' delivery is the drain's, tested elsewhere).
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { OutboxRecord, PhotoRow, TaskRow } from '#db/schema';
import { ShelfworkDb } from '#db/schema';
import type { ScannedItem } from '#domain/types';
import { SyncEngine } from './app';
import { changeChecklist, changeScannedItems, changeTaskDefects, updatePhotoComment } from './features/execution/work';

const NOW = new Date('2026-11-21T08:00:00.000Z');
const LATER = new Date('2026-11-21T08:00:05.000Z');
const T0 = '2026-11-21T07:50:00.000Z';
const T1 = '2026-11-21T07:55:00.000Z';

let name = '';
let tab1: ShelfworkDb;
let tab2: ShelfworkDb;

afterEach(async () => {
  tab1?.close();
  tab2?.close();
});

const task = { id: 't1', status: 'in_progress', doneChecklistItemIds: [], place: { id: 'p1' }, placeId: 'p1' } as unknown as TaskRow;
const scan = (id: string, ean: string, facings = 1, timestamp = T0): ScannedItem => ({ id, ean, facings, timestamp });

function photo(id: string, comment: string): PhotoRow {
  return {
    id,
    url: `https://cdn.shelfwork.test/${id}.jpg`,
    comment,
    tags: [],
    createdAt: T0,
    updatedAt: T0,
    taskId: 't1',
    blob: null,
    size: 100,
    width: 10,
    height: 10,
    uploadState: 'uploaded',
  };
}

/** An in-progress task t1 in the mirror with its pack; two tabs' connections to it. */
async function mirror(): Promise<void> {
  name = `shelfwork-intent-${crypto.randomUUID()}`;
  tab1 = new ShelfworkDb(name);
  tab2 = new ShelfworkDb(name);
  await tab1.tasks.put(task);
  await tab1.checklistItems.bulkPut(
    ['c1', 'c2', 'c3'].map((id, position) => ({ id, taskId: 't1', position, type: 'plain', title: id, description: null, isDone: false, isOptional: false, metadata: {} })),
  );
  await tab1.defects.bulkPut([
    { id: 'd1', name: 'Dirty shelf', type: 'regular' },
    { id: 'd2', name: 'Expired product', type: 'regular' },
    { id: 'b1', name: 'Store closed', type: 'task_blocker' },
  ]);
  await tab1.taskDefects.bulkPut([
    { id: 'd1', name: 'Dirty shelf', type: 'regular', taskId: 't1', checked: false },
    { id: 'b1', name: 'Store closed', type: 'task_blocker', taskId: 't1', checked: false },
  ]);
  await tab1.photos.bulkPut([photo('p1', 'left'), photo('p2', 'right')]);
}

async function records(kind: string): Promise<OutboxRecord[]> {
  return (await tab1.outbox.toArray()).filter((r) => r.kind === kind).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

async function doneIds(): Promise<string[]> {
  return (await tab1.checklistItems.where('taskId').equals('t1').sortBy('position')).filter((r) => r.isDone).map((r) => r.id);
}

async function checkedIds(): Promise<string[]> {
  return (await tab1.taskDefects.where('taskId').equals('t1').toArray()).filter((d) => d.checked).map((d) => d.id).sort();
}

async function scans(): Promise<ScannedItem[]> {
  return (await tab1.scannedItems.where('taskId').equals('t1').toArray()).map(({ id, ean, facings, timestamp }) => ({ id, ean, facings, timestamp }));
}

describe('checklist ticks as intent', () => {
  it("the two-tab case: tab 1 ticks V, tab 2 unticks it, tab 1 ticks W — V stays unticked in the mirror and the record", async () => {
    await mirror();
    expect(await changeChecklist(tab1, NOW, 't1', [{ itemId: 'c1', done: true }])).toEqual({ ok: true, value: undefined });
    await changeChecklist(tab2, NOW, 't1', [{ itemId: 'c1', done: false }]);
    await changeChecklist(tab1, LATER, 't1', [{ itemId: 'c2', done: true }]);

    expect(await doneIds()).toEqual(['c2']);
    expect((await tab1.tasks.get('t1'))?.doneChecklistItemIds).toEqual(['c2']);
    const queued = await records('done-checklist-items');
    expect(queued.map((r) => r.payload), 'one record, coalesced while never attempted: the last state').toEqual([{ ids: ['c2'] }]);
    expect(queued[0]?.recordedAt).toBe(LATER.toISOString());
  });

  it('keeps the ticks of the other tab and sends the whole set in checklist order', async () => {
    await mirror();
    await changeChecklist(tab2, NOW, 't1', [{ itemId: 'c3', done: true }]);
    await changeChecklist(tab1, NOW, 't1', [{ itemId: 'c1', done: true }]);
    expect(await doneIds()).toEqual(['c1', 'c3']);
    expect((await records('done-checklist-items')).map((r) => r.payload)).toEqual([{ ids: ['c1', 'c3'] }]);
  });

  it('applies ticks sent at the same moment from both tabs, one after the other', async () => {
    await mirror();
    await Promise.all([
      changeChecklist(tab1, NOW, 't1', [{ itemId: 'c1', done: true }]),
      changeChecklist(tab2, NOW, 't1', [{ itemId: 'c2', done: true }]),
      changeChecklist(tab1, NOW, 't1', [{ itemId: 'c3', done: true }]),
    ]);
    expect(await doneIds()).toEqual(['c1', 'c2', 'c3']);
    expect((await records('done-checklist-items')).map((r) => r.payload)).toEqual([{ ids: ['c1', 'c2', 'c3'] }]);
  });

  it('queues a new record from the current state behind one that was attempted (its body may be stored under its key)', async () => {
    await mirror();
    await changeChecklist(tab1, NOW, 't1', [{ itemId: 'c1', done: true }]);
    const [sent] = await records('done-checklist-items');
    await tab1.outbox.update(sent!.id, { attempts: 1 });
    await changeChecklist(tab2, LATER, 't1', [{ itemId: 'c2', done: true }]);
    expect((await records('done-checklist-items')).map((r) => r.payload)).toEqual([{ ids: ['c1'] }, { ids: ['c1', 'c2'] }]);
  });

  it('several changes at once (auto-toggle items) leave the other items alone', async () => {
    await mirror();
    await changeChecklist(tab2, NOW, 't1', [{ itemId: 'c1', done: true }]);
    await changeChecklist(tab1, NOW, 't1', [
      { itemId: 'c2', done: true },
      { itemId: 'c3', done: false },
    ]);
    expect(await doneIds()).toEqual(['c1', 'c2']);
  });

  it("without the pack's checklist, starts from the task's done ids", async () => {
    await mirror();
    await tab1.checklistItems.clear();
    await tab1.tasks.update('t1', { doneChecklistItemIds: ['x1'] });
    await changeChecklist(tab1, NOW, 't1', [{ itemId: 'x2', done: true }]);
    expect((await tab1.tasks.get('t1'))?.doneChecklistItemIds).toEqual(['x1', 'x2']);
    expect((await records('done-checklist-items')).map((r) => r.payload)).toEqual([{ ids: ['x1', 'x2'] }]);
  });

  it('refuses malformed changes without writing anything; no change queues nothing', async () => {
    await mirror();
    for (const bad of [null, [{ itemId: '', done: true }], [{ itemId: 'c1', done: 'yes' }], [{ done: true }]]) {
      expect(await changeChecklist(tab1, NOW, 't1', bad as never)).toMatchObject({ ok: false, error: { status: 400, code: 'VALIDATION_FAILED', fields: { changes: 'INVALID' } } });
    }
    expect(await changeChecklist(tab1, NOW, 't1', [])).toEqual({ ok: true, value: undefined });
    expect(await tab1.outbox.count()).toBe(0);
    expect(await doneIds()).toEqual([]);
  });
});

describe('defects as intent', () => {
  it("keeps the other tab's untick: tab 1 logs d1, tab 2 unlogs it, tab 1 logs d2", async () => {
    await mirror();
    await changeTaskDefects(tab1, NOW, 't1', [{ defectId: 'd1', checked: true }]);
    await changeTaskDefects(tab2, NOW, 't1', [{ defectId: 'd1', checked: false }]);
    await changeTaskDefects(tab1, NOW, 't1', [{ defectId: 'd2', checked: true }]);
    expect(await checkedIds()).toEqual(['d2']);
    expect((await records('task-defects')).map((r) => r.payload)).toEqual([{ defectIds: ['d2'] }]);
  });

  it('ticking a blocker never unlogs a regular defect, and a defect new to the task comes from the global list', async () => {
    await mirror();
    await changeTaskDefects(tab2, NOW, 't1', [{ defectId: 'd1', checked: true }]);
    await changeTaskDefects(tab1, NOW, 't1', [{ defectId: 'b1', checked: true }]);
    await changeTaskDefects(tab1, NOW, 't1', [{ defectId: 'd2', checked: true }]);
    expect(await checkedIds()).toEqual(['b1', 'd1', 'd2']);
    expect(await tab1.taskDefects.get(['t1', 'd2'])).toMatchObject({ name: 'Expired product', type: 'regular', checked: true });
    expect((await records('task-defects')).map((r) => (r.payload as { defectIds: string[] }).defectIds.sort())).toEqual([['b1', 'd1', 'd2']]);
  });

  it('refuses malformed changes', async () => {
    await mirror();
    expect(await changeTaskDefects(tab1, NOW, 't1', [{ defectId: 'd1' }] as never)).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
    expect(await tab1.outbox.count()).toBe(0);
  });
});

describe('scans as intent', () => {
  it("an item saved from the other tab stays when this tab saves its own", async () => {
    await mirror();
    await changeScannedItems(tab2, NOW, 't1', [{ op: 'put', item: scan('s2', '96385074', 3, T1) }]);
    await changeScannedItems(tab1, NOW, 't1', [{ op: 'put', item: scan('s1', '4006381333931', 2) }]);
    expect(await scans()).toEqual(expect.arrayContaining([scan('s1', '4006381333931', 2), scan('s2', '96385074', 3, T1)]));
    expect((await records('scanned-items')).map((r) => r.payload)).toEqual([{ items: [scan('s2', '96385074', 3, T1), scan('s1', '4006381333931', 2)] }]);
  });

  it("a removal in one tab stays when the other changes another item; a removal of an item already gone is nothing", async () => {
    await mirror();
    await changeScannedItems(tab1, NOW, 't1', [
      { op: 'put', item: scan('s1', '4006381333931', 2) },
      { op: 'put', item: scan('s2', '96385074', 3, T1) },
    ]);
    await changeScannedItems(tab2, NOW, 't1', [{ op: 'remove', id: 's1' }]);
    await changeScannedItems(tab1, NOW, 't1', [{ op: 'remove', id: 's1' }, { op: 'put', item: scan('s2', '96385074', 5, T1) }]);
    expect(await scans()).toEqual([scan('s2', '96385074', 5, T1)]);
    expect((await records('scanned-items')).map((r) => r.payload)).toEqual([{ items: [scan('s2', '96385074', 5, T1)] }]);
  });

  it('an EAN entered in both tabs stays one item, with the id the mirror has', async () => {
    await mirror();
    await changeScannedItems(tab2, NOW, 't1', [{ op: 'put', item: scan('s-tab2', '96385074', 3) }]);
    await changeScannedItems(tab1, NOW, 't1', [{ op: 'put', item: scan('s-tab1', ' 96385074', 4, T1) }]);
    expect(await scans()).toEqual([scan('s-tab2', ' 96385074', 4, T1)]);
  });

  it('checks every item as the whole-list save does', async () => {
    await mirror();
    expect(await changeScannedItems(tab1, NOW, 't1', [{ op: 'put', item: scan('s1', '96385074', 100) }])).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION_FAILED', fields: { 'changes.0.item.facings': 'INVALID' } },
    });
    expect(await changeScannedItems(tab1, NOW, 't1', [{ op: 'rename' } as never])).toMatchObject({ ok: false, error: { fields: { 'changes.0': 'INVALID' } } });
    expect(await changeScannedItems(tab1, NOW, 't1', [{ op: 'remove', id: '' }])).toMatchObject({ ok: false });
    expect(await tab1.outbox.count()).toBe(0);
  });
});

describe("a photo's comment as intent", () => {
  it('changes only its photo: the comment the other tab gave another photo stays', async () => {
    await mirror();
    await updatePhotoComment(tab2, NOW, 't1', 'p2', 'right, from tab 2');
    await updatePhotoComment(tab1, LATER, 't1', 'p1', 'left, from tab 1');
    expect((await tab1.photos.get('p1'))?.comment).toBe('left, from tab 1');
    expect((await tab1.photos.get('p2'))?.comment).toBe('right, from tab 2');
    expect((await records('photo-update')).map((r) => [r.path, r.payload])).toEqual([
      ['task/t1/photos/p2/update', { comment: 'right, from tab 2' }],
      ['task/t1/photos/p1/update', { comment: 'left, from tab 1' }],
    ]);
  });

  it("the same photo's comment from both tabs: one record, the last comment", async () => {
    await mirror();
    await updatePhotoComment(tab1, NOW, 't1', 'p1', 'first');
    await updatePhotoComment(tab2, LATER, 't1', 'p1', 'second');
    expect((await tab1.photos.get('p1'))?.comment).toBe('second');
    expect((await records('photo-update')).map((r) => r.payload)).toEqual([{ comment: 'second' }]);
  });
});

describe('the engine', () => {
  function engine(db: ShelfworkDb): SyncEngine {
    return new SyncEngine({
      db,
      apiBase: 'http://shelfwork.test/api/',
      fetchImpl: () => Promise.reject(new TypeError('Failed to fetch')),
      now: () => NOW,
      random: () => 0.5,
      locks: null,
      warn: () => undefined,
    });
  }

  it('needs a session, then queues the intent of each tab on the current state', async () => {
    await mirror();
    const one = engine(tab1);
    const two = engine(tab2);
    expect(await one.changeChecklist('t1', [{ itemId: 'c1', done: true }])).toMatchObject({ ok: false, error: { code: 'UNAUTHENTICATED' } });
    await tab1.session.put({ key: 'tokens', tokens: { token: 'a', refreshToken: 'r' }, email: 'lt@demo.shelfwork.app' });

    expect(await one.changeChecklist('t1', [{ itemId: 'c1', done: true }])).toEqual({ ok: true, value: undefined });
    expect(await two.changeChecklist('t1', [{ itemId: 'c1', done: false }])).toEqual({ ok: true, value: undefined });
    expect(await one.changeTaskDefects('t1', [{ defectId: 'd1', checked: true }])).toEqual({ ok: true, value: undefined });
    expect(await two.changeScannedItems('t1', [{ op: 'put', item: scan('s1', '96385074', 2) }])).toEqual({ ok: true, value: undefined });
    expect(await doneIds()).toEqual([]);
    expect(await checkedIds()).toEqual(['d1']);
    expect(await scans()).toEqual([scan('s1', '96385074', 2)]);
    await Promise.all([one.idle(), two.idle()]);
  });
});
