/**
 * Doing the work's outbox kinds (checklist, scans, defects, photos, the completion): each carries
 * its optimistic change (`apply`), so a command and a retried rejection apply it alike; ticks,
 * scans and defects are full replacements that coalesce while unsent (last state wins) and go in
 * the task's work lane, photos in its photo lane; the completion is a barrier behind them.
 */
import type { OutboxRecord, ShelfworkDb } from '#db/schema';
import {
  CHECKLIST_KIND,
  COMPLETE_KIND,
  DEFECTS_KIND,
  PHOTO_CREATE_KIND,
  PHOTO_DELETE_KIND,
  PHOTO_UPDATE_KIND,
  SCANS_KIND,
} from '#db/outboxKinds';
import type { Defect, Photo, ScannedItem } from '#domain/types';
import { dataItems, stringList } from '../../answers';
import { taskMutation, type FollowUp, type OutboxKind, type OutboxKinds, type WrittenWith } from '../../kinds';
import { photoIdOfPath, sendPhotoCreate } from '../../photos';
import { replacementKey, UNSENT_STATES } from '../../queue';

/**
 * Is a later record of the same kind and path still unsent (pending, or sending: in the same batch
 * or the next one)? Then its state, not this answer, is the truth to show: it writes the mirror
 * when it settles, or, rejected, has the pack pulled. Walks the unsent records created after this
 * one and stops at the first match (queues drain in createdAt order, so the match is usually a few
 * records away).
 */
async function laterUnsent(db: ShelfworkDb, record: OutboxRecord, written?: WrittenWith): Promise<boolean> {
  if (!record.taskId) return false;
  if (written?.replacedInWrite) return true;
  const key = replacementKey(record);
  for (const state of UNSENT_STATES) {
    const later = await db.outbox
      .where('[state+createdAt]')
      .between([state, record.createdAt], [state, '\uffff'], false, true)
      .filter((r) => r.id !== record.id && replacementKey(r) === key)
      .first();
    if (later !== undefined) return true;
  }
  return false;
}


export async function applyChecklist(db: ShelfworkDb, taskId: string, ids: readonly string[]): Promise<void> {
  const done = new Set(ids);
  await db.checklistItems
    .where('taskId')
    .equals(taskId)
    .modify((row) => {
      row.isDone = done.has(row.id);
    });
  const task = await db.tasks.get(taskId);
  if (task) await db.tasks.put({ ...task, doneChecklistItemIds: [...ids] });
}

export async function applyScans(db: ShelfworkDb, taskId: string, items: readonly ScannedItem[]): Promise<void> {
  await db.scannedItems.where('taskId').equals(taskId).delete();
  await db.scannedItems.bulkPut(items.map((item) => ({ ...item, taskId })));
}

export async function applyDefects(db: ShelfworkDb, taskId: string, defectIds: readonly string[]): Promise<void> {
  const checked = new Set(defectIds);
  const rows = await db.taskDefects.where('taskId').equals(taskId).toArray();
  const known = new Set(rows.map((r) => r.id));
  const missing = (await db.defects.bulkGet(defectIds.filter((id) => !known.has(id)))).filter((d): d is Defect => !!d);
  await db.taskDefects.bulkPut([
    ...rows.map((r) => ({ ...r, checked: checked.has(r.id) })),
    ...missing.map((d) => ({ id: d.id, name: d.name, type: d.type, taskId, checked: true })),
  ]);
}

/** A rejected piece of work: the pack is pulled again (the server's truth). */
function pullPack(record: Pick<OutboxRecord, 'taskId'>): FollowUp {
  return record.taskId ? { pull: 'pack', taskId: record.taskId } : null;
}

/** Checklist ticks: full replacement, coalesced (last state wins). */
const doneChecklistItems: OutboxKind<typeof CHECKLIST_KIND> = {
  packPart: 'checklist',
  delivery: { lane: 'work' },
  coalesce: true,
  apply: async (db, record) => {
    if (record.taskId) await applyChecklist(db, record.taskId, stringList(record.payload?.ids));
  },
  reconcile: async (db, record, body, written) => {
    const ids = (body as { doneChecklistItemIds?: unknown } | null)?.doneChecklistItemIds;
    if (!record.taskId || !Array.isArray(ids) || (await laterUnsent(db, record, written))) return null;
    await applyChecklist(db, record.taskId, stringList(ids));
    return null;
  },
  afterRejection: pullPack,
};

const scannedItems: OutboxKind<typeof SCANS_KIND> = {
  packPart: 'scannedItems',
  delivery: { lane: 'work' },
  coalesce: true,
  apply: async (db, record) => {
    const items = record.payload?.items;
    if (record.taskId && Array.isArray(items)) await applyScans(db, record.taskId, items);
  },
  reconcile: async (db, record, body, written) => {
    const data = dataItems(body) as ScannedItem[] | null;
    if (!record.taskId || !data || (await laterUnsent(db, record, written))) return null;
    await applyScans(db, record.taskId, data);
    return null;
  },
  afterRejection: pullPack,
};

const taskDefects: OutboxKind<typeof DEFECTS_KIND> = {
  packPart: 'taskDefects',
  delivery: { lane: 'work' },
  coalesce: true,
  apply: async (db, record) => {
    if (record.taskId) await applyDefects(db, record.taskId, stringList(record.payload?.defectIds));
  },
  reconcile: async (db, record, body, written) => {
    const data = dataItems(body) as Defect[] | null;
    if (!record.taskId || !data || (await laterUnsent(db, record, written))) return null;
    const taskId = record.taskId;
    await db.taskDefects.where('taskId').equals(taskId).delete();
    await db.taskDefects.bulkPut(data.map((d) => ({ id: d.id, name: d.name, type: d.type, taskId, checked: !!d.checked })));
    return null;
  },
  afterRejection: pullPack,
};

/**
 * Metadata POST, then the JPEG PUT to the presigned URL (workers/sync/photos.ts). 2xx of the PUT:
 * the photo is uploaded, gets its url, and only now loses its blob (same transaction as the
 * record's deletion). A null body means there was nothing left to upload (deleted meanwhile).
 */
const photoCreate: OutboxKind<typeof PHOTO_CREATE_KIND> = {
  packPart: 'photos',
  delivery: { lane: 'photo', concurrent: true },
  apply: async (db, record) => {
    // Retried after a rejection: the photo is sendable again.
    for (const p of record.payload?.photos ?? []) await db.photos.update(p.id, { uploadDismissed: false });
  },
  send: (ctx, record) => sendPhotoCreate(ctx, record),
  reconcile: async (db, _record, body) => {
    const photo = (body as { photo?: Photo } | null)?.photo;
    if (!photo || typeof photo.id !== 'string') return null;
    const row = await db.photos.get(photo.id);
    if (row) await db.photos.put({ ...row, url: photo.url, uploadState: 'uploaded', blob: null });
    return null;
  },
  afterRejection: () => null,
};

const photoUpdate: OutboxKind<typeof PHOTO_UPDATE_KIND> = {
  packPart: 'photos',
  delivery: { lane: 'photo' },
  coalesce: true,
  apply: async (db, record) => {
    const photoId = photoIdOfPath(record.path);
    const comment = record.payload?.comment;
    if (photoId && typeof comment === 'string') await db.photos.update(photoId, { comment, updatedAt: record.createdAt });
  },
  reconcile: async (db, record, body, written) => {
    const photo = body as Photo | null;
    if (!photo || typeof photo.id !== 'string' || (await laterUnsent(db, record, written))) return null;
    await db.photos.update(photo.id, { comment: photo.comment, updatedAt: photo.updatedAt });
    return null;
  },
  afterRejection: pullPack,
};

const photoDelete: OutboxKind<typeof PHOTO_DELETE_KIND> = {
  packPart: 'photos',
  delivery: { lane: 'photo' },
  apply: async (db, record) => {
    const ids = stringList(record.payload?.photoIds);
    await db.photos.where('id').anyOf(ids).modify({ deleted: true });
  },
  reconcile: async (db, record) => {
    await db.photos.bulkDelete(stringList(record.payload?.photoIds));
    return null;
  },
  afterRejection: pullPack,
};

/** POST task/{id}/complete. Optimistic: awaiting_confirmation; the answer is the task. */
const completeTask: OutboxKind<typeof COMPLETE_KIND> = {
  apply: async (db, record) => {
    if (!record.taskId) return;
    const row = await db.tasks.get(record.taskId);
    const payload = record.payload;
    if (row) {
      await db.tasks.put({
        ...row,
        status: 'awaiting_confirmation',
        taskerComment: payload?.taskerComment || row.taskerComment,
        endTime: record.createdAt,
        isStartable: false,
      });
    }
  },
  reconcile: taskMutation.reconcile,
  afterRejection: taskMutation.afterRejection,
};

export const EXECUTION_KINDS = {
  [CHECKLIST_KIND]: doneChecklistItems,
  [SCANS_KIND]: scannedItems,
  [DEFECTS_KIND]: taskDefects,
  [PHOTO_CREATE_KIND]: photoCreate,
  [PHOTO_UPDATE_KIND]: photoUpdate,
  [PHOTO_DELETE_KIND]: photoDelete,
  [COMPLETE_KIND]: completeTask,
} satisfies OutboxKinds;
