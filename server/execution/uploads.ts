/**
 * Photo files: `PUT /api/uploads/<token>` (the presigned upload; the signed token is the
 * credential, no bearer) and `GET /api/photos/<id>/file?exp&sig` (the signed read URL).
 *
 * The upload is judged before its body is read: an `onRequest` hook checks the token (403/410),
 * the content type (415) and the declared Content-Length (413), and the handler checks the photo
 * and its task (404/420) before it touches the body. Only then is the body streamed to storage
 * (PhotoStorage.stage), counted against UPLOAD_MAX_BYTES and hashed as it arrives, never held
 * whole in memory: a forged token costs no memory, a chunked body past the limit stops at the
 * limit (413) and closes the connection. A body refused unread is discarded by Node as it arrives
 * (kept-alive connection), so a legitimate client still reads its 410 and renews its URL.
 *
 * Registered as an encapsulated plugin so the image/jpeg parser exists on these routes only;
 * every other route keeps the JSON-only parser and BODY_LIMIT_BYTES. The upload is idempotent:
 * the bytes are stored exactly as received, under a key containing their sha256, once; a second
 * PUT of the same bytes answers 200 with the same photo, different bytes for an uploaded photo
 * answer 409.
 */
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { Db } from '../db/database';
import { ApiError, forbidden } from '../http/errors';
import { asQuery, isPlausibleId, single } from '../http/input';
import type { PhotoStorage, StagedPhoto } from '../storage/photo-storage';
import type { PhotoUrlSigner, UploadClaims } from './signing';
import { execDb, type ExecDb } from './tables';
import { findPhoto, photoNotFound, refuse, toApiPhoto, type PhotoRow } from './service';
import type { Photo } from '#domain/types';

const unsupported = () => new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the photo as a JPEG file (Content-Type: image/jpeg)');
const tooLarge = () => new ApiError(413, 'PAYLOAD_TOO_LARGE', 'Request body is too large');
const lengthMismatch = () => new ApiError(400, 'BAD_REQUEST', 'Content-Length does not match the body');
const brokenOff = () => new ApiError(400, 'UPLOAD_INCOMPLETE', 'The upload broke off before its end');

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
  async stage(storage: PhotoStorage, limit: number, declared: number | null): Promise<StagedUpload> {
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
          throw tooLarge();
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

/**
 * The photo a token names, if it may still receive a file: 404 when deleted or not the token's,
 * 420 when its task is closed (unless the file is already there: the same bytes answer 200).
 */
async function uploadablePhoto(db: ExecDb | Db, claims: UploadClaims, lock: boolean): Promise<{ photo: PhotoRow; status: string }> {
  const photo = await findPhoto(db, claims.photoId, lock);
  if (!photo || photo.task_id !== claims.taskId || photo.user_id !== claims.userId) throw photoNotFound();
  const task = await (db as Db).selectFrom('tasks').select(['status', 'tasker_id']).where('id', '=', claims.taskId).executeTakeFirst();
  if (!task || task.tasker_id !== claims.userId) throw photoNotFound();
  // The photo row exists, so its metadata was accepted (in progress, or recorded inside the
  // window and delivered late): its file may follow while the task awaits confirmation or
  // after the expiry job expired it.
  if (!photo.uploaded_at && task.status !== 'in_progress' && task.status !== 'awaiting_confirmation' && task.status !== 'expired') {
    throw refuse('TASK_NOT_IN_PROGRESS');
  }
  return { photo, status: task.status };
}

export interface UploadDeps {
  ctx: AppContext;
  storage: PhotoStorage;
  signer: PhotoUrlSigner;
  readUrl: (photoId: string) => string;
}

export function uploadsPlugin(deps: UploadDeps) {
  const { ctx, storage, signer, readUrl } = deps;
  return async function uploads(app: FastifyInstance): Promise<void> {
    // Photo files are reached by signed URLs (the upload token, the read signature), not a bearer.
    app.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: 'signed-url' };
    });
    const limit = ctx.config.uploadMaxBytes;
    // The body is handed over unread; the handler streams it once the upload is known to be wanted.
    app.addContentTypeParser('image/jpeg', (_request, payload, done) => {
      done(null, new UploadBody(payload as unknown as Readable));
    });
    // Anything else on these routes is a 415 with our message (not the JSON-only default's).
    app.addContentTypeParser('*', (_request, _payload, done) => done(unsupported(), undefined));

    /** Per request: the verified claims, and whether the connection must close after the answer. */
    const claimsOf = new WeakMap<FastifyRequest, UploadClaims>();
    const closeAfter = new WeakSet<FastifyRequest>();

    /** Token, content type and declared length: judged on the headers alone, before any body byte. */
    async function checkHeaders(request: FastifyRequest): Promise<void> {
      const token = (request.params as { '*'?: string })['*'] ?? '';
      const check = signer.verifyUploadToken(token, ctx.clock.now());
      if (!check.ok) {
        if (check.reason === 'EXPIRED') throw new ApiError(410, 'UPLOAD_TOKEN_EXPIRED', 'This upload link has expired; request a new one');
        throw forbidden('UPLOAD_TOKEN_INVALID', 'This upload link is not valid');
      }
      if (mediaType(request.headers['content-type']) !== 'image/jpeg') throw unsupported();
      const length = request.headers['content-length'];
      if (length !== undefined) {
        if (!/^\d{1,15}$/.test(length)) throw new ApiError(400, 'BAD_REQUEST', 'Content-Length is not a number');
        if (Number(length) > limit) {
          closeAfter.add(request);
          throw tooLarge();
        }
      }
      claimsOf.set(request, check.value);
    }

    /** A body left half-read (over the limit, broken off, a storage failure) is not worth receiving: close. */
    async function closeIfHalfRead(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      if (closeAfter.has(request) || (request.body instanceof UploadBody && request.body.state === 'reading')) void reply.header('connection', 'close');
    }

    app.put('/api/uploads/*', { onRequest: checkHeaders, onSend: closeIfHalfRead }, async (request): Promise<{ photo: Photo }> => {
      const claims = claimsOf.get(request);
      if (!claims) throw forbidden('UPLOAD_TOKEN_INVALID', 'This upload link is not valid');
      // Before one byte of the body: a deleted photo or a closed task costs nothing.
      await uploadablePhoto(ctx.db, claims, false);
      if (!(request.body instanceof UploadBody)) throw unsupported();
      const length = request.headers['content-length'];
      const upload = await request.body.stage(storage, limit, length === undefined ? null : Number(length));
      try {
        if (!isJpeg(upload.head)) throw unsupported();
        const { sha256, size } = upload;
        const row = await ctx.db.transaction().execute(async (trx): Promise<PhotoRow> => {
          // The photo row lock serialises concurrent PUTs of one photo (the retry racing the original).
          const { photo } = await uploadablePhoto(trx, claims, true);
          if (photo.uploaded_at) {
            if (photo.sha256 === sha256) return photo;
            throw new ApiError(409, 'PHOTO_ALREADY_UPLOADED', 'This photo already has a different file');
          }
          const key = `${claims.taskId}/${claims.photoId}-${sha256.slice(0, 16)}.jpg`;
          await upload.staged.commit(key);
          const now = ctx.clock.now();
          return execDb(trx)
            .updateTable('photos')
            .set({ storage_key: key, sha256, size_bytes: size, uploaded_at: now, updated_at: now })
            .where('id', '=', photo.id)
            .returning(['id', 'task_id', 'user_id', 'comment', 'tags', 'storage_key', 'sha256', 'uploaded_at', 'created_at', 'updated_at'])
            .executeTakeFirstOrThrow();
        });
        return { photo: toApiPhoto(row, readUrl) };
      } finally {
        await upload.staged.discard(); // a no-op once committed
      }
    });

    app.get('/api/photos/:photoId/file', async (request, reply) => {
      const { photoId } = request.params as { photoId?: unknown };
      if (!isPlausibleId(photoId)) throw photoNotFound();
      const query = asQuery(request.query);
      const exp = single(query.exp);
      const sig = single(query.sig);
      const check = signer.verifyRead(photoId, exp.value, sig.value, ctx.clock.now());
      if (!check.ok) {
        if (check.reason === 'EXPIRED') throw new ApiError(410, 'PHOTO_URL_EXPIRED', 'This photo link has expired');
        throw forbidden('PHOTO_URL_INVALID', 'This photo link is not valid');
      }
      const photo = await findPhoto(ctx.db, photoId);
      const bytes = photo?.storage_key ? await storage.get(photo.storage_key) : null;
      if (!bytes) throw photoNotFound();
      const maxAge = Math.max(0, Number(exp.value) - Math.floor(ctx.clock.now().getTime() / 1000));
      return reply.type('image/jpeg').header('cache-control', `private, max-age=${maxAge}, immutable`).send(bytes);
    });
  };
}
