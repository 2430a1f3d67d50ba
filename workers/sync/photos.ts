/**
 * The photo pipeline's network half (DESIGN.md, write path step 5): a `photo-create` record is
 * one attempt of metadata POST (idempotent by key and by photo id) → presigned PUT of the blob
 * (up to 2 retries inside the attempt) → and, when the presigned URL expired (410), one fresh
 * metadata POST under a new key for a new URL. The blob itself is dropped by the kind's
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

const MALFORMED: ApiResult = { ok: false, status: 502, error: { code: 'UNKNOWN', message: 'The photo answer has no upload target' } };

export async function sendPhotoCreate(ctx: SendContext, record: OutboxRecord): Promise<ApiResult> {
  const { db, session } = ctx;
  const meta = (record.payload as PhotoCreatePayload | null)?.photos?.[0];
  if (!meta) return { ok: false, status: 400, error: { code: 'VALIDATION_FAILED', message: 'No photo in the record' } };
  const photo = await db.photos.get(meta.id);
  // Deleted meanwhile (its delete is queued behind, or it was dropped): nothing to upload.
  if (!photo || photo.deleted) return { ok: true, status: 200, body: null };
  if (photo.uploadState === 'uploaded') return { ok: true, status: 200, body: { photo } };
  if (!photo.blob) return { ok: false, status: 400, error: { code: 'PHOTO_FILE_MISSING', message: 'The photo file is no longer on this device' } };

  const post = (key: string) => session.request<unknown>('POST', record.path, { body: record.payload, idempotencyKey: key, recordedAt: recordedAtOf(record), auth: 'required' });
  let answer = await post(record.id);
  if (!answer.ok) return answer;
  let target = targetFor(answer.body, meta.id);
  if (!target) return MALFORMED;
  if (photo.uploadState === 'local') await db.photos.update(meta.id, { uploadState: 'metadata-sent' });

  for (let renewed = false; ; renewed = true) {
    let put: ApiResult = await session.uploadJpeg(target.presignedUrl, photo.blob);
    for (let retry = 0; retry < PUT_RETRIES && retryable(put); retry++) put = await session.uploadJpeg(target.presignedUrl, photo.blob);
    if (put.ok || put.status !== 410 || renewed) return put;
    // The URL expired (the record waited > 15 min between POST and PUT): a new key gets a new
    // answer; the server is idempotent by photo id, so no second photo is created.
    answer = await post(crypto.randomUUID());
    if (!answer.ok) return answer;
    target = targetFor(answer.body, meta.id);
    if (!target) return MALFORMED;
  }
}
