/**
 * The execution effects (spec sections 2 and 7): checklist ticks, task defects, scanned
 * items, photo metadata, completion. Each write runs inside the transaction runIdempotent opens
 * and starts by locking the task row, so writes to one task are serialised with its completion
 * (a tick arriving after `complete` committed sees awaiting_confirmation and is refused, never
 * half-applied). Only the task row is locked (lifecycle locks user → task, the expiry job task
 * only), so no lock-order cycle is possible.
 *
 * Visibility: a task belongs to its tasker; for anyone else it does not exist (404
 * TASK_NOT_FOUND). Writes need in_progress (420 TASK_NOT_IN_PROGRESS) — or, for work the phone
 * recorded inside the window and delivered after the expiry job expired the task, the late-work
 * rule of src/domain/lifecycle.ts (420 TASK_WINDOW_ENDED when the work was recorded too late).
 */
import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { Clock } from '../clock';
import { ApiError, BUSINESS_RULE_STATUS, badRequest, notFound } from '../http/errors';
import type { ChecklistItem, Defect, DefectType, Photo, PhotoTag, Product, ScannedItem, Task } from '#domain/types';
import { findTask, loadViewerRow } from '../tasks/queries';
import { toApiTask } from '../tasks/map';
import { toViewer } from '../tasks/viewer';
import { execDb, type ExecDb } from './tables';
import { localizedSql, marketLocaleSql } from '../catalog/localize';
import type { ParsedNewPhoto, ParsedScannedItem } from './input';
import { needsPhoto, type CompletionInput } from '#domain/completion';
import { REFUSAL_MESSAGES } from '#domain/errors';
import { lateWorkRefusal, workTime } from '#domain/lifecycle';
import type { TaskStatus } from '#domain/types';
import { deferredWrites, segmentMemo } from '../http/batch';

type ExecutionRefusal = 'TASK_NOT_IN_PROGRESS' | 'TASK_WINDOW_ENDED' | 'PHOTOS_REQUIRED';

export const refuse = (code: ExecutionRefusal) => new ApiError(BUSINESS_RULE_STATUS, code, REFUSAL_MESSAGES[code]);
export const taskNotFound = () => notFound('TASK_NOT_FOUND', 'Task not found');
export const photoNotFound = () => notFound('PHOTO_NOT_FOUND', 'Photo not found');

const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * EXECUTION_FULL_WRITES=1 in the server's environment: scan lists and defect sets are written
 * whole, as before issue 15's diff writes, and nothing is kept between the records of a batch
 * segment (`npm run bench:outbox` uses it, with BATCH_PER_RECORD=1, for its "old" side).
 */
const fullWrites = () => process.env.EXECUTION_FULL_WRITES === '1';

/** The batch segment's memo for `trx` (server/http/batch.ts), unless the old full writes are asked for. */
function memoOf(trx: Db): Map<string, unknown> | null {
  return fullWrites() ? null : segmentMemo(trx);
}
const taskMemoKey = (taskId: string) => `execution:task:${taskId}`;
const scansMemoKey = (taskId: string) => `execution:scans:${taskId}`;

export interface OwnTask {
  id: string;
  status: string;
  tasker_id: string | null;
  done_checklist_item_ids: string[];
  time_window_end: Date | string;
  start_time: Date | string | null;
}

/** Who writes, by the server's clock, and when the phone says the work was done (Shelfwork-Recorded-At). */
export interface Writer {
  userId: string;
  clock: Clock;
  recordedAt: Date | null;
}

/** The viewer's own task (any status), or 404. `lock` takes the row lock for a write. */
export async function ownTask(db: Db, userId: string, taskId: string, lock = false): Promise<OwnTask> {
  let q = db.selectFrom('tasks').select(['id', 'status', 'tasker_id', 'done_checklist_item_ids', 'time_window_end', 'start_time']).where('id', '=', taskId);
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row || row.tasker_id !== userId) throw taskNotFound();
  return { ...row, done_checklist_item_ids: Array.isArray(row.done_checklist_item_ids) ? row.done_checklist_item_ids : [] };
}

function asWorkTask(task: OwnTask) {
  return { status: task.status as TaskStatus, timeWindowEnd: iso(task.time_window_end), startTime: task.start_time ? iso(task.start_time) : null };
}

/**
 * Locks the writer's own task and requires it to take work: in progress, or expired with the
 * work recorded inside the window (late delivery, lateWorkRefusal).
 */
export async function lockWritable(trx: Db, writer: Writer, taskId: string): Promise<OwnTask> {
  // In a batch segment the row stays locked from the first record that locked it (its savepoint is
  // kept until the commit; a rollback to a savepoint empties the memo), so it is read once.
  const memo = memoOf(trx);
  const memoised = memo?.get(taskMemoKey(taskId)) as OwnTask | undefined;
  const task = memoised && memoised.tasker_id === writer.userId ? memoised : await ownTask(trx, writer.userId, taskId, true);
  memo?.set(taskMemoKey(taskId), task);
  const refusal = lateWorkRefusal(asWorkTask(task), writer.recordedAt, writer.clock.now());
  if (refusal) throw refuse(refusal);
  return task;
}

// ---------------------------------------------------------------------------------------------
// Checklist

const META_STRING_KEYS = ['buttonTitle', 'doneTitle', 'ctaTitle', 'titleOverride', 'target'] as const;

function toMetadata(raw: unknown): ChecklistItem['metadata'] {
  const m = raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const out: ChecklistItem['metadata'] = {};
  if (Array.isArray(m.tags)) out.tags = m.tags.filter((t): t is PhotoTag => typeof t === 'string');
  for (const key of META_STRING_KEYS) if (typeof m[key] === 'string') out[key] = m[key];
  if (typeof m.isAutoToggle === 'boolean') out.isAutoToggle = m.isAutoToggle;
  return out;
}

export async function listChecklistItems(db: Db, task: OwnTask): Promise<ChecklistItem[]> {
  const rows = await db
    .selectFrom('checklist_items')
    .select(['id', 'type', 'title', 'description', 'is_optional', 'metadata'])
    .where('task_id', '=', task.id)
    .orderBy('position')
    .orderBy('id')
    .execute();
  const done = new Set(task.done_checklist_item_ids);
  return rows.map((r) => ({
    id: r.id,
    type: r.type as ChecklistItem['type'],
    title: r.title,
    description: r.description,
    isDone: done.has(r.id),
    isOptional: r.is_optional,
    metadata: toMetadata(r.metadata),
  }));
}

/** Full replacement of the done list (last state wins); ids must be items of this task. */
export async function setDoneChecklistItems(trx: Db, writer: Writer, taskId: string, ids: string[]): Promise<{ doneChecklistItemIds: string[] }> {
  await lockWritable(trx, writer, taskId);
  // In a batch segment the task's item ids are read once (server/http/batch.ts, memo).
  const memo = memoOf(trx);
  const itemsKey = `execution:checklist:${taskId}`;
  const order =
    (memo?.get(itemsKey) as string[] | undefined) ??
    (await trx.selectFrom('checklist_items').select('id').where('task_id', '=', taskId).orderBy('position').orderBy('id').execute()).map((i) => i.id);
  memo?.set(itemsKey, order);
  const known = new Set(order);
  if (ids.some((id) => !known.has(id))) throw badRequest({ ids: 'UNKNOWN_ITEM' }, 'Some checklist items do not belong to this task');
  const wanted = new Set(ids);
  const done = order.filter((id) => wanted.has(id));
  const write = async () => {
    await trx.updateTable('tasks').set({ done_checklist_item_ids: JSON.stringify(done), updated_at: writer.clock.now() }).where('id', '=', taskId).execute();
  };
  // In a batch segment the write waits for the segment's flush (server/http/batch.ts): a later tick state replaces it.
  const deferred = deferredWrites(trx);
  if (deferred) deferred.set(`checklist:${taskId}`, write);
  else await write();
  const task = memo?.get(taskMemoKey(taskId)) as OwnTask | undefined;
  if (memo && task) memo.set(taskMemoKey(taskId), { ...task, done_checklist_item_ids: done });
  return { doneChecklistItemIds: done };
}

// ---------------------------------------------------------------------------------------------
// Products and defects

export async function listProducts(db: Db, taskId: string): Promise<Product[]> {
  const rows = await db
    .selectFrom('task_products as tp')
    .innerJoin('products as p', 'p.id', 'tp.product_id')
    .select(['p.name', 'p.ean', 'p.brand'])
    .where('tp.task_id', '=', taskId)
    .orderBy('p.brand')
    .orderBy('p.name')
    .orderBy('p.ean')
    .execute();
  return rows.map((r) => ({ name: r.name, ean: r.ean, brand: r.brand, image: null }));
}

/** Every defect, named in the market's language (`countryCode`: the viewer's or the task's; server/catalog/localize.ts). */
export async function listGlobalDefects(db: Db, countryCode: string | null): Promise<Defect[]> {
  const name = localizedSql('d.translations', 'name', 'd.name', marketLocaleSql(countryCode));
  const rows = await db.selectFrom('defects as d').select(['d.id', name.as('name'), 'd.type']).orderBy('d.type').orderBy('name').orderBy('d.id').execute();
  return rows.map((r) => ({ id: r.id, name: r.name, type: r.type as DefectType }));
}

/**
 * The defects applicable to a task: its own task_defects rows (seeded for defect tasks); a task
 * without rows whose checklist has a defects-type item (e.g. created by staff) gets the global
 * list, unchecked; any other task has none.
 */
export async function listTaskDefects(db: Db, taskId: string): Promise<Defect[]> {
  return (await applicableDefects(db, taskId)).list;
}

/** listTaskDefects, and whether the list is the task's own rows (`stored`) or the global fallback. */
async function applicableDefects(db: Db, taskId: string): Promise<{ list: Defect[]; stored: boolean }> {
  // Named in the task's market language (server/catalog/localize.ts); the ids stay.
  const name = localizedSql('d.translations', 'name', 'd.name', marketLocaleSql(sql`t.country_code`));
  const rows = await db
    .selectFrom('task_defects as td')
    .innerJoin('defects as d', 'd.id', 'td.defect_id')
    .innerJoin('tasks as t', 't.id', 'td.task_id')
    .select(['d.id', name.as('name'), 'd.type', 'td.checked'])
    .where('td.task_id', '=', taskId)
    .orderBy('d.type')
    .orderBy('name')
    .orderBy('d.id')
    .execute();
  if (rows.length > 0) return { list: rows.map((r) => ({ id: r.id, name: r.name, type: r.type as DefectType, checked: r.checked })), stored: true };
  const hasDefectItem = await db.selectFrom('checklist_items').select('id').where('task_id', '=', taskId).where('type', '=', 'defects').executeTakeFirst();
  if (!hasDefectItem) return { list: [], stored: false };
  const task = await db.selectFrom('tasks').select('country_code').where('id', '=', taskId).executeTakeFirst();
  return { list: (await listGlobalDefects(db, task?.country_code ?? null)).map((d) => ({ ...d, checked: false })), stored: false };
}

/**
 * Full replacement of the checked set (the answer: the whole applicable list); ids must be
 * applicable to the task. Written by difference: only the rows whose flag changes (one UPDATE, none
 * when nothing changes); a task without its own rows gets them all (materialised, as before).
 */
export async function setTaskDefects(trx: Db, writer: Writer, taskId: string, defectIds: string[]): Promise<{ data: Defect[] }> {
  await lockWritable(trx, writer, taskId);
  // In a batch segment the applicable list is read once, then kept with the flags this segment set.
  const memo = memoOf(trx);
  const defectsKey = `execution:defects:${taskId}`;
  const inDbKey = `execution:defects-db:${taskId}`;
  const memoised = memo?.get(defectsKey) as DefectsMemo | undefined;
  const { list: applicable, stored } = memoised ?? (await applicableDefects(trx, taskId));
  memo?.delete(defectsKey);
  const known = new Set(applicable.map((d) => d.id));
  if (defectIds.some((id) => !known.has(id))) throw badRequest({ defectIds: 'UNKNOWN_DEFECT' }, 'Some defects do not apply to this task');
  const wanted = new Set(defectIds);
  // A task with no applicable defects has nothing to write (an empty VALUES list is invalid SQL).
  if (applicable.length === 0) return { data: [] };
  const data = applicable.map((d) => ({ ...d, checked: wanted.has(d.id) }));
  const deferred = deferredWrites(trx);
  if (deferred && memo) {
    // In a batch segment the flags are written once, at the segment's flush (server/http/batch.ts):
    // the flags that differ from the database's (as read, or as the last flush left them).
    if (!memoised) memo.set(inDbKey, stored ? applicable : null);
    memo.set(defectsKey, { list: data, stored } satisfies DefectsMemo);
    deferred.set(`defects:${taskId}`, async (m) => {
      const now = m.get(defectsKey) as DefectsMemo | undefined;
      const inDb = m.get(inDbKey) as Defect[] | null | undefined;
      if (!now || inDb === undefined) throw new Error('deferred defects without their memo');
      await writeDefectFlags(trx, taskId, inDb, now.list);
      m.set(inDbKey, now.list);
      m.set(defectsKey, { list: now.list, stored: true } satisfies DefectsMemo);
    });
    return { data };
  }
  // Only the flags that change (the old full write, and a task without rows of its own: the list materialised).
  const full = !stored || fullWrites();
  await writeDefectFlags(trx, taskId, full ? null : applicable, data);
  if (!full) memo?.set(defectsKey, { list: data, stored: true } satisfies DefectsMemo);
  return { data };
}

/** The applicable defects kept in a batch segment's memo; `stored`: the task has its own rows. */
interface DefectsMemo {
  list: Defect[];
  stored: boolean;
}

/**
 * Writes a task's defect flags: `inDb` = the task's rows as the database has them (then only the
 * flags that differ are flipped, one UPDATE, none when nothing changes), or null = the task has no
 * rows of its own yet (the list is materialised, every flag set).
 */
async function writeDefectFlags(trx: Db, taskId: string, inDb: Defect[] | null, list: Defect[]): Promise<void> {
  if (inDb) {
    const was = new Map(inDb.map((d) => [d.id, d.checked]));
    const flipped = list.filter((d) => was.get(d.id) !== d.checked).map((d) => d.id);
    if (flipped.length > 0) {
      await trx.updateTable('task_defects').set({ checked: sql<boolean>`not checked` }).where('task_id', '=', taskId).where('defect_id', 'in', flipped).execute();
    }
    return;
  }
  await trx
    .insertInto('task_defects')
    .values(list.map((d) => ({ task_id: taskId, defect_id: d.id, checked: d.checked === true })))
    .onConflict((oc) => oc.columns(['task_id', 'defect_id']).doUpdateSet({ checked: sql<boolean>`excluded.checked` }))
    .execute();
}

// ---------------------------------------------------------------------------------------------
// Scanned items

export async function listScannedItems(db: Db, taskId: string): Promise<ScannedItem[]> {
  const rows = await execDb(db)
    .selectFrom('scanned_items')
    .select(['id', 'ean', 'facings', 'scanned_at'])
    .where('task_id', '=', taskId)
    .orderBy('position')
    .execute();
  return rows.map((r) => ({ id: r.id, ean: r.ean, facings: r.facings, timestamp: iso(r.scanned_at) }));
}

interface StoredScan {
  id: string;
  position: number;
  ean: string;
  facings: number;
  /** scanned_at in ms since the epoch. */
  at: number;
}

/**
 * Full replacement (the client always sends its whole list; a replay cannot duplicate), written by
 * difference: the task's rows are read (or, later in a batch segment, taken from what the segment
 * wrote: the task row lock keeps every other writer out), then only the rows that are new or whose
 * position, EAN, facings or time changed are upserted and the ones no longer listed deleted.
 * The answer is the list as `listScannedItems` would read it back: the items in the order sent
 * (position = index), each time as stored (a JavaScript Date: milliseconds, as timestamptz keeps it).
 */
export async function replaceScannedItems(trx: Db, writer: Writer, taskId: string, items: ParsedScannedItem[]): Promise<{ data: ScannedItem[] }> {
  await lockWritable(trx, writer, taskId);
  if (fullWrites()) return replaceScannedItemsWhole(trx, taskId, items);
  const memo = memoOf(trx);
  const key = scansMemoKey(taskId);
  const inDbKey = `execution:scans-db:${taskId}`;
  const memoised = memo?.get(key) as StoredScan[] | undefined;
  const current =
    memoised ??
    (await execDb(trx).selectFrom('scanned_items').select(['id', 'position', 'ean', 'facings', 'scanned_at']).where('task_id', '=', taskId).execute()).map(
      (r): StoredScan => ({ id: r.id, position: r.position, ean: r.ean, facings: r.facings, at: new Date(r.scanned_at).getTime() }),
    );
  const next: StoredScan[] = items.map((it, position) => ({ id: it.id, position, ean: it.ean, facings: it.facings, at: it.scannedAt.getTime() }));
  const answer = { data: next.map((r) => ({ id: r.id, ean: r.ean, facings: r.facings, timestamp: new Date(r.at).toISOString() })) };
  const deferred = deferredWrites(trx);
  if (deferred && memo) {
    // In a batch segment the list is written once, at the segment's flush (server/http/batch.ts):
    // the difference from what the database has (as read, or as the last flush left it).
    if (!memoised) memo.set(inDbKey, current);
    memo.set(key, next);
    deferred.set(`scans:${taskId}`, async (m) => {
      const now = m.get(key) as StoredScan[] | undefined;
      const inDb = m.get(inDbKey) as StoredScan[] | undefined;
      if (!now || !inDb) throw new Error('deferred scans without their memo');
      await writeScanDifference(trx, taskId, inDb, now);
      m.set(inDbKey, now);
    });
    return answer;
  }
  // Forget the memo first: if a write fails, the record rolls back and nothing stale is kept.
  memo?.delete(key);
  await writeScanDifference(trx, taskId, current, next);
  memo?.set(key, next);
  return answer;
}

/** Writes a task's scan list `next` over `current` (the rows as the database has them): the new or changed rows upserted, the ones no longer listed deleted. */
async function writeScanDifference(trx: Db, taskId: string, current: StoredScan[], next: StoredScan[]): Promise<void> {
  const db = execDb(trx);
  const before = new Map(current.map((r) => [r.id, r]));
  const changed = next.filter((r) => {
    const was = before.get(r.id);
    return !was || was.position !== r.position || was.ean !== r.ean || was.facings !== r.facings || was.at !== r.at;
  });
  const listed = new Set(next.map((r) => r.id));
  const gone = current.filter((r) => !listed.has(r.id)).map((r) => r.id);
  for (let i = 0; i < gone.length; i += 500) {
    await db.deleteFrom('scanned_items').where('task_id', '=', taskId).where('id', 'in', gone.slice(i, i + 500)).execute();
  }
  for (let i = 0; i < changed.length; i += 500) {
    await db
      .insertInto('scanned_items')
      .values(changed.slice(i, i + 500).map((r) => ({ task_id: taskId, id: r.id, position: r.position, ean: r.ean, facings: r.facings, scanned_at: new Date(r.at) })))
      .onConflict((oc) =>
        oc.columns(['task_id', 'id']).doUpdateSet({
          position: sql<number>`excluded.position`,
          ean: sql<string>`excluded.ean`,
          facings: sql<number>`excluded.facings`,
          scanned_at: sql<Date>`excluded.scanned_at`,
        }),
      )
      .execute();
  }
}

/** The old write (EXECUTION_FULL_WRITES=1): delete the task's list, insert it whole, read it back. */
async function replaceScannedItemsWhole(trx: Db, taskId: string, items: ParsedScannedItem[]): Promise<{ data: ScannedItem[] }> {
  const db = execDb(trx);
  await db.deleteFrom('scanned_items').where('task_id', '=', taskId).execute();
  for (let i = 0; i < items.length; i += 500) {
    await db
      .insertInto('scanned_items')
      .values(items.slice(i, i + 500).map((it, k) => ({ task_id: taskId, id: it.id, position: i + k, ean: it.ean, facings: it.facings, scanned_at: it.scannedAt })))
      .execute();
  }
  return { data: await listScannedItems(trx, taskId) };
}

// ---------------------------------------------------------------------------------------------
// Photos (metadata; the file goes through the presigned upload)

export interface PhotoRow {
  id: string;
  task_id: string;
  user_id: string;
  comment: string;
  tags: string[];
  storage_key: string | null;
  sha256: string | null;
  uploaded_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

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

const PHOTO_COLUMNS = ['id', 'task_id', 'user_id', 'comment', 'tags', 'storage_key', 'sha256', 'uploaded_at', 'created_at', 'updated_at'] as const;

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

// ---------------------------------------------------------------------------------------------
// Completion

/**
 * Moves the task to awaiting_confirmation: end time = when the phone recorded the completion
 * (bounded by the start and by now, workTime), finalization time = server now. The completion
 * rule (src/domain/completion.ts) was applied by readCompleteInput; here: ownership, status
 * (in progress, or expired with the completion recorded inside the window), blockers being
 * task_blocker defects, and photos for incomplete/blocked outcomes. Photo metadata counts (its
 * file may still be uploading: the outbox sends it before `complete`).
 */
export async function completeTask(trx: Db, writer: Writer, reservationLimitMinutes: number, taskId: string, input: CompletionInput): Promise<Task> {
  const { userId, clock } = writer;
  const task = await lockWritable(trx, writer, taskId);
  const db = execDb(trx);
  const blockerIds = input.blockerIds ?? [];
  if (input.outcome === 'blocked') {
    const blockers = await db.selectFrom('defects').select('id').where('id', 'in', blockerIds).where('type', '=', 'task_blocker').execute();
    if (blockers.length !== blockerIds.length) throw badRequest({ blockerIds: 'UNKNOWN_BLOCKER' }, 'Some blockers are not task blockers');
  }
  if (needsPhoto(input.outcome)) {
    const photo = await db.selectFrom('photos').select('id').where('task_id', '=', taskId).executeTakeFirst();
    if (!photo) throw refuse('PHOTOS_REQUIRED');
  }
  const now = clock.now();
  const endTime = workTime(asWorkTask(task), writer.recordedAt, now);
  const updated = await trx
    .updateTable('tasks')
    .set({ status: 'awaiting_confirmation', end_time: endTime, finalization_time: now, tasker_comment: input.taskerComment || null, updated_at: now })
    .where('id', '=', taskId)
    .where('status', '=', task.status)
    .where('tasker_id', '=', userId)
    .returning('id')
    .executeTakeFirst();
  if (!updated) throw refuse('TASK_NOT_IN_PROGRESS');
  memoOf(trx)?.delete(taskMemoKey(taskId));
  const completion = {
    user_id: userId,
    outcome: input.outcome,
    reason: input.reason ?? null,
    policy_agreed: input.policyAgreed ?? false,
    blocker_ids: JSON.stringify(blockerIds),
    created_at: now,
  };
  await db
    .insertInto('task_completions')
    .values({ task_id: taskId, ...completion })
    .onConflict((oc) => oc.column('task_id').doUpdateSet(completion))
    .execute();
  const row = await findTask(trx, taskId);
  const viewerRow = await loadViewerRow(trx, userId);
  if (!row || !viewerRow) throw new Error('task or user vanished inside its own transaction');
  return toApiTask(row, Array.isArray(row.tt_trainings) ? row.tt_trainings : [], toViewer(viewerRow, reservationLimitMinutes), now, null);
}
