/** Photo metadata of a task (the file goes through the presigned upload, photo-uploads.ts): listed, created idempotently by id, commented, deleted. */
import type { Selectable } from 'kysely';
import type { Db } from '../db/database';
import { badRequest, notFound } from '../http/errors';
import type { Photo, PhotoTag } from '#domain/types';
import { REFUSAL_WORDS } from '#domain/errorWords';
import { lateWorkRefusal } from '#domain/lifecycle';
import type { ParsedNewPhoto } from './input';
import { execDb, type ExecDb, type PhotosTable } from './tables';
import { asWorkTask, iso, lockWritable, ownTask, refuse, type Writer } from './service';

export const photoNotFound = () => notFound('PHOTO_NOT_FOUND', REFUSAL_WORDS.PHOTO_NOT_FOUND.message);

const PHOTO_COLUMNS = ['id', 'task_id', 'user_id', 'comment', 'tags', 'storage_key', 'sha256', 'uploaded_at', 'created_at', 'updated_at'] as const;

/** A photo's metadata as the queries below select it. */
export type PhotoRow = Pick<Selectable<PhotosTable>, (typeof PHOTO_COLUMNS)[number]>;

/** Photo.url for an uploaded photo (a signed, expiring read URL), null before the upload. */
export type ReadUrlOf = (photoId: string) => string;

export function toApiPhoto(row: PhotoRow, readUrl: ReadUrlOf): Photo {
  return {
    id: row.id,
    url: row.uploaded_at ? readUrl(row.id) : null,
    comment: row.comment,
    tags: (Array.isArray(row.tags) ? row.tags : []) as PhotoTag[],
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export async function listPhotos(db: Db, taskId: string): Promise<PhotoRow[]> {
  return execDb(db).selectFrom('photos').select(PHOTO_COLUMNS).where('task_id', '=', taskId).orderBy('created_at').orderBy('id').execute();
}

export async function findPhoto(db: ExecDb | Db, photoId: string, lock = false): Promise<PhotoRow | undefined> {
  let q = execDb(db as Db).selectFrom('photos').select(PHOTO_COLUMNS).where('id', '=', photoId);
  if (lock) q = q.forUpdate();
  return q.executeTakeFirst();
}

/**
 * Creates photo metadata, idempotent by photo id: an id already on this task is returned again
 * (no duplicate, comment and tags unchanged), so a client may re-post to get a fresh upload
 * token. New photos need in_progress; re-posting an existing one is also allowed while the task
 * awaits confirmation (the upload may trail the completion in the outbox).
 */
export async function createPhotos(trx: Db, writer: Writer, taskId: string, photos: ParsedNewPhoto[]): Promise<PhotoRow[]> {
  const { userId, clock } = writer;
  const task = await ownTask(trx, userId, taskId, true);
  const db = execDb(trx);
  const ids = photos.map((p) => p.id);
  const existing = await db.selectFrom('photos').select(PHOTO_COLUMNS).where('id', 'in', ids).execute();
  const byId = new Map(existing.map((r) => [r.id, r]));
  const errors: Record<string, string> = {};
  photos.forEach((p, i) => {
    const row = byId.get(p.id);
    if (row && row.task_id !== taskId) errors[`photos.${i}.id`] = 'ID_TAKEN';
  });
  if (Object.keys(errors).length > 0) throw badRequest(errors, 'Some photo ids are already used');
  const fresh = photos.filter((p) => !byId.has(p.id));
  // Re-posting photos the server already has (for a fresh upload URL) is allowed while their file
  // may still be on its way: awaiting confirmation, or expired after a late delivery.
  const repost = fresh.length === 0 && (task.status === 'awaiting_confirmation' || task.status === 'expired');
  if (!repost) {
    const refusal = lateWorkRefusal(asWorkTask(task), writer.recordedAt, clock.now());
    if (refusal) throw refuse(refusal);
  }
  const now = clock.now();
  if (fresh.length > 0) {
    const inserted = await db
      .insertInto('photos')
      .values(fresh.map((p) => ({ id: p.id, task_id: taskId, user_id: userId, comment: p.comment, tags: JSON.stringify(p.tags), created_at: now, updated_at: now })))
      .returning(PHOTO_COLUMNS)
      .execute();
    for (const r of inserted) byId.set(r.id, r);
  }
  return ids.map((id) => byId.get(id) as PhotoRow);
}

export async function updatePhotoComment(trx: Db, writer: Writer, taskId: string, photoId: string, comment: string): Promise<PhotoRow> {
  await lockWritable(trx, writer, taskId);
  const updated = await execDb(trx)
    .updateTable('photos')
    .set({ comment, updated_at: writer.clock.now() })
    .where('id', '=', photoId)
    .where('task_id', '=', taskId)
    .returning(PHOTO_COLUMNS)
    .executeTakeFirst();
  if (!updated) throw photoNotFound();
  return updated;
}

/** Deletes photos of the task; answers every requested id (none of them is a photo of the task afterwards) and the storage keys to remove after commit. */
export async function deletePhotos(trx: Db, writer: Writer, taskId: string, photoIds: string[]): Promise<{ deleted: string[]; storageKeys: string[] }> {
  await lockWritable(trx, writer, taskId);
  const rows = await execDb(trx).deleteFrom('photos').where('task_id', '=', taskId).where('id', 'in', photoIds).returning(['id', 'storage_key']).execute();
  return { deleted: photoIds, storageKeys: rows.map((r) => r.storage_key).filter((k): k is string => k !== null) };
}
