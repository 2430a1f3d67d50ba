/**
 * Resumable photo uploads (docs/decisions/0007-resumable-uploads.md) between the sync worker and
 * the real server: a 1 MB photo goes by tus in 128 kB chunks; the connection is cut after half
 * of them (every later chunk fails on the device, tus-js-client's retries included), so the
 * attempt fails with half the bytes on the server. After the signal comes back the worker is
 * restarted (a reload: the upload's URL was kept on the outbox record), asks the server for the
 * offset (HEAD) and sends only the rest; the server stores the photo once, whole.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, OPEN_WINDOW, useSyncServer, type Harness } from '../../test/support/sync-harness';
import { TUS_CHUNK_BYTES, type ResumableRecord } from './photos';

const server = useSyncServer();
let h: Harness;
afterEach(async () => {
  await h?.engine.idle();
  h?.db.close();
});

const CHUNKS = 8;

/** A JPEG-looking file of `size` bytes (the server checks the FF D8 FF magic). */
function jpeg(size: number): Blob {
  const bytes = new Uint8Array(size);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  for (let i = 4; i < size; i++) bytes[i] = (i * 7 + 13) % 256;
  return new Blob([bytes], { type: 'image/jpeg' });
}

const tusRequests = (method: string) => h.net.requests.filter((r) => r.method === method && r.path.startsWith('uploads/tus'));

describe('resumable photo uploads', () => {
  it('a photo cut after half its chunks resumes after a reload and sends only the rest', async () => {
    h = await createHarness(server());
    const t1 = await h.world.task('t1', 'in_progress', { ...OPEN_WINDOW, startTime: '2026-11-21T07:30:00.000Z' });
    await h.logIn();
    await h.engine.syncNow('start');
    await h.engine.idle();

    const blob = jpeg(CHUNKS * TUS_CHUNK_BYTES);
    const half = (CHUNKS / 2) * TUS_CHUNK_BYTES;
    // The signal goes once half the chunks are through: every later PATCH fails on the device.
    const cut = h.net.fail('PATCH', /^uploads\/tus\//, { kind: 'network-error' }, { where: () => tusRequests('PATCH').length > CHUNKS / 2 });
    await h.engine.addPhoto(t1, { id: h.id('p1'), blob, width: 1280, height: 960, comment: '', tags: [] });
    await h.engine.idle();

    expect(tusRequests('POST')).toHaveLength(1);
    const delivered = tusRequests('PATCH').filter((r) => r.reachedServer);
    expect(delivered.reduce((sum, r) => sum + (r.raw?.length ?? 0), 0)).toBe(half);
    const [record] = (await h.db.outbox.toArray()) as ResumableRecord[];
    expect(record).toMatchObject({ kind: 'photo-create', state: 'pending' });
    expect(record?.uploadUrl).toMatch(/\/api\/uploads\/tus\/tus-[0-9a-f]{32}$/);
    expect(await h.world.photos('t1')).toMatchObject([{ bytes: null }]);
    expect((await h.db.photos.get(h.id('p1')))?.blob?.size).toBe(blob.size);

    // The signal is back and the worker restarts (a reload).
    h.net.heal(cut);
    const sentBefore = h.net.requests.length;
    const engine = h.restartEngine();
    await engine.syncNow('online');
    await engine.idle();

    const after = h.net.requests.slice(sentBefore).filter((r) => r.path.startsWith('uploads/'));
    expect(after.map((r) => r.method).slice(0, 2)).toEqual(['HEAD', 'PATCH']);
    expect(after.filter((r) => r.method === 'POST' || r.method === 'PUT')).toHaveLength(0);
    expect(after.reduce((sum, r) => sum + (r.raw?.length ?? 0), 0)).toBe(blob.size - half);

    const onServer = await h.world.photos('t1');
    expect(onServer).toHaveLength(1);
    // Compared as Buffers: a deep equality of a megabyte, byte by byte, is slow.
    expect(Buffer.from(onServer[0]?.bytes ?? []).equals(Buffer.from(await blob.arrayBuffer()))).toBe(true);
    expect(await h.db.photos.get(h.id('p1'))).toMatchObject({ uploadState: 'uploaded', blob: null, url: onServer[0]?.url });
    expect(await h.db.outbox.count()).toBe(0);
  });
});
