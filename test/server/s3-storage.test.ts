/**
 * STORAGE=s3 against a local S3-compatible server (s3rver, in this process, real sockets): the
 * client PUTs the JPEG straight to a presigned URL of the bucket and confirms with POST
 * `completeUrl`; the server HEADs the object (size against the target's limit, Content-Type) and
 * reads its JPEG magic before the file counts; reads answer a 302 to a presigned GET of the bucket.
 * Task photos and user documents (the 64 kB profile photo) go through the same pipeline.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CopyObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { startTestServer, type TestServer } from './helpers';
import { jpegBytes, newId, postJson, sha256, taskInStatus } from './execution-fixtures';
import { createS3PhotoStorage } from '../../server/storage/s3-storage';
import { incomingKey } from '../../server/storage/uploads';
import { execDb } from '../../server/execution/tables';
import { extraOrigins } from '../../server/http/security';
import type { S3Config } from '../../server/config';
import type { Photo, PhotoUploadTarget, UserDocumentUploadTarget } from '#domain/types';

interface S3rverLike {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
const S3rver = createRequire(import.meta.url)('s3rver') as new (options: Record<string, unknown>) => S3rverLike;

const BUCKET = 'shelfwork-photos';
let s3dir: string;
let s3server: S3rverLike;
let s3: S3Config;
let server: TestServer;
let port: number;

beforeAll(async () => {
  s3dir = mkdtempSync(join(tmpdir(), 'shelfwork-s3rver-'));
  s3server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3dir, configureBuckets: [{ name: BUCKET }] });
  const address = await s3server.run();
  s3 = {
    bucket: BUCKET,
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${address.port}`,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  };
  server = await startTestServer({ s3 });
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  const own = server.app.server.address();
  port = typeof own === 'object' && own ? own.port : 0;
});
afterAll(async () => {
  await server?.close();
  await s3server?.close();
  rmSync(s3dir, { recursive: true, force: true });
});

const api = (path: string) => `http://127.0.0.1:${port}${path}`;
const bucket = () => createS3PhotoStorage(s3);

async function putToBucket(url: string, bytes: Buffer, contentType = 'image/jpeg'): Promise<number> {
  const res = await fetch(url, { method: 'PUT', headers: { 'content-type': contentType }, body: new Uint8Array(bytes) });
  await res.arrayBuffer();
  return res.status;
}

async function complete(url: string): Promise<{ status: number; body: { photo?: Photo; error?: { code: string } } }> {
  const res = await fetch(api(url), { method: 'POST' });
  return { status: res.status, body: (await res.json()) as { photo?: Photo; error?: { code: string } } };
}

async function newTaskPhoto(): Promise<{ target: PhotoUploadTarget; userId: string; taskId: string }> {
  const { taskId, tasker } = await taskInStatus(server);
  const created = await postJson(server, `/api/task/${taskId}/photos`, tasker.token, { photos: [{ id: newId(), comment: null, tags: [] }] });
  expect(created.statusCode, created.body).toBe(200);
  return { target: (created.json<{ data: PhotoUploadTarget[] }>().data as [PhotoUploadTarget])[0], userId: tasker.id, taskId };
}

describe('task photos on S3', () => {
  it('PUT straight to the bucket, confirmed by the server, read through a presigned GET', async () => {
    const { target, userId } = await newTaskPhoto();
    expect(target.presignedUrl.startsWith(`${s3.endpoint}/${BUCKET}/incoming/task-photo/`)).toBe(true);
    expect(target.presignedUrl).toContain('X-Amz-Signature=');
    expect(target.completeUrl).toMatch(/^\/api\/uploads\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);

    // Not yet PUT: the confirmation is refused and the photo does not count.
    const early = await complete(target.completeUrl as string);
    expect(early.status).toBe(400);
    expect(early.body.error?.code).toBe('UPLOAD_INCOMPLETE');

    const bytes = jpegBytes(300_000);
    expect(await putToBucket(target.presignedUrl, bytes)).toBe(200);
    const done = await complete(target.completeUrl as string);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const photo = done.body.photo as Photo;
    expect(photo.id).toBe(target.photo.id);
    expect(photo.url).toMatch(/^\/api\/photos\/.+\/file\?exp=\d+&sig=/);

    const row = await execDb(server.db).selectFrom('photos').select(['storage_key', 'size_bytes', 'sha256']).where('id', '=', photo.id).executeTakeFirstOrThrow();
    expect(row.size_bytes).toBe(bytes.length);
    expect(row.sha256).toMatch(/^etag:[0-9a-f]{32}$/);
    // Copied to its final key; the incoming object is gone.
    expect(sha256((await bucket().get(row.storage_key as string)) as Buffer)).toBe(sha256(bytes));
    expect(await bucket().direct.head(incomingKey({ target: 'task-photo', userId, id: photo.id }))).toBeNull();

    // The API answers a redirect, never the bytes; the bucket serves them.
    const read = await fetch(api(photo.url as string), { redirect: 'manual' });
    expect(read.status).toBe(302);
    const location = read.headers.get('location') as string;
    expect(location.startsWith(`${s3.endpoint}/${BUCKET}/`)).toBe(true);
    expect((await read.arrayBuffer()).byteLength).toBeLessThan(1000);
    const file = await fetch(location);
    expect(file.status).toBe(200);
    expect(sha256(Buffer.from(await file.arrayBuffer()))).toBe(sha256(bytes));
    // Signed for as long as the API's link (s3rver does not verify SigV4 signatures, so their checking is the store's).
    const expires = Number(new URL(location).searchParams.get('X-Amz-Expires'));
    expect(expires).toBeGreaterThan(0);
    expect(expires).toBeLessThanOrEqual(2 * server.config.photoUrlTtlSeconds);
    expect(new URL(target.presignedUrl).searchParams.get('X-Amz-SignedHeaders')).toContain('host');
  });

  it('the presigned PUT signs its Content-Type (a PUT of another type does not match the signature)', async () => {
    const { target } = await newTaskPhoto();
    const url = new URL(target.presignedUrl);
    // Signed as a header the client must send, not hoisted into the query as a value of the URL.
    expect((url.searchParams.get('X-Amz-SignedHeaders') ?? '').split(';')).toEqual(expect.arrayContaining(['host', 'content-type']));
    expect(url.searchParams.has('Content-Type')).toBe(false);
  });

  it('a repeated confirmation answers the same photo; different bytes after it are refused (409)', async () => {
    const { target } = await newTaskPhoto();
    expect(await putToBucket(target.presignedUrl, jpegBytes(5000))).toBe(200);
    const first = await complete(target.completeUrl as string);
    expect(first.status).toBe(200);
    const again = await complete(target.completeUrl as string);
    expect(again).toEqual(first);
    expect(await putToBucket(target.presignedUrl, jpegBytes(5000))).toBe(200);
    const other = await complete(target.completeUrl as string);
    expect(other.status).toBe(409);
    expect(other.body.error?.code).toBe('PHOTO_ALREADY_UPLOADED');
  });

  it('JPEG only: the object\'s Content-Type and its magic bytes are checked on confirmation', async () => {
    const { target, userId } = await newTaskPhoto();
    expect(await putToBucket(target.presignedUrl, jpegBytes(2000), 'image/png')).toBe(200);
    expect((await complete(target.completeUrl as string)).status).toBe(415);
    expect(await bucket().direct.head(incomingKey({ target: 'task-photo', userId, id: target.photo.id }))).toBeNull();
    expect(await putToBucket(target.presignedUrl, Buffer.from('not a jpeg at all, just text'))).toBe(200);
    const refused = await complete(target.completeUrl as string);
    expect(refused.status).toBe(415);
    expect(await bucket().direct.head(incomingKey({ target: 'task-photo', userId, id: target.photo.id }))).toBeNull();
    const row = await execDb(server.db).selectFrom('photos').select('uploaded_at').where('id', '=', target.photo.id).executeTakeFirstOrThrow();
    expect(row.uploaded_at).toBeNull();
  });

  it('an object replaced while the confirmation checks it is not copied (the copy names the ETag it checked): 409, nothing recorded', async () => {
    const { target, userId } = await newTaskPhoto();
    const incoming = incomingKey({ target: 'task-photo', userId, id: target.photo.id });
    expect(await putToBucket(target.presignedUrl, jpegBytes(5000))).toBe(200);
    // Between the checks (HEAD, first bytes) and the copy, the link is used again for an HTML page.
    // s3rver ignores x-amz-copy-source-if-match, so the bucket's answer to it is S3's: 412 when the
    // source's ETag is another.
    const original = S3Client.prototype.send;
    const send = original as unknown as (this: S3Client, command: unknown, ...rest: unknown[]) => Promise<{ ETag?: string }>;
    const spy = vi.spyOn(S3Client.prototype, 'send').mockImplementation(async function (this: S3Client, command: unknown, ...rest: unknown[]) {
      if (command instanceof CopyObjectCommand && command.input.CopySource?.endsWith(incoming)) {
        await send.call(this, new PutObjectCommand({ Bucket: BUCKET, Key: incoming, Body: '<html><script>alert(1)</script></html>', ContentType: 'image/jpeg' }));
        const wanted = command.input.CopySourceIfMatch;
        const now = await send.call(this, new HeadObjectCommand({ Bucket: BUCKET, Key: incoming }));
        if (wanted !== undefined && wanted.replace(/"/g, '') !== (now.ETag ?? '').replace(/"/g, '')) {
          throw new S3ServiceException({ name: 'PreconditionFailed', $fault: 'client', $metadata: { httpStatusCode: 412 }, message: 'At least one of the pre-conditions you specified did not hold' });
        }
      }
      return send.call(this, command, ...rest);
    } as unknown as typeof original);
    let refused: Awaited<ReturnType<typeof complete>>;
    try {
      refused = await complete(target.completeUrl as string);
    } finally {
      spy.mockRestore();
    }
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body.error?.code).toBe('UPLOAD_INCOMPLETE');
    const row = await execDb(server.db).selectFrom('photos').select(['uploaded_at', 'storage_key']).where('id', '=', target.photo.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ uploaded_at: null, storage_key: null });
  });

  it('a forged or other target\'s confirmation link is refused', async () => {
    const { target } = await newTaskPhoto();
    const url = target.completeUrl as string;
    const forged = `${url.slice(0, -4)}${url.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    expect((await complete(forged)).status).toBe(403);
  });
});

describe('user documents on S3', () => {
  async function newAccount(): Promise<{ id: string; token: string }> {
    const { tasker } = await taskInStatus(server);
    return { id: tasker.id, token: tasker.token };
  }

  it('the profile photo is at most 64 kB: a larger object is refused on confirmation and deleted', async () => {
    const account = await newAccount();
    const posted = await postJson(server, '/api/user/profile-photo', account.token, { id: randomUUID() });
    expect(posted.statusCode, posted.body).toBe(200);
    const target = posted.json<UserDocumentUploadTarget>();
    expect(target.completeUrl).toBeDefined();
    expect(await putToBucket(target.presignedUrl, jpegBytes(64 * 1024 + 1))).toBe(200);
    const big = await complete(target.completeUrl as string);
    expect(big.status).toBe(413);
    expect(big.body.error?.code).toBe('PAYLOAD_TOO_LARGE');
    expect(await bucket().direct.head(incomingKey({ target: 'user-document', userId: account.id, id: target.photo.id }))).toBeNull();

    const bytes = jpegBytes(64 * 1024);
    expect(await putToBucket(target.presignedUrl, bytes)).toBe(200);
    expect((await complete(target.completeUrl as string)).status).toBe(200);
    const got = await fetch(api('/api/user/profile-photo'), { headers: { authorization: `Bearer ${account.token}` } });
    const { src } = (await got.json()) as { src: string };
    const file = await fetch(api(src));
    expect(file.url.startsWith(`${s3.endpoint}/${BUCKET}/user-documents/${account.id}/`)).toBe(true);
    expect(sha256(Buffer.from(await file.arrayBuffer()))).toBe(sha256(bytes));
  });
});

describe('configuration', () => {
  it('the CSP allows the bucket origin only when S3 is configured', () => {
    expect(extraOrigins({})).toEqual([]);
    expect(extraOrigins({ STORAGE: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'https://minio.example.com:9000/', S3_FORCE_PATH_STYLE: 'true' })).toEqual(['https://minio.example.com:9000']);
    expect(extraOrigins({ STORAGE: 's3', S3_BUCKET: 'b', S3_REGION: 'eu-central-1' })).toEqual(['https://b.s3.eu-central-1.amazonaws.com']);
    expect(() => extraOrigins({ STORAGE: 's3' })).toThrow(/S3_BUCKET/);
  });
});

describe('readiness on S3', () => {
  it('is ready while the bucket answers (HeadBucket), and not with a bucket that does not exist', async () => {
    const ready = await server.request({ method: 'GET', url: '/api/health/ready' });
    expect(ready.json()).toMatchObject({ ok: true, checks: { storage: true } });
    const missing = await server.withConfig({ s3: { ...s3, bucket: 'no-such-bucket' } });
    const res = await missing.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ ok: false, failed: ['storage'] });
  });
});
