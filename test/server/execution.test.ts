/**
 * Doing the work through HTTP: checklist ticks, products, defects, scanned items,
 * photo metadata, presigned uploads and signed read URLs, completion — each endpoint's happy
 * path, idempotent replays (same key → same body, one effect), ownership and status refusals.
 */
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SEED_TIME, startTestServer, type TestServer } from './helpers';
import { errorOf, getJson, jpegBytes, newId, postJson, putJpeg, sha256, taskInStatus } from './execution-fixtures';
import { createTask, createTaskers, placeOf, post } from './lifecycle-fixtures';
import { execDb } from '../../server/execution/tables';
import { EAN_INVALID_MESSAGE, ITEMS_INVALID_MESSAGE } from '../../server/execution/input';
import type { ChecklistItem, Defect, Photo, PhotoUploadTarget, Product, ScannedItem, Task } from '#domain/types';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
  if (server) rmSync(server.config.photoDir, { recursive: true, force: true });
});
afterEach(() => {
  server.clock.set(SEED_TIME);
});

const photoCount = async (taskId: string) => (await execDb(server.db).selectFrom('photos').select('id').where('task_id', '=', taskId).execute()).length;

async function createPhoto(taskId: string, token: string, tags: string[] = ['before']): Promise<PhotoUploadTarget> {
  const res = await postJson(server, `/api/task/${taskId}/photos`, token, { photos: [{ id: newId(), comment: 'shelf', tags }] });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json<{ data: PhotoUploadTarget[] }>().data[0]) as PhotoUploadTarget;
}

describe('checklist', () => {
  it('lists the task checklist with isDone from the done list, and a POST replaces the done list', async () => {
    const { taskId, tasker } = await taskInStatus(server);
    const listed = await getJson(server, `/api/task/${taskId}/checklist-items`, tasker.token);
    expect(listed.statusCode).toBe(200);
    const items = listed.json<{ data: ChecklistItem[] }>().data;
    expect(items.length).toBeGreaterThanOrEqual(2);
    expect(items.every((i) => i.isDone === false)).toBe(true);
    const camera = items.find((i) => i.type === 'camera') as ChecklistItem;
    expect(camera.metadata.tags).toEqual(['before']);

    const [first, second] = items as [ChecklistItem, ChecklistItem];
    const set = await postJson(server, `/api/task/${taskId}/done-checklist-items`, tasker.token, { ids: [second.id, first.id, first.id] });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ doneChecklistItemIds: [first.id, second.id] });
    const last = await postJson(server, `/api/task/${taskId}/done-checklist-items`, tasker.token, { ids: [second.id] });
    expect(last.json()).toEqual({ doneChecklistItemIds: [second.id] });

    const after = (await getJson(server, `/api/task/${taskId}/checklist-items`, tasker.token)).json<{ data: ChecklistItem[] }>().data;
    expect(after.filter((i) => i.isDone).map((i) => i.id)).toEqual([second.id]);
    const task = (await getJson(server, `/api/task/${taskId}`, tasker.token)).json<Task>();
    expect(task.doneChecklistItemIds).toEqual([second.id]);
  });

  it('refuses ids that are not items of the task with 400 UNKNOWN_ITEM and changes nothing', async () => {
    const { taskId, tasker } = await taskInStatus(server);
    const other = await taskInStatus(server, { tasker });
    const otherItems = (await getJson(server, `/api/task/${other.taskId}/checklist-items`, tasker.token)).json<{ data: ChecklistItem[] }>().data;
    const res = await postJson(server, `/api/task/${taskId}/done-checklist-items`, tasker.token, { ids: [(otherItems[0] as ChecklistItem).id] });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ code: 'VALIDATION_FAILED', fields: { ids: 'UNKNOWN_ITEM' } });
    const row = await server.db.selectFrom('tasks').select('done_checklist_item_ids').where('id', '=', taskId).executeTakeFirstOrThrow();
    expect(row.done_checklist_item_ids).toEqual([]);
  });

  it('a replayed tick answers the stored response and does not overwrite a later state', async () => {
    const { taskId, tasker } = await taskInStatus(server);
    const items = (await getJson(server, `/api/task/${taskId}/checklist-items`, tasker.token)).json<{ data: ChecklistItem[] }>().data;
    const [a, b] = items as [ChecklistItem, ChecklistItem];
    const key = newId();
    const first = await postJson(server, `/api/task/${taskId}/done-checklist-items`, tasker.token, { ids: [a.id] }, key);
    await postJson(server, `/api/task/${taskId}/done-checklist-items`, tasker.token, { ids: [b.id] });
    const replay = await postJson(server, `/api/task/${taskId}/done-checklist-items`, tasker.token, { ids: [a.id] }, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    const task = (await getJson(server, `/api/task/${taskId}`, tasker.token)).json<Task>();
    expect(task.doneChecklistItemIds).toEqual([b.id]);
  });
});

describe('products and defects', () => {
  it('lists the products of the task', async () => {
    const { taskId, tasker } = await taskInStatus(server, { taskTypeId: 'sku-scan' });
    const products = await server.db.selectFrom('products').select(['id', 'ean', 'name', 'brand']).orderBy('id').limit(3).execute();
    await server.db.insertInto('task_products').values(products.map((p) => ({ task_id: taskId, product_id: p.id }))).execute();
    const res = await getJson(server, `/api/task/${taskId}/products`, tasker.token);
    expect(res.statusCode).toBe(200);
    const data = res.json<{ data: Product[] }>().data;
    expect(data.map((p) => p.ean).sort()).toEqual(products.map((p) => p.ean).sort());
    expect(data[0]).toEqual(expect.objectContaining({ name: expect.any(String), brand: expect.any(String), ean: expect.any(String) }));
  });

  it('lists global defects without checked, and the task defects with checked; a POST replaces the checked set', async () => {
    const global = (await getJson(server, '/api/task/defects', (await createTaskers(server, 1))[0]!.token)).json<{ data: Defect[] }>().data;
    expect(global.length).toBeGreaterThan(0);
    expect(global.every((d) => !('checked' in d))).toBe(true);
    expect(global.some((d) => d.type === 'task_blocker')).toBe(true);

    const { taskId, tasker } = await taskInStatus(server, { taskTypeId: 'defects' });
    const before = (await getJson(server, `/api/task/${taskId}/defects`, tasker.token)).json<{ data: Defect[] }>().data;
    expect(before.map((d) => d.id).sort()).toEqual(global.map((d) => d.id).sort());
    expect(before.every((d) => d.checked === false)).toBe(true);

    const regular = global.filter((d) => d.type === 'regular').map((d) => d.id);
    const set = await postJson(server, `/api/task/${taskId}/defects`, tasker.token, { defectIds: regular.slice(0, 2) });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<{ data: Defect[] }>().data.filter((d) => d.checked).map((d) => d.id).sort()).toEqual(regular.slice(0, 2).sort());
    const replaced = await postJson(server, `/api/task/${taskId}/defects`, tasker.token, { defectIds: [regular[2]] });
    expect(replaced.json<{ data: Defect[] }>().data.filter((d) => d.checked).map((d) => d.id)).toEqual([regular[2]]);
    const listed = (await getJson(server, `/api/task/${taskId}/defects`, tasker.token)).json<{ data: Defect[] }>().data;
    expect(listed.filter((d) => d.checked).map((d) => d.id)).toEqual([regular[2]]);
    expect(listed).toHaveLength(global.length);

    const unknown = await postJson(server, `/api/task/${taskId}/defects`, tasker.token, { defectIds: ['no-such-defect'] });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).fields).toEqual({ defectIds: 'UNKNOWN_DEFECT' });
  });

  it('a task without defect items has no task defects and refuses defect ids', async () => {
    const { taskId, tasker } = await taskInStatus(server, { taskTypeId: 'shelf-photo' });
    expect((await getJson(server, `/api/task/${taskId}/defects`, tasker.token)).json()).toEqual({ data: [] });
    const res = await postJson(server, `/api/task/${taskId}/defects`, tasker.token, { defectIds: ['damaged-packaging'] });
    expect(res.statusCode).toBe(400);
  });

  it('an empty defect set on a task without defect items is accepted (the outbox sends it; it must not be a 500)', async () => {
    const { taskId, tasker } = await taskInStatus(server, { taskTypeId: 'shelf-photo' });
    const res = await postJson(server, `/api/task/${taskId}/defects`, tasker.token, { defectIds: [] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [] });
  });

  it('a replayed defect save answers the stored body with one effect', async () => {
    const { taskId, tasker } = await taskInStatus(server, { taskTypeId: 'defects' });
    const key = newId();
    const first = await postJson(server, `/api/task/${taskId}/defects`, tasker.token, { defectIds: ['dirty-shelf'] }, key);
    await postJson(server, `/api/task/${taskId}/defects`, tasker.token, { defectIds: [] });
    const replay = await postJson(server, `/api/task/${taskId}/defects`, tasker.token, { defectIds: ['dirty-shelf'] }, key);
    expect(replay.json()).toEqual(first.json());
    const checked = await server.db.selectFrom('task_defects').select('defect_id').where('task_id', '=', taskId).where('checked', '=', true).execute();
    expect(checked).toEqual([]);
  });
});

describe('scanned items', () => {
  const items = (n: number): ScannedItem[] =>
    Array.from({ length: n }, (_, i) => ({ id: newId(), ean: ['4006381333931', '96385074', '036000291452'][i % 3] as string, facings: i, timestamp: `2026-03-10T09:0${i}:00.000Z` }));

  it('saves the full list and lists it back in order', async () => {
    const { taskId, tasker } = await taskInStatus(server, { taskTypeId: 'sku-scan' });
    const list = items(3);
    const res = await postJson(server, `/api/task/${taskId}/scanned-items`, tasker.token, { items: list });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: list });
    expect((await getJson(server, `/api/task/${taskId}/scanned-items`, tasker.token)).json()).toEqual({ data: list });
    const shorter = list.slice(1);
    await postJson(server, `/api/task/${taskId}/scanned-items`, tasker.token, { items: shorter });
    expect((await getJson(server, `/api/task/${taskId}/scanned-items`, tasker.token)).json()).toEqual({ data: shorter });
  });

  it('refuses an invalid EAN or facings with per-item field codes and the spec message, saving nothing', async () => {
    const { taskId, tasker } = await taskInStatus(server, { taskTypeId: 'sku-scan' });
    const list = items(4);
    const bad = [list[0], { ...list[1], ean: '4006381333932' }, list[2], { ...list[3], facings: 100 }];
    const res = await postJson(server, `/api/task/${taskId}/scanned-items`, tasker.token, { items: bad });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toEqual({ code: 'VALIDATION_FAILED', message: EAN_INVALID_MESSAGE, fields: { 'items.1.ean': 'EAN_INVALID', 'items.3.facings': 'FACINGS_INVALID' } });
    const noFacings = await postJson(server, `/api/task/${taskId}/scanned-items`, tasker.token, { items: [{ ...list[0], facings: undefined }] });
    expect(errorOf(noFacings)).toEqual({ code: 'VALIDATION_FAILED', message: ITEMS_INVALID_MESSAGE, fields: { 'items.0.facings': 'FACINGS_REQUIRED' } });
    expect((await getJson(server, `/api/task/${taskId}/scanned-items`, tasker.token)).json()).toEqual({ data: [] });
  });

  it('a replayed save answers the same body and never duplicates items', async () => {
    const { taskId, tasker } = await taskInStatus(server, { taskTypeId: 'sku-scan' });
    const list = items(2);
    const key = newId();
    const first = await postJson(server, `/api/task/${taskId}/scanned-items`, tasker.token, { items: list }, key);
    const replays = await Promise.all([1, 2, 3].map(() => postJson(server, `/api/task/${taskId}/scanned-items`, tasker.token, { items: list }, key)));
    for (const r of replays) expect(r.json()).toEqual(first.json());
    const rows = await execDb(server.db).selectFrom('scanned_items').select('id').where('task_id', '=', taskId).execute();
    expect(rows).toHaveLength(2);
  });
});

describe('photos', () => {
  it('creates metadata, uploads the bytes through the presigned URL and serves them back unchanged', async () => {
    const { taskId, tasker } = await taskInStatus(server);
    const id = newId();
    const created = await postJson(server, `/api/task/${taskId}/photos`, tasker.token, { photos: [{ id, comment: '  left bay ', tags: ['before', 'before', 'defect'] }] });
    expect(created.statusCode, created.body).toBe(200);
    const [target] = created.json<{ data: PhotoUploadTarget[] }>().data as [PhotoUploadTarget];
    expect(target.presignedUrl).toMatch(/^\/api\/uploads\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(target.photo).toEqual({ id, url: null, comment: 'left bay', tags: ['before', 'defect'], createdAt: SEED_TIME, updatedAt: SEED_TIME });
    expect((await getJson(server, `/api/task/${taskId}/photos`, tasker.token)).json()).toEqual({ data: [target.photo] });

    const bytes = jpegBytes(50_000);
    const put = await putJpeg(server, target.presignedUrl, bytes);
    expect(put.statusCode, put.body).toBe(200);
    const photo = put.json<{ photo: Photo }>().photo;
    expect(photo.id).toBe(id);
    expect(photo.url).toMatch(new RegExp(`^/api/photos/${id}/file\\?exp=\\d+&sig=[A-Za-z0-9_-]+$`));

    const listed = (await getJson(server, `/api/task/${taskId}/photos`, tasker.token)).json<{ data: Photo[] }>().data;
    expect(listed).toEqual([photo]);
    const file = await server.request({ method: 'GET', url: photo.url as string });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(sha256(file.rawPayload)).toBe(sha256(bytes));
    expect(file.rawPayload.length).toBe(bytes.length);
  });

  it('a second PUT of the same bytes answers 200 with the same photo; different bytes are refused', async () => {
    const { taskId, tasker } = await taskInStatus(server);
    const target = await createPhoto(taskId, tasker.token);
    const bytes = jpegBytes(4096);
    const first = await putJpeg(server, target.presignedUrl, bytes);
    const again = await putJpeg(server, target.presignedUrl, bytes);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const other = await putJpeg(server, target.presignedUrl, jpegBytes(4096));
    expect(other.statusCode).toBe(409);
    expect(errorOf(other).code).toBe('PHOTO_ALREADY_UPLOADED');
    const file = await server.request({ method: 'GET', url: first.json<{ photo: Photo }>().photo.url as string });
    expect(sha256(file.rawPayload)).toBe(sha256(bytes));
  });

  it('is idempotent by key and by photo id: replays and re-posts never duplicate, a re-post gives a fresh upload URL', async () => {
    const { taskId, tasker } = await taskInStatus(server);
    const id = newId();
    const key = newId();
    const payload = { photos: [{ id, comment: 'a', tags: ['after'] }] };
    const first = await postJson(server, `/api/task/${taskId}/photos`, tasker.token, payload, key);
    const replay = await postJson(server, `/api/task/${taskId}/photos`, tasker.token, payload, key);
    expect(replay.json()).toEqual(first.json());
    server.clock.advance(60_000);
    const repost = await postJson(server, `/api/task/${taskId}/photos`, tasker.token, { photos: [{ id, comment: 'changed', tags: [] }] });
    expect(repost.statusCode).toBe(200);
    const [again] = repost.json<{ data: PhotoUploadTarget[] }>().data as [PhotoUploadTarget];
    const [orig] = first.json<{ data: PhotoUploadTarget[] }>().data as [PhotoUploadTarget];
    expect(again.photo).toEqual(orig.photo);
    expect(again.presignedUrl).not.toBe(orig.presignedUrl);
    expect(await photoCount(taskId)).toBe(1);
  });

  it('parallel deliveries of one photo (metadata with different keys, then the same PUT) make one photo and one file', async () => {
    const { taskId, tasker } = await taskInStatus(server);
    const id = newId();
    const posts = await Promise.all([1, 2, 3, 4].map(() => postJson(server, `/api/task/${taskId}/photos`, tasker.token, { photos: [{ id, comment: 'c', tags: ['after'] }] })));
    for (const r of posts) expect(r.statusCode, r.body).toBe(200);
    expect(await photoCount(taskId)).toBe(1);
    const target = posts[0]!.json<{ data: PhotoUploadTarget[] }>().data[0] as PhotoUploadTarget;
    const bytes = jpegBytes(100_000);
    const puts = await Promise.all([1, 2, 3, 4].map(() => putJpeg(server, target.presignedUrl, bytes)));
    for (const r of puts) expect(r.statusCode, r.body).toBe(200);
    const photos = puts.map((r) => r.json<{ photo: Photo }>().photo);
    expect(new Set(photos.map((p) => JSON.stringify(p))).size).toBe(1);
    const row = await execDb(server.db).selectFrom('photos').select(['sha256', 'size_bytes']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ sha256: sha256(bytes), size_bytes: bytes.length });
    const files = readdirSync(join(server.config.photoDir, taskId));
    expect(files).toHaveLength(1);
    expect(sha256(readFileSync(join(server.config.photoDir, taskId, files[0] as string)))).toBe(sha256(bytes));
  });

  it('a photo id used on another task is refused', async () => {
    const { taskId, tasker } = await taskInStatus(server);
    const other = await taskInStatus(server, { tasker });
    const target = await createPhoto(taskId, tasker.token);
    const res = await postJson(server, `/api/task/${other.taskId}/photos`, tasker.token, { photos: [{ id: target.photo.id, comment: '', tags: [] }] });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields).toEqual({ 'photos.0.id': 'ID_TAKEN' });
  });

  it('updates a comment and deletes photos with their files', async () => {
    const { taskId, tasker } = await taskInStatus(server);
    const target = await createPhoto(taskId, tasker.token);
    const put = await putJpeg(server, target.presignedUrl, jpegBytes());
    const url = put.json<{ photo: Photo }>().photo.url as string;
    server.clock.advance(5000);
    const updated = await postJson(server, `/api/task/${taskId}/photos/${target.photo.id}/update`, tasker.token, { comment: 'blurry, retaken' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json<Photo>()).toMatchObject({ id: target.photo.id, comment: 'blurry, retaken', updatedAt: '2026-03-10T09:00:05.000Z', createdAt: SEED_TIME });
    const missing = await postJson(server, `/api/task/${taskId}/photos/${newId()}/update`, tasker.token, { comment: 'x' });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).code).toBe('PHOTO_NOT_FOUND');

    const key = newId();
    const del = await postJson(server, `/api/task/${taskId}/photos/delete`, tasker.token, { photoIds: [target.photo.id] }, key);
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json()).toEqual({ deleted: [target.photo.id] });
    const replay = await postJson(server, `/api/task/${taskId}/photos/delete`, tasker.token, { photoIds: [target.photo.id] }, key);
    expect(replay.json()).toEqual(del.json());
    expect((await getJson(server, `/api/task/${taskId}/photos`, tasker.token)).json()).toEqual({ data: [] });
    expect((await server.request({ method: 'GET', url })).statusCode).toBe(404);
    expect((await putJpeg(server, target.presignedUrl, jpegBytes())).statusCode).toBe(404);
  });

  it('a replayed comment update answers the stored photo', async () => {
    const { taskId, tasker } = await taskInStatus(server);
    const target = await createPhoto(taskId, tasker.token);
    const key = newId();
    const first = await postJson(server, `/api/task/${taskId}/photos/${target.photo.id}/update`, tasker.token, { comment: 'one' }, key);
    await postJson(server, `/api/task/${taskId}/photos/${target.photo.id}/update`, tasker.token, { comment: 'two' });
    const replay = await postJson(server, `/api/task/${taskId}/photos/${target.photo.id}/update`, tasker.token, { comment: 'one' }, key);
    expect(replay.json()).toEqual(first.json());
    const row = await execDb(server.db).selectFrom('photos').select('comment').where('id', '=', target.photo.id).executeTakeFirstOrThrow();
    expect(row.comment).toBe('two');
  });
});

describe('presigned uploads and signed read URLs', () => {
  it('an upload URL works until it expires (15 minutes), then answers 410', async () => {
    const { taskId, tasker } = await taskInStatus(server);
    const target = await createPhoto(taskId, tasker.token);
    server.clock.advance(15 * 60_000);
    const expired = await putJpeg(server, target.presignedUrl, jpegBytes());
    expect(expired.statusCode).toBe(410);
    expect(errorOf(expired).code).toBe('UPLOAD_TOKEN_EXPIRED');
    server.clock.advance(-1000);
    expect((await putJpeg(server, target.presignedUrl, jpegBytes())).statusCode).toBe(200);
  });

  it('a tampered upload token answers 403', async () => {
    const { taskId, tasker } = await taskInStatus(server);
    const target = await createPhoto(taskId, tasker.token);
    const other = await taskInStatus(server);
    const token = target.presignedUrl.slice('/api/uploads/'.length);
    const [payload, sig] = token.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const forged = [
      `${Buffer.from(JSON.stringify({ ...claims, e: (claims.e as number) + 86_400 })).toString('base64url')}.${sig}`,
      `${Buffer.from(JSON.stringify({ ...claims, t: other.taskId, u: other.tasker.id })).toString('base64url')}.${sig}`,
      `${payload}.${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`,
      `${payload}.`,
      'garbage',
      `${payload}.${sig}/extra`,
    ];
    for (const t of forged) {
      const res = await putJpeg(server, `/api/uploads/${t}`, jpegBytes());
      expect(res.statusCode, t).toBe(403);
      expect(errorOf(res).code).toBe('UPLOAD_TOKEN_INVALID');
    }
    expect(await execDb(server.db).selectFrom('photos').select('uploaded_at').where('id', '=', target.photo.id).executeTakeFirstOrThrow()).toEqual({ uploaded_at: null });
  });

  it('refuses bodies that are not JPEG with 415 and bodies over the limit with 413', async () => {
    const { taskId, tasker } = await taskInStatus(server);
    const target = await createPhoto(taskId, tasker.token);
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), jpegBytes(100)]);
    for (const [bytes, type] of [
      [png, 'image/jpeg'],
      [Buffer.alloc(0), 'image/jpeg'],
      [jpegBytes(), 'image/png'],
      [jpegBytes(), 'application/octet-stream'],
      [Buffer.from('{"a":1}'), 'application/json'],
    ] as [Buffer, string][]) {
      const res = await putJpeg(server, target.presignedUrl, bytes, type);
      expect(res.statusCode, `${type} ${bytes.length}`).toBe(415);
      expect(errorOf(res).code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
    expect(server.config.uploadMaxBytes).toBe(10 * 1024 * 1024);
    const tooLarge = await putJpeg(server, target.presignedUrl, jpegBytes(10 * 1024 * 1024 + 1));
    expect(tooLarge.statusCode).toBe(413);
    expect(errorOf(tooLarge).code).toBe('PAYLOAD_TOO_LARGE');
    const atLimit = await putJpeg(server, target.presignedUrl, jpegBytes(10 * 1024 * 1024));
    expect(atLimit.statusCode).toBe(200);
  });

  it('the upload body limit applies to the upload route only; JSON routes keep BODY_LIMIT_BYTES', async () => {
    const { taskId, tasker } = await taskInStatus(server);
    const res = await postJson(server, `/api/task/${taskId}/photos`, tasker.token, { photos: [{ id: newId(), comment: 'x'.repeat(2 * 1024 * 1024), tags: [] }] });
    expect(res.statusCode).toBe(413);
  });

  it('photo read URLs are signed and expire', async () => {
    const { taskId, tasker } = await taskInStatus(server);
    const target = await createPhoto(taskId, tasker.token);
    const url = (await putJpeg(server, target.presignedUrl, jpegBytes())).json<{ photo: Photo }>().photo.url as string;
    const u = new URL(url, 'http://x');
    const sig = u.searchParams.get('sig') as string;
    const exp = Number(u.searchParams.get('exp'));
    expect(exp * 1000).toBeGreaterThan(server.clock.now().getTime());
    const forged = [
      `${u.pathname}?exp=${exp + 3600}&sig=${sig}`,
      `${u.pathname}?exp=${exp}&sig=${sig.slice(1)}x`,
      `${u.pathname}?exp=${exp}`,
      `/api/photos/${newId()}/file?exp=${exp}&sig=${sig}`,
    ];
    for (const f of forged) expect((await server.request({ method: 'GET', url: f })).statusCode, f).toBe(403);
    server.clock.set(new Date(exp * 1000));
    const expired = await server.request({ method: 'GET', url });
    expect(expired.statusCode).toBe(410);
    // A fresh listing hands out a new, valid URL.
    const fresh = (await getJson(server, `/api/task/${taskId}/photos`, await server.tokenFor(tasker.id))).json<{ data: Photo[] }>().data[0] as Photo;
    expect(fresh.url).not.toBe(url);
    expect((await server.request({ method: 'GET', url: fresh.url as string })).statusCode).toBe(200);
  });
});

describe('complete', () => {
  it('moves the task to awaiting_confirmation with end and finalization time; a replay answers the same task, a new request is refused', async () => {
    const { taskId, tasker } = await taskInStatus(server);
    server.clock.advance(45 * 60_000);
    const token = await server.tokenFor(tasker.id);
    const key = newId();
    const res = await postJson(server, `/api/task/${taskId}/complete`, token, { taskerComment: ' all done ' }, key);
    expect(res.statusCode, res.body).toBe(200);
    const task = res.json<Task>();
    expect(task).toMatchObject({ id: taskId, status: 'awaiting_confirmation', taskerComment: 'all done', endTime: '2026-03-10T09:45:00.000Z', finalizationTime: '2026-03-10T09:45:00.000Z' });
    const replay = await postJson(server, `/api/task/${taskId}/complete`, token, { taskerComment: ' all done ' }, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(res.json());
    const again = await postJson(server, `/api/task/${taskId}/complete`, token, {});
    expect(again.statusCode).toBe(420);
    expect(errorOf(again).code).toBe('TASK_NOT_IN_PROGRESS');
    const completion = await execDb(server.db).selectFrom('task_completions').selectAll().where('task_id', '=', taskId).executeTakeFirstOrThrow();
    expect(completion).toMatchObject({ outcome: 'complete', user_id: tasker.id });
  });

  it('works with no body at all (no comment)', async () => {
    const { taskId, tasker } = await taskInStatus(server);
    const res = await post(server, `/api/task/${taskId}/complete`, tasker.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Task>().taskerComment).toBeNull();
  });

  it('incomplete needs a reason, the policy agreement and at least one photo', async () => {
    const { taskId, tasker } = await taskInStatus(server);
    const url = `/api/task/${taskId}/complete`;
    const noReason = await postJson(server, url, tasker.token, { outcome: 'incomplete', policyAgreed: true });
    expect(noReason.statusCode).toBe(400);
    expect(errorOf(noReason).fields).toEqual({ reason: 'REQUIRED' });
    const noPolicy = await postJson(server, url, tasker.token, { outcome: 'incomplete', reason: 'Shelf being rebuilt', policyAgreed: false });
    expect(errorOf(noPolicy).fields).toEqual({ policyAgreed: 'REQUIRED' });
    const noPhoto = await postJson(server, url, tasker.token, { outcome: 'incomplete', reason: 'Shelf being rebuilt', policyAgreed: true });
    expect(noPhoto.statusCode).toBe(420);
    expect(errorOf(noPhoto).code).toBe('PHOTOS_REQUIRED');
    expect((await server.db.selectFrom('tasks').select('status').where('id', '=', taskId).executeTakeFirstOrThrow()).status).toBe('in_progress');
    await createPhoto(taskId, tasker.token);
    const ok = await postJson(server, url, tasker.token, { outcome: 'incomplete', reason: 'Shelf being rebuilt', policyAgreed: true });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<Task>().status).toBe('awaiting_confirmation');
    const completion = await execDb(server.db).selectFrom('task_completions').selectAll().where('task_id', '=', taskId).executeTakeFirstOrThrow();
    expect(completion).toMatchObject({ outcome: 'incomplete', reason: 'Shelf being rebuilt', policy_agreed: true });
  });

  it('blocked needs at least one task-blocker defect and at least one photo', async () => {
    const { taskId, tasker } = await taskInStatus(server, { taskTypeId: 'defects' });
    const url = `/api/task/${taskId}/complete`;
    const none = await postJson(server, url, tasker.token, { outcome: 'blocked' });
    expect(errorOf(none).fields).toEqual({ blockerIds: 'REQUIRED' });
    const regular = await postJson(server, url, tasker.token, { outcome: 'blocked', blockerIds: ['dirty-shelf'] });
    expect(regular.statusCode).toBe(400);
    expect(errorOf(regular).fields).toEqual({ blockerIds: 'UNKNOWN_BLOCKER' });
    const noPhoto = await postJson(server, url, tasker.token, { outcome: 'blocked', blockerIds: ['area-closed'] });
    expect(noPhoto.statusCode).toBe(420);
    expect(errorOf(noPhoto).code).toBe('PHOTOS_REQUIRED');
    await createPhoto(taskId, tasker.token, ['task_blocker']);
    const ok = await postJson(server, url, tasker.token, { outcome: 'blocked', blockerIds: ['area-closed', 'access-refused'], taskerComment: 'closed for renovation' });
    expect(ok.statusCode, ok.body).toBe(200);
    const completion = await execDb(server.db).selectFrom('task_completions').selectAll().where('task_id', '=', taskId).executeTakeFirstOrThrow();
    expect(completion).toMatchObject({ outcome: 'blocked', blocker_ids: ['area-closed', 'access-refused'] });
  });

  it('an upload that trails the completion is still accepted (the outbox may deliver it after complete)', async () => {
    const { taskId, tasker } = await taskInStatus(server);
    const target = await createPhoto(taskId, tasker.token);
    expect((await postJson(server, `/api/task/${taskId}/complete`, tasker.token, { outcome: 'incomplete', reason: 'r', policyAgreed: true })).statusCode).toBe(200);
    const bytes = jpegBytes();
    expect((await putJpeg(server, target.presignedUrl, bytes)).statusCode).toBe(200);
    // Re-posting the existing photo for a fresh URL works too; a new photo does not.
    expect((await postJson(server, `/api/task/${taskId}/photos`, tasker.token, { photos: [{ id: target.photo.id }] })).statusCode).toBe(200);
    const fresh = await postJson(server, `/api/task/${taskId}/photos`, tasker.token, { photos: [{ id: newId() }] });
    expect(fresh.statusCode).toBe(420);
  });

  it('the full path: reserve, start at the store, tick, photo, scan, complete', async () => {
    const [tasker] = await createTaskers(server, 1);
    const me = tasker as NonNullable<typeof tasker>;
    const task = await createTask(server, { start: '2026-03-11T08:00:00Z', end: '2026-03-11T12:00:00Z', taskTypeId: 'sku-scan' });
    expect((await post(server, `/api/task/${task.id}/reserve`, me.token)).statusCode).toBe(200);
    const pack = await getJson(server, `/api/task/${task.id}/checklist-items`, me.token);
    expect(pack.statusCode).toBe(200);
    const tick = await postJson(server, `/api/task/${task.id}/done-checklist-items`, me.token, { ids: [] });
    expect(tick.statusCode).toBe(420);
    server.clock.set('2026-03-11T08:30:00Z');
    const token = await server.tokenFor(me.id);
    const position = await placeOf(server, task.place.id);
    expect((await postJson(server, `/api/task/${task.id}/start`, token, position)).statusCode).toBe(200);
    const items = pack.json<{ data: ChecklistItem[] }>().data;
    expect((await postJson(server, `/api/task/${task.id}/done-checklist-items`, token, { ids: items.map((i) => i.id) })).statusCode).toBe(200);
    const target = (await postJson(server, `/api/task/${task.id}/photos`, token, { photos: [{ id: newId(), comment: '', tags: ['before'] }] })).json<{ data: PhotoUploadTarget[] }>().data[0] as PhotoUploadTarget;
    expect((await putJpeg(server, target.presignedUrl, jpegBytes())).statusCode).toBe(200);
    const scan = { id: newId(), ean: '4006381333931', facings: 4, timestamp: '2026-03-11T08:40:00.000Z' };
    expect((await postJson(server, `/api/task/${task.id}/scanned-items`, token, { items: [scan] })).statusCode).toBe(200);
    const done = await postJson(server, `/api/task/${task.id}/complete`, token, { taskerComment: 'ok' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<Task>()).toMatchObject({ status: 'awaiting_confirmation', startTime: '2026-03-11T08:30:00.000Z', endTime: '2026-03-11T08:30:00.000Z', doneChecklistItemIds: items.map((i) => i.id) });
  });
});

describe('ownership and status', () => {
  const writes = (taskId: string, photoId: string): [string, unknown][] => [
    [`/api/task/${taskId}/done-checklist-items`, { ids: [] }],
    [`/api/task/${taskId}/defects`, { defectIds: [] }],
    [`/api/task/${taskId}/scanned-items`, { items: [] }],
    [`/api/task/${taskId}/photos`, { photos: [{ id: newId(), comment: '', tags: [] }] }],
    [`/api/task/${taskId}/photos/${photoId}/update`, { comment: 'x' }],
    [`/api/task/${taskId}/photos/delete`, { photoIds: [photoId] }],
    [`/api/task/${taskId}/complete`, {}],
  ];
  const reads = (taskId: string) => ['checklist-items', 'products', 'defects', 'scanned-items', 'photos'].map((p) => `/api/task/${taskId}/${p}`);

  it("another tasker gets 404 TASK_NOT_FOUND for every read and write, and cannot complete someone else's task", async () => {
    const { taskId, tasker } = await taskInStatus(server, { taskTypeId: 'defects' });
    const target = await createPhoto(taskId, tasker.token);
    const [intruder] = await createTaskers(server, 1);
    const token = (intruder as NonNullable<typeof intruder>).token;
    for (const url of reads(taskId)) {
      const res = await getJson(server, url, token);
      expect(res.statusCode, url).toBe(404);
      expect(errorOf(res).code).toBe('TASK_NOT_FOUND');
    }
    for (const [url, body] of writes(taskId, target.photo.id)) {
      const res = await postJson(server, url, token, body);
      expect(res.statusCode, url).toBe(404);
      expect(errorOf(res).code).toBe('TASK_NOT_FOUND');
    }
    const row = await server.db.selectFrom('tasks').select(['status', 'tasker_id']).where('id', '=', taskId).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'in_progress', tasker_id: tasker.id });
    expect(await photoCount(taskId)).toBe(1);
  });

  it('writes need in_progress (420 TASK_NOT_IN_PROGRESS); reads work for reserved and finished tasks', async () => {
    for (const status of ['reserved', 'awaiting_confirmation', 'accepted', 'expired']) {
      const { taskId, tasker } = await taskInStatus(server, { taskTypeId: 'defects', status });
      for (const url of reads(taskId)) expect((await getJson(server, url, tasker.token)).statusCode, `${status} ${url}`).toBe(200);
      for (const [url, body] of writes(taskId, newId())) {
        const res = await postJson(server, url, tasker.token, body);
        expect(res.statusCode, `${status} ${url} ${res.body}`).toBe(420);
        expect(errorOf(res).code).toBe('TASK_NOT_IN_PROGRESS');
      }
      expect((await server.db.selectFrom('tasks').select('status').where('id', '=', taskId).executeTakeFirstOrThrow()).status).toBe(status);
    }
  });

  it('requires a bearer token for every route but the signed file URLs', async () => {
    const { taskId } = await taskInStatus(server);
    for (const url of [...reads(taskId), '/api/task/defects']) expect((await server.request({ method: 'GET', url })).statusCode).toBe(401);
    for (const [url, body] of writes(taskId, newId())) {
      const res = await server.request({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
      expect(res.statusCode, url).toBe(401);
    }
  });
});
