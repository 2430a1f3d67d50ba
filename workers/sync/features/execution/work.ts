/**
 * The commands of doing the work: each checks its input, then applies the optimistic
 * change (the kind's `apply`, ./kinds.ts) and queues the record in ONE Dexie
 * transaction. Full-replacement kinds coalesce (last state wins); a photo never sent is simply
 * dropped on delete, and a comment edit of a photo never sent rides in its create record.
 * The screens send ticks, defects and scans as intent (changeChecklist, changeTaskDefects,
 * changeScannedItems), applied to the mirror's current value in that transaction; the whole-state
 * setters (setChecklistDone, setTaskDefects, saveScannedItems) serve tests and tools.
 * Rejected records can be retried (fresh Idempotency-Key, the optimistic change re-applied) or
 * dismissed. Scheduling (debounce, drain kicks) and quota errors are ./index.ts's (the feature's commands).
 */
import { enqueueMutation, enqueueMutationIf, NO_RECORD, type NewMutation } from '../../queue';
import type { OutboxRecord, OutboxRecordOf, ShelfworkDb } from '#db/schema';
import { needsPhoto, readCompletion, type CompletionInput } from '#domain/completion';
import { REFUSAL_MESSAGES } from '#domain/errors';
import { applyScanChanges, type ScanChange } from '#domain/scans';
import { PHOTO_TAGS, type ScannedItem } from '#domain/types';
import type { ChecklistChange, CommandError, CommandResult, DefectChange, NewPhoto } from '#contracts/sync';
import { routePath } from '#contracts/api/client';
import * as routes from '#contracts/api/execution';
import { outboxKind } from '../../kinds';
import {
  CHECKLIST_KIND,
  COMPLETE_KIND,
  DEFECTS_KIND,
  PHOTO_CREATE_KIND,
  PHOTO_DELETE_KIND,
  PHOTO_UPDATE_KIND,
  SCANS_KIND,
  USER_DOCUMENT_KIND,
  type ChecklistPayload,
  type CompletePayload,
  type DefectsPayload,
  type PhotoCreatePayload,
  type ScansPayload,
} from '#db/outboxKinds';
import { EXECUTION_KINDS } from './kinds';
import { REFUSAL_WORDS } from '#domain/errorWords';

const OK: CommandResult = { ok: true, value: undefined };

function invalid(field: string, code: string, message: string): CommandResult {
  return { ok: false, error: { status: 400, code: 'VALIDATION_FAILED', message, fields: { [field]: code } } };
}

/** Thrown inside a transaction to abort it with a refusal (nothing written). */
export class CommandRefused extends Error {
  constructor(readonly error: CommandError) {
    super(error.code);
  }
}

type TaskRoute = typeof routes.setDoneChecklistItems | typeof routes.replaceScannedItems | typeof routes.setTaskDefects | typeof routes.createPhotos | typeof routes.deletePhotos | typeof routes.completeTask;

/** The outbox path of a task write: `route` with the task's id. */
function taskPath(route: TaskRoute, taskId: string): string {
  return routePath(route, { params: { taskId } });
}

function uniqueStrings(values: readonly unknown[]): string[] | null {
  if (!values.every((v) => typeof v === 'string' && v.length > 0)) return null;
  return [...new Set(values as string[])];
}

/**
 * Queues a full-replacement kind: apply + coalesce into the open record of the task, or append.
 * `resolve` (the intent commands) first finalises the payload from the mirror's current value,
 * inside the same transaction, so nothing written between the read and the write is lost.
 */
async function queueReplacement(db: ShelfworkDb, now: Date, mutation: NewMutation, resolve?: () => Promise<void>): Promise<OutboxRecord> {
  const kind = outboxKind(mutation);
  return enqueueMutation(db, mutation, {
    now,
    tables: [db.tasks, db.checklistItems, db.scannedItems, db.taskDefects, db.defects],
    optimistic: async () => {
      await resolve?.();
      await kind.apply?.(db, { taskId: mutation.taskId, payload: mutation.payload, path: mutation.path, createdAt: now.toISOString() });
    },
  });
}

/** Why a scanned item cannot be queued (400 with the field), or null. */
function scannedItemProblem(item: ScannedItem, field: string): CommandResult | null {
  if (typeof item?.id !== 'string' || typeof item.ean !== 'string' || typeof item.timestamp !== 'string') return invalid(field, 'INVALID', 'Invalid scanned item');
  if (!Number.isInteger(item.facings) || item.facings < 0 || item.facings > 99) return invalid(`${field}.facings`, 'INVALID', 'Facings must be 0–99');
  return null;
}

export async function setChecklistDone(db: ShelfworkDb, now: Date, taskId: string, doneIds: string[]): Promise<CommandResult> {
  const ids = Array.isArray(doneIds) ? uniqueStrings(doneIds) : null;
  if (!ids) return invalid('ids', 'INVALID', 'Invalid checklist item ids');
  await queueReplacement(db, now, { taskId, kind: CHECKLIST_KIND, method: 'POST', path: taskPath(routes.setDoneChecklistItems, taskId), payload: { ids } });
  return OK;
}

export async function saveScannedItems(db: ShelfworkDb, now: Date, taskId: string, items: ScannedItem[]): Promise<CommandResult> {
  if (!Array.isArray(items)) return invalid('items', 'INVALID', 'Invalid scanned items');
  for (const [i, item] of items.entries()) {
    const problem = scannedItemProblem(item, `items.${i}`);
    if (problem) return problem;
  }
  const clean = items.map(({ id, ean, facings, timestamp }) => ({ id, ean, facings, timestamp }));
  await queueReplacement(db, now, { taskId, kind: SCANS_KIND, method: 'POST', path: taskPath(routes.replaceScannedItems, taskId), payload: { items: clean } });
  return OK;
}

export async function setTaskDefects(db: ShelfworkDb, now: Date, taskId: string, defectIds: string[]): Promise<CommandResult> {
  const ids = Array.isArray(defectIds) ? uniqueStrings(defectIds) : null;
  if (!ids) return invalid('defectIds', 'INVALID', 'Invalid defect ids');
  await queueReplacement(db, now, { taskId, kind: DEFECTS_KIND, method: 'POST', path: taskPath(routes.setTaskDefects, taskId), payload: { defectIds: ids } });
  return OK;
}

// ---- Intent: what the tasker changed, applied to the mirror's CURRENT value ----------------------
// A screen may show a state another tab has changed since (its live query catches up a moment
// later), so it never sends a whole set it computed: it says what the tasker did. The change is
// applied here to what the mirror holds now, in the transaction that also queues (or coalesces)
// the record, and the record carries the resulting whole state: the wire format stays a full
// replacement, last state wins.

function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0;
}

/** Ids in `set`, those of `order` first in its order, then the rest in insertion order. */
function inOrder(order: readonly string[], set: ReadonlySet<string>): string[] {
  const known = new Set(order);
  return [...order.filter((id) => set.has(id)), ...[...set].filter((id) => !known.has(id))];
}

/** Checklist items ticked or unticked: applied to the mirror's current ticks of the task. */
export async function changeChecklist(db: ShelfworkDb, now: Date, taskId: string, changes: ChecklistChange[]): Promise<CommandResult> {
  if (!Array.isArray(changes) || !changes.every((c) => isNonEmptyString(c?.itemId) && typeof c.done === 'boolean')) {
    return invalid('changes', 'INVALID', 'Invalid checklist changes');
  }
  if (changes.length === 0) return OK;
  const payload: ChecklistPayload = { ids: [] };
  await queueReplacement(db, now, { taskId, kind: CHECKLIST_KIND, method: 'POST', path: taskPath(routes.setDoneChecklistItems, taskId), payload }, async () => {
    const rows = (await db.checklistItems.where('taskId').equals(taskId).toArray()).sort((a, b) => a.position - b.position);
    // Without the pack's rows the task's own list is the current state.
    const done = new Set(rows.length > 0 ? rows.filter((r) => r.isDone).map((r) => r.id) : ((await db.tasks.get(taskId))?.doneChecklistItemIds ?? []));
    for (const change of changes) {
      if (change.done) done.add(change.itemId);
      else done.delete(change.itemId);
    }
    payload.ids = inOrder(rows.map((r) => r.id), done);
  });
  return OK;
}

/** Scanned items added, changed or removed: applied to the mirror's current list of the task. */
export async function changeScannedItems(db: ShelfworkDb, now: Date, taskId: string, changes: ScanChange[]): Promise<CommandResult> {
  if (!Array.isArray(changes)) return invalid('changes', 'INVALID', 'Invalid scanned item changes');
  for (const [i, change] of changes.entries()) {
    if (change?.op === 'remove' && isNonEmptyString(change.id)) continue;
    if (change?.op !== 'put') return invalid(`changes.${i}`, 'INVALID', 'Invalid scanned item change');
    const problem = scannedItemProblem(change.item, `changes.${i}.item`);
    if (problem) return problem;
  }
  if (changes.length === 0) return OK;
  const payload: ScansPayload = { items: [] };
  await queueReplacement(db, now, { taskId, kind: SCANS_KIND, method: 'POST', path: taskPath(routes.replaceScannedItems, taskId), payload }, async () => {
    payload.items = applyScanChanges(await db.scannedItems.where('taskId').equals(taskId).toArray(), changes);
  });
  return OK;
}

/** Defects (regular or blockers) logged or unlogged: applied to the mirror's current set of the task. */
export async function changeTaskDefects(db: ShelfworkDb, now: Date, taskId: string, changes: DefectChange[]): Promise<CommandResult> {
  if (!Array.isArray(changes) || !changes.every((c) => isNonEmptyString(c?.defectId) && typeof c.checked === 'boolean')) {
    return invalid('changes', 'INVALID', 'Invalid defect changes');
  }
  if (changes.length === 0) return OK;
  const payload: DefectsPayload = { defectIds: [] };
  await queueReplacement(db, now, { taskId, kind: DEFECTS_KIND, method: 'POST', path: taskPath(routes.setTaskDefects, taskId), payload }, async () => {
    const rows = await db.taskDefects.where('taskId').equals(taskId).toArray();
    const checked = new Set(rows.filter((r) => r.checked).map((r) => r.id));
    for (const change of changes) {
      if (change.checked) checked.add(change.defectId);
      else checked.delete(change.defectId);
    }
    payload.defectIds = inOrder(rows.map((r) => r.id), checked);
  });
  return OK;
}

export async function addPhoto(db: ShelfworkDb, now: Date, taskId: string, photo: NewPhoto): Promise<CommandResult> {
  if (typeof photo?.id !== 'string' || photo.id.length === 0) return invalid('id', 'INVALID', 'Invalid photo id');
  if (!(photo.blob instanceof Blob) || photo.blob.size === 0) return invalid('blob', 'INVALID', 'The photo has no image');
  if (!Array.isArray(photo.tags) || !photo.tags.every((t) => (PHOTO_TAGS as readonly string[]).includes(t))) return invalid('tags', 'INVALID', 'Unknown photo tag');
  const comment = typeof photo.comment === 'string' ? photo.comment : '';
  const at = now.toISOString();
  const payload: PhotoCreatePayload = { photos: [{ id: photo.id, comment, tags: [...photo.tags] }] };
  try {
    await enqueueMutation(
      db,
      { taskId, kind: PHOTO_CREATE_KIND, method: 'POST', path: taskPath(routes.createPhotos, taskId), payload },
      {
        now,
        tables: [db.photos],
        optimistic: async () => {
          if (await db.photos.get(photo.id)) throw new CommandRefused({ status: 409, code: 'PHOTO_EXISTS', message: 'This photo is already saved' });
          await db.photos.add({
            id: photo.id,
            url: null,
            comment,
            tags: [...photo.tags],
            createdAt: at,
            updatedAt: at,
            taskId,
            blob: photo.blob,
            size: photo.blob.size,
            width: photo.width,
            height: photo.height,
            uploadState: 'local',
          });
        },
      },
    );
  } catch (err) {
    if (err instanceof CommandRefused) return { ok: false, error: err.error };
    throw err;
  }
  return OK;
}

/** The create record of a photo that was never attempted (so the server has never heard of it). */
async function unsentCreate(db: ShelfworkDb, taskId: string, photoId: string): Promise<OutboxRecordOf<typeof PHOTO_CREATE_KIND> | undefined> {
  const records = await db.outbox
    .where('taskId')
    .equals(taskId)
    .filter((r) => r.state === 'pending' && r.attempts === 0)
    .toArray();
  return records.find((r): r is OutboxRecordOf<typeof PHOTO_CREATE_KIND> => r.kind === PHOTO_CREATE_KIND && r.payload.photos.some((p) => p.id === photoId));
}

export async function updatePhotoComment(db: ShelfworkDb, now: Date, taskId: string, photoId: string, comment: string): Promise<CommandResult> {
  if (typeof comment !== 'string') return invalid('comment', 'INVALID', 'Invalid comment');
  const path = routePath(routes.updatePhoto, { params: { taskId, photoId } });
  const at = now.toISOString();
  try {
    await enqueueMutationIf(
      db,
      { taskId, kind: PHOTO_UPDATE_KIND, method: 'POST', path, payload: { comment } },
      {
        now,
        tables: [db.photos],
        optimistic: async () => {
          const row = await db.photos.get(photoId);
          if (!row || row.deleted || row.taskId !== taskId) throw new CommandRefused({ status: 404, code: 'PHOTO_NOT_FOUND', message: REFUSAL_WORDS.PHOTO_NOT_FOUND.message });
          await db.photos.update(photoId, { comment, updatedAt: at });
          // Never sent: the comment travels in its create record instead of a request of its own.
          const create = await unsentCreate(db, taskId, photoId);
          if (!create) return;
          const payload = create.payload;
          await db.outbox.update(create.id, { payload: { photos: payload.photos.map((p) => (p.id === photoId ? { ...p, comment } : p)) } });
          return NO_RECORD;
        },
      },
    );
  } catch (err) {
    if (err instanceof CommandRefused) return { ok: false, error: err.error };
    throw err;
  }
  return OK;
}

export async function deletePhotos(db: ShelfworkDb, now: Date, taskId: string, photoIds: string[]): Promise<CommandResult> {
  const ids = Array.isArray(photoIds) ? uniqueStrings(photoIds) : null;
  if (!ids || ids.length === 0) return invalid('photoIds', 'INVALID', 'Invalid photo ids');
  const sent: string[] = [];
  await enqueueMutationIf(
    db,
    // The payload is finalised inside the transaction (only the photos the server knows of).
    { taskId, kind: PHOTO_DELETE_KIND, method: 'POST', path: taskPath(routes.deletePhotos, taskId), payload: { photoIds: sent } },
    {
      now,
      tables: [db.photos],
      optimistic: async () => {
        for (const id of ids) {
          const row = await db.photos.get(id);
          if (!row || row.taskId !== taskId) continue;
          const create = await unsentCreate(db, taskId, id);
          if (create || (row.uploadState === 'local' && row.uploadDismissed)) {
            // Never reached the server: drop the photo, its blob and its queued create. No request.
            if (create) await db.outbox.delete(create.id);
            await db.photos.delete(id);
          } else {
            await db.photos.update(id, { deleted: true });
            sent.push(id);
          }
        }
        return sent.length === 0 ? NO_RECORD : undefined;
      },
    },
  );
  return OK;
}

/**
 * Queued after the task's other records (createdAt order). The completion rule
 * (src/domain/completion.ts) and the server's checks that need data are applied to the mirror
 * first, with the server's codes, so an impossible completion is refused at once instead of after
 * the signal returns.
 */
export async function completeTask(db: ShelfworkDb, now: Date, taskId: string, input: CompletionInput): Promise<CommandResult> {
  const read = readCompletion(input);
  if (Object.keys(read.errors).length > 0) {
    return { ok: false, error: { status: 400, code: 'VALIDATION_FAILED', message: 'Some fields are not valid', fields: read.errors } };
  }
  const { outcome, taskerComment, reason, blockerIds } = read.value;
  // Only what the outcome uses is sent.
  const payload: CompletePayload = { outcome, taskerComment };
  if (outcome === 'incomplete') {
    payload.reason = reason;
    payload.policyAgreed = true;
  }
  if (outcome === 'blocked') payload.blockerIds = blockerIds;
  const kind = EXECUTION_KINDS[COMPLETE_KIND];
  try {
    await enqueueMutation(
      db,
      { taskId, kind: COMPLETE_KIND, method: 'POST', path: taskPath(routes.completeTask, taskId), payload },
      {
        now,
        tables: [db.tasks, db.photos],
        optimistic: async () => {
          const row = await db.tasks.get(taskId);
          if (!row) throw new CommandRefused({ status: 404, code: 'TASK_NOT_FOUND', message: REFUSAL_WORDS.TASK_NOT_FOUND.message });
          if (row.status !== 'in_progress') throw new CommandRefused({ status: 420, code: 'TASK_NOT_IN_PROGRESS', message: REFUSAL_MESSAGES.TASK_NOT_IN_PROGRESS });
          if (needsPhoto(outcome)) {
            const photos = await db.photos.where('taskId').equals(taskId).filter((p) => !p.deleted).count();
            if (photos === 0) throw new CommandRefused({ status: 420, code: 'PHOTOS_REQUIRED', message: REFUSAL_MESSAGES.PHOTOS_REQUIRED });
          }
          await kind.apply?.(db, { taskId, payload, path: taskPath(routes.completeTask, taskId), createdAt: now.toISOString() });
        },
      },
    );
  } catch (err) {
    if (err instanceof CommandRefused) return { ok: false, error: err.error };
    throw err;
  }
  return OK;
}

/**
 * A rejected record, sent again as it is. It gets a NEW id (= Idempotency-Key): the server stored
 * its refusal under the old key and would only replay it. It keeps its createdAt (its place in the
 * task's queue) and its optimistic change is applied again (the rejection had pulled the server's
 * state over it).
 */
export async function retryRejected(db: ShelfworkDb, recordId: string): Promise<CommandResult> {
  try {
    await db.transaction('rw', [db.outbox, db.user, db.kv, db.tasks, db.checklistItems, db.scannedItems, db.taskDefects, db.defects, db.photos], async () => {
      const record = await db.outbox.get(recordId);
      if (!record) throw new CommandRefused({ status: 404, code: 'RECORD_NOT_FOUND', message: 'Nothing to retry' });
      if (record.state !== 'rejected') throw new CommandRefused({ status: 409, code: 'RECORD_NOT_REJECTED', message: 'The record is not rejected' });
      await db.outbox.delete(record.id);
      await db.outbox.add({ ...record, id: crypto.randomUUID(), state: 'pending', attempts: 0, nextAttemptAt: null, error: null });
      await outboxKind(record).apply?.(db, record);
    });
  } catch (err) {
    if (err instanceof CommandRefused) return { ok: false, error: err.error };
    throw err;
  }
  return OK;
}

/**
 * Discards a rejected record (the mirror already shows the server's state: the rejection pulled
 * it). A dismissed photo-create keeps the photo and its JPEG on the device, flagged
 * `uploadDismissed` (a tasker's picture is never destroyed by dismissing an error; deleting the
 * photo removes it).
 */
export async function dismissRejected(db: ShelfworkDb, recordId: string): Promise<CommandResult> {
  try {
    await db.transaction('rw', [db.outbox, db.photos, db.userDocuments], async () => {
      const record = await db.outbox.get(recordId);
      if (!record) throw new CommandRefused({ status: 404, code: 'RECORD_NOT_FOUND', message: 'Nothing to dismiss' });
      if (record.state !== 'rejected') throw new CommandRefused({ status: 409, code: 'RECORD_NOT_REJECTED', message: 'The record is not rejected' });
      await db.outbox.delete(record.id);
      if (record.kind === PHOTO_CREATE_KIND) {
        for (const p of record.payload.photos ?? []) await db.photos.update(p.id, { uploadDismissed: true });
      }
      // A refused document photo (too large, not a JPEG) cannot be sent as it is: the tasker takes
      // another. Dismissing the refusal removes it, so the screen shows the server's document again.
      if (record.kind === USER_DOCUMENT_KIND) await db.userDocuments.delete(record.payload.id);
    });
  } catch (err) {
    if (err instanceof CommandRefused) return { ok: false, error: err.error };
    throw err;
  }
  return OK;
}
