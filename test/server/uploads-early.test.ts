/**
 * Photo uploads are judged before their body is read: the token, the content type, the declared
 * length and the photo are checked on the request line and headers alone, so a forged token
 * cannot make the server buffer ten megabytes (forty such bodies grew the server by ~400 MB).
 * What is accepted is streamed to storage (counted against UPLOAD_MAX_BYTES as it arrives,
 * hashed on the way), never held whole in memory. An over-limit body closes the connection.
 *
 * The honest observable: over a real socket the client sends the headers only (a Content-Length
 * of 10 MB and not one body byte) and still gets its answer. A server that reads the body first
 * could not answer at all.
 */
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from './helpers';
import { errorOf, jpegBytes, newId, postJson, putJpeg, taskInStatus } from './execution-fixtures';
import { execDb } from '../../server/execution/tables';
import type { ApiErrorBody, Photo, PhotoUploadTarget } from '#domain/types';

let server: TestServer;
let port: number;
/** Client sockets of headersOnly (some still owe a body): destroyed before the server closes. */
const sockets: Socket[] = [];
beforeAll(async () => {
  server = await startTestServer({ uploadMaxBytes: 1024 * 1024 });
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  const address = server.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await server?.close();
  if (server) rmSync(server.config.photoDir, { recursive: true, force: true });
});

async function newPhoto(): Promise<{ taskId: string; target: PhotoUploadTarget }> {
  const { taskId, tasker } = await taskInStatus(server);
  const res = await postJson(server, `/api/task/${taskId}/photos`, tasker.token, { photos: [{ id: newId(), comment: '', tags: [] }] });
  expect(res.statusCode, res.body).toBe(200);
  return { taskId, target: res.json<{ data: PhotoUploadTarget[] }>().data[0] as PhotoUploadTarget };
}

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: ApiErrorBody;
  /** Resolves when the server closed the connection (it does after an over-limit body). */
  closed: Promise<void>;
}

/**
 * Sends a PUT's request line and headers over a real socket and not one byte of its body, and
 * resolves with the answer as soon as the whole answer has arrived.
 */
function headersOnly(path: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    sockets.push(socket);
    let closedResolve: () => void = () => undefined;
    const closed = new Promise<void>((r) => (closedResolve = r));
    socket.on('close', () => closedResolve());
    socket.on('error', reject);
    let data = Buffer.alloc(0);
    let done = false;
    socket.on('data', (chunk: Buffer) => {
      data = Buffer.concat([data, chunk]);
      const end = data.indexOf('\r\n\r\n');
      if (done || end < 0) return;
      const [statusLine, ...lines] = data.subarray(0, end).toString('latin1').split('\r\n');
      const head: Record<string, string> = {};
      for (const line of lines) {
        const i = line.indexOf(':');
        head[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
      }
      const length = Number(head['content-length']);
      const body = data.subarray(end + 4);
      if (body.length < length) return;
      done = true;
      resolve({ status: Number(statusLine?.split(' ')[1]), headers: head, body: JSON.parse(body.subarray(0, length).toString('utf8')) as ApiErrorBody, closed });
    });
    const lines = [`PUT ${path} HTTP/1.1`, `Host: 127.0.0.1:${port}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`), '', ''];
    socket.write(lines.join('\r\n'));
  });
}

/** A full-size body: exactly UPLOAD_MAX_BYTES (so only the token, type or photo can refuse it). */
const fullSize = () => String(server.config.uploadMaxBytes);

describe('uploads are refused before their body is read', () => {
  it('a forged token: 403 after the headers alone (the full-size body is never needed)', async () => {
    const { target } = await newPhoto();
    const forged = `${target.presignedUrl.slice(0, -4)}AAAA`;
    const res = await headersOnly(forged, { 'Content-Type': 'image/jpeg', 'Content-Length': fullSize() });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('UPLOAD_TOKEN_INVALID');
  });

  it('an expired token: 410 after the headers alone', async () => {
    const { target } = await newPhoto();
    server.clock.advance(16 * 60_000);
    try {
      const res = await headersOnly(target.presignedUrl, { 'Content-Type': 'image/jpeg', 'Content-Length': fullSize() });
      expect(res.status).toBe(410);
      expect(res.body.error.code).toBe('UPLOAD_TOKEN_EXPIRED');
    } finally {
      server.clock.advance(-16 * 60_000);
    }
  });

  it('a Content-Length over UPLOAD_MAX_BYTES: 413 after the headers alone, and the connection is closed', async () => {
    const { target } = await newPhoto();
    const res = await headersOnly(target.presignedUrl, { 'Content-Type': 'image/jpeg', 'Content-Length': String(server.config.uploadMaxBytes + 1) });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(res.headers.connection).toBe('close');
    await res.closed;
  });

  it('another content type (JSON, text, none): 415 after the headers alone', async () => {
    const { target } = await newPhoto();
    for (const headers of [{ 'Content-Type': 'application/json' }, { 'Content-Type': 'text/plain' }, {}] as Record<string, string>[]) {
      const res = await headersOnly(target.presignedUrl, { ...headers, 'Content-Length': '100000' });
      expect(res.status, JSON.stringify(headers)).toBe(415);
      expect(res.body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
  });

  it('a deleted photo: 404 after the headers alone', async () => {
    const { taskId, target } = await newPhoto();
    const tasker = await server.db.selectFrom('tasks').select('tasker_id').where('id', '=', taskId).executeTakeFirstOrThrow();
    const token = await server.tokenFor(tasker.tasker_id as string);
    expect((await postJson(server, `/api/task/${taskId}/photos/delete`, token, { photoIds: [target.photo.id] })).statusCode).toBe(200);
    const res = await headersOnly(target.presignedUrl, { 'Content-Type': 'image/jpeg', 'Content-Length': '100000' });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('PHOTO_NOT_FOUND');
  });
});

/** A body produced on demand, counting what the server pulled. */
function countedBody(bytes: Buffer, chunk = 16 * 1024): { stream: Readable; pulled: () => number } {
  let offset = 0;
  const stream = new Readable({
    read() {
      if (offset >= bytes.length) this.push(null);
      else {
        this.push(bytes.subarray(offset, offset + chunk));
        offset += chunk;
      }
    },
  });
  return { stream, pulled: () => Math.min(offset, bytes.length) };
}

const stagingLeft = () => {
  const dir = join(server.config.photoDir, '.staging');
  return existsSync(dir) ? readdirSync(dir) : [];
};

describe('accepted uploads are streamed and counted as they arrive', () => {
  it('a forged token pulls (almost) none of a full-size body in-process either', async () => {
    const { target } = await newPhoto();
    const body = countedBody(jpegBytes(server.config.uploadMaxBytes));
    const res = await server.app.inject({ method: 'PUT', url: `${target.presignedUrl}x`, headers: { 'content-type': 'image/jpeg' }, payload: body.stream });
    expect(res.statusCode).toBe(403);
    expect(body.pulled()).toBeLessThan(server.config.uploadMaxBytes / 4);
  });

  it('a chunked body (no Content-Length) past UPLOAD_MAX_BYTES: 413 once the limit is crossed, nothing stored, no partial file', async () => {
    const { taskId, target } = await newPhoto();
    const big = jpegBytes(server.config.uploadMaxBytes * 4);
    const body = countedBody(big);
    const res = await server.app.inject({ method: 'PUT', url: target.presignedUrl, headers: { 'content-type': 'image/jpeg' }, payload: body.stream });
    expect(res.statusCode, res.body).toBe(413);
    expect(errorOf(res).code).toBe('PAYLOAD_TOO_LARGE');
    expect(body.pulled()).toBeLessThan(big.length);
    expect(stagingLeft()).toEqual([]);
    expect(existsSync(join(server.config.photoDir, taskId))).toBe(false);
    // The photo can still be uploaded.
    const ok = await putJpeg(server, target.presignedUrl, jpegBytes(server.config.uploadMaxBytes));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<{ photo: Photo }>().photo.url).not.toBeNull();
  });

  it('a body shorter than its Content-Length: 400, nothing stored', async () => {
    const { target } = await newPhoto();
    const res = await server.app.inject({ method: 'PUT', url: target.presignedUrl, headers: { 'content-type': 'image/jpeg', 'content-length': '5000' }, payload: jpegBytes(3000) });
    expect(res.statusCode, res.body).toBe(400);
    expect(stagingLeft()).toEqual([]);
    const row = await execDb(server.db).selectFrom('photos').select('uploaded_at').where('id', '=', target.photo.id).executeTakeFirstOrThrow();
    expect(row.uploaded_at).toBeNull();
  });

  it('a body that breaks off mid-way stores nothing and leaves no partial file', async () => {
    const { target } = await newPhoto();
    let sent = 0;
    const broken = new Readable({
      read() {
        if (sent >= 64 * 1024) this.destroy(new Error('connection lost'));
        else {
          this.push(sent === 0 ? jpegBytes(16 * 1024) : Buffer.alloc(16 * 1024));
          sent += 16 * 1024;
        }
      },
    });
    const res = await server.app.inject({ method: 'PUT', url: target.presignedUrl, headers: { 'content-type': 'image/jpeg' }, payload: broken }).catch((error: unknown) => error);
    // The client is gone (inject rejects at once with the stream's error); the server cleans up on its own.
    if (!(res instanceof Error)) expect((res as { statusCode: number }).statusCode).toBeLessThan(500);
    await vi.waitFor(() => expect(stagingLeft()).toEqual([]), { timeout: 10_000, interval: 20 });
    const row = await execDb(server.db).selectFrom('photos').select('uploaded_at').where('id', '=', target.photo.id).executeTakeFirstOrThrow();
    expect(row.uploaded_at).toBeNull();
  });

  it('a streamed upload (no Content-Length) within the limit is stored byte for byte; not-JPEG bytes are 415 and leave nothing', async () => {
    const { target } = await newPhoto();
    const notJpeg = await server.app.inject({ method: 'PUT', url: target.presignedUrl, headers: { 'content-type': 'image/jpeg' }, payload: countedBody(Buffer.alloc(50_000, 7)).stream });
    expect(notJpeg.statusCode).toBe(415);
    expect(stagingLeft()).toEqual([]);
    const bytes = jpegBytes(server.config.uploadMaxBytes);
    const res = await server.app.inject({ method: 'PUT', url: target.presignedUrl, headers: { 'content-type': 'image/jpeg' }, payload: countedBody(bytes).stream });
    expect(res.statusCode, res.body).toBe(200);
    const file = await server.app.inject({ method: 'GET', url: res.json<{ photo: Photo }>().photo.url as string });
    expect(file.rawPayload.equals(bytes)).toBe(true);
    expect(stagingLeft()).toEqual([]);
  });
});
