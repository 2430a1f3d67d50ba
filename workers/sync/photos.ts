/**
 * The photo pipeline's network half (DESIGN.md, write path step 5): a `photo-create` record (a
 * task photo) or a `user-document` record (profile photo, identity or payment document) is one
 * attempt of metadata POST (idempotent by key and by file id) → the blob → and, when the upload
 * link expired (410), one fresh metadata POST under a new key for a new link (`sendUpload`).
 *
 * The blob goes by tus (docs/decisions/0007-resumable-uploads.md) when the server offers it and
 * the file is larger than one chunk: tus-js-client sends TUS_CHUNK_BYTES chunks over the
 * session's fetch; the upload's URL is kept on the outbox record as soon as it exists, so the
 * next attempt — or the worker after a reload — asks the server for its offset and sends only
 * the rest. Otherwise (an older server, a file of one chunk, where resuming saves nothing) it is
 * one PUT to the presigned URL (up to 2 retries inside the attempt). The blob itself is dropped by
 * the kind's reconcile, in the transaction that deletes the record, i.e. only after the last
 * chunk's (or the PUT's) 2xx.
 */
import { Upload, type DetailedError, type HttpRequest, type HttpResponse, type HttpStack } from 'tus-js-client';
import { apiErrorOf, type ApiResult, type FetchImpl } from './http';
import { recordedAtOf } from './queue';
import { UPLOAD_TIMEOUT_MS } from './session';
import { matchRoutePath } from '#contracts/api/client';
import { updatePhoto } from '#contracts/api/execution';
import type { OutboxRecord, OutboxRecordOf } from '#db/schema';
import type { PhotoUploadTarget, ResumableUpload } from '#domain/types';
import type { PHOTO_CREATE_KIND } from '#db/outboxKinds';
import type { SendContext } from './kinds';

/** Retries of the PUT inside one attempt (3 tries in all). */
export const PUT_RETRIES = 2;

function retryable(result: ApiResult): boolean {
  return !result.ok && (result.status === 0 || result.status === 408 || result.status === 429 || result.status >= 500);
}

function targetFor(body: unknown, photoId: string): PhotoUploadTarget | null {
  const data = (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) return null;
  const target = (data as PhotoUploadTarget[]).find((t) => t?.photo?.id === photoId);
  return target && typeof target.presignedUrl === 'string' ? target : null;
}

const MALFORMED: ApiResult = { ok: false, status: 502, error: { code: 'UNKNOWN', message: 'The upload answer has no upload target' } };

/** The photo id of a stored `task/{id}/photos/{photoId}/update` path (read back by its route). */
export function photoIdOfPath(path: string): string | null {
  return matchRoutePath(updatePhoto, path)?.photoId || null;
}

export async function sendPhotoCreate(ctx: SendContext, record: OutboxRecordOf<typeof PHOTO_CREATE_KIND>): Promise<ApiResult> {
  const { db } = ctx;
  const meta = record.payload?.photos?.[0];
  if (!meta) return { ok: false, status: 400, error: { code: 'VALIDATION_FAILED', message: 'No photo in the record' } };
  const photo = await db.photos.get(meta.id);
  // Deleted meanwhile (its delete is queued behind, or it was dropped): nothing to upload.
  if (!photo || photo.deleted) return { ok: true, status: 200, body: null };
  if (photo.uploadState === 'uploaded') return { ok: true, status: 200, body: { photo } };
  if (!photo.blob) return { ok: false, status: 400, error: { code: 'PHOTO_FILE_MISSING', message: 'The photo file is no longer on this device' } };
  return sendUpload(ctx, record, {
    blob: photo.blob,
    targetOf: (body) => targetFor(body, meta.id),
    metadataSent: async () => {
      if (photo.uploadState === 'local') await db.photos.update(meta.id, { uploadState: 'metadata-sent' });
    },
  });
}

type UploadLink = { presignedUrl: string; completeUrl?: string; tus?: ResumableUpload };

/** What one upload needs besides its record (whose method, path, payload and id make the metadata POST). */
export interface UploadSpec<T extends UploadLink> {
  /** The JPEG to send. */
  blob: Blob;
  /** The upload target in a metadata answer, or null when the answer has none (a malformed answer). */
  targetOf: (body: unknown) => T | null;
  /** Runs once the first metadata answer arrived (the photo pipeline marks its row `metadata-sent`). */
  metadataSent?: (target: T) => Promise<void>;
  /** The record's 2xx body, from the upload's answer and the last target (default: the upload's answer). */
  answer?: (putBody: unknown, target: T) => unknown;
}

/**
 * One attempt of an upload record: metadata POST under the record's key → the blob by tus
 * (`sendResumable`, when offered and larger than one chunk) or by PUT to the presigned URL (up to
 * PUT_RETRIES retries on no answer / 408 / 429 / 5xx) → on 410 (the link expired) one fresh
 * metadata POST under a new key (the server is idempotent by the file's id) and the upload again.
 * The upload's 2xx is the record's 2xx; every other answer is the record's.
 * Shared by task photos (photo-create) and the tasker's documents (user-document).
 */
export async function sendUpload<T extends UploadLink>(ctx: SendContext, record: OutboxRecord, spec: UploadSpec<T>): Promise<ApiResult> {
  const { session } = ctx;
  const post = (key: string) => session.request<unknown>('POST', record.path, { body: record.payload, idempotencyKey: key, recordedAt: recordedAtOf(record), auth: 'required' });
  // Photos sent at once post their metadata in queue order (the server stamps them as it gets them).
  let answer: ApiResult;
  try {
    await ctx.metadataTurn?.ready;
    answer = await post(record.id);
  } finally {
    ctx.metadataTurn?.done();
  }
  if (!answer.ok) return answer;
  let target = spec.targetOf(answer.body);
  if (!target) return MALFORMED;
  await spec.metadataSent?.(target);

  for (let renewed = false; ; renewed = true) {
    let put: ApiResult;
    if (target.tus && spec.blob.size > TUS_CHUNK_BYTES) {
      put = await sendResumable(ctx, record, target.tus, spec.blob);
    } else {
      put = await session.uploadJpeg(target.presignedUrl, spec.blob);
      for (let retry = 0; retry < PUT_RETRIES && retryable(put); retry++) put = await session.uploadJpeg(target.presignedUrl, spec.blob);
      // S3 storage: the PUT went to the bucket; the server's confirmation (HEAD of the object: size,
      // type) makes it count, and its answer is the record's.
      if (put.ok && target.completeUrl) {
        put = await session.confirmUpload(target.completeUrl);
        for (let retry = 0; retry < PUT_RETRIES && retryable(put); retry++) put = await session.confirmUpload(target.completeUrl);
      }
    }
    if (put.ok) return spec.answer ? { ...put, body: spec.answer(put.body, target) } : put;
    // A bucket answers an expired presigned PUT with 403 (the API's link with 410).
    const expired = put.status === 410 || (put.status === 403 && target.completeUrl !== undefined && !target.tus);
    if (!expired || renewed) return put;
    // The link expired (the record waited > 15 min between POST and upload): a new key gets a new
    // answer; the server is idempotent by the file's id, so no second file is created.
    answer = await post(crypto.randomUUID());
    if (!answer.ok) return answer;
    target = spec.targetOf(answer.body);
    if (!target) return MALFORMED;
  }
}

/** The chunk of a resumable upload: small enough that a cut on a weak signal loses little (decision 0007). */
export const TUS_CHUNK_BYTES = 128 * 1024;
/** tus-js-client's retries inside one attempt (each asks the server's offset first); the next attempt resumes too. */
export const TUS_RETRY_DELAYS = [0, 1000];

/**
 * An outbox record of an upload, with the URL of its tus upload once the server made one (not
 * indexed, additive: a record without it starts a new upload). Kept on the record, so a reload
 * resumes, and dropped with it.
 */
export type ResumableRecord = OutboxRecord & { uploadUrl?: string | null };

/** tus-js-client's HTTP over the session's fetch: works in a dedicated worker, a service worker and the tests alike. */
class FetchHttpStack implements HttpStack {
  constructor(private readonly fetchImpl: FetchImpl) {}
  createRequest(method: string, url: string): HttpRequest {
    return new FetchHttpRequest(this.fetchImpl, method, url);
  }
  getName(): string {
    return 'ShelfworkFetchHttpStack';
  }
}

class FetchHttpRequest implements HttpRequest {
  private readonly headers: Record<string, string> = {};
  private readonly controller = new AbortController();
  constructor(
    private readonly fetchImpl: FetchImpl,
    private readonly method: string,
    private readonly url: string,
  ) {}
  getMethod(): string {
    return this.method;
  }
  getURL(): string {
    return this.url;
  }
  setHeader(header: string, value: string): void {
    this.headers[header] = value;
  }
  getHeader(header: string): string | undefined {
    return this.headers[header];
  }
  setProgressHandler(): void {
    // Progress is not shown per chunk.
  }
  async send(body?: Blob | null): Promise<HttpResponse> {
    const timeout = typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(UPLOAD_TIMEOUT_MS) : null;
    const signal = timeout && typeof AbortSignal.any === 'function' ? AbortSignal.any([this.controller.signal, timeout]) : this.controller.signal;
    const response = await this.fetchImpl(this.url, { method: this.method, headers: this.headers, ...(body ? { body } : {}), signal });
    const text = await response.text();
    return {
      getStatus: () => response.status,
      getHeader: (header) => response.headers.get(header) ?? undefined,
      getBody: () => text,
      getUnderlyingObject: () => response,
    };
  }
  async abort(): Promise<void> {
    this.controller.abort();
  }
  getUnderlyingObject(): unknown {
    return this.controller;
  }
}

/** Blob slices for tus-js-client (its Node build reads only Buffers and streams; the worker has Blobs). */
const blobReader = {
  openFile: async (input: Blob) => ({
    size: input.size,
    slice: async (start: number, end: number) => ({ value: input.slice(start, end), done: end >= input.size }),
    close: () => undefined,
  }),
};

function answerOf(status: number, text: string): ApiResult {
  let body: unknown = null;
  try {
    body = text === '' ? null : (JSON.parse(text) as unknown);
  } catch {
    if (status >= 200 && status < 300) return { ok: false, status: 0, error: { code: 'NETWORK', message: 'The upload answer is not JSON' } };
  }
  if (status >= 200 && status < 300) return { ok: true, status, body };
  return { ok: false, status, error: apiErrorOf(body, status) };
}

/** Worth asking the offset and going on: no answer, a busy or failing server, or tus's offset mismatch. */
function resumable(error: DetailedError): boolean {
  const response = error.originalResponse;
  if (!response) return true;
  const status = response.getStatus();
  if (status === 409) {
    const answer = answerOf(status, response.getBody());
    return !answer.ok && answer.error.code === 'UPLOAD_INCOMPLETE';
  }
  return status === 0 || status === 408 || status === 423 || status === 429 || status >= 500;
}

/**
 * The blob by tus: resumes the record's upload when it has one (HEAD for the offset, then only
 * the rest), else creates one with the upload token. The last chunk's answer is the PUT's; when
 * the upload turns out complete already (the last answer was lost), a PATCH of no bytes at its
 * end asks the answer again. An upload the server no longer has (404/410) is started anew by
 * tus-js-client; a refusal (413, 415, 409 other bytes…) forgets the upload's URL.
 */
export async function sendResumable(ctx: SendContext, record: ResumableRecord, tus: ResumableUpload, blob: Blob): Promise<ApiResult> {
  const { db, session } = ctx;
  const fetchImpl = session.fetchImpl;
  const stored = ((await db.outbox.get(record.id)) as ResumableRecord | undefined)?.uploadUrl ?? null;
  const endpoint = await session.absoluteUrl(tus.endpoint);
  const saves: Promise<unknown>[] = [];
  const remember = (url: string | null) => {
    saves.push(db.outbox.update(record.id, { uploadUrl: url } as Partial<OutboxRecord>).catch(() => undefined));
  };
  const outcome = await new Promise<{ result: ApiResult; url: string | null }>((resolve) => {
    const upload: Upload = new Upload(blob, {
      endpoint,
      uploadUrl: stored,
      chunkSize: TUS_CHUNK_BYTES,
      retryDelays: TUS_RETRY_DELAYS,
      metadata: { filetype: 'image/jpeg', token: tus.token },
      storeFingerprintForResuming: false,
      removeFingerprintOnSuccess: false,
      fingerprint: async () => `outbox:${record.id}`,
      httpStack: new FetchHttpStack(fetchImpl),
      fileReader: blobReader,
      onUploadUrlAvailable: () => {
        if (upload.url && upload.url !== stored) remember(upload.url);
      },
      onShouldRetry: (error) => resumable(error),
      onSuccess: ({ lastResponse }) => resolve({ result: answerOf(lastResponse.getStatus(), lastResponse.getBody()), url: upload.url }),
      onError: (error) => {
        const response = (error as DetailedError).originalResponse;
        resolve({
          result: response ? answerOf(response.getStatus(), response.getBody()) : { ok: false, status: 0, error: { code: 'NETWORK', message: error.message } },
          url: upload.url,
        });
      },
    });
    upload.start();
  });
  await Promise.all(saves);
  let { result } = outcome;
  // Complete on the server, but the answer came from HEAD (no body): the last chunk's answer was lost.
  if (result.ok && result.body === null && outcome.url) {
    try {
      const response = await fetchImpl(outcome.url, {
        method: 'PATCH',
        headers: { 'Tus-Resumable': '1.0.0', 'Upload-Offset': String(blob.size), 'Content-Type': 'application/offset+octet-stream' },
        body: new Blob([]),
      });
      result = answerOf(response.status, await response.text());
    } catch (error) {
      result = { ok: false, status: 0, error: { code: 'NETWORK', message: error instanceof Error ? error.message : String(error) } };
    }
  }
  // A refusal ends this upload: the next try (after a fresh link, or retryRejected) starts a new one.
  if (!result.ok && result.status >= 400 && result.status < 500 && result.status !== 408 && result.status !== 429) await db.outbox.update(record.id, { uploadUrl: null } as Partial<OutboxRecord>);
  return result;
}
