/**
 * docs/api.md: a body that is not JSON answers `415 UNSUPPORTED_MEDIA_TYPE` — on every JSON route
 * (Fastify's built-in text/plain parser used to hand the text to the handlers, which answered 400)
 * and on the photo upload (which wants image/jpeg; JSON there answered 400 INVALID_JSON).
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';
import { jpegBytes, newId, postJson, taskInStatus } from './execution-fixtures';
import { STAFF } from './lifecycle-fixtures';
import type { ApiErrorBody, PhotoUploadTarget } from '#domain/types';

let server: TestServer;
let tasker: string;
let taskId: string;
let target: PhotoUploadTarget;
beforeAll(async () => {
  server = await startTestServer();
  const setup = await taskInStatus(server);
  tasker = setup.tasker.token;
  taskId = setup.taskId;
  const res = await postJson(server, `/api/task/${taskId}/photos`, tasker, { photos: [{ id: newId(), comment: '', tags: [] }] });
  target = res.json<{ data: PhotoUploadTarget[] }>().data[0] as PhotoUploadTarget;
});
afterAll(async () => {
  await server?.close();
  if (server) rmSync(server.config.photoDir, { recursive: true, force: true });
});

/** Every route that takes a JSON body, with the credential it needs (so the guard lets it reach parsing). */
function jsonRoutes(): { url: string; headers: Record<string, string> }[] {
  const bearer = { authorization: `Bearer ${tasker}` };
  const task = `/api/task/${taskId}`;
  return [
    ...['send-email-code', 'register', 'login', 'password-login', 'token'].map((p) => ({ url: `/api/auth/${p}`, headers: {} })),
    { url: '/api/user/set-country', headers: bearer },
    ...['reserve', 'start', 'cancel', 'done-checklist-items', 'defects', 'scanned-items', 'photos', 'photos/delete', `photos/${target.photo.id}/update`, 'complete'].map((p) => ({
      url: `${task}/${p}`,
      headers: bearer,
    })),
    ...['/api/staff/places', '/api/staff/tasks', '/api/staff/users/some-id/approve', '/api/staff/users/some-id/reject'].map((url) => ({ url, headers: STAFF })),
  ];
}

function expect415(res: { statusCode: number; body: string }, what: string): void {
  expect(res.statusCode, `${what} → ${res.body}`).toBe(415);
  const body = JSON.parse(res.body) as ApiErrorBody;
  expect(body.error.code, what).toBe('UNSUPPORTED_MEDIA_TYPE');
  expect(typeof body.error.message, what).toBe('string');
}

describe('415 for bodies that are not JSON', () => {
  it('text/plain, form and missing content types on every JSON route answer 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    for (const { url, headers } of jsonRoutes()) {
      for (const contentType of ['text/plain', 'text/plain; charset=utf-8', 'application/x-www-form-urlencoded', 'application/xml', null]) {
        const res = await server.app.inject({
          method: 'POST',
          url,
          headers: { ...headers, 'idempotency-key': newId(), ...(contentType ? { 'content-type': contentType } : {}) },
          payload: '{"email":"lt@demo.shelfwork.app"}',
        });
        expect415(res, `POST ${url} as ${contentType ?? 'no content type'}`);
      }
    }
  });

  it('JSON with a charset parameter is still JSON', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: `/api/task/${taskId}/done-checklist-items`,
      headers: { authorization: `Bearer ${tasker}`, 'content-type': 'application/json; charset=utf-8', 'idempotency-key': newId() },
      payload: JSON.stringify({ ids: [] }),
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('the photo upload sent as application/json or text/plain answers 415, and the photo can still be uploaded', async () => {
    for (const contentType of ['application/json', 'text/plain']) {
      expect415(await server.app.inject({ method: 'PUT', url: target.presignedUrl, headers: { 'content-type': contentType }, payload: jpegBytes() }), `upload as ${contentType}`);
    }
    expect415(await server.app.inject({ method: 'PUT', url: target.presignedUrl, headers: { 'content-type': 'application/json' }, payload: '{"photo":1}' }), 'upload of JSON');
    const ok = await server.app.inject({ method: 'PUT', url: target.presignedUrl, headers: { 'content-type': 'image/jpeg' }, payload: jpegBytes() });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
