/**
 * The tasker's documents (spec sections 3, 5 and 7): the profile photo, the identity document
 * and the payment document. Each goes through the same upload pipeline as task photos
 * (server/storage/uploads.ts): `POST /api/user/<kind> { id }` makes the row (idempotent by the
 * client's id) and answers a presigned upload URL; the JPEG is PUT there (JPEG only; the profile
 * photo at most 64 kB, the others UPLOAD_MAX_BYTES); `GET /api/user/profile-photo` and
 * `GET /api/user/identity-document` answer the newest uploaded one with a signed read URL.
 *
 * A newer document of a kind replaces the older ones: once its file is stored, the older rows of
 * that kind get `deleted_at` and their files are removed (an identity document is not kept longer
 * than needed). On approval the identity document's file is deleted (the row keeps `uploaded_at`
 * and `deleted_at`: the document was seen). Staff see the files through the staff API with the
 * staff token (server/staff/review.ts), never through a tasker's signed URL.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import type { Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { UserDocumentsTable } from '../db/schema';
import { requireUser } from '../auth/guard';
import { ApiError, badRequest, notFound } from '../http/errors';
import { asBody, isPlausibleId } from '../http/input';
import { runIdempotent } from '../http/idempotency';
import type { Files, FileSource, UploadTarget } from '../storage/uploads';
import type { IdentityDocument, UserDocumentKind, UserDocumentPhoto, UserDocumentUploadTarget } from '#domain/types';
import * as users from '#contracts/api/users';
import { serve } from '../http/contract';

/** The upload target and read namespace of user documents. */
export const USER_DOCUMENT_TARGET = 'user-document';
export const USER_DOCUMENT_NAMESPACE = 'user-documents';

/** Spec section 9: the profile picture's thumbnail is at most 64 kB. */
export const PROFILE_PHOTO_MAX_BYTES = 64 * 1024;

/** The kinds, each with its `POST /api/user/<kind>` route (src/contracts/api/users.ts). */
const KINDS = Object.keys(users.createUserDocument) as UserDocumentKind[];

export const documentNotFound = () => notFound('NOT_FOUND', 'Document not found');

const COLUMNS = ['id', 'user_id', 'kind', 'storage_key', 'sha256', 'size_bytes', 'uploaded_at', 'deleted_at', 'created_at'] as const;

/** A document as these reads answer it: the schema's user_documents row, its COLUMNS. */
export type UserDocumentRow = Pick<Selectable<UserDocumentsTable>, (typeof COLUMNS)[number]>;

const iso = (d: Date | string) => new Date(d).toISOString();

export async function findDocument(db: Db, id: string, lock = false): Promise<UserDocumentRow | undefined> {
  let q = db.selectFrom('user_documents').select(COLUMNS).where('id', '=', id);
  if (lock) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** The document shown for a kind: the newest (by creation, then id) with its file, not deleted. */
export async function currentDocument(db: Db, userId: string, kind: UserDocumentKind): Promise<UserDocumentRow | undefined> {
  return db
    .selectFrom('user_documents')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('uploaded_at', 'is not', null)
    .where('deleted_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** Every uploaded document of a user (deleted ones too: staff see that they were there), newest first. */
export async function listUploadedDocuments(db: Db, userId: string): Promise<UserDocumentRow[]> {
  return db
    .selectFrom('user_documents')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .where('uploaded_at', 'is not', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/**
 * Marks the user's identity documents deleted (after verification, spec section 3) and answers
 * the storage keys whose files are to go once the transaction commits.
 */
export async function deleteIdentityDocuments(trx: Db, userId: string, now: Date): Promise<string[]> {
  const rows = await trx
    .updateTable('user_documents')
    .set({ deleted_at: now })
    .where('user_id', '=', userId)
    .where('kind', '=', 'identity_document')
    .where('deleted_at', 'is', null)
    .returning('storage_key')
    .execute();
  return rows.map((r) => r.storage_key).filter((k): k is string => k !== null);
}

/** Removes files after their rows' change committed; a failure is logged, never the caller's error. */
export async function removeFiles(files: Files, keys: string[], warn: (error: unknown, key: string) => void): Promise<void> {
  await Promise.all(keys.map((key) => files.storage.delete(key).catch((error: unknown) => warn(error, key))));
}

/**
 * Creates the document row, idempotent by the client's id: an id already on this user's document
 * of this kind is answered again (a fresh upload URL); an id used by anything else is refused.
 */
async function createDocument(trx: Db, userId: string, kind: UserDocumentKind, id: string, now: Date): Promise<UserDocumentRow> {
  await trx
    .insertInto('user_documents')
    .values({ id, user_id: userId, kind, created_at: now })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const row = await findDocument(trx, id);
  if (!row || row.user_id !== userId || row.kind !== kind) throw badRequest({ id: 'ID_TAKEN' }, 'This document id is already used');
  return row;
}

function readDocumentId(raw: unknown): string {
  const body = asBody(raw);
  if (!body) throw badRequest({ body: 'INVALID' }, 'Send a JSON object');
  if (body.id === undefined || body.id === null || body.id === '') throw badRequest({ id: 'REQUIRED' });
  if (!isPlausibleId(body.id)) throw badRequest({ id: 'INVALID' });
  return body.id;
}

export function toDocumentPhoto(row: UserDocumentRow, files: Files): UserDocumentPhoto {
  return { id: row.id, src: row.uploaded_at && !row.deleted_at ? files.readUrl(USER_DOCUMENT_NAMESPACE, row.id) : null };
}

/** The upload target of user documents: the token's scope is the document's kind. */
export function userDocumentUploads(ctx: AppContext, files: Files): UploadTarget {
  return {
    name: USER_DOCUMENT_TARGET,
    maxBytes: (claims) => (claims.scope === 'profile_photo' ? PROFILE_PHOTO_MAX_BYTES : ctx.config.uploadMaxBytes),
    async uploadable(db, claims, lock) {
      // Inside the upload's transaction the user row is locked first (as approval and the
      // tasker's own saves do: user, then documents), so two documents of one kind stored at once
      // see each other and one replaces the other, and no lock-order cycle is possible.
      if (lock) await db.selectFrom('users').select('id').where('id', '=', claims.userId).forUpdate().executeTakeFirst();
      const row = await findDocument(db, claims.id, lock);
      if (!row || row.user_id !== claims.userId || row.kind !== claims.scope) throw documentNotFound();
      // The same bytes again answer 200 even after a newer document replaced this one.
      if (row.uploaded_at) return { sha256: row.sha256 };
      if (row.deleted_at) throw documentNotFound();
      return { sha256: null };
    },
    storageKey: (claims, sha256) => `user-documents/${claims.userId}/${claims.id}-${sha256.slice(0, 16)}.jpg`,
    async record(trx, claims, file) {
      const row = await trx
        .updateTable('user_documents')
        .set({ storage_key: file.key, sha256: file.sha256, size_bytes: file.size, uploaded_at: file.at })
        .where('id', '=', claims.id)
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
      // Replace: every other live document of the kind made before this one goes; when a newer
      // one is already there, this one is the replaced one.
      const others = await trx
        .selectFrom('user_documents')
        .select(COLUMNS)
        .where('user_id', '=', row.user_id)
        .where('kind', '=', row.kind)
        .where('id', '!=', row.id)
        .where('uploaded_at', 'is not', null)
        .where('deleted_at', 'is', null)
        .execute();
      const newer = (a: UserDocumentRow, b: UserDocumentRow) => a.created_at.getTime() > b.created_at.getTime() || (a.created_at.getTime() === b.created_at.getTime() && a.id > b.id);
      const replaced = others.some((o) => newer(o, row)) ? [row] : others;
      if (replaced.length === 0) return [];
      await trx.updateTable('user_documents').set({ deleted_at: file.at }).where('id', 'in', replaced.map((r) => r.id)).execute();
      return replaced.map((r) => r.storage_key).filter((k): k is string => k !== null);
    },
    // Every older document of the kind: a file it received now would be replaced at once.
    async superseded(trx, claims) {
      const row = await findDocument(trx, claims.id);
      if (!row) return [];
      const older = await trx
        .selectFrom('user_documents')
        .select('id')
        .where('user_id', '=', row.user_id)
        .where('kind', '=', row.kind)
        .where('id', '!=', row.id)
        .where((eb) => eb.or([eb('created_at', '<', row.created_at), eb.and([eb('created_at', '=', row.created_at), eb('id', '<', row.id)])]))
        .execute();
      return older.map((r) => r.id);
    },
    async answer(trx, claims): Promise<{ photo: UserDocumentPhoto }> {
      const row = await findDocument(trx, claims.id);
      if (!row) throw documentNotFound();
      return { photo: toDocumentPhoto(row, files) };
    },
    alreadyUploaded: () => new ApiError(409, 'PHOTO_ALREADY_UPLOADED', 'This document already has a different file'),
  };
}

/** Signed read URLs of a tasker's own documents (`/api/user-documents/<id>/file`). */
export const userDocumentFiles: FileSource = {
  namespace: USER_DOCUMENT_NAMESPACE,
  notFound: documentNotFound,
  async storageKey(db, id) {
    const row = await findDocument(db, id);
    return row && row.uploaded_at && !row.deleted_at ? row.storage_key : null;
  },
};

export function registerUserDocumentRoutes(app: FastifyInstance, ctx: AppContext, files: Files): void {
  for (const kind of KINDS) {
    serve(app, users.createUserDocument[kind])(async (request, reply) => {
      const user = await requireUser(ctx, request);
      const id = readDocumentId(request.body);
      return runIdempotent(ctx, request, reply, user.id, async (trx) => {
        const row = await createDocument(trx, user.id, kind, id, ctx.clock.now());
        const body: UserDocumentUploadTarget = {
          ...(await files.upload({ target: USER_DOCUMENT_TARGET, id: row.id, scope: kind, userId: user.id })),
          photo: toDocumentPhoto(row, files),
        };
        return { status: 200, body };
      });
    });
  }

  serve(app, users.getProfilePhoto)(async (request): Promise<UserDocumentPhoto> => {
    const user = await requireUser(ctx, request);
    const row = await currentDocument(ctx.db, user.id, 'profile_photo');
    if (!row) throw documentNotFound();
    return toDocumentPhoto(row, files);
  });

  serve(app, users.getIdentityDocument)(async (request): Promise<IdentityDocument> => {
    const user = await requireUser(ctx, request);
    const row = await currentDocument(ctx.db, user.id, 'identity_document');
    if (!row?.uploaded_at) throw documentNotFound();
    return { id: row.id, src: files.readUrl(USER_DOCUMENT_NAMESPACE, row.id), uploadedAt: iso(row.uploaded_at) };
  });
}
