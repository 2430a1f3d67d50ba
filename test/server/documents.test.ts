/**
 * The tasker's documents (profile photo, identity document, payment document) through the task
 * photos' upload pipeline: POST user/<kind> {id} → presigned URL, the JPEG PUT over a real socket,
 * the signed read link, the limits (profile photo ≤ 64 kB, judged on the headers), JPEG only,
 * idempotency by key and by id, a newer document replacing the older one, and access: a tasker's
 * document is served only through their own signed link, and the staff link needs the staff token.
 */
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SEED_TIME, startTestServer, type TestServer } from './helpers';
import { insertTasker, type TestAccount } from './user-fixtures';
import { errorOf, getJson, jpegBytes, newId, postJson, putJpeg } from './execution-fixtures';
import { STAFF } from './lifecycle-fixtures';
import type { ApiErrorBody, IdentityDocument, UserDocumentPhoto, UserDocumentUploadTarget } from '#domain/types';

let server: TestServer;
let port: number;
const sockets: Socket[] = [];
beforeAll(async () => {
  server = await startTestServer();
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  const address = server.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await server?.close();
  if (server) rmSync(server.config.photoDir, { recursive: true, force: true });
});
afterEach(() => {
  server.clock.set(SEED_TIME);
});

const KB = 1024;
const base = () => `http://127.0.0.1:${port}`;

type Account = TestAccount;

/** A tasker who has just registered (status new, LT). */
async function newAccount(status = 'new'): Promise<Account> {
  return insertTasker(server, 'doc', { status });
}

/** Over the socket: POST user/<path> {id}. */
async function postDocument(account: Account, path: string, id: string, key: string = randomUUID()): Promise<{ status: number; headers: Headers; body: unknown }> {
  const res = await fetch(`${base()}/api/user/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${account.token}`, 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify({ id }),
  });
  return { status: res.status, headers: res.headers, body: await res.json() };
}

/** Over the socket: PUT the bytes to a presigned URL. */
async function put(url: string, bytes: Buffer, contentType = 'image/jpeg'): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${base()}${url}`, { method: 'PUT', headers: { 'content-type': contentType }, body: new Uint8Array(bytes) });
  return { status: res.status, body: await res.json() };
}

async function getFile(url: string, headers: Record<string, string> = {}): Promise<{ status: number; bytes: Buffer; contentType: string | null }> {
  const res = await fetch(`${base()}${url}`, { headers });
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()), contentType: res.headers.get('content-type') };
}

/** POST + PUT; answers the upload target and the stored photo. */
async function upload(account: Account, path: string, bytes: Buffer, id = newId()): Promise<{ target: UserDocumentUploadTarget; photo: UserDocumentPhoto }> {
  const posted = await postDocument(account, path, id);
  expect(posted.status, JSON.stringify(posted.body)).toBe(200);
  const target = posted.body as UserDocumentUploadTarget;
  const stored = await put(target.presignedUrl, bytes);
  expect(stored.status, JSON.stringify(stored.body)).toBe(200);
  return { target, photo: (stored.body as { photo: UserDocumentPhoto }).photo };
}

/** Sends a PUT's request line and headers over a socket, no body byte, and reads the answer. */
function headersOnly(path: string, headers: Record<string, string>): Promise<{ status: number; body: ApiErrorBody }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    sockets.push(socket);
    socket.on('error', reject);
    let data = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      data = Buffer.concat([data, chunk]);
      const end = data.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = data.subarray(0, end).toString('latin1');
      const length = Number(/content-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
      const body = data.subarray(end + 4);
      if (body.length < length) return;
      resolve({ status: Number(head.split(' ')[1]), body: JSON.parse(body.subarray(0, length).toString('utf8')) as ApiErrorBody });
    });
    socket.write([`PUT ${path} HTTP/1.1`, `Host: 127.0.0.1:${port}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`), '', ''].join('\r\n'));
  });
}

const docRow = (id: string) =>
  server.db.selectFrom('user_documents').select(['id', 'user_id', 'kind', 'storage_key', 'size_bytes', 'uploaded_at', 'deleted_at']).where('id', '=', id).executeTakeFirst();

describe('upload flow', () => {
  it('POST answers a presigned URL, the JPEG is PUT over a socket, and GET user/profile-photo links the same bytes', async () => {
    const account = await newAccount();
    expect((await getJson(server, '/api/user/profile-photo', account.token)).statusCode).toBe(404);
    const id = newId();
    const posted = await postDocument(account, 'profile-photo', id);
    expect(posted.status).toBe(200);
    const target = posted.body as UserDocumentUploadTarget;
    expect(target.presignedUrl).toMatch(/^\/api\/uploads\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(target.photo).toEqual({ id, src: null });
    // Nothing to show until the file is there.
    expect((await getJson(server, '/api/user/profile-photo', account.token)).statusCode).toBe(404);

    const bytes = jpegBytes(40 * KB);
    const stored = await put(target.presignedUrl, bytes);
    expect(stored.status).toBe(200);
    const photo = (stored.body as { photo: UserDocumentPhoto }).photo;
    expect(photo.id).toBe(id);
    expect(photo.src).toMatch(new RegExp(`^/api/user-documents/${id}/file\\?exp=\\d+&sig=[A-Za-z0-9_-]+$`));

    const shown = await getJson(server, '/api/user/profile-photo', account.token);
    expect(shown.statusCode).toBe(200);
    expect(shown.json<UserDocumentPhoto>()).toEqual({ id, src: photo.src });
    const file = await getFile(photo.src as string);
    expect(file.status).toBe(200);
    expect(file.contentType).toBe('image/jpeg');
    expect(file.bytes.equals(bytes)).toBe(true);
    expect(await docRow(id)).toMatchObject({ user_id: account.id, kind: 'profile_photo', size_bytes: bytes.length, deleted_at: null });
  });

  it('GET user/identity-document answers the uploaded one with its upload time; a payment document has no GET but is stored', async () => {
    const account = await newAccount();
    expect((await getJson(server, '/api/user/identity-document', account.token)).json<ApiErrorBody>().error.code).toBe('NOT_FOUND');
    server.clock.advance(60_000);
    const { photo } = await upload(account, 'identity-document', jpegBytes(500 * KB));
    const shown = (await getJson(server, '/api/user/identity-document', account.token)).json<IdentityDocument>();
    expect(shown).toEqual({ id: photo.id, src: photo.src, uploadedAt: '2026-03-10T09:01:00.000Z' });
    expect((await getFile(shown.src)).status).toBe(200);

    const payment = await upload(account, 'payment-document', jpegBytes(300 * KB));
    expect(await docRow(payment.photo.id)).toMatchObject({ kind: 'payment_document', deleted_at: null });
    expect((await getFile(payment.photo.src as string)).status).toBe(200);
  });

  it('needs a login and a plausible id', async () => {
    const account = await newAccount();
    const anonymous = await fetch(`${base()}/api/user/profile-photo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id: newId() }) });
    expect(anonymous.status).toBe(401);
    expect((await fetch(`${base()}/api/user/identity-document`)).status).toBe(401);
    for (const [id, code] of [
      [undefined, 'REQUIRED'],
      ['', 'REQUIRED'],
      ['a/b', 'INVALID'],
      [42, 'INVALID'],
      ['x'.repeat(65), 'INVALID'],
    ] as const) {
      const res = await postJson(server, '/api/user/identity-document', account.token, { id });
      expect(res.statusCode, String(id)).toBe(400);
      expect(errorOf(res).fields).toEqual({ id: code });
    }
    expect(await server.db.selectFrom('user_documents').select('id').where('user_id', '=', account.id).execute()).toEqual([]);
  });
});

describe('limits and types', () => {
  it('a profile photo is at most 64 kB: 64 kB is stored, one byte more is 413 "file too large"', async () => {
    const account = await newAccount();
    const posted = (await postDocument(account, 'profile-photo', newId())).body as UserDocumentUploadTarget;
    const over = await put(posted.presignedUrl, jpegBytes(64 * KB + 1));
    expect(over.status).toBe(413);
    expect((over.body as ApiErrorBody).error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'The file is too large (at most 64 kB)' });
    expect((await docRow(posted.photo.id))?.uploaded_at).toBeNull();
    expect((await put(posted.presignedUrl, jpegBytes(64 * KB))).status).toBe(200);
  });

  it('a profile photo over 64 kB is refused on its headers alone; an identity document of the same size is accepted', async () => {
    const account = await newAccount();
    const profile = (await postDocument(account, 'profile-photo', newId())).body as UserDocumentUploadTarget;
    const refused = await headersOnly(profile.presignedUrl, { 'Content-Type': 'image/jpeg', 'Content-Length': String(64 * KB + 1) });
    expect(refused.status).toBe(413);
    expect(refused.body.error.code).toBe('PAYLOAD_TOO_LARGE');
    const identity = (await postDocument(account, 'identity-document', newId())).body as UserDocumentUploadTarget;
    expect((await put(identity.presignedUrl, jpegBytes(64 * KB + 1))).status).toBe(200);
  });

  it('a profile photo streamed without Content-Length is stopped once it passes 64 kB, nothing stored', async () => {
    const account = await newAccount();
    const target = (await postDocument(account, 'profile-photo', newId())).body as UserDocumentUploadTarget;
    const big = jpegBytes(256 * KB);
    let offset = 0;
    const stream = new Readable({
      read() {
        if (offset >= big.length) this.push(null);
        else {
          this.push(big.subarray(offset, offset + 8 * KB));
          offset += 8 * KB;
        }
      },
    });
    const res = await server.app.inject({ method: 'PUT', url: target.presignedUrl, headers: { 'content-type': 'image/jpeg' }, payload: stream });
    expect(res.statusCode).toBe(413);
    expect(errorOf(res).message).toBe('The file is too large (at most 64 kB)');
    expect(offset).toBeLessThan(big.length);
    expect((await docRow(target.photo.id))?.uploaded_at).toBeNull();
  });

  it('other documents follow UPLOAD_MAX_BYTES', async () => {
    const account = await newAccount();
    const target = (await postDocument(account, 'payment-document', newId())).body as UserDocumentUploadTarget;
    const refused = await headersOnly(target.presignedUrl, { 'Content-Type': 'image/jpeg', 'Content-Length': String(server.config.uploadMaxBytes + 1) });
    expect(refused.status).toBe(413);
    expect(refused.body.error.message).toBe('Request body is too large');
  });

  it('JPEG only: PNG bytes, another content type or an empty body are 415 and store nothing', async () => {
    const account = await newAccount();
    const target = (await postDocument(account, 'profile-photo', newId())).body as UserDocumentUploadTarget;
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), jpegBytes(100)]);
    for (const [bytes, type] of [
      [png, 'image/jpeg'],
      [jpegBytes(), 'image/png'],
      [Buffer.alloc(0), 'image/jpeg'],
    ] as [Buffer, string][]) {
      const res = await put(target.presignedUrl, bytes, type);
      expect(res.status, `${type} ${bytes.length}`).toBe(415);
      expect((res.body as ApiErrorBody).error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
    expect((await docRow(target.photo.id))?.uploaded_at).toBeNull();
    const staging = join(server.config.photoDir, '.staging');
    expect(existsSync(staging) ? readdirSync(staging) : []).toEqual([]);
  });

  it('an expired upload link is 410, a tampered one 403', async () => {
    const account = await newAccount();
    const target = (await postDocument(account, 'identity-document', newId())).body as UserDocumentUploadTarget;
    server.clock.advance(server.config.uploadUrlTtlSeconds * 1000);
    const expired = await putJpeg(server, target.presignedUrl, jpegBytes());
    expect(expired.statusCode).toBe(410);
    expect(errorOf(expired).code).toBe('UPLOAD_TOKEN_EXPIRED');
    server.clock.set(SEED_TIME);
    // The token's claims changed (another kind, or made to look like a task photo's): the signature no longer fits.
    const token = target.presignedUrl.slice('/api/uploads/'.length);
    const [payload, sig] = token.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    for (const forged of [{ ...claims, t: 'profile_photo' }, { ...claims, k: undefined }]) {
      const res = await putJpeg(server, `/api/uploads/${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${sig}`, jpegBytes());
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).code).toBe('UPLOAD_TOKEN_INVALID');
    }
    expect((await docRow(target.photo.id))?.uploaded_at).toBeNull();
  });
});

describe('idempotency', () => {
  it('a replayed POST answers the stored body; a re-POST of the id with a new key gives a fresh URL and no second row', async () => {
    const account = await newAccount();
    const id = newId();
    const key = randomUUID();
    const first = await postDocument(account, 'identity-document', id, key);
    const replay = await postDocument(account, 'identity-document', id, key);
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    server.clock.advance(5_000);
    const again = await postDocument(account, 'identity-document', id);
    expect(again.status).toBe(200);
    const target = again.body as UserDocumentUploadTarget;
    expect(target.photo).toEqual({ id, src: null });
    expect(target.presignedUrl).not.toBe((first.body as UserDocumentUploadTarget).presignedUrl);
    expect(await server.db.selectFrom('user_documents').select('id').where('user_id', '=', account.id).execute()).toHaveLength(1);
    // After the upload a re-POST answers the src as well.
    const bytes = jpegBytes();
    expect((await put(target.presignedUrl, bytes)).status).toBe(200);
    const later = (await postDocument(account, 'identity-document', id)).body as UserDocumentUploadTarget;
    expect(later.photo.src).toMatch(/^\/api\/user-documents\//);
  });

  it('the same bytes PUT twice answer 200 (stored once); other bytes for an uploaded document are 409', async () => {
    const account = await newAccount();
    const bytes = jpegBytes(10 * KB);
    const { target, photo } = await upload(account, 'payment-document', bytes);
    const again = await put(target.presignedUrl, bytes);
    expect(again.status).toBe(200);
    expect((again.body as { photo: UserDocumentPhoto }).photo).toEqual(photo);
    const other = await put(target.presignedUrl, jpegBytes(10 * KB));
    expect(other.status).toBe(409);
    expect((other.body as ApiErrorBody).error.code).toBe('PHOTO_ALREADY_UPLOADED');
    expect(readdirSync(join(server.config.photoDir, 'user-documents', account.id))).toHaveLength(1);
    expect((await getFile(photo.src as string)).bytes.equals(bytes)).toBe(true);
  });

  it('an id already used for another kind or by another tasker is refused (ID_TAKEN) and never hands out their file', async () => {
    const owner = await newAccount();
    const other = await newAccount();
    const { photo } = await upload(owner, 'identity-document', jpegBytes());
    const sameKind = await postDocument(other, 'identity-document', photo.id);
    expect(sameKind.status).toBe(400);
    expect((sameKind.body as ApiErrorBody).error.fields).toEqual({ id: 'ID_TAKEN' });
    const otherKind = await postDocument(owner, 'profile-photo', photo.id);
    expect(otherKind.status).toBe(400);
    expect((otherKind.body as ApiErrorBody).error.fields).toEqual({ id: 'ID_TAKEN' });
    expect(await docRow(photo.id)).toMatchObject({ user_id: owner.id, kind: 'identity_document' });
  });
});

describe('a newer document replaces the older one', () => {
  it('GET shows the newest; the older row is marked deleted, its file removed and its link answers 404', async () => {
    const account = await newAccount();
    const older = await upload(account, 'profile-photo', jpegBytes(20 * KB));
    const olderRow = await docRow(older.photo.id);
    server.clock.advance(60_000);
    const newer = await upload(account, 'profile-photo', jpegBytes(30 * KB));
    const shown = (await getJson(server, '/api/user/profile-photo', account.token)).json<UserDocumentPhoto>();
    expect(shown.id).toBe(newer.photo.id);
    expect(await docRow(older.photo.id)).toMatchObject({ deleted_at: new Date('2026-03-10T09:01:00.000Z') });
    expect(existsSync(join(server.config.photoDir, olderRow?.storage_key as string))).toBe(false);
    expect((await getFile(older.photo.src as string)).status).toBe(404);
    expect((await getFile(shown.src as string)).status).toBe(200);
  });

  it('a file that arrives after a newer document of its kind is stored as the replaced one', async () => {
    const account = await newAccount();
    const olderTarget = (await postDocument(account, 'identity-document', newId())).body as UserDocumentUploadTarget;
    server.clock.advance(60_000);
    const newer = await upload(account, 'identity-document', jpegBytes());
    expect((await put(olderTarget.presignedUrl, jpegBytes())).status).toBe(200);
    expect((await getJson(server, '/api/user/identity-document', account.token)).json<IdentityDocument>().id).toBe(newer.photo.id);
    expect((await docRow(olderTarget.photo.id))?.deleted_at).not.toBeNull();
  });

  it('kinds do not replace each other', async () => {
    const account = await newAccount();
    const identity = await upload(account, 'identity-document', jpegBytes());
    server.clock.advance(60_000);
    await upload(account, 'payment-document', jpegBytes());
    await upload(account, 'profile-photo', jpegBytes());
    expect((await docRow(identity.photo.id))?.deleted_at).toBeNull();
    expect((await getJson(server, '/api/user/identity-document', account.token)).json<IdentityDocument>().id).toBe(identity.photo.id);
  });
});

describe('access', () => {
  it("another tasker never gets a tasker's document: their GETs answer their own (or 404), their upload token cannot reach it", async () => {
    const owner = await newAccount();
    const other = await newAccount();
    const mine = await upload(owner, 'profile-photo', jpegBytes());
    expect((await getJson(server, '/api/user/profile-photo', other.token)).statusCode).toBe(404);
    expect((await getJson(server, '/api/user/identity-document', other.token)).statusCode).toBe(404);
    const theirs = await upload(other, 'profile-photo', jpegBytes());
    expect((await getJson(server, '/api/user/profile-photo', other.token)).json<UserDocumentPhoto>().id).toBe(theirs.photo.id);
    expect((await getJson(server, '/api/user/profile-photo', owner.token)).json<UserDocumentPhoto>().id).toBe(mine.photo.id);
    // A link signed for one document does not open another one, and a bearer token opens nothing.
    const u = new URL(mine.photo.src as string, 'http://x');
    const forged = `/api/user-documents/${theirs.photo.id}/file${u.search}`;
    expect((await getFile(forged)).status).toBe(403);
    expect((await getFile(`${u.pathname}`, { authorization: `Bearer ${owner.token}` })).status).toBe(403);
    // A task photo's link form (namespace 'photos') never serves a document, nor the other way round.
    expect((await getFile(`/api/photos/${mine.photo.id}/file${u.search}`)).status).toBe(403);
  });

  it('signed links expire (410) and a tampered signature is 403', async () => {
    const account = await newAccount();
    const { photo } = await upload(account, 'identity-document', jpegBytes());
    const u = new URL(photo.src as string, 'http://x');
    const exp = Number(u.searchParams.get('exp'));
    const sig = u.searchParams.get('sig') as string;
    expect((await getFile(`${u.pathname}?exp=${exp + 3600}&sig=${sig}`)).status).toBe(403);
    expect((await getFile(`${u.pathname}?exp=${exp}&sig=${sig.slice(1)}x`)).status).toBe(403);
    server.clock.set(new Date(exp * 1000));
    expect((await getFile(photo.src as string)).status).toBe(410);
    // A fresh GET hands out a new link that works.
    const fresh = (await getJson(server, '/api/user/identity-document', await server.tokenFor(account.id))).json<IdentityDocument>();
    expect(fresh.src).not.toBe(photo.src);
    expect((await getFile(fresh.src)).status).toBe(200);
  });

  it('the staff link of a document needs the staff token (a tasker token, none or a wrong one: 401) and names the right user', async () => {
    const account = await newAccount('awaiting_approval');
    const other = await newAccount();
    const bytes = jpegBytes(3 * KB);
    const { photo } = await upload(account, 'identity-document', bytes);
    const review = await server.request({ method: 'GET', url: `/api/staff/users/${account.id}`, headers: STAFF });
    expect(review.statusCode).toBe(200);
    const doc = review.json<{ documents: { id: string; src: string | null }[] }>().documents.find((d) => d.id === photo.id);
    expect(doc?.src).toBe(`/api/staff/users/${account.id}/documents/${photo.id}/file`);
    const link = doc?.src as string;
    expect((await getFile(link)).status).toBe(401);
    expect((await getFile(link, { authorization: `Bearer ${account.token}` })).status).toBe(401);
    expect((await getFile(link, { authorization: 'Bearer wrong' })).status).toBe(401);
    const ok = await getFile(link, STAFF);
    expect(ok.status).toBe(200);
    expect(ok.bytes.equals(bytes)).toBe(true);
    expect((await getFile(`/api/staff/users/${other.id}/documents/${photo.id}/file`, STAFF)).status).toBe(404);
  });

  it('after approval the identity document is deleted: its file is gone, GET answers 404, the row keeps when it was uploaded', async () => {
    const account = await newAccount('awaiting_approval');
    const { photo } = await upload(account, 'identity-document', jpegBytes());
    const profile = await upload(account, 'profile-photo', jpegBytes());
    const key = (await docRow(photo.id))?.storage_key as string;
    expect(existsSync(join(server.config.photoDir, key))).toBe(true);
    const approved = await server.request({ method: 'POST', url: `/api/staff/users/${account.id}/approve`, headers: STAFF });
    expect(approved.statusCode, approved.body).toBe(200);
    // The file goes once the approval is committed (right after the answer is sent).
    await vi.waitFor(() => expect(existsSync(join(server.config.photoDir, key))).toBe(false), { timeout: 5000, interval: 20 });
    const row = await docRow(photo.id);
    expect(row?.uploaded_at).not.toBeNull();
    expect(row?.deleted_at).not.toBeNull();
    expect((await getJson(server, '/api/user/identity-document', account.token)).statusCode).toBe(404);
    expect((await getFile(photo.src as string)).status).toBe(404);
    // Only the identity document goes.
    expect((await getFile(profile.photo.src as string)).status).toBe(200);
    const review = (await server.request({ method: 'GET', url: `/api/staff/users/${account.id}`, headers: STAFF })).json<{ documents: { id: string; src: string | null; deletedAt: string | null }[] }>();
    expect(review.documents.find((d) => d.id === photo.id)).toMatchObject({ src: null, deletedAt: SEED_TIME });
  });
});
