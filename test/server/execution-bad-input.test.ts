/** The bad-input battery for the execution routes: malformed, mistyped and oversized input never causes a 5xx. */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { startTestServer, type TestServer } from './helpers';
import { jpegBytes, newId, postJson, taskInStatus } from './execution-fixtures';
import type { ApiErrorBody, PhotoUploadTarget } from '#domain/types';

let server: TestServer;
let token: string;
let taskId: string;
let photoId: string;
let presignedUrl: string;
beforeAll(async () => {
  server = await startTestServer();
  const setup = await taskInStatus(server, { taskTypeId: 'defects' });
  token = setup.tasker.token;
  taskId = setup.taskId;
  const created = await postJson(server, `/api/task/${taskId}/photos`, token, { photos: [{ id: newId(), comment: '', tags: [] }] });
  const target = created.json<{ data: PhotoUploadTarget[] }>().data[0] as PhotoUploadTarget;
  photoId = target.photo.id;
  presignedUrl = target.presignedUrl;
});
afterAll(async () => {
  await server?.close();
  if (server) rmSync(server.config.photoDir, { recursive: true, force: true });
});

const postRoutes = () => [
  `/api/task/${taskId}/done-checklist-items`,
  `/api/task/${taskId}/defects`,
  `/api/task/${taskId}/scanned-items`,
  `/api/task/${taskId}/photos`,
  `/api/task/${taskId}/photos/${photoId}/update`,
  `/api/task/${taskId}/photos/delete`,
  `/api/task/${taskId}/complete`,
];

const deep = (n: number): unknown => (n === 0 ? 'x' : { a: deep(n - 1) });
const many = (n: number, item: unknown) => Array.from({ length: n }, () => item);

const BAD_BODIES: { name: string; payload: string; contentType?: string }[] = [
  { name: 'malformed JSON', payload: '{"ids": ' },
  { name: 'empty body', payload: '' },
  { name: 'array', payload: '[]' },
  { name: 'null', payload: 'null' },
  { name: 'string', payload: '"hello"' },
  { name: 'number', payload: '12345678901234567890123456789' },
  { name: 'objects as fields', payload: JSON.stringify({ ids: {}, defectIds: {}, items: {}, photos: {}, photoIds: {}, comment: {}, outcome: {}, reason: {}, policyAgreed: {}, blockerIds: {}, taskerComment: {} }) },
  { name: 'wrong scalar types', payload: JSON.stringify({ ids: 'a', defectIds: 1, items: true, photos: 'x', photoIds: 5, comment: 7, outcome: 1, reason: [], policyAgreed: 'yes', blockerIds: 'area-closed', taskerComment: false }) },
  { name: 'arrays of junk', payload: JSON.stringify({ ids: [null, 1, {}, []], defectIds: [[]], items: [null, 1, 'x', [], { id: {}, ean: {}, facings: {}, timestamp: {} }], photos: [null, 1, { id: 5, tags: 'before', comment: [] }], photoIds: [{}], blockerIds: [1] }) },
  { name: 'huge numbers', payload: '{"items":[{"id":"a","ean":1e999,"facings":1e308,"timestamp":1e308}],"ids":[1e999],"photos":[{"id":"b","comment":1e308}]}' },
  { name: 'negative and fractional facings', payload: JSON.stringify({ items: [{ id: 'a', ean: '4006381333931', facings: -1, timestamp: '2026-03-10T09:00:00Z' }, { id: 'b', ean: '4006381333931', facings: 1.5, timestamp: '2026-03-10T09:00:00Z' }] }) },
  { name: 'bad timestamps', payload: JSON.stringify({ items: [{ id: 'a', ean: '4006381333931', facings: 1, timestamp: 'yesterday' }, { id: 'b', ean: '4006381333931', facings: 1, timestamp: '9999-99-99T99:99' }] }) },
  { name: 'long strings', payload: JSON.stringify({ comment: 'x'.repeat(100_000), reason: 'r'.repeat(100_000), taskerComment: 't'.repeat(100_000), ids: ['x'.repeat(5000)], photos: [{ id: 'p'.repeat(5000) }], items: [{ id: 'i', ean: '4'.repeat(5000), facings: 1, timestamp: '2026-03-10T09:00:00Z' }] }) },
  { name: 'too many entries', payload: JSON.stringify({ ids: many(600, 'a'), defectIds: many(600, 'a'), photoIds: many(600, 'a'), blockerIds: many(600, 'a'), photos: many(60, { id: 'x' }), items: many(2001, { id: 'a', ean: '', facings: 1 }) }) },
  { name: 'unknown enums', payload: JSON.stringify({ outcome: 'done', photos: [{ id: 'a', tags: ['selfie'] }], blockerIds: ['../../etc/passwd'], ids: ["' OR 1=1 --"] }) },
  { name: 'null bytes and unicode', payload: JSON.stringify({ comment: 'a\u0000b', ids: ['a\u0000'], reason: '\ud800', items: [{ id: 'a', ean: '\u0000', facings: 1, timestamp: '2026-03-10T09:00:00Z' }] }) },
  { name: 'deeply nested', payload: JSON.stringify(deep(500)) },
  { name: 'prototype pollution', payload: '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}' },
  { name: 'text/plain content type', payload: 'ids=a', contentType: 'text/plain' },
  { name: 'form content type', payload: 'ids=a', contentType: 'application/x-www-form-urlencoded' },
  { name: 'jpeg content type', payload: 'not really', contentType: 'image/jpeg' },
];

const COMPLETE_FIELDS = ['taskerComment', 'outcome', 'reason', 'policyAgreed', 'blockerIds'];

/** A body `complete` accepts: JSON null, or a JSON object naming none of its fields. */
function completesAnyway(body: { payload: string; contentType?: string }): boolean {
  if (body.contentType) return false;
  let value: unknown;
  try {
    value = JSON.parse(body.payload);
  } catch {
    return false;
  }
  if (value === null) return true;
  return typeof value === 'object' && !Array.isArray(value) && !COMPLETE_FIELDS.some((f) => f in (value as object));
}

function expectNo5xx(res: { statusCode: number; body: string }, what: string): void {
  expect(res.statusCode, `${what} → ${res.statusCode} ${res.body.slice(0, 200)}`).toBeLessThan(500);
  if (res.statusCode >= 400) {
    const body = JSON.parse(res.body) as ApiErrorBody;
    expect(typeof body.error.code, what).toBe('string');
    expect(typeof body.error.message, what).toBe('string');
  }
}

describe('execution routes: bad input never causes a 5xx', () => {
  it('survives malformed and mistyped bodies on every execution POST route (and answers 400 with field codes for JSON objects)', async () => {
    for (const url of postRoutes()) {
      for (const body of BAD_BODIES) {
        const options: InjectOptions = {
          method: 'POST',
          url,
          headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType ?? 'application/json', 'idempotency-key': newId() },
          payload: body.payload,
        };
        const res = await server.app.inject(options);
        expectNo5xx(res, `POST ${url} with ${body.name}`);
        if (url.endsWith('/complete') && res.statusCode === 200) {
          // `complete` needs no body (the comment is optional) and ignores unknown fields: only a
          // JSON object naming none of its fields (or null) may complete; put the task back.
          expect(completesAnyway(body), `POST ${url} with ${body.name}`).toBe(true);
          await server.db.updateTable('tasks').set({ status: 'in_progress' }).where('id', '=', taskId).execute();
        } else {
          // Nothing malformed is accepted.
          expect(res.statusCode, `POST ${url} with ${body.name}`).not.toBe(200);
        }
      }
    }
    const row = await server.db.selectFrom('tasks').select('status').where('id', '=', taskId).executeTakeFirstOrThrow();
    expect(row.status).toBe('in_progress');
  });

  it('answers 400 VALIDATION_FAILED with per-field codes for wrong field types', async () => {
    const cases: [string, unknown, Record<string, string>][] = [
      [`/api/task/${taskId}/done-checklist-items`, { ids: 'a' }, { ids: 'INVALID' }],
      [`/api/task/${taskId}/done-checklist-items`, {}, { ids: 'REQUIRED' }],
      [`/api/task/${taskId}/defects`, { defectIds: [1] }, { defectIds: 'INVALID' }],
      [`/api/task/${taskId}/scanned-items`, { items: [{ id: 'a', ean: '123', facings: 'x', timestamp: 'no' }] }, { 'items.0.ean': 'EAN_INVALID', 'items.0.facings': 'FACINGS_INVALID', 'items.0.timestamp': 'INVALID' }],
      [`/api/task/${taskId}/photos`, { photos: [{ id: 'a', tags: ['selfie'], comment: 5 }] }, { 'photos.0.tags': 'INVALID', 'photos.0.comment': 'INVALID' }],
      [`/api/task/${taskId}/photos/${photoId}/update`, { comment: 5 }, { comment: 'INVALID' }],
      [`/api/task/${taskId}/photos/delete`, { photoIds: [] }, { photoIds: 'REQUIRED' }],
      [`/api/task/${taskId}/complete`, { outcome: 'done', policyAgreed: 'yes' }, { outcome: 'INVALID', policyAgreed: 'INVALID' }],
    ];
    for (const [url, body, fields] of cases) {
      const res = await postJson(server, url, token, body);
      expect(res.statusCode, `${url} ${res.body}`).toBe(400);
      expect(res.json<ApiErrorBody>().error).toMatchObject({ code: 'VALIDATION_FAILED', fields });
    }
  });

  it('survives odd path parameters on every execution route', async () => {
    const bad = ['%00', "'%20OR%201=1", 'x'.repeat(300), '%E0%A4%A', '..%2F..%2Fetc'];
    for (const id of bad) {
      for (const p of ['checklist-items', 'products', 'defects', 'scanned-items', 'photos']) {
        expectNo5xx(await server.app.inject({ method: 'GET', url: `/api/task/${id}/${p}`, headers: { authorization: `Bearer ${token}` } }), `GET ${id}/${p}`);
      }
      expectNo5xx(await postJson(server, `/api/task/${taskId}/photos/${id}/update`, token, { comment: 'x' }), `update photo ${id}`);
      expectNo5xx(await server.app.inject({ method: 'GET', url: `/api/photos/${id}/file?exp=1&sig=x` }), `file ${id}`);
      expectNo5xx(await server.app.inject({ method: 'PUT', url: `/api/uploads/${id}`, headers: { 'content-type': 'image/jpeg' }, payload: jpegBytes() }), `upload ${id}`);
    }
    const queries = ['exp=1e999&sig=x', 'exp=-1&sig=x', 'exp=1&exp=2&sig=x', 'sig=%00', `exp=1&sig=${'s'.repeat(5000)}`, ''];
    for (const q of queries) expectNo5xx(await server.app.inject({ method: 'GET', url: `/api/photos/${photoId}/file?${q}` }), `file ?${q}`);
    const uploads = [`${presignedUrl}x`, `${presignedUrl}/..`, `/api/uploads/${'a'.repeat(5000)}.${'b'.repeat(50)}`, '/api/uploads/', '/api/uploads/%FF.%FF'];
    for (const u of uploads) expectNo5xx(await server.app.inject({ method: 'PUT', url: u, headers: { 'content-type': 'image/jpeg' }, payload: jpegBytes() }), `PUT ${u.slice(0, 60)}`);
  });

  it('refuses an upload without a body or content type with a 4xx in the error format', async () => {
    expectNo5xx(await server.app.inject({ method: 'PUT', url: presignedUrl }), 'PUT without body');
    expectNo5xx(await server.app.inject({ method: 'PUT', url: presignedUrl, payload: jpegBytes() }), 'PUT without content type');
    expectNo5xx(await server.app.inject({ method: 'PUT', url: presignedUrl, headers: { 'content-type': 'image/jpeg', 'content-length': '999999999999' }, payload: jpegBytes() }), 'PUT lying content-length');
  });
});
