/**
 * Photo files: `PUT /api/uploads/<token>` (the presigned upload; the signed token is the
 * credential, no bearer) and `GET /api/photos/<id>/file?exp&sig` (the signed read URL).
 *
 * Registered as an encapsulated plugin so the image/jpeg parser and its body limit
 * (UPLOAD_MAX_BYTES) exist on these routes only; every other route keeps the JSON-only parser
 * and BODY_LIMIT_BYTES. The upload is idempotent: the bytes are stored exactly as received,
 * under a key containing their sha256, once; a second PUT of the same bytes answers 200 with
 * the same photo, different bytes for an uploaded photo answer 409.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { ApiError, forbidden } from '../http/errors';
import { asQuery, isPlausibleId, single } from '../http/input';
import type { PhotoStorage } from '../storage/photo-storage';
import type { PhotoUrlSigner } from './signing';
import { execDb } from './tables';
import { findPhoto, photoNotFound, refuse, toApiPhoto, type PhotoRow } from './service';
import type { Photo } from '../../src/domain/types';

/**
 * The parsed upload. The bytes sit in a private field so generic body walkers (the NUL-character
 * check every route runs) see an object without enumerable properties instead of ten million
 * array-like entries.
 */
class JpegBody {
  readonly #bytes: Buffer;
  constructor(bytes: Buffer) {
    this.#bytes = bytes;
  }
  get bytes(): Buffer {
    return this.#bytes;
  }
}

const unsupported = () => new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the photo as a JPEG file (Content-Type: image/jpeg)');

function isJpeg(bytes: Buffer): boolean {
  return bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
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
    app.addContentTypeParser('image/jpeg', { parseAs: 'buffer', bodyLimit: limit }, (_request, body, done) => {
      done(null, new JpegBody(body as Buffer));
    });
    // Anything else on these routes is a 415 with our message (not the JSON-only default's).
    app.addContentTypeParser('*', (_request, _payload, done) => done(unsupported(), undefined));

    app.put('/api/uploads/*', { bodyLimit: limit }, async (request): Promise<{ photo: Photo }> => {
      const token = (request.params as { '*'?: string })['*'] ?? '';
      const check = signer.verifyUploadToken(token, ctx.clock.now());
      if (!check.ok) {
        if (check.reason === 'EXPIRED') throw new ApiError(410, 'UPLOAD_TOKEN_EXPIRED', 'This upload link has expired; request a new one');
        throw forbidden('UPLOAD_TOKEN_INVALID', 'This upload link is not valid');
      }
      const claims = check.value;
      if (!(request.body instanceof JpegBody) || !isJpeg(request.body.bytes)) throw unsupported();
      const bytes = request.body.bytes;
      const sha256 = createHash('sha256').update(bytes).digest('hex');

      const row = await ctx.db.transaction().execute(async (trx): Promise<PhotoRow> => {
        // The photo row lock serialises concurrent PUTs of one photo (the retry racing the original).
        const photo = await findPhoto(trx, claims.photoId, true);
        if (!photo || photo.task_id !== claims.taskId || photo.user_id !== claims.userId) throw photoNotFound();
        const task = await trx.selectFrom('tasks').select(['status', 'tasker_id']).where('id', '=', claims.taskId).executeTakeFirst();
        if (!task || task.tasker_id !== claims.userId) throw photoNotFound();
        if (photo.uploaded_at) {
          if (photo.sha256 === sha256) return photo;
          throw new ApiError(409, 'PHOTO_ALREADY_UPLOADED', 'This photo already has a different file');
        }
        // The photo row exists, so its metadata was accepted (in progress, or recorded inside the
        // window and delivered late): its file may follow while the task awaits confirmation or
        // after the expiry job expired it.
        if (task.status !== 'in_progress' && task.status !== 'awaiting_confirmation' && task.status !== 'expired') throw refuse('TASK_NOT_IN_PROGRESS');
        const key = `${claims.taskId}/${claims.photoId}-${sha256.slice(0, 16)}.jpg`;
        await storage.put(key, bytes);
        const now = ctx.clock.now();
        return execDb(trx)
          .updateTable('photos')
          .set({ storage_key: key, sha256, size_bytes: bytes.length, uploaded_at: now, updated_at: now })
          .where('id', '=', photo.id)
          .returning(['id', 'task_id', 'user_id', 'comment', 'tags', 'storage_key', 'sha256', 'uploaded_at', 'created_at', 'updated_at'])
          .executeTakeFirstOrThrow();
      });
      return { photo: toApiPhoto(row, readUrl) };
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
