/**
 * Doing the work through the sync worker against the real server: the task pack, ticks, scans and
 * defects, photos (metadata, upload, faults on the way), the completion and its replay, storage
 * errors. Over 450 lines because each describe block is one part of a task's execution; they
 * share `ready()`.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHarness, OPEN_WINDOW, START, useSyncServer, type Harness } from '../../test/support/sync-harness';
import type { TaskSpec } from '../../test/support/sync-world';
import { PACK_PARTS } from './pack';
import { batchDelivery } from './outbox';

const server = useSyncServer();
let h: Harness;
afterEach(async () => {
  batchDelivery.enabled = true;
  vi.restoreAllMocks();
  await h?.engine.idle();
  h?.db.close();
});

const IMAGE = 'https://cdn.shelfwork.test/';
/** The seed's Maxima logo, the store's logo. */
const LOGO = 'http://shelfwork.test/logos/maxima.svg';
/** Seeded defects: a regular one and a task blocker. */
const DAMAGED = 'damaged-packaging';
const BROKEN_SHELF = 'broken-shelf';

/** A small JPEG-looking file (the server checks the FF D8 FF magic), different per seed. */
function jpeg(seed: number): Blob {
  const bytes = new Uint8Array(64);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  for (let i = 4; i < bytes.length; i++) bytes[i] = (seed * 31 + i) % 256;
  return new Blob([bytes], { type: 'image/jpeg' });
}

const bytesOf = async (blob: Blob) => new Uint8Array(await blob.arrayBuffer());

/** The product linked to t1 (from the seed), set by `ready`. */
let product: { ean: string; name: string };
/** t1 and its checklist items' ids on the server, set by `ready`. */
let t1: string;
let c1: string;
let c2: string;
let c3: string;

/**
 * Logged in, task t1 in progress on the server and in the mirror (a task type with one reference
 * photo, one target photo, a checklist c1 plain / c2 camera / c3 scanner, one product, a defect
 * and a blocker), its pack pulled.
 */
async function ready(spec: TaskSpec = {}): Promise<void> {
  h = await createHarness(server());
  await h.world.taskType('guide', { photos: [`${IMAGE}how-to.jpg`] });
  t1 = await h.world.task('t1', 'in_progress', { ...OPEN_WINDOW, startTime: '2026-11-21T07:30:00.000Z', taskType: 'guide', targetProductPhotos: [`${IMAGE}target-1.jpg`], ...spec });
  await h.world.checklist('t1', [
    ['c1', 'plain'],
    ['c2', 'camera'],
    ['c3', 'scanner'],
  ]);
  [c1, c2, c3] = [h.id('c1'), h.id('c2'), h.id('c3')];
  [product] = (await h.world.products('t1', 1)) as [{ ean: string; name: string }];
  await h.world.taskDefects('t1', [DAMAGED, BROKEN_SHELF]);
  await h.logIn();
  await h.engine.syncNow('start');
  await h.engine.idle();
}

/** Every request to the API fails as with no signal; the answer turns it back on. */
function signalLost(): () => void {
  h.net.offline = true;
  return () => {
    h.net.offline = false;
  };
}

function posts(action: string) {
  return h.net.calls('POST', `task/${t1}/${action}`);
}

const puts = () => h.net.requests.filter((r) => r.method === 'PUT');

async function reconnect(restore: () => void): Promise<void> {
  restore();
  await h.engine.syncNow('online');
  await h.engine.idle();
}

describe('task pack', () => {
  it('downloads everything an in-progress task needs when it appears in the mirror, and says the pack is complete', async () => {
    await ready();

    expect((await h.db.checklistItems.where('taskId').equals(t1).sortBy('position')).map((r) => r.id)).toEqual([c1, c2, c3]);
    expect(await h.db.products.get([t1, product.ean])).toMatchObject({ name: product.name, image: null });
    const seeded = await h.server.db.selectFrom('defects').select('id').orderBy('id').execute();
    expect((await h.db.defects.toArray()).map((d) => d.id).sort()).toEqual(seeded.map((d) => d.id));
    expect((await h.db.taskDefects.where('taskId').equals(t1).toArray()).map((d) => [d.id, d.checked])).toEqual([
      [BROKEN_SHELF, false],
      [DAMAGED, false],
    ]);
    // Products come without images from the server (docs/api.md), so none is downloaded for them.
    expect([...h.images.stored].sort()).toEqual([`${IMAGE}how-to.jpg`, `${IMAGE}target-1.jpg`, LOGO].sort());
    const pack = await h.db.taskPacks.get(t1);
    expect(pack).toMatchObject({ taskId: t1, complete: true, error: null });
    for (const part of PACK_PARTS) expect(pack?.parts[part]).toBe(START.toISOString());
  });

  it('marks the pack incomplete when one image fails, keeping every other part', async () => {
    await ready();
    await h.db.taskPacks.clear();
    h.images.failing.add(`${IMAGE}target-1.jpg`);

    const result = await h.engine.pullTaskPack(t1);

    expect(result).toMatchObject({ ok: false, error: { code: 'IMAGE_FAILED' } });
    const pack = await h.db.taskPacks.get(t1);
    expect(pack?.complete).toBe(false);
    expect(pack?.parts.images).toBeNull();
    expect(pack?.parts.checklist).toBe(START.toISOString());
    expect(await h.db.checklistItems.where('taskId').equals(t1).count()).toBe(3);
  });

  it('is pulled again on sync only when older than 10 minutes', async () => {
    await ready();
    const pulls = () => h.net.calls('GET', `task/${t1}/checklist-items`).length;
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
    h = await createHarness(server());
    const a1 = await h.world.task('a1', 'available', OPEN_WINDOW);
    await h.world.checklist('a1', [['x1', 'plain']]);
    await h.logIn();
    await h.engine.syncNow('start');
    await h.engine.idle();
    expect(await h.db.taskPacks.get(a1)).toBeUndefined();

    await h.engine.reserveTask(a1);
    await h.engine.idle();

    expect((await h.db.checklistItems.where('taskId').equals(a1).toArray()).map((r) => r.id)).toEqual([h.id('x1')]);
    expect(await h.db.taskPacks.get(a1)).toMatchObject({ complete: true });
  });

  it('never overwrites pending local ticks, scans or photos with the server’s state', async () => {
    await ready();
    const restore = signalLost();
    await h.engine.setChecklistDone(t1, [c1]);
    await h.engine.saveScannedItems(t1, [{ id: 's1', ean: product.ean, facings: 2, timestamp: START.toISOString() }]);
    await h.engine.addPhoto(t1, { id: h.id('p-local'), blob: jpeg(1), width: 10, height: 10, comment: 'mine', tags: ['before'] });
    await h.engine.idle();
    restore();
    // Hold the writes back (a gateway answers 503) so the records stay unsent while the pack is pulled again.
    for (const action of ['done-checklist-items', 'scanned-items', 'photos']) h.net.fail('POST', `task/${t1}/${action}`, { kind: 'gateway-error', status: 503 });
    // A photo taken on the tasker's other device is on the server.
    await h.world.uploadPhoto('t1', 'p-other', await bytesOf(jpeg(9)));

    await h.engine.pullTaskPack(t1);

    expect((await h.db.checklistItems.get(c1))?.isDone).toBe(true);
    expect((await h.db.scannedItems.where('taskId').equals(t1).toArray()).map((s) => s.id)).toEqual(['s1']);
    const local = await h.db.photos.get(h.id('p-local'));
    expect(local).toMatchObject({ uploadState: 'local', comment: 'mine' });
    expect(local?.blob?.size).toBe(64);
    expect(await h.db.photos.get(h.id('p-other'))).toMatchObject({ uploadState: 'uploaded', blob: null });
  });
});

describe('checklist ticks, scans and defects', () => {
  it('sends three quick ticks as one record with the last state (debounced, coalesced)', async () => {
    await ready();

    await h.engine.setChecklistDone(t1, [c1]);
    await h.engine.setChecklistDone(t1, [c1, c2]);
    await h.engine.setChecklistDone(t1, [c2]);
    expect(await h.db.outbox.count()).toBe(1);
    expect((await h.db.outbox.toArray())[0]?.payload).toEqual({ ids: [c2] });
    expect((await h.db.checklistItems.where('taskId').equals(t1).sortBy('position')).map((r) => r.isDone)).toEqual([false, true, false]);
    await h.engine.idle();

    expect(posts('done-checklist-items').map((r) => r.body)).toEqual([{ ids: [c2] }]);
    expect((await h.world.serverTask('t1')).done_checklist_item_ids).toEqual([c2]);
    expect(await h.db.outbox.count()).toBe(0);
  });

  it('coalesces offline ticks into one record, but never into one that was already attempted', async () => {
    await ready();
    batchDelivery.enabled = false; // one request per record is what this test reads (batches: batch.test.ts)
    const restore = signalLost();
    await h.engine.setChecklistDone(t1, [c1]);
    await h.engine.idle(); // attempted once, no answer
    await h.engine.setChecklistDone(t1, [c1, c2]);
    await h.engine.setChecklistDone(t1, [c1, c2, c3]);
    await h.engine.idle();
    const records = (await h.db.outbox.toArray()).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    expect(records.map((r) => r.payload)).toEqual([{ ids: [c1] }, { ids: [c1, c2, c3] }]);

    await reconnect(restore);

    expect(posts('done-checklist-items').map((r) => r.body)).toEqual([{ ids: [c1] }, { ids: [c1, c2, c3] }]);
    expect((await h.world.serverTask('t1')).done_checklist_item_ids).toEqual([c1, c2, c3]);
    expect((await h.db.checklistItems.where('taskId').equals(t1).toArray()).every((r) => r.isDone)).toBe(true);
  });

  it('retries after a 5xx and delivers once when the server is reachable again', async () => {
    await ready();
    const down = h.net.fail('POST', `task/${t1}/defects`, { kind: 'gateway-error', status: 500 });

    await h.engine.setTaskDefects(t1, [DAMAGED]);
    await h.engine.idle();
    const [record] = await h.db.outbox.toArray();
    expect(record).toMatchObject({ state: 'pending', attempts: 1 });
    expect((await h.db.taskDefects.get([t1, DAMAGED]))?.checked).toBe(true);

    h.net.heal(down);
    h.advance(2_000);
    await h.engine.syncNow('timer');
    await h.engine.idle();

    expect(await h.world.checkedDefects('t1')).toEqual([DAMAGED]);
    expect(h.net.effects().filter((e) => e === `POST task/${t1}/defects`)).toHaveLength(1);
    expect(await h.db.outbox.count()).toBe(0);
  });

  it('keeps a refused record with the server’s message and its data, and retries it with a new key', async () => {
    await ready();
    // Staff put the task back to reserved on the server.
    await h.world.updateTask('t1', { status: 'reserved' });

    await h.engine.saveScannedItems(t1, [{ id: 's1', ean: product.ean, facings: 3, timestamp: START.toISOString() }]);
    await h.engine.idle();

    const [rejected] = await h.db.outbox.toArray();
    expect(rejected).toMatchObject({
      state: 'rejected',
      error: { status: 420, code: 'TASK_NOT_IN_PROGRESS', message: 'This task is not in progress.' },
      payload: { items: [{ id: 's1', ean: product.ean, facings: 3 }] },
    });

    await h.world.updateTask('t1', { status: 'in_progress' });
    expect(await h.engine.retryRejected(rejected!.id)).toEqual({ ok: true, value: undefined });
    await h.engine.idle();

    const sent = posts('scanned-items');
    expect(sent).toHaveLength(2);
    expect(sent[1]?.headers['idempotency-key']).not.toBe(sent[0]?.headers['idempotency-key']);
    expect((await h.world.scans('t1')).map((s) => [s.id, s.ean, s.facings])).toEqual([['s1', product.ean, 3]]);
    expect(await h.db.outbox.count()).toBe(0);
    expect((await h.db.scannedItems.where('taskId').equals(t1).toArray()).map((s) => s.id)).toEqual(['s1']);
  });

  it('dismisses a rejected record', async () => {
    await ready();
    await h.engine.saveScannedItems(t1, [{ id: 's1', ean: '123', facings: 1, timestamp: START.toISOString() }]);
    await h.engine.idle();
    const [rejected] = await h.db.outbox.toArray();
    expect(rejected).toMatchObject({ state: 'rejected', error: { status: 400, code: 'VALIDATION_FAILED' } });
    expect(posts('scanned-items')[0]?.response?.body).toMatchObject({ error: { fields: { 'items.0.ean': 'EAN_INVALID' } } });

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
    await h.engine.setChecklistDone(t1, [c1]);
    h.advance(5 * 60_000);
    // Coalesced into the record above (never attempted): the newer state carries the newer time.
    await h.engine.setChecklistDone(t1, [c1, c2]);
    const tTicks = h.now().toISOString();
    h.advance(60_000);
    await h.engine.addPhoto(t1, { id: h.id('p1'), blob: jpeg(1), width: 1280, height: 960, comment: '', tags: [] });
    const tPhoto = h.now().toISOString();
    expect(tTicks).not.toBe(t0);
    // The signal comes back two hours later.
    h.advance(2 * 3600_000);
    await reconnect(restore);

    const ticks = posts('done-checklist-items');
    expect(ticks.map((r) => r.body)).toEqual([{ ids: [c1, c2] }]);
    expect(ticks[0]?.headers['shelfwork-recorded-at']).toBe(tTicks);
    expect(posts('photos')[0]?.headers['shelfwork-recorded-at']).toBe(tPhoto);
    expect(await h.db.outbox.count()).toBe(0);
  });

  it('stores photos as blobs offline, uploads metadata then bytes on reconnect, and drops the blob only after the PUT succeeded', async () => {
    await ready();
    const [p1, p2] = [h.id('p1'), h.id('p2')];
    const restore = signalLost();
    await h.engine.addPhoto(t1, { id: p1, blob: jpeg(1), width: 1280, height: 960, comment: 'shelf', tags: ['before'] });
    await h.engine.addPhoto(t1, { id: p2, blob: jpeg(2), width: 1280, height: 960, comment: '', tags: ['after'] });
    await h.engine.idle();
    expect((await h.db.photos.get(p1))?.blob?.size).toBe(64);
    expect(await h.db.outbox.count()).toBe(2);

    await reconnect(restore);

    expect(posts('photos').map((r) => r.body)).toEqual([
      { photos: [{ id: p1, comment: 'shelf', tags: ['before'] }] },
      { photos: [{ id: p2, comment: '', tags: ['after'] }] },
    ]);
    const onServer = await h.world.photos('t1');
    for (const [id, seed] of [[p1, 1], [p2, 2]] as const) {
      const stored = onServer.find((p) => p.id === id);
      expect(stored?.bytes).toEqual(await bytesOf(jpeg(seed)));
      expect(await h.db.photos.get(id)).toMatchObject({ uploadState: 'uploaded', blob: null, url: stored?.url, size: 64 });
    }
    expect(onServer.find((p) => p.id === p1)).toMatchObject({ comment: 'shelf', tags: ['before'] });
    expect(await h.db.outbox.count()).toBe(0);
  });

  it('keeps the blob while the upload keeps failing (5xx), and retries the PUT twice within an attempt', async () => {
    await ready();
    h.net.fail('PUT', /^uploads\//, { kind: 'gateway-error', status: 503 }, { times: 3 });

    await h.engine.addPhoto(t1, { id: h.id('p1'), blob: jpeg(1), width: 1, height: 1, comment: '', tags: [] });
    await h.engine.idle();

    expect(puts()).toHaveLength(3);
    const row = await h.db.photos.get(h.id('p1'));
    expect(row).toMatchObject({ uploadState: 'metadata-sent' });
    expect(row?.blob?.size).toBe(64);
    expect(await h.db.outbox.toArray()).toMatchObject([{ kind: 'photo-create', state: 'pending', attempts: 1 }]);
    expect(await h.world.photos('t1')).toMatchObject([{ id: h.id('p1'), url: null, bytes: null }]);
  });

  it('retries a PUT cut before it reached the server without creating a second photo', async () => {
    await ready();
    h.net.fail('PUT', /^uploads\//, { kind: 'network-error' }, { times: 1 });

    await h.engine.addPhoto(t1, { id: h.id('p1'), blob: jpeg(3), width: 1, height: 1, comment: '', tags: [] });
    await h.engine.idle();

    expect(puts()).toHaveLength(2);
    const onServer = await h.world.photos('t1');
    expect(onServer).toHaveLength(1);
    expect(onServer[0]?.bytes).toEqual(await bytesOf(jpeg(3)));
    expect(await h.db.photos.get(h.id('p1'))).toMatchObject({ uploadState: 'uploaded', blob: null });
  });

  it('sends the file again when the answer to its PUT was lost, and the server keeps it once', async () => {
    await ready();
    h.net.fail('PUT', /^uploads\//, { kind: 'lost-response' }, { times: 1 });

    await h.engine.addPhoto(t1, { id: h.id('p1'), blob: jpeg(5), width: 1, height: 1, comment: '', tags: [] });
    await h.engine.idle();

    expect(puts().map((r) => r.response?.status)).toEqual([200, 200]);
    const onServer = await h.world.photos('t1');
    expect(onServer).toHaveLength(1);
    expect(onServer[0]?.bytes).toEqual(await bytesOf(jpeg(5)));
    expect(await h.db.photos.get(h.id('p1'))).toMatchObject({ uploadState: 'uploaded', blob: null, url: onServer[0]?.url });
  });

  it('gets a fresh upload URL when the old one expired, without a duplicate photo', async () => {
    await ready();
    h.net.fail('PUT', /^uploads\//, { kind: 'network-error' }, { times: 3 });
    await h.engine.addPhoto(t1, { id: h.id('p1'), blob: jpeg(4), width: 1, height: 1, comment: '', tags: [] });
    await h.engine.idle();
    expect(await h.world.photos('t1')).toMatchObject([{ bytes: null }]);

    h.advance(16 * 60_000); // the URL the server stored under the record's key has expired (15 min)
    await h.engine.syncNow('online');
    await h.engine.idle();

    const photoPosts = posts('photos');
    expect(photoPosts).toHaveLength(3); // first, replay (expired URL), re-POST under a new key
    expect(photoPosts[1]?.response?.headers.get('idempotent-replayed')).toBe('true');
    expect(new Set(photoPosts.map((r) => r.headers['idempotency-key'])).size).toBe(2);
    expect(puts().map((r) => r.response?.status ?? 'cut')).toEqual(['cut', 'cut', 'cut', 410, 200]);
    const onServer = await h.world.photos('t1');
    expect(onServer).toHaveLength(1);
    expect(onServer[0]?.bytes).toEqual(await bytesOf(jpeg(4)));
    expect(await h.db.photos.get(h.id('p1'))).toMatchObject({ uploadState: 'uploaded', blob: null });
  });

  it('deletes a photo never sent locally, with its queued upload, and sends no request', async () => {
    await ready();
    const p1 = h.id('p1');
    const restore = signalLost();
    await h.engine.addPhoto(t1, { id: p1, blob: jpeg(1), width: 1, height: 1, comment: '', tags: [] });
    await h.engine.idle();
    // As if the app had been closed before the first attempt: the server never heard of it.
    await h.db.outbox.toCollection().modify({ attempts: 0 });
    restore();

    expect(await h.engine.deletePhotos(t1, [p1])).toEqual({ ok: true, value: undefined });

    expect(await h.db.photos.get(p1)).toBeUndefined();
    expect(await h.db.outbox.count()).toBe(0);
    await h.engine.idle();
    expect(posts('photos/delete')).toHaveLength(0);
  });

  it('queues the deletion of an uploaded photo and removes it when the server confirms', async () => {
    await ready();
    const p1 = h.id('p1');
    await h.engine.addPhoto(t1, { id: p1, blob: jpeg(1), width: 1, height: 1, comment: '', tags: [] });
    await h.engine.idle();
    expect(await h.world.photos('t1')).toHaveLength(1);

    await h.engine.deletePhotos(t1, [p1]);
    expect((await h.db.photos.get(p1))?.deleted).toBe(true);
    await h.engine.idle();

    expect(posts('photos/delete').map((r) => r.body)).toEqual([{ photoIds: [p1] }]);
    expect(await h.world.photos('t1')).toHaveLength(0);
    expect(await h.db.photos.get(p1)).toBeUndefined();
  });

  it('folds a comment edit of a photo never sent into its create record', async () => {
    await ready();
    const p1 = h.id('p1');
    const restore = signalLost();
    await h.engine.addPhoto(t1, { id: p1, blob: jpeg(1), width: 1, height: 1, comment: 'a', tags: [] });
    await h.engine.idle();
    // As if the app had been closed before the first attempt.
    await h.db.outbox.toCollection().modify({ attempts: 0 });

    await h.engine.updatePhotoComment(t1, p1, 'b');

    expect(await h.db.outbox.toArray()).toMatchObject([{ kind: 'photo-create', payload: { photos: [{ id: p1, comment: 'b' }] } }]);
    await reconnect(restore);
    expect((await h.world.photos('t1'))[0]?.comment).toBe('b');
    expect(posts(`photos/${p1}/update`)).toHaveLength(0);
  });

  it('dismissing a rejected upload keeps the photo and its JPEG on the device', async () => {
    await ready();
    const p1 = h.id('p1');
    // The task was completed from the tasker's other device: a new photo is refused.
    await h.world.call(h.world.tasker.id, 'POST', `task/${t1}/complete`, { outcome: 'complete' });
    await h.engine.addPhoto(t1, { id: p1, blob: jpeg(1), width: 1, height: 1, comment: '', tags: [] });
    await h.engine.idle();
    const [record] = await h.db.outbox.toArray();
    expect(record).toMatchObject({ state: 'rejected', error: { status: 420, code: 'TASK_NOT_IN_PROGRESS', message: 'This task is not in progress.' } });

    await h.engine.dismissRejected(record!.id);

    const row = await h.db.photos.get(p1);
    expect(row).toMatchObject({ uploadDismissed: true, uploadState: 'local' });
    expect(row?.blob?.size).toBe(64);
  });
});

describe('completing a task offline', () => {
  it('shows the task awaiting confirmation at once and delivers the completion after every other record of the task', async () => {
    await ready();
    batchDelivery.enabled = false; // one request per record is what this test reads (batches: batch.test.ts)
    const restore = signalLost();
    await h.engine.setChecklistDone(t1, [c1, c2]);
    await h.engine.addPhoto(t1, { id: h.id('p1'), blob: jpeg(1), width: 1, height: 1, comment: '', tags: ['after'] });
    await h.engine.setTaskDefects(t1, [DAMAGED]);
    await h.engine.saveScannedItems(t1, [{ id: 's1', ean: product.ean, facings: 4, timestamp: START.toISOString() }]);
    expect(await h.engine.completeTask(t1, { outcome: 'complete', taskerComment: 'All done' })).toEqual({ ok: true, value: undefined });
    await h.engine.idle();
    expect(await h.db.tasks.get(t1)).toMatchObject({ status: 'awaiting_confirmation', taskerComment: 'All done' });

    await reconnect(restore);

    expect(h.net.effects().filter((e) => e.startsWith('POST task/') || e.startsWith('PUT ')).map((e) => (e.startsWith('PUT uploads/') ? 'PUT uploads' : e.replace(t1, 't1')))).toEqual([
      'POST task/t1/done-checklist-items',
      'POST task/t1/photos',
      'PUT uploads',
      'POST task/t1/defects',
      'POST task/t1/scanned-items',
      'POST task/t1/complete',
    ]);
    expect(await h.world.serverTask('t1')).toMatchObject({ status: 'awaiting_confirmation', tasker_comment: 'All done', done_checklist_item_ids: [c1, c2] });
    expect(await h.world.checkedDefects('t1')).toEqual([DAMAGED]);
    expect(await h.world.completions('t1')).toMatchObject([{ outcome: 'complete' }]);
    expect(await h.db.tasks.get(t1)).toMatchObject({ status: 'awaiting_confirmation' });
    expect(await h.db.outbox.count()).toBe(0);
  });

  it('sends the photos in their own lane beside one batch of ticks, scans and defects, and the completion after both', async () => {
    await ready();
    const restore = signalLost();
    await h.engine.setChecklistDone(t1, [c1]);
    await h.engine.addPhoto(t1, { id: h.id('p1'), blob: jpeg(1), width: 1, height: 1, comment: '', tags: ['before'] });
    await h.engine.saveScannedItems(t1, [{ id: 's1', ean: product.ean, facings: 4, timestamp: START.toISOString() }]);
    await h.engine.addPhoto(t1, { id: h.id('p2'), blob: jpeg(2), width: 1, height: 1, comment: '', tags: ['after'] });
    await h.engine.setTaskDefects(t1, [DAMAGED]);
    await h.engine.completeTask(t1, { outcome: 'complete', taskerComment: 'Lanes' });
    await h.engine.idle();

    // The first photo's bytes are held until the second photo's metadata has gone: the photos of a
    // task go together (up to batchDelivery.photoCreatesAtOnce), not one after the other.
    let release = () => {};
    h.net.fail('PUT', /^uploads\//, { kind: 'hold-request', until: new Promise<void>((resolve) => (release = resolve)) }, { times: 1 });
    const together = vi.waitFor(() => expect(posts('photos')).toHaveLength(2), { timeout: 5_000 }).finally(() => release());
    await reconnect(restore);
    await together;

    // Before lanes, each photo cut the task's queue: ticks, photo, scans, photo, defects + completion
    // went as 1 + 1 + 1 + 1 + one batch of 2. Now the three records between the photos go in one batch.
    const batches = h.net.calls('POST', 'batch').map((r) => (r.body as { records: { path: string }[] }).records.map((x) => x.path.replace(t1, 't1')));
    expect(batches).toEqual([['task/t1/done-checklist-items', 'task/t1/scanned-items', 'task/t1/defects']]);
    const order = h.net.requests.filter((r) => r.method !== 'GET').map((r) => (r.method === 'PUT' ? 'PUT' : r.path.replace(t1, 't1')));
    expect(order.filter((p) => p !== 'batch').sort()).toEqual(['PUT', 'PUT', 'task/t1/complete', 'task/t1/photos', 'task/t1/photos']);
    expect(order.at(-1)).toBe('task/t1/complete');
    expect(posts('photos').map((r) => (r.body as { photos: { id: string }[] }).photos[0]?.id)).toEqual([h.id('p1'), h.id('p2')]);
    expect(await h.world.serverTask('t1')).toMatchObject({ status: 'awaiting_confirmation', tasker_comment: 'Lanes', done_checklist_item_ids: [c1] });
    expect(await h.world.photos('t1')).toHaveLength(2);
    expect(await h.db.outbox.count()).toBe(0);
  });

  it('posts the metadata of photos sent together in queue order, so the server keeps the order they were taken in', async () => {
    await ready();
    const restore = signalLost();
    // Two records for a batch, so the pass drains in lanes (a pass with fewer goes record by record).
    await h.engine.setChecklistDone(t1, [c1]);
    await h.engine.addPhoto(t1, { id: h.id('p1'), blob: jpeg(1), width: 1, height: 1, comment: '', tags: ['before'] });
    await h.engine.setTaskDefects(t1, [DAMAGED]);
    await h.engine.addPhoto(t1, { id: h.id('p2'), blob: jpeg(2), width: 1, height: 1, comment: '', tags: ['after'] });
    await h.engine.addPhoto(t1, { id: h.id('p3'), blob: jpeg(3), width: 1, height: 1, comment: '', tags: ['after'] });
    await h.engine.idle();

    // The first photo's metadata is held: the other two wait for its answer, not just for a slot.
    let release = () => {};
    const held = h.net.fail('POST', `task/${t1}/photos`, { kind: 'hold-request', until: new Promise<void>((resolve) => (release = resolve)) }, { times: 1 });
    const sync = reconnect(restore);
    await vi.waitFor(() => expect(held.hits).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(posts('photos')).toHaveLength(1);
    release();
    await sync;

    expect(posts('photos').map((r) => (r.body as { photos: { id: string }[] }).photos[0]?.id)).toEqual([h.id('p1'), h.id('p2'), h.id('p3')]);
    expect((await h.world.photos('t1')).map((p) => p.id)).toEqual([h.id('p1'), h.id('p2'), h.id('p3')]);
    expect(await h.db.outbox.count()).toBe(0);
  });

  it('changes nothing on the server when the same outbox is replayed', async () => {
    await ready();
    const restore = signalLost();
    await h.engine.setChecklistDone(t1, [c1]);
    await h.engine.addPhoto(t1, { id: h.id('p1'), blob: jpeg(1), width: 1, height: 1, comment: '', tags: [] });
    await h.engine.completeTask(t1, { outcome: 'complete', taskerComment: '' });
    await h.engine.idle();
    const outbox = await h.db.outbox.toArray();
    const photos = await h.db.photos.toArray();
    await reconnect(restore);
    const serverState = async () => ({
      task: await h.world.serverTask('t1'),
      photos: await h.world.photos('t1'),
      photoRows: await h.world.photoRows('t1'),
      completions: await h.world.completions('t1'),
    });
    const before = await serverState();
    expect(before.task.status).toBe('awaiting_confirmation');
    const sentBefore = h.net.requests.length;

    // The same records (same keys, same payloads) and the photo with its blob, sent again.
    await h.db.outbox.bulkPut(outbox.map((r) => ({ ...r, state: 'pending' as const, nextAttemptAt: null })));
    await h.db.photos.bulkPut(photos);
    await h.engine.syncNow('online');
    await h.engine.idle();

    const replayed = h.net.requests.slice(sentBefore).filter((r) => r.method === 'POST');
    // The tick and the photo go side by side (their own lanes), the completion after both.
    const paths = replayed.map((r) => r.path.replace(t1, 't1'));
    expect(paths.slice(0, 2).sort()).toEqual(['task/t1/done-checklist-items', 'task/t1/photos']);
    expect(paths[2]).toBe('task/t1/complete');
    expect(replayed.map((r) => r.response?.headers.get('idempotent-replayed'))).toEqual(['true', 'true', 'true']);
    expect(await serverState()).toEqual(before);
    expect(before.completions).toHaveLength(1);
    expect(await h.db.outbox.count()).toBe(0);
  });

  it('refuses an incomplete outcome without a photo at once, with the server’s code, and queues nothing', async () => {
    await ready();
    const result = await h.engine.completeTask(t1, { outcome: 'incomplete', taskerComment: '', reason: 'Shelf empty', policyAgreed: true });
    expect(result).toMatchObject({ ok: false, error: { status: 420, code: 'PHOTOS_REQUIRED' } });
    expect(await h.db.outbox.count()).toBe(0);
    expect((await h.db.tasks.get(t1))?.status).toBe('in_progress');
  });
});

describe('storage', () => {
  it('answers QUOTA_EXCEEDED when the device is full, writing nothing', async () => {
    await ready();
    vi.spyOn(h.db.photos, 'add').mockRejectedValue(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));

    const result = await h.engine.addPhoto(t1, { id: h.id('p1'), blob: jpeg(1), width: 1, height: 1, comment: '', tags: [] });

    expect(result).toMatchObject({ ok: false, error: { code: 'QUOTA_EXCEEDED' } });
    expect(await h.db.outbox.count()).toBe(0);
  });

  it('answers QUOTA_EXCEEDED for a tick when the outbox cannot grow', async () => {
    await ready();
    vi.spyOn(h.db.outbox, 'add').mockRejectedValue(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));

    const result = await h.engine.setChecklistDone(t1, [c1]);

    expect(result).toMatchObject({ ok: false, error: { code: 'QUOTA_EXCEEDED' } });
    expect((await h.db.checklistItems.get(c1))?.isDone).toBe(false);
  });
});
