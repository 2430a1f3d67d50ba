/**
 * Photo files in an S3-compatible bucket (STORAGE=s3; AWS S3, MinIO, R2, …): the `PhotoStorage`
 * methods (used by deletions and by the filesystem-style PUT, which still works) and the direct
 * upload methods that keep photo bytes off the API processes:
 *
 * - the client PUTs the JPEG to a presigned URL of the bucket (`incoming/<target>/<userId>/<id>.jpg`,
 *   `Content-Type: image/jpeg` among its signed headers; the length is not: it is unknown when the
 *   URL is made), then confirms with `POST /api/uploads/<token>`;
 * - the confirmation HEADs the object (size against the target's limit, Content-Type), reads its
 *   first 3 bytes (the JPEG magic), copies it to its final key inside the bucket and records it;
 *   a refused object is deleted. The read and the copy name the ETag the HEAD gave (If-Match,
 *   x-amz-copy-source-if-match): an object PUT again during the checks is not the one copied
 *   (`ObjectChanged`). S3 cannot bound a presigned PUT's size (only a POST policy can),
 *   so an oversized object lives until its confirmation is refused or the bucket's lifecycle rule
 *   on `incoming/` removes it (docs/operations.md);
 * - reads answer a 302 to a presigned GET of the object.
 */
import { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Config } from '../config';
import type { PhotoStorage } from './photo-storage';

/** An object as HEAD tells it. */
export interface ObjectHead {
  size: number;
  contentType: string | null;
  /** The ETag without quotes (an MD5 of the bytes for a single PUT). */
  etag: string;
}

/** What a storage that takes uploads straight from the client offers besides PhotoStorage. */
export interface DirectStorage {
  /** A presigned PUT of a JPEG to `key`, valid `ttlSeconds`. */
  presignPut(key: string, ttlSeconds: number): Promise<string>;
  /** A presigned GET of `key`, valid `ttlSeconds`. */
  presignGet(key: string, ttlSeconds: number): Promise<string>;
  head(key: string): Promise<ObjectHead | null>;
  /** The first `n` bytes of the object if its ETag is still `etag` (a ranged GET); `ObjectChanged` otherwise. */
  readStart(key: string, n: number, etag: string): Promise<Buffer>;
  /** Copies inside the bucket (the bytes never leave the store) if the source's ETag is still `etag`; `ObjectChanged` otherwise. */
  copy(from: string, to: string, etag: string): Promise<void>;
}

/** The object is no longer the one checked (PUT again since its HEAD): S3's 412 to a conditional read or copy. */
export class ObjectChanged extends Error {
  constructor(key: string) {
    super(`object changed since it was checked: ${key}`);
    this.name = 'ObjectChanged';
  }
}

function isPreconditionFailed(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.$metadata.httpStatusCode === 412 || error.name === 'PreconditionFailed');
}

const KEY_RE = /^[A-Za-z0-9_-]{1,64}(\/[A-Za-z0-9_.-]{1,128})*$/;

function checkKey(key: string): string {
  if (!KEY_RE.test(key) || key.includes('..')) throw new Error(`invalid storage key: ${key}`);
  return key;
}

function isMissing(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey' || error.name === 'NotFound');
}

async function collect(source: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of source) chunks.push(chunk);
  return Buffer.concat(chunks);
}

export function createS3Client(config: S3Config): S3Client {
  return new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // Only the checksums S3 asks for: presigned PUTs from browsers carry none, and other stores may not know them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

export function createS3PhotoStorage(config: S3Config, client: S3Client = createS3Client(config)): PhotoStorage & { direct: DirectStorage } {
  const Bucket = config.bucket;
  const put = async (key: string, bytes: Buffer) => {
    await client.send(new PutObjectCommand({ Bucket, Key: checkKey(key), Body: bytes, ContentType: 'image/jpeg' }));
  };
  return {
    put,
    // Readiness (GET /api/health/ready): the bucket exists and these credentials reach it.
    async probe() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: checkKey(key) }));
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
    },
    // The API-carried PUT (not used by clients when S3 is configured; kept so the pipeline works
    // either way): the body is at most the upload limit, collected, then put under its key.
    async stage(source) {
      const bytes = await collect(source);
      let done = false;
      return {
        async commit(key) {
          if (done) throw new Error('staged photo already committed or discarded');
          await put(key, bytes);
          done = true;
        },
        async discard() {
          done = true;
        },
      };
    },
    direct: {
      // The presigner never signs Content-Type unless told to (it adds it to its unsignable headers):
      // signed, a PUT of another type does not match the signature and the bucket refuses it.
      presignPut: (key, ttlSeconds) =>
        getSignedUrl(client, new PutObjectCommand({ Bucket, Key: checkKey(key), ContentType: 'image/jpeg' }), { expiresIn: ttlSeconds, signableHeaders: new Set(['content-type']) }),
      presignGet: (key, ttlSeconds) =>
        getSignedUrl(client, new GetObjectCommand({ Bucket, Key: checkKey(key), ResponseContentType: 'image/jpeg' }), { expiresIn: Math.max(1, Math.min(ttlSeconds, 7 * 24 * 3600)) }),
      async head(key) {
        try {
          const answer = await client.send(new HeadObjectCommand({ Bucket, Key: checkKey(key) }));
          return { size: answer.ContentLength ?? 0, contentType: answer.ContentType ?? null, etag: (answer.ETag ?? '').replace(/"/g, '') };
        } catch (error) {
          if (isMissing(error)) return null;
          throw error;
        }
      },
      async readStart(key, n, etag) {
        try {
          const answer = await client.send(new GetObjectCommand({ Bucket, Key: checkKey(key), Range: `bytes=0-${n - 1}`, IfMatch: `"${etag}"` }));
          return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()).subarray(0, n) : Buffer.alloc(0);
        } catch (error) {
          if (isPreconditionFailed(error)) throw new ObjectChanged(key);
          throw error;
        }
      },
      async copy(from, to, etag) {
        try {
          await client.send(
            new CopyObjectCommand({ Bucket, Key: checkKey(to), CopySource: `${Bucket}/${checkKey(from)}`, CopySourceIfMatch: `"${etag}"`, ContentType: 'image/jpeg', MetadataDirective: 'REPLACE' }),
          );
        } catch (error) {
          if (isPreconditionFailed(error)) throw new ObjectChanged(from);
          throw error;
        }
      },
    },
  };
}
