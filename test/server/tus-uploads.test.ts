/**
 * Resumable uploads (tus, server/storage/tus.ts) through the one upload pipeline: an upload
 * created with the token of the metadata answer, sent in chunks, cut inside a chunk over a real
 * socket and resumed from the offset the server holds; the limits at creation (413 before any
 * byte, the 64 kB profile photo), the JPEG magic on the first chunk (415), a forged or expired
 * token (403/410), and the completion's idempotency (the answer again for the same bytes, 409
 * for other bytes, like the PUT). Bad tus requests get a 4xx with the API's error body.
 */
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { startTestServer, type TestServer } from './helpers';
import { errorOf, jpegBytes, newId, postJson, putJpeg, taskInStatus } from './execution-fixtures';
import { insertTasker } from './user-fixtures';
import type { Photo } from '#domain/types';

let server: TestServer;
let port: number;
beforeAll(async () => {
  server = await startTestServer({ uploadMaxBytes: 1024 * 1024 });
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  const address = server.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(async () => {
  await server?.close();
  if (server) rmSync(server.config.photoDir, { recursive: true, force: true });
});

const KB = 1024;
const TUS = { 'tus-resumable': '1.0.0' };
type Target = { presignedUrl: string; tus: { endpoint: string; token: string }; photo: Photo };

async function newPhoto(): Promise<Target> {
  const { taskId, tasker } = await taskInStatus(server);
  const res = await postJson(server, `/api/task/${taskId}/photos`, tasker.token, { photos: [{ id: newId(), comment: '', tags: [] }] });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Target[] }>().data[0] as Target;
}

const metadata = (token: string) => `filetype ${Buffer.from('image/jpeg').toString('base64')},token ${Buffer.from(token).toString('base64')}`;

function create(token: string, length: number, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return server.app.inject({ method: 'POST', url: '/api/uploads/tus', headers: { ...TUS, 'upload-length': String(length), 'upload-metadata': metadata(token), ...headers } });
}

async function created(token: string, length: number): Promise<string> {
  const res = await create(token, length);
  expect(res.statusCode, res.body).toBe(201);
  const location = res.headers.location as string;
  expect(location).toMatch(/^\/api\/uploads\/tus\/tus-[0-9a-f]{32}$/);
  return location;
}

function patch(url: string, offset: number, bytes: Buffer, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return server.app.inject({ method: 'PATCH', url, headers: { ...TUS, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream', ...headers }, payload: bytes });
}

function head(url: string): Promise<LightMyRequestResponse> {
  return server.app.inject({ method: 'HEAD', url, headers: TUS });
}

/** Sends `bytes` in chunks of `chunk` from `offset`; the last answer. */
async function sendFrom(url: string, bytes: Buffer, offset: number, chunk: number): Promise<LightMyRequestResponse> {
  let res: LightMyRequestResponse | undefined;
  for (let at = offset; at < bytes.length; at += chunk) {
    res = await patch(url, at, bytes.subarray(at, Math.min(bytes.length, at + chunk)));
    if (res.statusCode >= 300) return res;
  }
  if (!res) throw new Error('nothing to send');
  return res;
}

/** The bytes of an upload the file store holds on disk (0 before its file exists). */
function storedBytes(url: string): number {
  const file = join(server.config.photoDir, '.tus', url.slice(url.lastIndexOf('/') + 1));
  return existsSync(file) ? statSync(file).size : 0;
}

/**
 * Over a real socket: a PATCH that declares the whole rest but sends only `sent` bytes; the
 * connection drops once the server has begun storing them. (Dropped before the server reads the
 * body, nothing is kept and the upload stays at its offset: also correct, but not this test.)
 */
async function cutPatch(url: string, offset: number, rest: Buffer, sent: number): Promise<void> {
  const socket = connect(port, '127.0.0.1');
  const closed = new Promise<void>((resolve, reject) => {
    socket.on('error', reject);
    socket.on('close', () => resolve());
  });
  socket.write(
    [`PATCH ${url} HTTP/1.1`, `Host: 127.0.0.1:${port}`, 'Tus-Resumable: 1.0.0', `Upload-Offset: ${offset}`, 'Content-Type: application/offset+octet-stream', `Content-Length: ${rest.length}`, '', ''].join('\r\n'),
  );
  socket.write(rest.subarray(0, sent));
  for (let i = 0; i < 500 && storedBytes(url) <= offset; i++) await new Promise((r) => setTimeout(r, 20));
  socket.destroy();
  await closed;
}

describe('tus uploads', () => {
  it('a photo sent in chunks completes like the PUT: the last chunk answers the photo with its link', async () => {
    const target = await newPhoto();
    expect(target.tus.endpoint).toBe('/api/uploads/tus');
    const bytes = jpegBytes(300 * KB);
    const url = await created(target.tus.token, bytes.length);
    expect((await head(url)).headers['upload-offset']).toBe('0');

    const first = await patch(url, 0, bytes.subarray(0, 128 * KB));
    expect(first.statusCode).toBe(204);
    expect(first.headers['upload-offset']).toBe(String(128 * KB));
    const last = await sendFrom(url, bytes, 128 * KB, 128 * KB);
    expect(last.statusCode, last.body).toBe(200);
    expect(last.headers['upload-offset']).toBe(String(bytes.length));
    const photo = last.json<{ photo: Photo }>().photo;
    expect(photo).toMatchObject({ id: target.photo.id });
    const file = await server.app.inject({ method: 'GET', url: photo.url as string });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(bytes)).toBe(true);
  });

  it('a chunk cut halfway keeps the bytes that arrived; HEAD tells the offset and only the rest is sent', async () => {
    const target = await newPhoto();
    const bytes = jpegBytes(400 * KB);
    const url = await created(target.tus.token, bytes.length);
    await cutPatch(url, 0, bytes, 150 * KB);

    let offset = 0;
    // The server notices the cut when the socket closes; the offset it holds is what arrived.
    for (let i = 0; i < 100 && offset === 0; i++) {
      offset = Number((await head(url)).headers['upload-offset']);
      if (offset === 0) await new Promise((r) => setTimeout(r, 20));
    }
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(150 * KB);
    const last = await sendFrom(url, bytes, offset, 128 * KB);
    expect(last.statusCode, last.body).toBe(200);
    const photo = last.json<{ photo: Photo }>().photo;
    const file = await server.app.inject({ method: 'GET', url: photo.url as string });
    expect(file.rawPayload.equals(bytes)).toBe(true);
  });

  it('judges the length at creation: over the limit is a 413 before any byte, and the profile photo keeps its 64 kB', async () => {
    const target = await newPhoto();
    const tooBig = await create(target.tus.token, 1024 * KB + 1);
    expect(tooBig.statusCode).toBe(413);
    expect(errorOf(tooBig).code).toBe('PAYLOAD_TOO_LARGE');

    const account = await insertTasker(server, 'tus', { status: 'new' });
    const doc = await postJson(server, '/api/user/profile-photo', account.token, { id: newId() });
    expect(doc.statusCode, doc.body).toBe(200);
    const token = doc.json<Target>().tus.token;
    const over = await create(token, 64 * KB + 1);
    expect(over.statusCode).toBe(413);
    expect(errorOf(over).message).toContain('64 kB');
    expect((await create(token, 64 * KB)).statusCode).toBe(201);
  });

  it('refuses a first chunk that is not a JPEG (415) and stores none of it', async () => {
    const target = await newPhoto();
    const url = await created(target.tus.token, 10 * KB);
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.alloc(10 * KB - 4)]);
    const res = await patch(url, 0, png);
    expect(res.statusCode).toBe(415);
    expect(errorOf(res).code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect((await head(url)).headers['upload-offset']).toBe('0');
  });

  it('refuses a forged token (403), an expired one (410) and none (403)', async () => {
    const target = await newPhoto();
    const [payload, sig] = target.tus.token.split('.') as [string, string];
    const forged = `${payload}.${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`;
    const res = await create(forged, 10 * KB);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe('UPLOAD_TOKEN_INVALID');
    const none = await server.app.inject({ method: 'POST', url: '/api/uploads/tus', headers: { ...TUS, 'upload-length': '100' } });
    expect(none.statusCode).toBe(403);

    const clockAt = server.clock.now();
    server.clock.advance(16 * 60_000);
    try {
      const expired = await create(target.tus.token, 10 * KB);
      expect(expired.statusCode).toBe(410);
      expect(errorOf(expired).code).toBe('UPLOAD_TOKEN_EXPIRED');
    } finally {
      server.clock.set(clockAt);
    }
  });

  it('completion is idempotent: the answer again for the same bytes (a lost last answer), 409 for other bytes, like the PUT', async () => {
    const target = await newPhoto();
    const bytes = jpegBytes(200 * KB);
    const url = await created(target.tus.token, bytes.length);
    const done = await sendFrom(url, bytes, 0, 128 * KB);
    expect(done.statusCode).toBe(200);
    // The last answer was lost: HEAD says complete, a PATCH of no bytes at the end answers again.
    expect((await head(url)).headers['upload-offset']).toBe(String(bytes.length));
    const again = await patch(url, bytes.length, Buffer.alloc(0));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(done.json());
    // The same bytes by PUT: 200; other bytes by tus: 409 on the last chunk.
    expect((await putJpeg(server, target.presignedUrl, bytes)).statusCode).toBe(200);
    const other = jpegBytes(200 * KB);
    const url2 = await created(target.tus.token, other.length);
    const conflict = await sendFrom(url2, other, 0, 128 * KB);
    expect(conflict.statusCode).toBe(409);
    expect(errorOf(conflict).code).toBe('PHOTO_ALREADY_UPLOADED');
  });

  it('answers bad tus requests with a 4xx and the API error body', async () => {
    const target = await newPhoto();
    const url = await created(target.tus.token, 10 * KB);
    const cases: [string, Promise<LightMyRequestResponse>, number][] = [
      ['wrong offset', patch(url, 5, jpegBytes(100)), 409],
      ['unknown upload', patch('/api/uploads/tus/tus-0123456789abcdef0123456789abcdef', 0, jpegBytes(100)), 404],
      ['not an id', patch('/api/uploads/tus/..%2F..%2Fetc', 0, jpegBytes(100)), 404],
      ['HEAD of an unknown upload', head('/api/uploads/tus/tus-0123456789abcdef0123456789abcdef'), 404],
      ['no offset', server.app.inject({ method: 'PATCH', url, headers: { ...TUS, 'content-type': 'application/offset+octet-stream' }, payload: jpegBytes(100) }), 400],
      ['a JSON chunk', server.app.inject({ method: 'PATCH', url, headers: { ...TUS, 'upload-offset': '0', 'content-type': 'application/json' }, payload: '{}' }), 415],
      ['no Tus-Resumable', server.app.inject({ method: 'POST', url: '/api/uploads/tus', headers: { 'upload-length': '100', 'upload-metadata': metadata(target.tus.token) } }), 400],
      ['no Upload-Length', server.app.inject({ method: 'POST', url: '/api/uploads/tus', headers: { ...TUS, 'upload-defer-length': '1', 'upload-metadata': metadata(target.tus.token) } }), 400],
      ['bytes on creation', create(target.tus.token, 100, { 'content-type': 'application/offset+octet-stream', 'content-length': '3' }), 400],
      ['a chunk past the length', patch(url, 0, jpegBytes(11 * KB)), 413],
    ];
    for (const [what, pending, status] of cases) {
      const res = await pending;
      expect(res.statusCode, `${what}: ${res.body}`).toBe(status);
      if (res.body) expect(errorOf(res).code, what).toMatch(/^[A-Z_]+$/);
    }
  });
});

describe('what an account may keep in flight', () => {
  /** A document of `kind` for the account: its tus token and PUT link. */
  async function newDocument(token: string, path = 'identity-document'): Promise<Target> {
    const res = await postJson(server, `/api/user/${path}`, token, { id: newId() });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Target>();
  }
  const storedIds = () => {
    const dir = join(server.config.photoDir, '.tus');
    return existsSync(dir) ? readdirSync(dir) : [];
  };

  it('one upload per token: a second creation answers the first upload\'s Location, where the sent bytes are', async () => {
    const target = await newPhoto();
    const bytes = jpegBytes(300 * KB);
    const url = await created(target.tus.token, bytes.length);
    expect((await patch(url, 0, bytes.subarray(0, 128 * KB))).statusCode).toBe(204);
    const again = await create(target.tus.token, bytes.length);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.headers.location).toBe(url);
    expect((await head(url)).headers['upload-offset']).toBe(String(128 * KB));
    expect(storedIds().filter((name) => name.startsWith(url.split('/').pop() as string))).toHaveLength(2); // the file and its .json
    const last = await sendFrom(url, bytes, 128 * KB, 128 * KB);
    expect(last.statusCode, last.body).toBe(200);
  });

  it('caps the declared bytes of an account\'s unfinished uploads (429 RATE_LIMITED); a finished or expired upload frees its share', async () => {
    const account = await insertTasker(server, 'tus-quota', { status: 'new' });
    // Each document a second after the last: documents of one moment are ordered by their random
    // ids, and a stored document removes the uploads of the older ones of its kind.
    const clockAtStart = server.clock.now();
    const later = async () => {
      server.clock.advance(1000);
      return newDocument(account.token);
    };
    const docs = [await later(), await later(), await later()];
    const [a, b, c] = docs as [Target, Target, Target];
    // The limit of this server is 1 MB a file, so 2 MB in flight by default.
    const first = await created(a.tus.token, 1024 * KB);
    await created(b.tus.token, 1024 * KB);
    const over = await create(c.tus.token, 1024 * KB);
    expect(over.statusCode, over.body).toBe(429);
    expect(errorOf(over).code).toBe('RATE_LIMITED');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Another account is not held back by this one.
    const other = await insertTasker(server, 'tus-quota', { status: 'new' });
    await created((await newDocument(other.token)).tus.token, 1024 * KB);

    // The first one finished: its share is free.
    const bytes = jpegBytes(1024 * KB);
    expect((await sendFrom(first, bytes, 0, 256 * KB)).statusCode).toBe(200);
    await created(c.tus.token, 1024 * KB);
    const d = await later();
    expect((await create(d.tus.token, 1024 * KB)).statusCode).toBe(429);

    // A day later the unfinished ones have expired: their shares are free too.
    server.clock.advance(24 * 3600_000 + 60_000);
    try {
      const e = await newDocument(await server.tokenFor(account.id));
      await created(e.tus.token, 1024 * KB);
    } finally {
      server.clock.set(clockAtStart);
    }
  });

  it('a newer document of the kind removes the unfinished uploads of the older ones at once', async () => {
    const account = await insertTasker(server, 'tus-replace', { status: 'new' });
    const older = await newDocument(account.token);
    const bytes = jpegBytes(300 * KB);
    const url = await created(older.tus.token, bytes.length);
    expect((await patch(url, 0, bytes.subarray(0, 128 * KB))).statusCode).toBe(204);
    const id = url.split('/').pop() as string;
    expect(storedIds().filter((name) => name.startsWith(id))).not.toEqual([]);

    // Documents of one moment are ordered by id; a second later, the next one is the newer.
    const clockAt = server.clock.now();
    server.clock.advance(1000);
    try {
      const newer = await newDocument(account.token);
      expect((await putJpeg(server, newer.presignedUrl, jpegBytes(20 * KB))).statusCode).toBe(200);
      expect(storedIds().filter((name) => name.startsWith(id))).toEqual([]);
      expect((await head(url)).statusCode).toBe(404);
      // Its share is free: two uploads of the limit fit again.
      await created((await newDocument(account.token)).tus.token, 1024 * KB);
      await created((await newDocument(account.token)).tus.token, 1024 * KB);
    } finally {
      server.clock.set(clockAt);
    }
  });
});

describe('the cleanup job', () => {
  // Removed after the file, not at the test's end: the tus FileStore creates its folder in a
  // callback nobody can await (and throws from it on an error), so removing the folder right after
  // the job stopped raced that mkdir on a loaded machine (an uncaught ENOENT in CI, 27 Nov).
  const roots: string[] = [];
  afterAll(() => {
    for (const root of roots) rmSync(root, { recursive: true, force: true });
  });

  it('runs on a fresh data folder without failing (no `.tus` folder yet)', async () => {
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { startTusCleanupJob } = await import('../../server/storage/tus');
    const root = mkdtempSync(join(tmpdir(), 'tus-cleanup-'));
    roots.push(root);
    const photoDir = join(root, 'photos');
    const lines: string[] = [];
    const job = startTusCleanupJob({ s3: null, photoDir }, (line) => lines.push(line));
    await job.stop();
    expect(lines).toEqual([]);
  });

  it('removes every upload older than a day, finished ones too (their bytes were kept only for a lost answer)', async () => {
    const { mkdtempSync, mkdirSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { startTusCleanupJob } = await import('../../server/storage/tus');
    const root = mkdtempSync(join(tmpdir(), 'tus-cleanup-'));
    roots.push(root);
    const photoDir = join(root, 'photos');
    const dir = join(photoDir, '.tus');
    mkdirSync(dir, { recursive: true });
    const upload = (id: string, offset: number, ageMs: number) => {
      writeFileSync(join(dir, id), Buffer.alloc(offset));
      writeFileSync(join(dir, `${id}.json`), JSON.stringify({ id, size: 100, offset, metadata: {}, creation_date: new Date(Date.now() - ageMs).toISOString() }));
    };
    const day = 24 * 3600_000;
    upload('tus-00000000000000000000000000000001', 100, day + 60_000); // finished, old
    upload('tus-00000000000000000000000000000002', 40, day + 60_000); // cut, old
    upload('tus-00000000000000000000000000000003', 100, 60_000); // finished an hour ago: its answer may still be asked
    const job = startTusCleanupJob({ s3: null, photoDir }, () => undefined);
    await job.stop();
    for (let i = 0; i < 50 && readdirSync(dir).length > 2; i++) await new Promise((r) => setTimeout(r, 20));
    expect(readdirSync(dir).sort()).toEqual(['tus-00000000000000000000000000000003', 'tus-00000000000000000000000000000003.json']);
  });
});
