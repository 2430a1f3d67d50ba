import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChecklistItem, Task } from '../../src/domain/types';
import { makeTask } from './fake-api';
import { PACK_PARTS } from './pack';
import { createHarness, START, type Harness } from './test-setup';

let h: Harness;
afterEach(async () => {
  vi.restoreAllMocks();
  await h?.engine.idle();
  h?.db.close();
});

const OPEN_WINDOW = { timeWindowStart: '2026-11-21T07:00:00.000Z', timeWindowEnd: '2026-11-21T14:00:00.000Z' };
const IMAGE = 'https://cdn.shelfwork.test/';

function item(id: string, type: ChecklistItem['type'] = 'plain'): ChecklistItem {
  return { id, type, title: `Item ${id}`, description: null, isDone: false, isOptional: false, metadata: {} };
}

/** A small but real JPEG header + payload (the fake server checks FF D8 FF). */
function jpeg(seed: number): Blob {
  const bytes = new Uint8Array(64);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  for (let i = 4; i < bytes.length; i++) bytes[i] = (seed * 31 + i) % 256;
  return new Blob([bytes], { type: 'image/jpeg' });
}

function inProgress(overrides: Partial<Task> = {}): Task {
  return makeTask('t1', 'in_progress', {
    ...OPEN_WINDOW,
    startTime: '2026-11-21T07:30:00.000Z',
    targetProductPhotos: [`${IMAGE}target-1.jpg`],
    place: { ...makeTask('t1', 'in_progress').place, logo: '/logos/maxima.png' },
    ...overrides,
  });
}

/** Logged in, task t1 in progress on the server and in the mirror, its pack pulled. */
async function ready(task: Task = inProgress()): Promise<void> {
  h = createHarness();
  h.server.tasks = [task];
  h.exec.checklists.t1 = [item('c1'), item('c2', 'camera'), item('c3', 'scanner')];
  h.exec.products.t1 = [{ name: 'Pen', ean: '4006381333931', brand: 'Stabilo', image: `${IMAGE}pen.jpg` }];
  h.exec.defects = [
    { id: 'd1', name: 'Broken shelf', type: 'regular' },
    { id: 'b1', name: 'Store closed', type: 'task_blocker' },
  ];
  h.exec.taskDefectIds.t1 = ['d1', 'b1'];
  h.exec.typePhotos['tt-shelf'] = [`${IMAGE}how-to.jpg`];
  await h.logIn();
  await h.engine.syncNow('start');
  await h.engine.idle();
}

/** Every request to the API fails as with no signal; the answer turns it back on. */
function signalLost(): () => void {
  h.api.offline = true;
  return () => {
    h.api.offline = false;
  };
}

function posts(path: string) {
  return h.api.calls('POST', path);
}

async function reconnect(restore: () => void): Promise<void> {
  restore();
  await h.engine.syncNow('online');
  await h.engine.idle();
}

describe('task pack', () => {
  it('downloads everything an in-progress task needs when it appears in the mirror, and says the pack is complete', async () => {
    await ready();

    expect((await h.db.checklistItems.where('taskId').equals('t1').sortBy('position')).map((r) => r.id)).toEqual(['c1', 'c2', 'c3']);
    expect(await h.db.products.get(['t1', '4006381333931'])).toMatchObject({ name: 'Pen' });
    expect((await h.db.defects.toArray()).map((d) => d.id).sort()).toEqual(['b1', 'd1']);
    expect((await h.db.taskDefects.where('taskId').equals('t1').toArray()).map((d) => [d.id, d.checked])).toEqual([
      ['b1', false],
      ['d1', false],
    ]);
    expect([...h.images.stored].sort()).toEqual(
      [`${IMAGE}how-to.jpg`, `${IMAGE}pen.jpg`, `${IMAGE}target-1.jpg`, 'http://shelfwork.test/logos/maxima.png'].sort(),
    );
    const pack = await h.db.taskPacks.get('t1');
    expect(pack).toMatchObject({ taskId: 't1', complete: true, error: null });
    for (const part of PACK_PARTS) expect(pack?.parts[part]).toBe(START.toISOString());
  });

  it('marks the pack incomplete when one image fails, keeping every other part', async () => {
    h = createHarness();
    await ready();
    await h.db.taskPacks.clear();
    h.images.failing.add(`${IMAGE}pen.jpg`);

    const result = await h.engine.pullTaskPack('t1');

    expect(result).toMatchObject({ ok: false, error: { code: 'IMAGE_FAILED' } });
    const pack = await h.db.taskPacks.get('t1');
    expect(pack?.complete).toBe(false);
    expect(pack?.parts.images).toBeNull();
    expect(pack?.parts.checklist).toBe(START.toISOString());
    expect(await h.db.checklistItems.where('taskId').equals('t1').count()).toBe(3);
  });

  it('is pulled again on sync only when older than 10 minutes', async () => {
    await ready();
    const pulls = () => h.api.calls('GET', 'task/t1/checklist-items').length;
    const before = pulls();

    h.advance(9 * 60_000);
    await h.engine.syncNow('timer');
    await h.engine.idle();
    expect(pulls()).toBe(before);

    h.advance(2 * 60_000);
    await h.engine.syncNow('timer');
    await h.engine.idle();
    expect(pulls()).toBe(before + 1);
  });

  it('is pulled when a task becomes reserved', async () => {
    h = createHarness();
    h.server.tasks = [makeTask('a1', 'available', OPEN_WINDOW)];
    h.exec.checklists.a1 = [item('x1')];
    await h.logIn();
    await h.engine.syncNow('start');
    await h.engine.idle();
    expect(await h.db.taskPacks.get('a1')).toBeUndefined();

    await h.engine.reserveTask('a1');
    await h.engine.idle();

    expect((await h.db.checklistItems.where('taskId').equals('a1').toArray()).map((r) => r.id)).toEqual(['x1']);
    expect(await h.db.taskPacks.get('a1')).toMatchObject({ complete: true });
  });

  it('never overwrites pending local ticks, scans or photos with the server’s state', async () => {
    await ready();
    const restore = signalLost();
    await h.engine.setChecklistDone('t1', ['c1']);
    await h.engine.saveScannedItems('t1', [{ id: 's1', ean: '4006381333931', facings: 2, timestamp: START.toISOString() }]);
    await h.engine.addPhoto('t1', { id: 'p-local', blob: jpeg(1), width: 10, height: 10, comment: 'mine', tags: ['before'] });
    await h.engine.idle();
    restore();
    // Hold the writes back (5xx) so the records stay unsent while the pack is pulled again.
    h.api.on('POST', 'task/t1/done-checklist-items', () => ({ status: 503 }));
    h.api.on('POST', 'task/t1/scanned-items', () => ({ status: 503 }));
    h.api.on('POST', 'task/t1/photos', () => ({ status: 503 }));
    h.exec.photos.push({ id: 'p-other', taskId: 't1', url: '/api/photos/p-other/file', comment: '', tags: [], createdAt: 'a', updatedAt: 'a', bytes: new Uint8Array([1]) });

    await h.engine.pullTaskPack('t1');

    expect((await h.db.checklistItems.get('c1'))?.isDone).toBe(true);
    expect((await h.db.scannedItems.where('taskId').equals('t1').toArray()).map((s) => s.id)).toEqual(['s1']);
    const local = await h.db.photos.get('p-local');
    expect(local).toMatchObject({ uploadState: 'local', comment: 'mine' });
    expect(local?.blob?.size).toBe(64);
    expect(await h.db.photos.get('p-other')).toMatchObject({ uploadState: 'uploaded', blob: null });
  });
});

describe('checklist ticks, scans and defects', () => {
  it('sends three quick ticks as one record with the last state (debounced, coalesced)', async () => {
    await ready();

    await h.engine.setChecklistDone('t1', ['c1']);
    await h.engine.setChecklistDone('t1', ['c1', 'c2']);
    await h.engine.setChecklistDone('t1', ['c2']);
    expect(await h.db.outbox.count()).toBe(1);
    expect((await h.db.outbox.toArray())[0]?.payload).toEqual({ ids: ['c2'] });
    expect((await h.db.checklistItems.where('taskId').equals('t1').sortBy('position')).map((r) => r.isDone)).toEqual([false, true, false]);
    await h.engine.idle();

    expect(posts('task/t1/done-checklist-items').map((r) => r.body)).toEqual([{ ids: ['c2'] }]);
    expect(h.server.tasks[0]?.doneChecklistItemIds).toEqual(['c2']);
    expect(await h.db.outbox.count()).toBe(0);
  });

  it('coalesces offline ticks into one record, but never into one that was already attempted', async () => {
    await ready();
    const restore = signalLost();
    await h.engine.setChecklistDone('t1', ['c1']);
    await h.engine.idle(); // attempted once, no answer
    await h.engine.setChecklistDone('t1', ['c1', 'c2']);
    await h.engine.setChecklistDone('t1', ['c1', 'c2', 'c3']);
    await h.engine.idle();
    const records = (await h.db.outbox.toArray()).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    expect(records.map((r) => r.payload)).toEqual([{ ids: ['c1'] }, { ids: ['c1', 'c2', 'c3'] }]);

    await reconnect(restore);

    expect(posts('task/t1/done-checklist-items').map((r) => r.body)).toEqual([{ ids: ['c1'] }, { ids: ['c1', 'c2', 'c3'] }]);
    expect(h.server.tasks[0]?.doneChecklistItemIds).toEqual(['c1', 'c2', 'c3']);
    expect((await h.db.checklistItems.where('taskId').equals('t1').toArray()).every((r) => r.isDone)).toBe(true);
  });

  it('retries after a 500 and delivers once when the server recovers', async () => {
    await ready();
    h.api.on('POST', 'task/t1/defects', () => ({ status: 500, body: { error: { code: 'INTERNAL', message: 'boom' } } }));

    await h.engine.setTaskDefects('t1', ['d1']);
    await h.engine.idle();
    const [record] = await h.db.outbox.toArray();
    expect(record).toMatchObject({ state: 'pending', attempts: 1 });
    expect((await h.db.taskDefects.get(['t1', 'd1']))?.checked).toBe(true);

    h.api.off('POST', 'task/t1/defects');
    h.advance(2_000);
    await h.engine.syncNow('timer');
    await h.engine.idle();

    expect(h.exec.checkedDefects.t1).toEqual(['d1']);
    expect(h.exec.effects.filter((e) => e === 'POST task/t1/defects')).toHaveLength(1);
    expect(await h.db.outbox.count()).toBe(0);
  });

  it('keeps a refused record with the server’s message and its data, and retries it with a new key', async () => {
    await ready();
    h.server.tasks = [{ ...h.server.tasks[0]!, status: 'reserved' }];

    await h.engine.saveScannedItems('t1', [{ id: 's1', ean: '4006381333931', facings: 3, timestamp: START.toISOString() }]);
    await h.engine.idle();

    const [rejected] = await h.db.outbox.toArray();
    expect(rejected).toMatchObject({
      state: 'rejected',
      error: { status: 420, code: 'TASK_NOT_IN_PROGRESS', message: 'The task is not in progress' },
      payload: { items: [{ id: 's1', ean: '4006381333931', facings: 3 }] },
    });

    h.server.tasks = [{ ...h.server.tasks[0]!, status: 'in_progress' }];
    expect(await h.engine.retryRejected(rejected!.id)).toEqual({ ok: true, value: undefined });
    await h.engine.idle();

    const sent = posts('task/t1/scanned-items');
    expect(sent).toHaveLength(2);
    expect(sent[1]?.headers['idempotency-key']).not.toBe(sent[0]?.headers['idempotency-key']);
    expect(h.exec.scans.t1?.map((s) => s.id)).toEqual(['s1']);
    expect(await h.db.outbox.count()).toBe(0);
    expect((await h.db.scannedItems.where('taskId').equals('t1').toArray()).map((s) => s.id)).toEqual(['s1']);
  });

  it('dismisses a rejected record', async () => {
    await ready();
    await h.engine.saveScannedItems('t1', [{ id: 's1', ean: '123', facings: 1, timestamp: START.toISOString() }]);
    await h.engine.idle();
    const [rejected] = await h.db.outbox.toArray();
    expect(rejected).toMatchObject({ state: 'rejected', error: { status: 400, code: 'VALIDATION_FAILED' } });

    expect(await h.engine.dismissRejected(rejected!.id)).toEqual({ ok: true, value: undefined });
    expect(await h.db.outbox.count()).toBe(0);
    expect(await h.engine.dismissRejected(rejected!.id)).toMatchObject({ ok: false, error: { code: 'RECORD_NOT_FOUND' } });
  });
});

describe('photos', () => {
  it('sends each record with the time the tasker did it (Shelfwork-Recorded-At), not the time it left the phone', async () => {
    await ready();
    const restore = signalLost();
    const t0 = h.now().toISOString();
    await h.engine.setChecklistDone('t1', ['c1']);
    h.advance(5 * 60_000);
    // Coalesced into the record above (never attempted): the newer state carries the newer time.
    await h.engine.setChecklistDone('t1', ['c1', 'c2']);
    const tTicks = h.now().toISOString();
    h.advance(60_000);
    await h.engine.addPhoto('t1', { id: 'p1', blob: jpeg(1), width: 1280, height: 960, comment: '', tags: [] });
    const tPhoto = h.now().toISOString();
    expect(tTicks).not.toBe(t0);
    // The signal comes back two hours later.
    h.advance(2 * 3600_000);
    await reconnect(restore);

    const ticks = posts('task/t1/done-checklist-items');
    expect(ticks.map((r) => r.body)).toEqual([{ ids: ['c1', 'c2'] }]);
    expect(ticks[0]?.headers['shelfwork-recorded-at']).toBe(tTicks);
    expect(posts('task/t1/photos')[0]?.headers['shelfwork-recorded-at']).toBe(tPhoto);
    expect(await h.db.outbox.count()).toBe(0);
  });

  it('stores photos as blobs offline, uploads metadata then bytes on reconnect, and drops the blob only after the PUT succeeded', async () => {
    await ready();
    const restore = signalLost();
    await h.engine.addPhoto('t1', { id: 'p1', blob: jpeg(1), width: 1280, height: 960, comment: 'shelf', tags: ['before'] });
    await h.engine.addPhoto('t1', { id: 'p2', blob: jpeg(2), width: 1280, height: 960, comment: '', tags: ['after'] });
    await h.engine.idle();
    expect((await h.db.photos.get('p1'))?.blob?.size).toBe(64);
    expect(await h.db.outbox.count()).toBe(2);

    await reconnect(restore);

    expect(posts('task/t1/photos').map((r) => r.body)).toEqual([
      { photos: [{ id: 'p1', comment: 'shelf', tags: ['before'] }] },
      { photos: [{ id: 'p2', comment: '', tags: ['after'] }] },
    ]);
    for (const [id, seed] of [['p1', 1], ['p2', 2]] as const) {
      const stored = h.exec.photos.find((p) => p.id === id);
      expect(stored?.bytes).toEqual(new Uint8Array(await jpeg(seed).arrayBuffer()));
      expect(await h.db.photos.get(id)).toMatchObject({ uploadState: 'uploaded', blob: null, url: stored?.url, size: 64 });
    }
    expect(await h.db.outbox.count()).toBe(0);
  });

  it('keeps the blob while the upload keeps failing (5xx), and retries the PUT twice within an attempt', async () => {
    await ready();
    h.exec.putFaults = ['error', 'error', 'error'];

    await h.engine.addPhoto('t1', { id: 'p1', blob: jpeg(1), width: 1, height: 1, comment: '', tags: [] });
    await h.engine.idle();

    expect(h.api.requests.filter((r) => r.method === 'PUT')).toHaveLength(3);
    const row = await h.db.photos.get('p1');
    expect(row).toMatchObject({ uploadState: 'metadata-sent' });
    expect(row?.blob?.size).toBe(64);
    expect(await h.db.outbox.toArray()).toMatchObject([{ kind: 'photo-create', state: 'pending', attempts: 1 }]);
  });

  it('retries a PUT cut halfway without creating a second photo', async () => {
    await ready();
    h.exec.putFaults = ['cut'];

    await h.engine.addPhoto('t1', { id: 'p1', blob: jpeg(3), width: 1, height: 1, comment: '', tags: [] });
    await h.engine.idle();

    expect(h.api.requests.filter((r) => r.method === 'PUT')).toHaveLength(2);
    expect(h.exec.photos).toHaveLength(1);
    expect(h.exec.photos[0]?.bytes).toEqual(new Uint8Array(await jpeg(3).arrayBuffer()));
    expect(await h.db.photos.get('p1')).toMatchObject({ uploadState: 'uploaded', blob: null });
  });

  it('gets a fresh upload URL when the old one expired, without a duplicate photo', async () => {
    await ready();
    h.exec.putFaults = ['cut', 'cut', 'cut'];
    await h.engine.addPhoto('t1', { id: 'p1', blob: jpeg(4), width: 1, height: 1, comment: '', tags: [] });
    await h.engine.idle();
    expect(h.exec.photos[0]?.bytes).toBeNull();

    h.advance(16 * 60_000); // the URL the server stored under the record's key has expired
    await h.engine.syncNow('online');
    await h.engine.idle();

    const photoPosts = posts('task/t1/photos');
    expect(photoPosts).toHaveLength(3); // first, replay (expired URL), re-POST under a new key
    expect(new Set(photoPosts.map((r) => r.headers['idempotency-key'])).size).toBe(2);
    expect(h.exec.photos).toHaveLength(1);
    expect(h.exec.photos[0]?.bytes).toEqual(new Uint8Array(await jpeg(4).arrayBuffer()));
    expect(await h.db.photos.get('p1')).toMatchObject({ uploadState: 'uploaded', blob: null });
  });

  it('deletes a photo never sent locally, with its queued upload, and sends no request', async () => {
    await ready();
    const restore = signalLost();
    await h.engine.addPhoto('t1', { id: 'p1', blob: jpeg(1), width: 1, height: 1, comment: '', tags: [] });
    await h.engine.idle();
    // As if the app had been closed before the first attempt: the server never heard of it.
    await h.db.outbox.toCollection().modify({ attempts: 0 });
    restore();

    expect(await h.engine.deletePhotos('t1', ['p1'])).toEqual({ ok: true, value: undefined });

    expect(await h.db.photos.get('p1')).toBeUndefined();
    expect(await h.db.outbox.count()).toBe(0);
    await h.engine.idle();
    expect(posts('task/t1/photos/delete')).toHaveLength(0);
  });

  it('queues the deletion of an uploaded photo and removes it when the server confirms', async () => {
    await ready();
    await h.engine.addPhoto('t1', { id: 'p1', blob: jpeg(1), width: 1, height: 1, comment: '', tags: [] });
    await h.engine.idle();

    await h.engine.deletePhotos('t1', ['p1']);
    expect((await h.db.photos.get('p1'))?.deleted).toBe(true);
    await h.engine.idle();

    expect(posts('task/t1/photos/delete').map((r) => r.body)).toEqual([{ photoIds: ['p1'] }]);
    expect(h.exec.photos).toHaveLength(0);
    expect(await h.db.photos.get('p1')).toBeUndefined();
  });

  it('folds a comment edit of a photo never sent into its create record', async () => {
    await ready();
    const restore = signalLost();
    await h.engine.addPhoto('t1', { id: 'p1', blob: jpeg(1), width: 1, height: 1, comment: 'a', tags: [] });
    await h.engine.idle();
    // As if the app had been closed before the first attempt.
    await h.db.outbox.toCollection().modify({ attempts: 0 });

    await h.engine.updatePhotoComment('t1', 'p1', 'b');

    expect(await h.db.outbox.toArray()).toMatchObject([{ kind: 'photo-create', payload: { photos: [{ id: 'p1', comment: 'b' }] } }]);
    await reconnect(restore);
    expect(h.exec.photos[0]?.comment).toBe('b');
    expect(posts('task/t1/photos/p1/update')).toHaveLength(0);
  });

  it('dismissing a rejected upload keeps the photo and its JPEG on the device', async () => {
    await ready();
    h.api.on('POST', 'task/t1/photos', () => ({ status: 413, body: { error: { code: 'PAYLOAD_TOO_LARGE', message: 'Too large' } } }));
    await h.engine.addPhoto('t1', { id: 'p1', blob: jpeg(1), width: 1, height: 1, comment: '', tags: [] });
    await h.engine.idle();
    const [record] = await h.db.outbox.toArray();
    expect(record).toMatchObject({ state: 'rejected', error: { status: 413, message: 'Too large' } });

    await h.engine.dismissRejected(record!.id);

    const row = await h.db.photos.get('p1');
    expect(row).toMatchObject({ uploadDismissed: true, uploadState: 'local' });
    expect(row?.blob?.size).toBe(64);
  });
});

describe('completing a task offline', () => {
  it('shows the task awaiting confirmation at once and delivers the completion after every other record of the task', async () => {
    await ready();
    const restore = signalLost();
    await h.engine.setChecklistDone('t1', ['c1', 'c2']);
    await h.engine.addPhoto('t1', { id: 'p1', blob: jpeg(1), width: 1, height: 1, comment: '', tags: ['after'] });
    await h.engine.setTaskDefects('t1', ['d1']);
    await h.engine.saveScannedItems('t1', [{ id: 's1', ean: '4006381333931', facings: 4, timestamp: START.toISOString() }]);
    expect(await h.engine.completeTask('t1', { outcome: 'complete', taskerComment: 'All done' })).toEqual({ ok: true, value: undefined });
    await h.engine.idle();
    expect(await h.db.tasks.get('t1')).toMatchObject({ status: 'awaiting_confirmation', taskerComment: 'All done' });

    await reconnect(restore);

    expect(h.exec.effects).toEqual([
      'POST task/t1/done-checklist-items',
      'POST task/t1/photos',
      'PUT uploads/p1',
      'POST task/t1/defects',
      'POST task/t1/scanned-items',
      'POST task/t1/complete',
    ]);
    expect(h.server.tasks[0]).toMatchObject({ status: 'awaiting_confirmation', taskerComment: 'All done', doneChecklistItemIds: ['c1', 'c2'] });
    expect(await h.db.tasks.get('t1')).toMatchObject({ status: 'awaiting_confirmation' });
    expect(await h.db.outbox.count()).toBe(0);
  });

  it('changes nothing on the server when the same outbox is replayed', async () => {
    await ready();
    const restore = signalLost();
    await h.engine.setChecklistDone('t1', ['c1']);
    await h.engine.addPhoto('t1', { id: 'p1', blob: jpeg(1), width: 1, height: 1, comment: '', tags: [] });
    await h.engine.completeTask('t1', { outcome: 'complete', taskerComment: '' });
    await h.engine.idle();
    const outbox = await h.db.outbox.toArray();
    const photos = await h.db.photos.toArray();
    await reconnect(restore);
    const effects = [...h.exec.effects];
    const serverPhotos = h.exec.photos.map((p) => ({ ...p }));

    // The same records (same keys, same payloads) and the photo with its blob, sent again.
    await h.db.outbox.bulkPut(outbox.map((r) => ({ ...r, state: 'pending' as const, nextAttemptAt: null })));
    await h.db.photos.bulkPut(photos);
    await h.engine.syncNow('online');
    await h.engine.idle();

    expect(h.exec.effects).toEqual(effects);
    expect(h.exec.photos).toEqual(serverPhotos);
    expect(h.exec.completions).toEqual(['t1']);
    expect(await h.db.outbox.count()).toBe(0);
  });

  it('refuses an incomplete outcome without a photo at once, with the server’s code, and queues nothing', async () => {
    await ready();
    const result = await h.engine.completeTask('t1', { outcome: 'incomplete', taskerComment: '', reason: 'Shelf empty', policyAgreed: true });
    expect(result).toMatchObject({ ok: false, error: { status: 420, code: 'PHOTOS_REQUIRED' } });
    expect(await h.db.outbox.count()).toBe(0);
    expect((await h.db.tasks.get('t1'))?.status).toBe('in_progress');
  });
});

describe('storage', () => {
  it('answers QUOTA_EXCEEDED when the device is full, writing nothing', async () => {
    await ready();
    vi.spyOn(h.db.photos, 'add').mockRejectedValue(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));

    const result = await h.engine.addPhoto('t1', { id: 'p1', blob: jpeg(1), width: 1, height: 1, comment: '', tags: [] });

    expect(result).toMatchObject({ ok: false, error: { code: 'QUOTA_EXCEEDED' } });
    expect(await h.db.outbox.count()).toBe(0);
  });

  it('answers QUOTA_EXCEEDED for a tick when the outbox cannot grow', async () => {
    await ready();
    vi.spyOn(h.db.outbox, 'add').mockRejectedValue(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));

    const result = await h.engine.setChecklistDone('t1', ['c1']);

    expect(result).toMatchObject({ ok: false, error: { code: 'QUOTA_EXCEEDED' } });
    expect((await h.db.checklistItems.get('c1'))?.isDone).toBe(false);
  });
});
