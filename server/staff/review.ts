/**
 * Staff review of a tasker (spec sections 2 and 4; shared by the staff HTTP API and the CLI):
 * the review view (profile, documents, history, trainings), approve and reject with who and when
 * (user_events), and marking trainings done or not done. Every change locks the user row first,
 * so a decision and the tasker's own submission (POST user) are serialised.
 *
 * Who: the signed-in staff member's e-mail; on the automation key, the `Shelfwork-Staff-Name`
 * header (a script naming its person) or the key's audit name; `--by` in the CLI ('staff' when not
 * given). 'tasker' is the tasker's own actor in the history and is not a staff name.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { ApiError, assertNoFieldErrors } from '../http/errors';
import { readString } from '../http/input';
import type { User, UserDocumentKind } from '#domain/types';
import { loadUserWithStats, setUserStatus, toApiUser } from '../users/queries';
import { deleteIdentityDocuments, listUploadedDocuments } from '../users/documents';
import { recordUserEvent } from '../users/events';
import { REJECTION_REASON_FIELDS } from './service';
import { notify } from '../notifications/service';
import { localizedSql, marketLocaleSql } from '../catalog/localize';
import type { StaffActor } from '../http/access';


export const userNotFound = () => new ApiError(404, 'USER_NOT_FOUND', 'User not found');
export const trainingNotFound = () => new ApiError(404, 'TRAINING_NOT_FOUND', 'Training not found');

/** Refuses (403 STAFF_MARKET_REFUSED) a member limited to markets a tasker is not in (one without a market yet is in none). */
export function assertUserMarket(actor: StaffActor, country: string | null): void {
  if (actor.markets.length === 0) return;
  if (country === null || !actor.markets.includes(country)) throw new ApiError(403, 'STAFF_MARKET_REFUSED', `Not allowed in the market ${country ?? '(none)'}`);
}

/** What the audit trail keeps of a tasker before and after a decision. */
export interface UserSnapshot {
  status: string;
  countryCode: string | null;
  approvedAt: string | null;
  rejectionReasons: string[];
  rejectionComment: string | null;
}

/** Locks the user row (404 when missing) and answers its audited fields. */
export async function lockUserSnapshot(db: Db, id: string): Promise<UserSnapshot> {
  const row = await db
    .selectFrom('users')
    .select(['status', 'country_code', 'approved_at', 'rejection_reasons', 'rejection_comment'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw userNotFound();
  return {
    status: row.status,
    countryCode: row.country_code,
    approvedAt: row.approved_at ? iso(row.approved_at) : null,
    rejectionReasons: Array.isArray(row.rejection_reasons) ? row.rejection_reasons : [],
    rejectionComment: row.rejection_comment,
  };
}

export interface UserEvent {
  kind: string;
  actor: string;
  reasons: string[];
  comment: string | null;
  /** More about the event (a training's id and title). */
  detail: Record<string, unknown>;
  createdAt: string;
}

export interface ReviewDocument {
  id: string;
  kind: UserDocumentKind;
  /** A link for staff (needs the staff token); null once the file is deleted (replaced, or the identity document after approval). */
  src: string | null;
  uploadedAt: string;
  deletedAt: string | null;
}

export interface ReviewTraining {
  id: string;
  title: string;
  isRequired: boolean;
  enabled: boolean;
  doneAt: string | null;
}

export interface UserReview {
  user: User;
  documents: ReviewDocument[];
  events: UserEvent[];
  trainings: ReviewTraining[];
}

const iso = (d: Date | string) => new Date(d).toISOString();

/** The staff link of a document's file (`GET /api/staff/users/<id>/documents/<documentId>/file`). */
export const staffDocumentUrl = (userId: string, documentId: string) => `/api/staff/users/${userId}/documents/${documentId}/file`;

/** Locks the user row (or 404): decisions on one user are serialised with the tasker's own saves. */
async function lockUser(db: Db, id: string): Promise<void> {
  const row = await db.selectFrom('users').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw userNotFound();
}

async function apiUser(db: Db, id: string): Promise<User> {
  const row = await loadUserWithStats(db, id);
  if (!row) throw userNotFound();
  return toApiUser(row);
}

/** Everything staff need to decide: the profile, the documents, the history and the trainings. */
export async function userReview(db: Db, id: string, documentUrl: (userId: string, documentId: string) => string | null = staffDocumentUrl): Promise<UserReview> {
  const user = await apiUser(db, id);
  const documents = (await listUploadedDocuments(db, id)).map(
    (d): ReviewDocument => ({
      id: d.id,
      kind: d.kind,
      src: d.deleted_at ? null : documentUrl(id, d.id),
      uploadedAt: iso(d.uploaded_at as Date),
      deletedAt: d.deleted_at ? iso(d.deleted_at) : null,
    }),
  );
  const events = await db
    .selectFrom('user_events')
    .select(['kind', 'actor', 'reasons', 'comment', 'detail', 'created_at'])
    .where('user_id', '=', id)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const trainings = await db
    .selectFrom('trainings as t')
    .leftJoin('user_trainings as ut', (join) => join.onRef('ut.training_id', '=', 't.id').on('ut.user_id', '=', id))
    .select(['t.id', 't.title', 't.is_required', 't.enabled', 'ut.done_at'])
    .orderBy('t.created_at')
    .orderBy('t.id')
    .execute();
  return {
    user,
    documents,
    events: events.map((e) => ({
      kind: e.kind,
      actor: e.actor,
      reasons: Array.isArray(e.reasons) ? e.reasons : [],
      comment: e.comment,
      detail: e.detail && typeof e.detail === 'object' ? e.detail : {},
      createdAt: iso(e.created_at),
    })),
    trainings: trainings.map((t) => ({ id: t.id, title: t.title, isRequired: t.is_required, enabled: t.enabled, doneAt: t.done_at ? iso(t.done_at) : null })),
  };
}

/**
 * Approves: status active, `approved_at`, rejection cleared, an `approved` event; the identity
 * document is marked deleted (spec section 3: the ID photo is deleted after verification). Answers
 * the User and the storage keys whose files the caller removes once the transaction commits.
 */
export async function approveUser(db: Db, id: string, actor: string, now: Date): Promise<{ user: User; filesToRemove: string[] }> {
  await lockUser(db, id);
  await setUserStatus(db, id, { status: 'active' }, now);
  await db.updateTable('users').set({ approved_at: now }).where('id', '=', id).execute();
  const filesToRemove = await deleteIdentityDocuments(db, id, now);
  await recordUserEvent(db, id, 'approved', actor, now);
  await notify(db, { userId: id, type: 'profile_approved', params: {}, resourceId: null, now });
  return { user: await apiUser(db, id), filesToRemove };
}

/** Rejects with reasons (REJECTION_REASON_FIELDS) and an optional comment; a `rejected` event keeps both. */
export async function rejectUser(db: Db, id: string, input: unknown, actor: string, now: Date): Promise<User> {
  const body = (input ?? {}) as Record<string, unknown>;
  const fields: Record<string, string | null> = {};
  let reasons: string[] = [];
  if (!Array.isArray(body.reasons) || body.reasons.length === 0) fields.reasons = 'REQUIRED';
  else if (body.reasons.length > REJECTION_REASON_FIELDS.length * 2 || body.reasons.some((r) => typeof r !== 'string' || !(REJECTION_REASON_FIELDS as readonly string[]).includes(r))) {
    fields.reasons = 'INVALID';
  } else reasons = [...new Set(body.reasons as string[])];
  const comment = readString(body.comment, { max: 1000 });
  fields.comment = comment.error;
  assertNoFieldErrors(fields);
  await lockUser(db, id);
  await setUserStatus(db, id, { status: 'rejected', rejectionReasons: reasons, rejectionComment: comment.value }, now);
  await recordUserEvent(db, id, 'rejected', actor, now, { reasons, comment: comment.value });
  await notify(db, { userId: id, type: 'profile_rejected', params: {}, resourceId: null, now });
  return apiUser(db, id);
}

/**
 * Marks a training done (or not done) for a user. Idempotent: a training already in that state
 * changes nothing and records nothing; a change records `training_done` / `training_undone`.
 * Once every required training is done the user's `trainingDone` is true and their tasks of
 * those trainings become reservable (computed on read). Answers the review view.
 */
export async function setTrainingDone(db: Db, id: string, trainingId: string, done: boolean, actor: string, now: Date): Promise<UserReview> {
  await lockUser(db, id);
  const training = await db.selectFrom('trainings').select(['id', 'title']).where('id', '=', trainingId).executeTakeFirst();
  if (!training) throw trainingNotFound();
  const changed = done
    ? (await db.insertInto('user_trainings').values({ user_id: id, training_id: trainingId, done_at: now }).onConflict((oc) => oc.columns(['user_id', 'training_id']).doNothing()).returning('training_id').execute()).length > 0
    : (await db.deleteFrom('user_trainings').where('user_id', '=', id).where('training_id', '=', trainingId).returning('training_id').execute()).length > 0;
  if (changed) await recordUserEvent(db, id, done ? 'training_done' : 'training_undone', actor, now, { detail: { trainingId: training.id, title: training.title } });
  if (changed && done) {
    // The tasker reads the training's name in their market's language (server/catalog/localize.ts); the history above keeps the English.
    const market = marketLocaleSql(sql`(select u.country_code from users u where u.id = ${id})`);
    const named = await db.selectFrom('trainings as t').select(localizedSql('t.translations', 'title', 't.title', market).as('title')).where('t.id', '=', training.id).executeTakeFirst();
    await notify(db, { userId: id, type: 'training_done', params: { trainingTitle: named?.title ?? training.title }, resourceId: training.id, now });
  }
  return userReview(db, id);
}

/**
 * Deactivates a tasker (any status; they are told to contact support) or reactivates a
 * deactivated one: back to active when they had been approved, else to a new profile. A tasker
 * already in the asked state is answered as they are, and nothing is recorded (changed: false).
 */
export async function setUserActive(db: Db, id: string, active: boolean, input: unknown, actor: string, now: Date): Promise<{ user: User; changed: boolean }> {
  const body = (input ?? {}) as Record<string, unknown>;
  const comment = readString(body.comment, { max: 1000 });
  assertNoFieldErrors({ comment: comment.error });
  const before = await lockUserSnapshot(db, id);
  const deactivated = before.status === 'deactivated';
  if (active !== deactivated) return { user: await apiUser(db, id), changed: false };
  const status = active ? (before.approvedAt ? 'active' : 'new') : 'deactivated';
  await setUserStatus(db, id, { status, rejectionReasons: before.rejectionReasons, rejectionComment: before.rejectionComment }, now);
  await recordUserEvent(db, id, active ? 'reactivated' : 'deactivated', actor, now, { comment: comment.value });
  return { user: await apiUser(db, id), changed: true };
}
