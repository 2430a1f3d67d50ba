/**
 * The task pack's own cache (pack.ts): the browser store writes a cache the service worker never
 * trims, and `maintainPackCache` (run by the engine on every sync) keeps exactly what reserved and
 * in-progress tasks need — shared URLs included — and reopens a pack whose entries the browser
 * evicted, so it is downloaded again.
 */
import type { CompletePayload } from '#db/outboxKinds';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TaskStatus } from '#domain/types';
import { installFakeCaches } from '../../test/support/fake-caches';
import { IMAGE_CACHE_NAME, PACK_CACHE_NAME } from '#contracts/serviceWorker';
import { createHarness, OPEN_WINDOW, useSyncServer, type Harness } from '../../test/support/sync-harness';
import type { TaskSpec } from '../../test/support/sync-world';
import { browserImageCache, IMAGES_EVICTED, maintainPackCache, type ImageCache, type PackContext } from './pack';
import type { FeatureContext } from './feature';
import { packContext } from './packSchedule';

const server = useSyncServer();
let h: Harness | undefined;
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await h?.engine.idle();
  h?.db.close();
  h = undefined;
});

const ORIGIN = 'http://shelfwork.test';
/** The seed's Maxima logo (retailers.logo), shared by every task at a Maxima store. */
const LOGO = `${ORIGIN}/logos/maxima.svg`;
const CDN = 'https://cdn.shelfwork.test/';
const KEPT = ['reserved', 'in_progress'] as const;

/** A task at a Maxima store of its own, with a letter and one own image. */
function maximaTask(name: string, status: TaskStatus, own: string, overrides: TaskSpec = {}): [string, TaskSpec] {
  return [name, { status, letterOfAuthorityUrl: `/letters/maxima-${name}.pdf`, targetProductPhotos: [own], ...overrides }];
}

const stored = () => [...(h as Harness).images.stored].sort();

async function sync(reason: 'timer' | 'online' = 'timer'): Promise<void> {
  const harness = h as Harness;
  await harness.engine.syncNow(reason);
  await harness.engine.idle();
}

/** Logged in with t1 in progress and t2 reserved (both at Maxima), both packs pulled. */
async function twoTasks(): Promise<Harness> {
  h = await createHarness(server());
  await h.world.tasks([
    maximaTask('t1', 'in_progress', `${CDN}t1-target.jpg`, { ...OPEN_WINDOW, startTime: '2026-11-21T07:30:00.000Z' }),
    maximaTask('t2', 'reserved', `${CDN}t2-target.jpg`, { earlyCancelDeadline: '2026-11-21T12:00:00.000Z', lateCancelDeadline: '2026-11-21T20:00:00.000Z' }),
  ]);
  await h.logIn();
  await sync('online');
  return h;
}

/** The engine's pack context (private; the pin bookkeeping is keyed by its image cache). */
function packCtx(harness: Harness): PackContext {
  return packContext((harness.engine as unknown as { ctx: FeatureContext }).ctx);
}

describe('the browser’s pack cache', () => {
  function setUp() {
    const storage = installFakeCaches();
    vi.stubGlobal('location', { origin: ORIGIN });
    const fetchMock = vi.fn(async (url: string) => new Response(`bytes of ${url}`, { headers: { 'content-type': url.endsWith('.pdf') ? 'application/pdf' : 'image/svg+xml' } }));
    vi.stubGlobal('fetch', fetchMock);
    return { ...storage, fetchMock, cache: browserImageCache() as ImageCache };
  }

  it('stores pack images and documents in the pack cache, never in the runtime cache the service worker trims', async () => {
    const { caches, entriesOf, fetchMock, cache } = setUp();

    expect(await cache.ensure(`${ORIGIN}/letters/maxima.pdf`)).toBe(true);
    expect(await cache.ensure(LOGO)).toBe(true);
    expect(await cache.ensure(LOGO)).toBe(true);

    expect([...entriesOf(PACK_CACHE_NAME).keys()]).toEqual([`${ORIGIN}/letters/maxima.pdf`, LOGO]);
    expect(caches.has(IMAGE_CACHE_NAME)).toBe(false);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock).toHaveBeenCalledWith(LOGO, { mode: 'same-origin', credentials: 'omit' });
    expect(entriesOf(PACK_CACHE_NAME).get(`${ORIGIN}/letters/maxima.pdf`)?.headers.get('content-type')).toBe('application/pdf');
  });

  it('copies an image the runtime cache already holds instead of downloading it again', async () => {
    const { entriesOf, fetchMock, cache } = setUp();
    entriesOf(IMAGE_CACHE_NAME).set(LOGO, new Response('seen in a list'));

    expect(await cache.ensure(LOGO)).toBe(true);

    expect(fetchMock).not.toHaveBeenCalled();
    expect(await entriesOf(PACK_CACHE_NAME).get(LOGO)?.text()).toBe('seen in a list');
  });

  it('fetches a cross-origin image without CORS and refuses error answers', async () => {
    const { entriesOf, fetchMock, cache } = setUp();
    fetchMock.mockImplementationOnce(async () => new Response('gone', { status: 404 }));

    expect(await cache.ensure(`${CDN}missing.jpg`)).toBe(false);
    expect(fetchMock).toHaveBeenCalledWith(`${CDN}missing.jpg`, { mode: 'no-cors', credentials: 'omit' });
    expect(entriesOf(PACK_CACHE_NAME).size).toBe(0);
  });

  it('lists nothing when the browser deleted the cache, and deletes single entries', async () => {
    const { caches, cache } = setUp();
    expect(await cache.keys()).toEqual([]);
    expect(caches.has(PACK_CACHE_NAME)).toBe(false);

    await cache.ensure(LOGO);
    await cache.ensure(`${CDN}a.jpg`);
    await cache.delete(LOGO);
    expect(await cache.keys()).toEqual([`${CDN}a.jpg`]);

    caches.delete(PACK_CACHE_NAME);
    expect(await cache.keys()).toEqual([]);
  });
});

describe('maintainPackCache', () => {
  it('deletes what no reserved or in-progress task needs, keeping URLs a kept task shares', async () => {
    const harness = await twoTasks();
    const t1 = [`${CDN}t1-target.jpg`, `${ORIGIN}/letters/maxima-t1.pdf`, LOGO];
    const t2 = [`${CDN}t2-target.jpg`, `${ORIGIN}/letters/maxima-t2.pdf`];
    expect(stored()).toEqual([...t1, ...t2].sort());
    // Left behind by a task this device forgot (another account, an older version…).
    harness.images.stored.add(`${CDN}stale.jpg`);

    await sync();
    expect(stored()).toEqual([...t1, ...t2].sort());

    // t2 is cancelled: its own images go, the Maxima logo stays for t1.
    expect(await harness.engine.cancelTask(harness.id('t2'), null)).toMatchObject({ ok: true });
    await harness.engine.idle();
    await sync();
    expect(stored()).toEqual(t1.sort());

    // t1 leaves the kept statuses too (finished elsewhere): nothing is left.
    await harness.db.tasks.update(harness.id('t1'), { status: 'awaiting_confirmation' });
    await maintainPackCache(packCtx(harness), KEPT);
    expect(stored()).toEqual([]);
  });

  it('keeps the pack of a task that still has records to send, whatever its status', async () => {
    const harness = await twoTasks();
    const t2 = harness.id('t2');
    await harness.db.tasks.update(t2, { status: 'awaiting_confirmation' });
    await harness.db.outbox.add({
      id: 'r1',
      taskId: t2,
      kind: 'complete-task',
      method: 'POST',
      path: `task/${t2}/complete`,
      payload: {} as CompletePayload,
      state: 'pending',
      attempts: 0,
      createdAt: '2026-11-21T08:00:00.000Z',
      nextAttemptAt: null,
      error: null,
    });

    await maintainPackCache(packCtx(harness), KEPT);

    expect(stored()).toContain(`${ORIGIN}/letters/maxima-t2.pdf`);
  });

  it('downloads the images of a pack again on the next sync when the browser evicted them', async () => {
    const harness = await twoTasks();
    const letter = `${ORIGIN}/letters/maxima-t1.pdf`;
    const ensured = () => harness.net.calls('GET', `task/${harness.id('t1')}/checklist-items`).length;
    const before = ensured();
    harness.images.stored.delete(letter);
    harness.images.stored.delete(LOGO);

    await sync();

    expect(stored()).toContain(letter);
    expect(stored()).toContain(LOGO);
    expect(ensured()).toBe(before + 1);
    expect(await harness.db.taskPacks.get(harness.id('t1'))).toMatchObject({ complete: true, error: null });
  });

  it('keeps the letter in the tasker’s language beside the English one', async () => {
    const harness = await twoTasks();
    await harness.db.kv.put({ key: 'locale', value: 'lt' });
    harness.images.stored.delete(`${ORIGIN}/letters/maxima-t1.pdf`);

    await sync();

    expect(stored()).toContain(`${ORIGIN}/letters/maxima-t1.pdf`);
    expect(stored()).toContain(`${ORIGIN}/letters/maxima-t1.lt.pdf`);
  });

  it('says the pack is incomplete while there is no signal to download them again', async () => {
    const harness = await twoTasks();
    harness.net.offline = true;
    harness.images.stored.clear();

    await sync();

    expect(await harness.db.taskPacks.get(harness.id('t1'))).toMatchObject({ complete: false, parts: { images: null } });
    expect(await harness.db.taskPacks.get(harness.id('t2'))).toMatchObject({ complete: false, parts: { images: null } });

    harness.net.offline = false;
    await sync('online');
    expect(await harness.db.taskPacks.get(harness.id('t1'))).toMatchObject({ complete: true, error: null });
    expect(stored()).toContain(LOGO);
  });

  it('reopens a pack pulled before the pack cache existed (no list of its images)', async () => {
    const harness = await twoTasks();
    const t2 = harness.id('t2');
    const row = await harness.db.taskPacks.get(t2);
    await harness.db.taskPacks.put({ taskId: t2, parts: row!.parts, complete: true, error: null });

    const { reopened } = await maintainPackCache(packCtx(harness), KEPT);

    expect(reopened).toEqual([t2]);
    expect(await harness.db.taskPacks.get(t2)).toMatchObject({ complete: false, error: IMAGES_EVICTED });
    expect((await harness.db.meta.get(`pack:${t2}`))?.attemptedAt).toBeNull();
  });

  it('never deletes what a pack pull is storing before its row names it', async () => {
    const harness = await twoTasks();
    const [t3 = ''] = await harness.world.tasks([maximaTask('t3', 'reserved', `${CDN}t3-target.jpg`)]);
    await harness.db.tasks.put({ ...(await harness.db.tasks.get(harness.id('t2')))!, id: t3, letterOfAuthorityUrl: '/letters/maxima-t3.pdf', targetProductPhotos: [`${CDN}t3-target.jpg`] });
    // The pull stores t3's letter, then waits (a slow image) before writing its row.
    const cache = packCtx(harness).images!;
    const ensure = cache.ensure.bind(cache);
    let release: () => void = () => undefined;
    const slow = new Promise<void>((resolve) => (release = resolve));
    let storedLetter: () => void = () => undefined;
    const letterIn = new Promise<void>((resolve) => (storedLetter = resolve));
    cache.ensure = async (url) => {
      const ok = await ensure(url);
      if (url.endsWith('maxima-t3.pdf')) storedLetter();
      if (url.endsWith('t3-target.jpg')) await slow;
      return ok;
    };

    const pull = harness.engine.pullTaskPack(t3);
    await letterIn;
    const { deleted } = await maintainPackCache(packCtx(harness), KEPT);
    release();
    expect(await pull).toMatchObject({ ok: true });

    expect(deleted).toEqual([]);
    expect(stored()).toContain(`${ORIGIN}/letters/maxima-t3.pdf`);
    await maintainPackCache(packCtx(harness), KEPT);
    expect(stored()).toContain(`${ORIGIN}/letters/maxima-t3.pdf`);
    expect(await harness.db.taskPacks.get(t3)).toMatchObject({ complete: true, images: expect.arrayContaining([`${ORIGIN}/letters/maxima-t3.pdf`]) });
  });
});
