/**
 * The photo pipeline's network half (DESIGN.md, write path step 5): a `photo-create` record (a
 * task photo) or a `user-document` record (profile photo, identity or payment document) is one
 * attempt of metadata POST (idempotent by key and by file id) → presigned PUT of the blob (up to
 * 2 retries inside the attempt) → and, when the presigned URL expired (410), one fresh metadata
 * POST under a new key for a new URL (`sendUpload`). The blob itself is dropped by the kind's
 * reconcile, in the transaction that deletes the record, i.e. only after the PUT's 2xx.
 */
import type { ApiResult } from './http';
import { recordedAtOf } from './queue';
import type { OutboxRecord } from '#db/schema';
import type { PhotoUploadTarget } from '#domain/types';
import type { PhotoCreatePayload } from '#db/outboxKinds';
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

export async function sendPhotoCreate(ctx: SendContext, record: OutboxRecord): Promise<ApiResult> {
  const { db } = ctx;
  const meta = (record.payload as PhotoCreatePayload | null)?.photos?.[0];
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

/** What one upload needs besides its record (whose method, path, payload and id make the metadata POST). */
export interface UploadSpec<T extends { presignedUrl: string; completeUrl?: string }> {
  /** The JPEG to PUT. */
  blob: Blob;
  /** The upload target in a metadata answer, or null when the answer has none (a malformed answer). */
  targetOf: (body: unknown) => T | null;
  /** Runs once the first metadata answer arrived (the photo pipeline marks its row `metadata-sent`). */
  metadataSent?: (target: T) => Promise<void>;
  /** The record's 2xx body, from the PUT's answer and the last target (default: the PUT's answer). */
  answer?: (putBody: unknown, target: T) => unknown;
}

/**
 * One attempt of an upload record: metadata POST under the record's key → PUT of the blob to the
 * presigned URL (up to PUT_RETRIES retries on no answer / 408 / 429 / 5xx) → on 410 (the URL
 * expired) one fresh metadata POST under a new key (the server is idempotent by the file's id)
 * and the PUT again. The PUT's 2xx is the record's 2xx; every other answer is the record's.
 * Shared by task photos (photo-create) and the tasker's documents (user-document).
 */
export async function sendUpload<T extends { presignedUrl: string; completeUrl?: string }>(ctx: SendContext, record: OutboxRecord, spec: UploadSpec<T>): Promise<ApiResult> {
  const { session } = ctx;
  const post = (key: string) => session.request<unknown>('POST', record.path, { body: record.payload, idempotencyKey: key, recordedAt: recordedAtOf(record), auth: 'required' });
  let answer = await post(record.id);
  if (!answer.ok) return answer;
  let target = spec.targetOf(answer.body);
  if (!target) return MALFORMED;
  await spec.metadataSent?.(target);

  for (let renewed = false; ; renewed = true) {
    let put: ApiResult = await session.uploadJpeg(target.presignedUrl, spec.blob);
    for (let retry = 0; retry < PUT_RETRIES && retryable(put); retry++) put = await session.uploadJpeg(target.presignedUrl, spec.blob);
    // S3 storage: the PUT went to the bucket; the server's confirmation (HEAD of the object: size,
    // type) makes it count, and its answer is the record's.
    if (put.ok && target.completeUrl) {
      put = await session.confirmUpload(target.completeUrl);
      for (let retry = 0; retry < PUT_RETRIES && retryable(put); retry++) put = await session.confirmUpload(target.completeUrl);
    }
    if (put.ok) return spec.answer ? { ...put, body: spec.answer(put.body, target) } : put;
    // A bucket answers an expired presigned PUT with 403 (the API's link with 410).
    const expired = put.status === 410 || (put.status === 403 && target.completeUrl !== undefined);
    if (!expired || renewed) return put;
    // The URL expired (the record waited > 15 min between POST and PUT): a new key gets a new
    // answer; the server is idempotent by the file's id, so no second file is created.
    answer = await post(crypto.randomUUID());
    if (!answer.ok) return answer;
    target = spec.targetOf(answer.body);
    if (!target) return MALFORMED;
  }
}
