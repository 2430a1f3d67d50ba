/**
 * Task photos in the upload pipeline (server/storage/uploads.ts): the `task-photo` upload target
 * (its token's scope is the task) and the `photos` read namespace (`Photo.url`).
 */
import type { Db } from '../db/database';
import { ApiError } from '../http/errors';
import type { Files, FileSource, UploadTarget } from '../storage/uploads';
import { TASK_PHOTO_TARGET, type UploadClaims } from '../storage/signing';
import { execDb } from './tables';
import { refuse } from './service';
import { findPhoto, photoNotFound, toApiPhoto, type PhotoRow } from './photos';
import type { Photo } from '#domain/types';

export const PHOTO_NAMESPACE = 'photos';

/**
 * The photo a token names, if it may still receive a file: 404 when deleted or not the token's,
 * 420 when its task is closed (unless the file is already there: the same bytes answer 200).
 */
async function uploadablePhoto(db: Db, claims: UploadClaims, lock: boolean): Promise<PhotoRow> {
  const photo = await findPhoto(db, claims.id, lock);
  if (!photo || photo.task_id !== claims.scope || photo.user_id !== claims.userId) throw photoNotFound();
  const task = await db.selectFrom('tasks').select(['status', 'tasker_id']).where('id', '=', claims.scope).executeTakeFirst();
  if (!task || task.tasker_id !== claims.userId) throw photoNotFound();
  // The photo row exists, so its metadata was accepted (in progress, or recorded inside the
  // window and delivered late): its file may follow while the task awaits confirmation or
  // after the expiry job expired it.
  if (!photo.uploaded_at && task.status !== 'in_progress' && task.status !== 'awaiting_confirmation' && task.status !== 'expired') {
    throw refuse('TASK_NOT_IN_PROGRESS');
  }
  return photo;
}

export function taskPhotoUploads(ctx: { config: { uploadMaxBytes: number } }, files: Files): UploadTarget {
  const readUrl = (id: string) => files.readUrl(PHOTO_NAMESPACE, id);
  return {
    name: TASK_PHOTO_TARGET,
    maxBytes: () => ctx.config.uploadMaxBytes,
    async uploadable(db, claims, lock) {
      const photo = await uploadablePhoto(db, claims, lock);
      return { sha256: photo.uploaded_at ? photo.sha256 : null };
    },
    storageKey: (claims, sha256) => `${claims.scope}/${claims.id}-${sha256.slice(0, 16)}.jpg`,
    async record(trx, claims, file) {
      await execDb(trx)
        .updateTable('photos')
        .set({ storage_key: file.key, sha256: file.sha256, size_bytes: file.size, uploaded_at: file.at, updated_at: file.at })
        .where('id', '=', claims.id)
        .execute();
      return [];
    },
    async answer(trx, claims): Promise<{ photo: Photo }> {
      const row = await findPhoto(trx, claims.id);
      if (!row) throw photoNotFound();
      return { photo: toApiPhoto(row, readUrl) };
    },
    alreadyUploaded: () => new ApiError(409, 'PHOTO_ALREADY_UPLOADED', 'This photo already has a different file'),
  };
}

export const taskPhotoFiles: FileSource = {
  namespace: PHOTO_NAMESPACE,
  notFound: photoNotFound,
  async storageKey(db, id) {
    return (await findPhoto(db, id))?.storage_key ?? null;
  },
};
