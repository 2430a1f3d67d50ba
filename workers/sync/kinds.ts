/**
 * What each outbox record kind means to the mirror: how a still-unsent change is laid over a
 * fresh pull (so a pull never undoes an optimistic change), and how the server's 2xx answer is
 * written back. Issue 4's execution kinds (checklist, scans, defects, photos, complete) carry
 * their optimistic change here too (`apply`), so a command and a retried rejection apply it alike.
 */
import type { ApiResult } from './http';
import type { OutboxRecord, ShelfworkDb, TaskPackPart, TaskRow } from '#db/schema';
import {
  COUNTRY_CODES,
  type CountryCode,
  type Defect,
  type Photo,
  type ScannedItem,
  type Task,
  type User,
} from '#domain/types';
import { dataList, isTask, isUser, stringList } from './answers';
import { replacementKey, UNSENT_STATES } from './queue';
import { sendPhotoCreate } from './photos';
import { profileKinds } from './profileKinds';
import { notificationSeenKind } from './notificationKinds';
import { supportRequestKind } from './supportKind';
import { attendanceAnswerKind } from './attendanceKind';
import type { Session } from './session';
import {
  ATTENDANCE_ANSWER_KIND,
  SUPPORT_REQUEST_KIND,
  CHECKLIST_KIND,
  COMPLETE_KIND,
  DEFECTS_KIND,
  PHOTO_CREATE_KIND,
  PHOTO_DELETE_KIND,
  PHOTO_UPDATE_KIND,
  SCANS_KIND,
  SET_COUNTRY_KIND,
  START_TASK_KIND,
  type ChecklistPayload,
  type CompletePayload,
  type DefectsPayload,
  type PhotoCreatePayload,
  type PhotoDeletePayload,
  type PhotoUpdatePayload,
  type ScansPayload,
} from '#db/outboxKinds';

// The names live with the schema so the screens can read them; re-exported for the worker's modules.
export { CHECKLIST_KIND, COMPLETE_KIND, DEFECTS_KIND, PHOTO_CREATE_KIND, PHOTO_DELETE_KIND, PHOTO_UPDATE_KIND, SCANS_KIND, START_TASK_KIND };

/** Which collection to pull after a record settled, when its answer did not carry the new state. */
export type FollowUp = { pull: 'user' } | { pull: 'task'; taskId: string } | { pull: 'pack'; taskId: string } | { pull: 'attendance' } | null;

/** What a kind with its own request sequence (photo-create: POST then PUT) may use. */
export interface SendContext {
  db: ShelfworkDb;
  session: Session;
  now: () => Date;
  /** An upload's turn for its metadata POST among the photos sent at once (outbox.ts, drainBatched). */
  metadataTurn?: MetadataTurn;
}

/** Wait for `ready` before the metadata POST; call `done` once it is answered. */
export interface MetadataTurn {
  ready: Promise<void>;
  done: () => void;
}

/** What the outbox knows of the other answers written with this one (settleMany). */
export interface WrittenWith {
  replacedInWrite: boolean;
}

export interface OutboxKind {
  /** The optimistic mirror change (issue-4 kinds); runs inside the queueing transaction, and again on retryRejected. */
  apply?: (db: ShelfworkDb, record: Pick<OutboxRecord, 'taskId' | 'payload' | 'path' | 'createdAt'>) => Promise<void>;
  /** Sends the record itself instead of one request of `method path payload` (same verdict rules). */
  send?: (ctx: SendContext, record: OutboxRecord) => Promise<ApiResult>;
  /** The task-pack part this kind's unsent records pin (a pull must not overwrite them). */
  packPart?: TaskPackPart;
  /** Re-applies a queued account change onto a user row just pulled from the server (`record`: the whole record, e.g. its path). */
  overlayUser?: (user: User, payload: unknown, record?: Pick<OutboxRecord, 'kind' | 'path'>) => User;
  /**
   * Writes a 2xx answer into the mirror; runs inside the transaction that deletes the record.
   * `written.replacedInWrite`: a later record of the same kind and path is written in the same
   * transaction (a batch's answers), so this answer is not the truth to show (`laterUnsent`).
   */
  reconcile: (db: ShelfworkDb, record: OutboxRecord, body: unknown, written?: WrittenWith) => Promise<FollowUp>;
  /** After a rejection the optimistic change is wrong: what to pull to show the server's truth. */
  afterRejection: (record: OutboxRecord) => FollowUp;
}

export function toTaskRow(task: Task, sortKey?: number): TaskRow {
  const row: TaskRow = { ...task, placeId: task.place.id };
  if (sortKey !== undefined) row.sortKey = sortKey;
  return row;
}

function countryOf(payload: unknown): CountryCode | null {
  const code = (payload as { countryCode?: unknown } | null)?.countryCode;
  return typeof code === 'string' && (COUNTRY_CODES as readonly string[]).includes(code) ? (code as CountryCode) : null;
}

const setCountry: OutboxKind = {
  overlayUser: (user, payload) => {
    const code = countryOf(payload);
    return code ? { ...user, countryCode: code } : user;
  },
  reconcile: async (db, _record, body) => {
    if (!isUser(body)) return { pull: 'user' };
    const current = await db.user.get('me');
    if (current && current.id !== body.id) return { pull: 'user' };
    await db.user.put({ ...body, key: 'me' });
    return null;
  },
  afterRejection: () => ({ pull: 'user' }),
};

/** Default for task-scoped kinds: the answer is the task in its new state, or we pull it. */
const taskMutation: OutboxKind = {
  reconcile: async (db, record, body) => {
    if (!record.taskId) return null;
    if (!isTask(body) || body.id !== record.taskId) return { pull: 'task', taskId: record.taskId };
    const existing = await db.tasks.get(body.id);
    await db.tasks.put(toTaskRow(body, existing?.sortKey));
    return null;
  },
  afterRejection: (record) => (record.taskId ? { pull: 'task', taskId: record.taskId } : { pull: 'user' }),
};

/** Payload of a queued start (DESIGN.md, "Offline start"): where and when the tasker started. */


/**
 * `start-task` (POST task/{id}/start). Optimistic change: status in_progress, startTime =
 * startedAt (engine.startTask). 2xx: the answer is the started task. Rejected (420 too far, window
 * ended ...): the record stays rejected with the server's message and the task is pulled, which
 * puts it back in its server state (reserved, or wherever the server has it).
 */
const startTask: OutboxKind = {
  reconcile: taskMutation.reconcile,
  afterRejection: taskMutation.afterRejection,
};

const accountMutation: OutboxKind = {
  reconcile: async () => ({ pull: 'user' }),
  afterRejection: () => ({ pull: 'user' }),
};

// ---------------------------------------------------------------------------------------------
// Doing the work (issue 4).



/** The photo id of a `task/{id}/photos/{photoId}/update` path. */
export function photoIdOfPath(path: string): string | null {
  const match = /\/photos\/([^/]+)\/update$/.exec(path);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

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

/** Checklist ticks: full replacement, coalesced (last state wins). */
const doneChecklistItems: OutboxKind = {
  packPart: 'checklist',
  apply: async (db, record) => {
    if (record.taskId) await applyChecklist(db, record.taskId, stringList((record.payload as ChecklistPayload | null)?.ids));
  },
  reconcile: async (db, record, body, written) => {
    const ids = (body as { doneChecklistItemIds?: unknown } | null)?.doneChecklistItemIds;
    if (!record.taskId || !Array.isArray(ids) || (await laterUnsent(db, record, written))) return null;
    await applyChecklist(db, record.taskId, stringList(ids));
    return null;
  },
  afterRejection: (record) => (record.taskId ? { pull: 'pack', taskId: record.taskId } : null),
};

const scannedItems: OutboxKind = {
  packPart: 'scannedItems',
  apply: async (db, record) => {
    const items = (record.payload as ScansPayload | null)?.items;
    if (record.taskId && Array.isArray(items)) await applyScans(db, record.taskId, items);
  },
  reconcile: async (db, record, body, written) => {
    const data = dataList<ScannedItem>(body);
    if (!record.taskId || !data || (await laterUnsent(db, record, written))) return null;
    await applyScans(db, record.taskId, data);
    return null;
  },
  afterRejection: doneChecklistItems.afterRejection,
};

const taskDefects: OutboxKind = {
  packPart: 'taskDefects',
  apply: async (db, record) => {
    if (record.taskId) await applyDefects(db, record.taskId, stringList((record.payload as DefectsPayload | null)?.defectIds));
  },
  reconcile: async (db, record, body, written) => {
    const data = dataList<Defect>(body);
    if (!record.taskId || !data || (await laterUnsent(db, record, written))) return null;
    const taskId = record.taskId;
    await db.taskDefects.where('taskId').equals(taskId).delete();
    await db.taskDefects.bulkPut(data.map((d) => ({ id: d.id, name: d.name, type: d.type, taskId, checked: !!d.checked })));
    return null;
  },
  afterRejection: doneChecklistItems.afterRejection,
};

/**
 * Metadata POST, then the JPEG PUT to the presigned URL (workers/sync/photos.ts). 2xx of the PUT:
 * the photo is uploaded, gets its url, and only now loses its blob (same transaction as the
 * record's deletion). A null body means there was nothing left to upload (deleted meanwhile).
 */
const photoCreate: OutboxKind = {
  packPart: 'photos',
  apply: async (db, record) => {
    // Retried after a rejection: the photo is sendable again.
    for (const p of (record.payload as PhotoCreatePayload | null)?.photos ?? []) await db.photos.update(p.id, { uploadDismissed: false });
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

const photoUpdate: OutboxKind = {
  packPart: 'photos',
  apply: async (db, record) => {
    const photoId = photoIdOfPath(record.path);
    const comment = (record.payload as PhotoUpdatePayload | null)?.comment;
    if (photoId && typeof comment === 'string') await db.photos.update(photoId, { comment, updatedAt: record.createdAt });
  },
  reconcile: async (db, record, body, written) => {
    const photo = body as Photo | null;
    if (!photo || typeof photo.id !== 'string' || (await laterUnsent(db, record, written))) return null;
    await db.photos.update(photo.id, { comment: photo.comment, updatedAt: photo.updatedAt });
    return null;
  },
  afterRejection: doneChecklistItems.afterRejection,
};

const photoDelete: OutboxKind = {
  packPart: 'photos',
  apply: async (db, record) => {
    const ids = stringList((record.payload as PhotoDeletePayload | null)?.photoIds);
    await db.photos.where('id').anyOf(ids).modify({ deleted: true });
  },
  reconcile: async (db, record) => {
    await db.photos.bulkDelete(stringList((record.payload as PhotoDeletePayload | null)?.photoIds));
    return null;
  },
  afterRejection: doneChecklistItems.afterRejection,
};

/** POST task/{id}/complete. Optimistic: awaiting_confirmation; the answer is the task. */
const completeTask: OutboxKind = {
  apply: async (db, record) => {
    if (!record.taskId) return;
    const row = await db.tasks.get(record.taskId);
    const payload = record.payload as CompletePayload | null;
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

export const EXECUTION_KINDS: Readonly<Record<string, OutboxKind>> = {
  [CHECKLIST_KIND]: doneChecklistItems,
  [SCANS_KIND]: scannedItems,
  [DEFECTS_KIND]: taskDefects,
  [PHOTO_CREATE_KIND]: photoCreate,
  [PHOTO_UPDATE_KIND]: photoUpdate,
  [PHOTO_DELETE_KIND]: photoDelete,
  [COMPLETE_KIND]: completeTask,
};

const KINDS: Record<string, OutboxKind> = {
  [SET_COUNTRY_KIND]: setCountry,
  [START_TASK_KIND]: startTask,
  ...EXECUTION_KINDS,
  // Onboarding and profile (workers/sync/profileKinds.ts).
  ...profileKinds(overlayUnsent),
  // Notifications marked seen (workers/sync/notificationKinds.ts; issue 14).
  'notification-seen': notificationSeenKind,
  // Support messages (workers/sync/supportKind.ts).
  [SUPPORT_REQUEST_KIND]: supportRequestKind,
  // Attendance answers (workers/sync/attendanceKind.ts).
  [ATTENDANCE_ANSWER_KIND]: attendanceAnswerKind,
};

/** Pack parts pinned by a task's unsent records (their local state wins over a pull). */
export function pinnedParts(unsent: readonly Pick<OutboxRecord, 'kind' | 'taskId'>[]): Set<TaskPackPart> {
  const parts = new Set<TaskPackPart>();
  for (const r of unsent) {
    const part = KINDS[r.kind]?.packPart;
    if (part) parts.add(part);
  }
  return parts;
}

export function outboxKind(record: Pick<OutboxRecord, 'kind' | 'taskId'>): OutboxKind {
  return KINDS[record.kind] ?? (record.taskId ? taskMutation : accountMutation);
}

/** The user row as the tasker should see it: the server's, with unsent account changes on top. */
export function overlayUnsent(user: User, unsent: readonly OutboxRecord[]): User {
  return unsent
    .filter((r) => r.taskId === null)
    .reduce((acc, r) => outboxKind(r).overlayUser?.(acc, r.payload, r) ?? acc, user);
}
