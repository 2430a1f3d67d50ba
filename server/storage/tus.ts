/**
 * Resumable uploads (tus 1.0, docs/decisions/0007-resumable-uploads.md) inside the one upload
 * pipeline (uploads.ts): `@tus/server` with `@tus/file-store` (under `<photoDir>/.tus`) or, with
 * STORAGE=s3, `@tus/s3-store` (the same bucket, keys `tus-<hex>`), mounted on Fastify routes of
 * the uploads plugin (signed-url access: the upload token, then the upload's unguessable URL, is
 * the credential):
 *
 * - `POST /api/uploads/tus` creates an upload. Its `Upload-Metadata` carries `token` (the upload
 *   token of the metadata answer); judged on the headers alone like the PUT: the token (403/410),
 *   `Upload-Length` against the target's limit (413 before any byte; no deferred length), the row
 *   (404/420). No bytes on creation (the first PATCH carries them).
 * - `HEAD /api/uploads/tus/<id>`: the offset the server holds (what a resumed client asks first).
 * - `PATCH /api/uploads/tus/<id>`: a chunk at `Upload-Offset`; the chunk at offset 0 must start
 *   with the JPEG magic (415, before the store sees it). The PATCH that completes the upload (or a
 *   PATCH of 0 bytes at the end of a complete one: the answer of a lost last chunk) runs the same
 *   `stage → uploadable → storageKey → record → answer` as the PUT (`complete`), so the row
 *   rules and idempotency (same bytes 200 with the answer, other bytes 409) are the PUT's; its
 *   answer is a 200 with the JSON answer and `Upload-Offset`.
 *
 * What an account may keep in flight is bounded (table `tus_uploads`, one row per upload): a
 * token's row has one upload — a second creation with the same length answers the first one's
 * Location (a different length replaces it) — and the declared lengths of an account's unfinished
 * uploads together stay within `uploadsInFlightMaxBytes` (429 RATE_LIMITED above; an upload frees
 * its share when its last byte arrives or it expires). A newer document of a kind removes the
 * uploads of the older ones at once (`TusUploads.forget`, from the upload's completion).
 *
 * tus's own refusals (wrong offset, unknown or expired upload, a missing Tus-Resumable) are turned
 * into the API's `{ error }` answers. Uploads cut and never finished expire after
 * TUS_EXPIRATION_MS; the hourly cleanup job removes their bytes. A completed upload's
 * bytes stay in the tus store until then too (the job removes them as well), so the answer of a lost last chunk can be asked
 * again without sending the file again.
 */
import { Readable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import { Server as TusServer } from '@tus/server';
import { ERRORS, type DataStore, type Upload } from '@tus/utils';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config';
import type { AppContext } from '../context';
import type { Db } from '../db/database';
import { startIntervalJob, type JobHandle } from '../jobs/runner';
import { countUploadBytes } from '../observability/metrics';
import { ApiError, forbidden, notFound } from '../http/errors';
import type { UploadClaims } from './signing';
import * as uploadRoutes from '#contracts/api/uploads';
import { serve } from '../http/contract';

/** Where the worker creates its uploads (the `tus.endpoint` of an upload answer). */
export const TUS_PATH = uploadRoutes.createResumableUpload.url;
/** How long a cut upload may be resumed before its bytes are removed. */
export const TUS_EXPIRATION_MS = 24 * 3600 * 1000;
/**
 * The ids of tus uploads: `tus-` and 16 random bytes as hex (the URL is the credential once the
 * upload exists). The prefix names their objects in the bucket (`tus-<hex>`, `.info`, `.part`),
 * so one lifecycle rule expires them (docs/operations.md). Anything else is a 404 unread.
 */
const ID_RE = /^tus-[0-9a-f]{32}$/;
const newId = () => `tus-${randomBytes(16).toString('hex')}`;
const NO_SUCH_UPLOAD = () => notFound('NOT_FOUND', 'This upload does not exist (it finished long ago or expired); create a new one');
const offsetMismatch = (offset: number) => new ApiError(409, 'UPLOAD_INCOMPLETE', `Upload-Offset is not where the upload stands (${offset} bytes); ask HEAD for the offset and send the rest`);
const unsupported = () => new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the photo as a JPEG file (Content-Type: image/jpeg)');
/** Seconds a client over its bytes in flight is told to wait: its other uploads may finish by then. */
const IN_FLIGHT_RETRY_AFTER_SECONDS = 60;
const tooMuchInFlight = () => {
  const error = new ApiError(429, 'RATE_LIMITED', 'Too many unfinished uploads at once; finish them or try again later');
  error.retryAfter = IN_FLIGHT_RETRY_AFTER_SECONDS;
  return error;
};
/** The header on the internal creation request that carries the id chosen (and recorded) before tus creates the upload. */
const ID_HEADER = 'x-shelfwork-upload-id';

/** The tus response headers a client reads (the CORS ones are left out: the API is same-origin). */
const TUS_HEADERS = ['tus-resumable', 'tus-version', 'tus-extension', 'tus-max-size', 'upload-offset', 'upload-length', 'upload-metadata', 'upload-expires', 'upload-defer-length', 'location', 'cache-control'];

/** A verified upload token: its claims, its target's limit, and the row check of its target. */
export interface Judged {
  claims: UploadClaims;
  limit: number;
  overLimit: () => ApiError;
  /** The target's `uploadable` for these claims (404/420); outside a transaction. */
  uploadable: () => Promise<unknown>;
}

/**
 * The resumable uploads of the tus store as the database keeps them (`tus_uploads`): removing the
 * uploads of rows that no longer want one (a replaced document), from the table inside the
 * change's transaction and from the store once it committed.
 */
export class TusUploads {
  constructor(
    readonly store: DataStore,
    private readonly warn: (error: unknown, id: string) => void,
  ) {}

  /** Deletes the upload rows of `rowIds` of `target`; answers their ids, for `remove` once committed. */
  async forget(trx: Db, target: string, rowIds: string[]): Promise<string[]> {
    if (rowIds.length === 0) return [];
    const rows = await trx.deleteFrom('tus_uploads').where('target', '=', target).where('row_id', 'in', rowIds).returning('id').execute();
    return rows.map((r) => r.id);
  }

  /** Removes uploads from the store; one already gone is not an error, another failure is logged. */
  async remove(ids: string[]): Promise<void> {
    await Promise.all(
      ids.map((id) =>
        this.store.remove(id).catch((error: unknown) => {
          if (error !== ERRORS.FILE_NOT_FOUND && error !== ERRORS.FILE_NO_LONGER_EXISTS && (error as { status_code?: number }).status_code !== 404) this.warn(error, id);
        }),
      ),
    );
  }
}

/** What the uploads plugin lends the tus routes. */
export interface TusDeps {
  ctx: AppContext;
  /** The tus store and its uploads' rows. */
  uploads: TusUploads;
  /**
   * Verifies an upload token (its expiry against `at`; null = its signature only) and finds its
   * target and limit; throws the PUT's 403/410.
   */
  judge(token: string, at: Date | null): Judged;
  /** Stages `source` (at most the limit, hashed, first bytes kept) and runs the PUT's completion; returns the answer. */
  complete(source: Readable, size: number, judged: Judged, request: FastifyRequest): Promise<unknown>;
}

/** The tus store of the configured storage. */
export function createTusStore(config: Pick<ServerConfig, 's3' | 'photoDir'>): DataStore {
  const s3 = config.s3;
  if (!s3) return new FileStore({ directory: join(config.photoDir, '.tus'), expirationPeriodInMilliseconds: TUS_EXPIRATION_MS });
  return new S3Store({
    // Parts below S3's 5 MiB minimum wait in an "incomplete part" object until the upload ends.
    partSize: 8 * 1024 * 1024,
    expirationPeriodInMilliseconds: TUS_EXPIRATION_MS,
    // Expiry by listing, not by object tags (not every S3-compatible store keeps tags).
    useTags: false,
    s3ClientConfig: {
      bucket: s3.bucket,
      region: s3.region,
      ...(s3.endpoint ? { endpoint: s3.endpoint } : {}),
      forcePathStyle: s3.forcePathStyle,
      ...(s3.credentials ? { credentials: s3.credentials } : {}),
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    },
  });
}

/** The value of `token` in an Upload-Metadata header (`key base64,key base64`), or null. */
export function tokenOf(metadata: string | undefined): string | null {
  if (typeof metadata !== 'string' || metadata.length > 4000) return null;
  for (const pair of metadata.split(',')) {
    const [key, value, extra] = pair.trim().split(' ');
    if (key !== 'token' || value === undefined || extra !== undefined || !/^[A-Za-z0-9+/]*={0,2}$/.test(value)) continue;
    return Buffer.from(value, 'base64').toString('utf8');
  }
  return null;
}

/** Reads until the first 3 bytes are known; gives them and a stream of the whole body (those bytes first). */
async function peek(stream: Readable, n: number): Promise<{ head: Buffer; body: ReadableStream<Uint8Array> }> {
  const iterator = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const taken: Buffer[] = [];
  let length = 0;
  while (length < n) {
    const next = await iterator.next();
    if (next.done) break;
    taken.push(next.value);
    length += next.value.length;
  }
  const head = Buffer.concat(taken);
  async function* all(): AsyncGenerator<Uint8Array> {
    if (head.length > 0) yield head;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  }
  return { head: head.subarray(0, n), body: webStream(Readable.from(all())) };
}

function webStream(stream: Readable): ReadableStream<Uint8Array> {
  return Readable.toWeb(stream) as unknown as ReadableStream<Uint8Array>;
}

/** The raw request's headers as a web Headers (hop-by-hop ones left out). */
function webHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === 'host' || name === 'connection' || name === 'transfer-encoding' || name === 'keep-alive') continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  return headers;
}

/** The body of a tus PATCH: the request stream, unread (the plugin's parser hands it over). */
export class TusBody {
  readonly #stream: Readable;
  constructor(stream: Readable) {
    this.#stream = stream;
  }
  get stream(): Readable {
    return this.#stream;
  }
}

export function registerTusRoutes(app: FastifyInstance, deps: TusDeps): void {
  const { ctx, uploads } = deps;
  const datastore = uploads.store;
  const inFlightMax = ctx.config.uploadsInFlightMaxBytes ?? 2 * ctx.config.uploadMaxBytes;
  const tus = new TusServer({
    path: TUS_PATH,
    datastore,
    relativeLocation: true,
    // The id was chosen and recorded in tus_uploads before tus creates the upload.
    namingFunction: (req) => {
      const id = req.headers.get(ID_HEADER);
      return id !== null && ID_RE.test(id) ? id : newId();
    },
    // Same-origin: no Access-Control-Allow-Origin.
    allowedOrigins: () => false,
    // The limits are judged before tus sees a request (a target's own limit, then this cap).
    maxSize: ctx.config.uploadMaxBytes,
  });

  app.addContentTypeParser('application/offset+octet-stream', (_request, payload, done) => {
    done(null, new TusBody(payload as unknown as Readable));
  });

  /** tus's answer as the reply: its headers, or its refusal as the API's `{ error }`. */
  async function relay(reply: FastifyReply, response: Response, upload: Upload | null): Promise<Response> {
    for (const name of TUS_HEADERS) {
      const value = response.headers.get(name);
      if (value !== null) void reply.header(name, value);
    }
    if (response.status < 400) return response;
    const text = (await response.text()).trim();
    if (response.status === 409) throw offsetMismatch(upload?.offset ?? 0);
    if (response.status === 404) throw NO_SUCH_UPLOAD();
    if (response.status === 410) throw new ApiError(410, 'UPLOAD_TOKEN_EXPIRED', 'This upload has expired; request a new one');
    if (response.status === 413) throw new ApiError(413, 'PAYLOAD_TOO_LARGE', 'The chunk goes past the upload\'s length');
    if (response.status === 415) throw unsupported();
    if (response.status < 500) throw new ApiError(response.status === 412 || response.status === 400 ? 400 : response.status, 'BAD_REQUEST', text || 'Not a valid tus request');
    throw new Error(`tus answered ${response.status}: ${text}`);
  }

  /** The upload of a route's id (404 when not plausible or unknown) and its token's claims. */
  async function uploadOf(request: FastifyRequest): Promise<{ id: string; upload: Upload; judged: Judged }> {
    const { id } = request.params as { id?: unknown };
    if (typeof id !== 'string' || !ID_RE.test(id)) throw NO_SUCH_UPLOAD();
    let upload: Upload;
    try {
      upload = await datastore.getUpload(id);
    } catch (error) {
      if (error === ERRORS.FILE_NOT_FOUND || error === ERRORS.FILE_NO_LONGER_EXISTS || (error as { status_code?: number }).status_code === 404 || (error as { status_code?: number }).status_code === 410) throw NO_SUCH_UPLOAD();
      throw error;
    }
    // The token's expiry was judged at creation; here its signature only, so a cut upload resumes
    // after the 15 minutes of its link (until the upload itself expires, TUS_EXPIRATION_MS).
    return { id, upload, judged: deps.judge(upload.metadata?.token ?? '', null) };
  }

  const url = (path: string) => `http://tus.internal${path}`;

  serve(app, uploadRoutes.createResumableUpload)(async (request, reply) => {
    const headers = request.headers;
    if (headers['tus-resumable'] === undefined) throw new ApiError(400, 'BAD_REQUEST', 'Tus-Resumable is required (1.0.0)');
    const token = tokenOf(headers['upload-metadata'] as string | undefined);
    if (token === null) throw forbidden('UPLOAD_TOKEN_INVALID', 'This upload link is not valid (Upload-Metadata has no token)');
    const judged = deps.judge(token, ctx.clock.now());
    const length = headers['upload-length'];
    if (typeof length !== 'string' || !/^\d{1,15}$/.test(length)) throw new ApiError(400, 'BAD_REQUEST', 'Upload-Length is required (a number of bytes; no deferred length)');
    if (Number(length) > judged.limit) throw judged.overLimit();
    if (Number(length) === 0) throw unsupported();
    const bodyLength = headers['content-length'];
    if ((bodyLength !== undefined && bodyLength !== '0') || headers['transfer-encoding'] !== undefined) throw new ApiError(400, 'BAD_REQUEST', 'Send the bytes with PATCH after the upload is created');
    await judged.uploadable();
    const size = Number(length);
    const { claims } = judged;
    const now = ctx.clock.now();
    const cutoff = new Date(now.getTime() - TUS_EXPIRATION_MS);
    const stale: string[] = [];
    // One account's uploads are counted and created one at a time (its user row locked).
    const answer = await ctx.db.transaction().execute(async (trx): Promise<{ existing: string } | { response: Response }> => {
      await trx.selectFrom('users').select('id').where('id', '=', claims.userId).forUpdate().executeTakeFirst();
      const earlier = await trx.selectFrom('tus_uploads').select(['id', 'length', 'created_at', 'finished_at']).where('target', '=', claims.target).where('row_id', '=', claims.id).executeTakeFirst();
      // One upload per token: the same file again is the upload already made, where its bytes are.
      if (earlier && earlier.finished_at === null && earlier.created_at > cutoff && earlier.length === size && (await stored(earlier.id))) return { existing: earlier.id };
      // The row's earlier upload (finished, expired or of another length) and the account's expired ones go.
      const gone = await trx
        .deleteFrom('tus_uploads')
        .where((eb) => eb.or([eb('id', '=', earlier?.id ?? ''), eb.and([eb('user_id', '=', claims.userId), eb('created_at', '<=', cutoff)])]))
        .returning('id')
        .execute();
      stale.push(...gone.map((r) => r.id));
      const inFlight = await trx.selectFrom('tus_uploads').select((eb) => eb.fn.sum<string | number | null>('length').as('bytes')).where('user_id', '=', claims.userId).where('finished_at', 'is', null).executeTakeFirst();
      if (Number(inFlight?.bytes ?? 0) + size > inFlightMax) throw tooMuchInFlight();
      const id = newId();
      await trx.insertInto('tus_uploads').values({ id, user_id: claims.userId, target: claims.target, row_id: claims.id, length: size, created_at: now }).execute();
      const headers = webHeaders(request);
      headers.set(ID_HEADER, id);
      const response = await tus.handleWeb(new Request(url(TUS_PATH), { method: 'POST', headers }));
      await relay(reply, response, null); // a refusal rolls the row back
      return { response };
    });
    await uploads.remove(stale);
    if ('existing' in answer) return reply.code(201).header('tus-resumable', '1.0.0').header('location', `${TUS_PATH}/${answer.existing}`).send();
    return reply.code(answer.response.status).send();
  });

  /** Whether the store still has the upload (a row whose bytes are gone is not answered again). */
  async function stored(id: string): Promise<boolean> {
    try {
      await datastore.getUpload(id);
      return true;
    } catch {
      return false;
    }
  }

  serve(app, uploadRoutes.resumableUploadOffset)(async (request, reply) => {
    const { upload } = await uploadOf(request);
    const response = await tus.handleWeb(new Request(url(`${TUS_PATH}/${upload.id}`), { method: 'HEAD', headers: webHeaders(request) }));
    await relay(reply, response, upload);
    return reply.code(response.status).send();
  });

  serve(app, uploadRoutes.patchResumableUpload)(async (request, reply) => {
    const { id, upload, judged } = await uploadOf(request);
    if (!(request.body instanceof TusBody)) {
      if (request.body === undefined || request.body === null) throw new ApiError(400, 'BAD_REQUEST', 'A chunk needs Content-Type: application/offset+octet-stream');
      throw unsupported();
    }
    const offset = request.headers['upload-offset'];
    if (typeof offset !== 'string' || !/^\d{1,15}$/.test(offset)) throw new ApiError(400, 'BAD_REQUEST', 'Upload-Offset is required (a number of bytes)');
    if (Number(offset) !== upload.offset) throw offsetMismatch(upload.offset);
    // Before one byte is stored: a deleted row or a closed task costs nothing.
    await judged.uploadable();
    let body: ReadableStream<Uint8Array> | Readable = request.body.stream;
    if (upload.offset === 0 && upload.size !== undefined && upload.size > 0) {
      const peeked = await peek(request.body.stream, 3);
      if (peeked.head.length > 0 && !isJpegStart(peeked.head)) {
        void reply.header('connection', 'close');
        throw unsupported();
      }
      body = peeked.body;
    }
    const webBody = body instanceof ReadableStream ? body : webStream(body);
    const response = await tus.handleWeb(new Request(url(`${TUS_PATH}/${id}`), { method: 'PATCH', headers: webHeaders(request), body: webBody, duplex: 'half' } as RequestInit));
    await relay(reply, response, upload);
    const reached = Number(response.headers.get('upload-offset'));
    if (Number.isFinite(reached)) countUploadBytes('tus', reached - Number(offset));
    if (upload.size === undefined || reached !== upload.size) return reply.code(response.status).send();
    // Every byte arrived: the upload no longer counts against its account's bytes in flight.
    await ctx.db.updateTable('tus_uploads').set({ finished_at: ctx.clock.now() }).where('id', '=', id).where('finished_at', 'is', null).execute();
    // The last chunk: the PUT's completion on the bytes the store holds.
    const source = await (datastore as DataStore & { read(id: string): Readable | Promise<Readable> }).read(id);
    const answer = await deps.complete(source, upload.size, judged, request);
    return reply.code(200).send(answer);
  });
}

/**
 * Removes uploads older than TUS_EXPIRATION_MS (cut and never resumed, or done): hourly, in every
 * process (removing a file twice is harmless). With S3, abandoned multipart uploads; the bucket's
 * lifecycle rule on `tus-` removes the objects (docs/operations.md).
 */
export function startTusCleanupJob(config: Pick<ServerConfig, 's3' | 'photoDir'>, log: (line: string) => void = console.warn): JobHandle {
  const store = createTusStore(config);
  return startIntervalJob(
    'tus-cleanup',
    async () => {
      // FileStore creates its folder without waiting; the first run starts at once, so a fresh
      // data folder had no `.tus` yet and the run failed ("scandir … ENOENT").
      if (!config.s3) await mkdir(join(config.photoDir, '.tus'), { recursive: true });
      await store.deleteExpired();
      // The file store's deleteExpired keeps finished uploads for ever; their bytes go after the same day.
      if (store instanceof FileStore) await removeOldUploads(store, Date.now() - TUS_EXPIRATION_MS);
    },
    log,
    3600_000,
  );
}

/** Removes the file store's uploads created before `before` (ms since the epoch), finished or not. */
async function removeOldUploads(store: FileStore, before: number): Promise<void> {
  for (const id of (await store.configstore.list?.()) ?? []) {
    const info = await store.configstore.get(id);
    if (!info?.creation_date || new Date(info.creation_date).getTime() >= before) continue;
    await store.remove(id).catch(() => undefined); // gone already (another process) is fine
  }
}

/** The JPEG magic, for as many of its 3 bytes as are known. */
function isJpegStart(head: Buffer): boolean {
  const magic = [0xff, 0xd8, 0xff];
  return [...head.subarray(0, 3)].every((byte, i) => byte === magic[i]);
}
