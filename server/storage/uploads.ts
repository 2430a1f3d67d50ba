/**
 * Uploaded files, one pipeline for every kind (task photos, user documents):
 * `PUT /api/uploads/<token>` (the presigned upload; the signed token is the credential, no
 * bearer) and `GET /api/<namespace>/<id>/file?exp&sig` (the signed read URLs). Each kind plugs
 * in as an `UploadTarget` (which row receives the file, its size limit, its answer) and a
 * `FileSource` (which row a read URL names); the token names its target, so a token made for one
 * kind never writes into another.
 *
 * The upload is judged before its body is read: an `onRequest` hook checks the token (403/410),
 * the content type (415) and the declared Content-Length against the target's limit (413), and
 * the handler checks the row (404/420) before it touches the body. Only then is the body streamed
 * to storage (PhotoStorage.stage), counted against the limit and hashed as it arrives, never held
 * whole in memory: a forged token costs no memory, a chunked body past the limit stops at the
 * limit (413) and closes the connection. A body refused unread is discarded by Node as it arrives
 * (kept-alive connection), so a legitimate client still reads its 410 and renews its URL.
 *
 * Registered as an encapsulated plugin so the image/jpeg parser exists on these routes only;
 * every other route keeps the JSON-only parser and BODY_LIMIT_BYTES. The upload is idempotent:
 * the bytes are stored exactly as received, under a key containing their sha256, once; a second
 * PUT of the same bytes answers 200 with the same answer, different bytes for an uploaded row
 * answer 409.
 */
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { Db } from '../db/database';
import { ApiError, forbidden } from '../http/errors';
import { asQuery, isPlausibleId, single } from '../http/input';
import { createFsPhotoStorage, type PhotoStorage, type StagedPhoto } from './photo-storage';
import { createS3PhotoStorage, ObjectChanged, type DirectStorage } from './s3-storage';
import { FileUrlSigner, type UploadClaims } from './signing';
import { createTusStore, registerTusRoutes, TUS_PATH, TusUploads, type Judged } from './tus';
import * as uploadRoutes from '#contracts/api/uploads';
import { serve } from '../http/contract';
import { countUploadBytes } from '../observability/metrics';

const unsupported = () => new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the photo as a JPEG file (Content-Type: image/jpeg)');
const lengthMismatch = () => new ApiError(400, 'BAD_REQUEST', 'Content-Length does not match the body');
const brokenOff = () => new ApiError(400, 'UPLOAD_INCOMPLETE', 'The upload broke off before its end');

/** A direct upload's object PUT again while its confirmation checked it: the client confirms again (the new object is judged afresh). */
async function changedIs409<T>(step: Promise<T>): Promise<T> {
  try {
    return await step;
  } catch (error) {
    if (error instanceof ObjectChanged) throw new ApiError(409, 'UPLOAD_INCOMPLETE', 'The file changed while it was checked; confirm the upload again');
    throw error;
  }
}

/** The 413 of an upload; a target with its own, smaller limit says it in the message. */
export const fileTooLarge = (limit?: number) =>
  new ApiError(413, 'PAYLOAD_TOO_LARGE', limit === undefined ? 'Request body is too large' : `The file is too large (at most ${Math.floor(limit / 1024)} kB)`);

/** Storage, signer and URL makers shared by every feature with files (one per app). */
export interface Files {
  storage: PhotoStorage;
  signer: FileUrlSigner;
  /** A signed read URL for a file in `namespace` (valid one to two PHOTO_URL_TTL_SECONDS). */
  readUrl(namespace: string, id: string): string;
  /** A presigned upload path (`/api/uploads/<token>`, valid UPLOAD_URL_TTL_SECONDS). */
  uploadUrl(claims: Omit<UploadClaims, 'exp'>): string;
  /**
   * Where the client sends the file: the API's `/api/uploads/<token>` (filesystem), or a presigned
   * PUT straight to the bucket plus `completeUrl` (POST it after the PUT's 2xx) when the storage
   * takes direct uploads (S3).
   */
  upload(claims: Omit<UploadClaims, 'exp'>): Promise<{ presignedUrl: string; completeUrl?: string; tus: ResumableUpload }>;
  /** The storage's direct uploads (S3), or null (the bytes go through the API). */
  direct: DirectStorage | null;
}

/**
 * The resumable way to send the same file (tus, server/storage/tus.ts): create an upload at
 * `endpoint` with `token` in its Upload-Metadata, then PATCH chunks; the last chunk's answer is
 * the PUT's.
 */
export interface ResumableUpload {
  endpoint: string;
  token: string;
}

/** The bucket key a direct upload is PUT to, until its confirmation copies it to the row's key. */
export function incomingKey(claims: Pick<UploadClaims, 'target' | 'userId' | 'id'>): string {
  return `incoming/${claims.target}/${claims.userId}/${claims.id}.jpg`;
}

/** Files in the configured bucket (STORAGE=s3) or under config.photoDir (or the PhotoStorage given). */
export function createFiles(ctx: AppContext, storage: PhotoStorage = ctx.config.s3 ? createS3PhotoStorage(ctx.config.s3) : createFsPhotoStorage(ctx.config.photoDir)): Files {
  const signer = new FileUrlSigner(ctx.tokens.secret);
  const direct = 'direct' in storage ? (storage.direct as DirectStorage) : null;
  const uploadToken = (claims: Omit<UploadClaims, 'exp'>) => signer.uploadToken({ ...claims, exp: Math.floor(ctx.clock.now().getTime() / 1000) + ctx.config.uploadUrlTtlSeconds });
  const uploadUrl = (claims: Omit<UploadClaims, 'exp'>) => `/api/uploads/${uploadToken(claims)}`;
  return {
    storage,
    signer,
    direct,
    readUrl: (namespace, id) => signer.readUrl(namespace, id, ctx.clock.now(), ctx.config.photoUrlTtlSeconds),
    uploadUrl,
    async upload(claims) {
      const token = uploadToken(claims);
      const tus = { endpoint: TUS_PATH, token };
      if (!direct) return { presignedUrl: `/api/uploads/${token}`, tus };
      return { presignedUrl: await direct.presignPut(incomingKey(claims), ctx.config.uploadUrlTtlSeconds), completeUrl: `/api/uploads/${token}`, tus };
    },
  };
}

/** A file as the pipeline stored it. */
export interface StoredFile {
  key: string;
  sha256: string;
  size: number;
  at: Date;
}

/** One kind of row that receives uploads (a task photo, a user document). */
export interface UploadTarget {
  /** The token's target name (UploadClaims.target). */
  name: string;
  /** The largest body for this upload, in bytes (UPLOAD_MAX_BYTES caps it). */
  maxBytes(claims: UploadClaims): number;
  /**
   * Whether the row the claims name may receive a file: throws its 404/420 otherwise. Called on
   * the headers alone (lock false) and again inside the upload's transaction (lock true: the row
   * lock serialises concurrent PUTs of one row). Returns the sha256 of a file already stored.
   */
  uploadable(db: Db, claims: UploadClaims, lock: boolean): Promise<{ sha256: string | null }>;
  /** The storage key for these bytes (made by the server only). */
  storageKey(claims: UploadClaims, sha256: string): string;
  /** Records the stored file on the row; returns storage keys to delete once committed (files it replaced). */
  record(trx: Db, claims: UploadClaims, file: StoredFile): Promise<string[]>;
  /**
   * After `record`: the ids of this target's other rows that can no longer receive a file that
   * counts (older documents of the kind the recorded one replaces); their unfinished resumable
   * uploads are removed at once. Absent: none.
   */
  superseded?(trx: Db, claims: UploadClaims): Promise<string[]>;
  /** The answer of a successful PUT (also of a repeated PUT of the same bytes). */
  answer(trx: Db, claims: UploadClaims): Promise<unknown>;
  /** The 409 for different bytes on a row that already has its file. */
  alreadyUploaded(): ApiError;
}

/** Where the signed read URLs of a namespace (`/api/<namespace>/<id>/file`) find their file. */
export interface FileSource {
  namespace: string;
  notFound(): ApiError;
  /** The storage key of the row's file, or null (no such row, not uploaded, deleted). */
  storageKey(db: Db, id: string): Promise<string | null>;
}

/** What a staged upload turned out to be. */
interface StagedUpload {
  staged: StagedPhoto;
  size: number;
  sha256: string;
  /** The first bytes (the JPEG magic). */
  head: Buffer;
}

/**
 * The upload body: the request stream, not yet read (the image/jpeg parser hands it over as is).
 * The stream sits in a private field so generic body walkers (the NUL-character check every
 * route runs) see an object without enumerable properties.
 */
class UploadBody {
  readonly #stream: Readable;
  /** unread → reading → read; a reply while `reading` closes the connection (the rest is unwanted). */
  state: 'unread' | 'reading' | 'read' = 'unread';
  constructor(stream: Readable) {
    this.#stream = stream;
  }

  /** Streams the body into `storage`, at most `limit` bytes, hashing it on the way. */
  async stage(storage: PhotoStorage, limit: number, declared: number | null, overLimit: () => ApiError): Promise<StagedUpload> {
    const hash = createHash('sha256');
    let size = 0;
    let head = Buffer.alloc(0);
    const stream = this.#stream;
    this.state = 'reading';
    async function* metered(): AsyncGenerator<Buffer> {
      // destroyOnReturn: false — stopping at the limit must not destroy the request (and with it
      // the socket) before the 413 is written.
      const chunks = stream.iterator({ destroyOnReturn: false }) as AsyncIterableIterator<Buffer>;
      for (;;) {
        let next: IteratorResult<Buffer>;
        try {
          next = await chunks.next();
        } catch {
          throw brokenOff();
        }
        if (next.done) return;
        const chunk = next.value;
        size += chunk.length;
        if (size > limit) {
          await chunks.return?.();
          throw overLimit();
        }
        hash.update(chunk);
        if (head.length < 3) head = Buffer.concat([head, chunk.subarray(0, 3 - head.length)]);
        yield chunk;
      }
    }
    const staged = await storage.stage(metered());
    this.state = 'read';
    if (declared !== null && size !== declared) {
      await staged.discard();
      throw lengthMismatch();
    }
    return { staged, size, sha256: hash.digest('hex'), head };
  }
}

function isJpeg(head: Buffer): boolean {
  return head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
}

/** The media type of a Content-Type header without parameters, lower-cased. */
function mediaType(header: string | undefined): string | null {
  const type = header?.split(';')[0]?.trim().toLowerCase();
  return type ? type : null;
}

export interface UploadsOptions {
  ctx: AppContext;
  files: Files;
  targets: UploadTarget[];
  sources: FileSource[];
}

export function uploadsPlugin(options: UploadsOptions) {
  const { ctx, files, targets, sources } = options;
  const { storage, signer } = files;
  const byName = new Map(targets.map((t) => [t.name, t]));
  return async function uploads(app: FastifyInstance): Promise<void> {
    // Files are reached by signed URLs (the upload token, the read signature), not a bearer.
    app.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: 'signed-url' };
    });
    const maxBytes = ctx.config.uploadMaxBytes;
    const tusUploads = new TusUploads(createTusStore(ctx.config), (error, id) => app.log.warn({ err: error, id }, 'resumable upload not removed'));
    // The body is handed over unread; the handler streams it once the upload is known to be wanted.
    app.addContentTypeParser('image/jpeg', (_request, payload, done) => {
      done(null, new UploadBody(payload as unknown as Readable));
    });
    // Anything else on these routes is a 415 with our message (not the JSON-only default's).
    app.addContentTypeParser('*', (_request, _payload, done) => done(unsupported(), undefined));

    /** Per request: the verified claims and their target, and whether the connection must close after the answer. */
    const claimsOf = new WeakMap<FastifyRequest, { claims: UploadClaims; target: UploadTarget; limit: number }>();
    const closeAfter = new WeakSet<FastifyRequest>();

    /** The body limit of an upload and its 413 (a target's own, smaller limit is named in the message). */
    function limitOf(target: UploadTarget, claims: UploadClaims): { limit: number; overLimit: () => ApiError } {
      const own = target.maxBytes(claims);
      return own < maxBytes ? { limit: own, overLimit: () => fileTooLarge(own) } : { limit: maxBytes, overLimit: () => fileTooLarge() };
    }

    /** The token alone (a direct upload's confirmation has no body). */
    async function checkToken(request: FastifyRequest): Promise<void> {
      const check = signer.verifyUploadToken((request.params as { '*'?: string })['*'] ?? '', ctx.clock.now());
      if (!check.ok) {
        if (check.reason === 'EXPIRED') throw new ApiError(410, 'UPLOAD_TOKEN_EXPIRED', 'This upload link has expired; request a new one');
        throw forbidden('UPLOAD_TOKEN_INVALID', 'This upload link is not valid');
      }
      const target = byName.get(check.value.target);
      if (!target) throw forbidden('UPLOAD_TOKEN_INVALID', 'This upload link is not valid');
      claimsOf.set(request, { claims: check.value, target, limit: limitOf(target, check.value).limit });
    }

    /** Token, content type and declared length: judged on the headers alone, before any body byte. */
    async function checkHeaders(request: FastifyRequest): Promise<void> {
      const token = (request.params as { '*'?: string })['*'] ?? '';
      const check = signer.verifyUploadToken(token, ctx.clock.now());
      if (!check.ok) {
        if (check.reason === 'EXPIRED') throw new ApiError(410, 'UPLOAD_TOKEN_EXPIRED', 'This upload link has expired; request a new one');
        throw forbidden('UPLOAD_TOKEN_INVALID', 'This upload link is not valid');
      }
      const target = byName.get(check.value.target);
      if (!target) throw forbidden('UPLOAD_TOKEN_INVALID', 'This upload link is not valid');
      if (mediaType(request.headers['content-type']) !== 'image/jpeg') throw unsupported();
      const { limit, overLimit } = limitOf(target, check.value);
      const length = request.headers['content-length'];
      if (length !== undefined) {
        if (!/^\d{1,15}$/.test(length)) throw new ApiError(400, 'BAD_REQUEST', 'Content-Length is not a number');
        if (Number(length) > limit) {
          closeAfter.add(request);
          throw overLimit();
        }
      }
      claimsOf.set(request, { claims: check.value, target, limit });
    }

    /** A body left half-read (over the limit, broken off, a storage failure) is not worth receiving: close. */
    async function closeIfHalfRead(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      if (closeAfter.has(request) || (request.body instanceof UploadBody && request.body.state === 'reading')) void reply.header('connection', 'close');
    }

    serve(app, uploadRoutes.putUpload, { onRequest: checkHeaders, onSend: closeIfHalfRead })(async (request) => {
      const judged = claimsOf.get(request);
      if (!judged) throw forbidden('UPLOAD_TOKEN_INVALID', 'This upload link is not valid');
      const { claims, target } = judged;
      // Before one byte of the body: a deleted row or a closed task costs nothing.
      await target.uploadable(ctx.db, claims, false);
      if (!(request.body instanceof UploadBody)) throw unsupported();
      const length = request.headers['content-length'];
      const upload = await request.body.stage(storage, judged.limit, length === undefined ? null : Number(length), limitOf(target, claims).overLimit);
      countUploadBytes('put', upload.size);
      return finish(upload, claims, target, request);
    });

    /**
     * The end of every upload through the API (the PUT, the last tus chunk): JPEG magic, then
     * inside one transaction the row (locked), idempotency (same bytes: the answer again; other
     * bytes: 409), the staged bytes under the row's key, the record, the answer.
     */
    async function finish(upload: StagedUpload, claims: UploadClaims, target: UploadTarget, request: FastifyRequest): Promise<unknown> {
      const replaced: string[] = [];
      const abandoned: string[] = [];
      try {
        if (!isJpeg(upload.head)) throw unsupported();
        const { sha256, size } = upload;
        const answer = await ctx.db.transaction().execute(async (trx) => {
          const row = await target.uploadable(trx, claims, true);
          if (row.sha256 !== null) {
            if (row.sha256 === sha256) return target.answer(trx, claims);
            throw target.alreadyUploaded();
          }
          const key = target.storageKey(claims, sha256);
          await upload.staged.commit(key);
          replaced.push(...(await target.record(trx, claims, { key, sha256, size, at: ctx.clock.now() })));
          abandoned.push(...(await tusUploads.forget(trx, target.name, (await target.superseded?.(trx, claims)) ?? [])));
          return target.answer(trx, claims);
        });
        // Files a newer upload replaced go only after the rows are committed.
        await Promise.all(replaced.map((key) => storage.delete(key).catch((error: unknown) => request.log.warn({ err: error, key }, 'replaced file not deleted'))));
        await tusUploads.remove(abandoned);
        return answer;
      } finally {
        await upload.staged.discard(); // a no-op once committed
      }
    }

    // Resumable uploads (tus): created with the same token, judged by the same limits, completed by `finish`.
    registerTusRoutes(app, {
      ctx,
      uploads: tusUploads,
      judge(token, at) {
        const check = signer.verifyUploadToken(token, at ?? new Date(0));
        if (!check.ok) {
          if (check.reason === 'EXPIRED') throw new ApiError(410, 'UPLOAD_TOKEN_EXPIRED', 'This upload link has expired; request a new one');
          throw forbidden('UPLOAD_TOKEN_INVALID', 'This upload link is not valid');
        }
        const target = byName.get(check.value.target);
        if (!target) throw forbidden('UPLOAD_TOKEN_INVALID', 'This upload link is not valid');
        const claims = check.value;
        return { claims, ...limitOf(target, claims), uploadable: () => target.uploadable(ctx.db, claims, false) };
      },
      async complete(source, size, judged: Judged, request) {
        const target = byName.get(judged.claims.target);
        if (!target) throw forbidden('UPLOAD_TOKEN_INVALID', 'This upload link is not valid');
        const upload = await new UploadBody(source).stage(storage, judged.limit, size, judged.overLimit);
        return finish(upload, judged.claims, target, request);
      },
    });

    // A direct upload's confirmation (S3): the object the client PUT to the bucket is judged by
    // HEAD (size, type) and its first bytes (JPEG), then copied to the row's key and recorded.
    // The bytes never pass through this process. Idempotent like the PUT: a confirmed row
    // answers again; a refused object is deleted.
    serve(app, uploadRoutes.confirmUpload, { onRequest: checkToken })(async (request) => {
      const judged = claimsOf.get(request);
      const direct = files.direct;
      if (!judged || !direct) throw forbidden('UPLOAD_TOKEN_INVALID', 'This upload link is not valid');
      const { claims, target, limit } = judged;
      const { overLimit } = limitOf(target, claims);
      const row = await target.uploadable(ctx.db, claims, false);
      const incoming = incomingKey(claims);
      const head = await direct.head(incoming);
      if (!head) {
        if (row.sha256 !== null) return ctx.db.transaction().execute((trx) => target.answer(trx, claims));
        throw new ApiError(400, 'UPLOAD_INCOMPLETE', 'The file has not arrived; PUT it to the upload link first');
      }
      const refuse = async (error: ApiError): Promise<never> => {
        await storage.delete(incoming);
        throw error;
      };
      if (head.size > limit) await refuse(overLimit());
      if (mediaType(head.contentType ?? undefined) !== 'image/jpeg' || !isJpeg(await changedIs409(direct.readStart(incoming, 3, head.etag)))) await refuse(unsupported());
      // The row keeps the store's ETag (an MD5 of a single PUT) where the API-carried PUT keeps a sha256.
      const tag = `etag:${head.etag}`;
      const replaced: string[] = [];
      const abandoned: string[] = [];
      let arrived = 0;
      const answer = await ctx.db.transaction().execute(async (trx) => {
        const locked = await target.uploadable(trx, claims, true);
        if (locked.sha256 !== null) {
          if (locked.sha256 === tag) return target.answer(trx, claims);
          throw target.alreadyUploaded();
        }
        const key = target.storageKey(claims, head.etag.replace(/[^A-Za-z0-9]/g, '').padEnd(16, '0'));
        await changedIs409(direct.copy(incoming, key, head.etag));
        replaced.push(...(await target.record(trx, claims, { key, sha256: tag, size: head.size, at: ctx.clock.now() })));
        abandoned.push(...(await tusUploads.forget(trx, target.name, (await target.superseded?.(trx, claims)) ?? [])));
        arrived = head.size;
        return target.answer(trx, claims);
      });
      countUploadBytes('presigned', arrived);
      await Promise.all([incoming, ...replaced].map((key) => storage.delete(key).catch((error: unknown) => request.log.warn({ err: error, key }, 'file not deleted'))));
      await tusUploads.remove(abandoned);
      return answer;
    });

    for (const source of sources) {
      const route = uploadRoutes.fileRoutes[source.namespace];
      if (!route) throw new Error(`No read route is defined for the files of ${source.namespace} (src/contracts/api/uploads.ts)`);
      serve(app, route)(async (request, reply) => {
        const { id } = request.params as { id?: unknown };
        if (!isPlausibleId(id)) throw source.notFound();
        const query = asQuery(request.query);
        const exp = single(query.exp);
        const sig = single(query.sig);
        const check = signer.verifyRead(source.namespace, id, exp.value, sig.value, ctx.clock.now());
        if (!check.ok) {
          if (check.reason === 'EXPIRED') throw new ApiError(410, 'PHOTO_URL_EXPIRED', 'This photo link has expired');
          throw forbidden('PHOTO_URL_INVALID', 'This photo link is not valid');
        }
        const key = await source.storageKey(ctx.db, id);
        const maxAge = Math.max(0, Number(exp.value) - Math.floor(ctx.clock.now().getTime() / 1000));
        // S3: a presigned GET straight to the bucket, valid as long as this link.
        if (files.direct) {
          if (!key) throw source.notFound();
          return reply.header('cache-control', 'private, no-store').redirect(await files.direct.presignGet(key, maxAge), 302);
        }
        const bytes = key ? await storage.get(key) : null;
        if (!bytes) throw source.notFound();
        return reply.type('image/jpeg').header('cache-control', `private, max-age=${maxAge}, immutable`).send(bytes);
      });
    }
  };
}
