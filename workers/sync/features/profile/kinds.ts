/**
 * The onboarding and profile record kinds (the account queue: taskId null, drained in createdAt
 * order, one request at a time): what each lays over a pulled user while unsent (so the form and
 * the onboarding stepper show it while waiting), how its 2xx answer reaches the mirror, and what
 * is pulled after a refusal. `user-document` uploads its JPEG through the photo pipeline's
 * `sendUpload` (workers/sync/photos.ts).
 */
import type { OutboxRecord, OutboxRecordOf, ShelfworkDb } from '#db/schema';
import {
  PAYMENT_DOCUMENTS_KIND,
  PROFILE_PAYLOAD_FIELDS,
  REFERRED_BY_CODE_KIND,
  SAVE_PROFILE_KIND,
  USER_DOCUMENT_KIND,
  USER_DOCUMENT_KINDS,
  type PaymentDocumentsPayload,
  type ReferredByCodePayload,
  type SaveProfilePayload,
  type UserDocumentKind,
} from '#db/outboxKinds';
import { matchRoutePath, routePath } from '#contracts/api/client';
import { createUserDocument } from '#contracts/api/users';
import { REFERRED_BY_CODE_KEY } from '#contracts/kv';
import { COUNTRY_CODES, type CountryCode, type User } from '#domain/types';
import { isUser } from '../../answers';
import type { ApiResult } from '../../http';
import { overlayUnsent, type FollowUp, type OutboxKind, type OutboxKinds, type SendContext } from '../../kinds';
import { sendUpload } from '../../photos';
import { DOCUMENT_FLAGS } from '../../pulls/profile';
import { compareOutboxRecords, UNSENT_STATES } from '../../queue';

/** The upload call of a document kind: 'identity_document' → 'user/identity-document' (its route's path). */
export function userDocumentPath(kind: UserDocumentKind): string {
  return routePath(createUserDocument[kind]);
}

/** `user/identity-document` → 'identity_document': the kind whose route the stored path is (the path names the document). */
export function documentKindOfPath(path: string): UserDocumentKind | null {
  return USER_DOCUMENT_KINDS.find((kind) => matchRoutePath(createUserDocument[kind], path) !== null) ?? null;
}

/** The saved profile fields laid over a user (only the payload's own keys; a country only when valid). */
export function overlayProfile(user: User, values: SaveProfilePayload): User {
  if (!values || typeof values !== 'object') return user;
  const next: User = { ...user };
  const target = next as unknown as Record<string, unknown>;
  for (const field of PROFILE_PAYLOAD_FIELDS) {
    if (field in values) target[field] = values[field];
  }
  const code = values.countryCode;
  if (typeof code === 'string' && (COUNTRY_CODES as readonly string[]).includes(code)) next.countryCode = code as CountryCode;
  if ('firstName' in values || 'middleName' in values || 'lastName' in values) {
    const name = [next.firstName, next.middleName, next.lastName].filter((part) => typeof part === 'string' && part.trim() !== '').join(' ');
    next.fullName = name === '' ? null : name;
  }
  return next;
}

function overlayPaymentDocuments(user: User, p: PaymentDocumentsPayload): User {
  if (!p || typeof p !== 'object') return user;
  const next: User = { ...user, paymentDocumentsDone: true };
  if ('activityCode' in p && typeof p.activityCode === 'string') next.activityCode = p.activityCode;
  if ('fleetPartnerId' in p && typeof p.fleetPartnerId === 'string') next.fleetPartnerId = p.fleetPartnerId;
  return next;
}

function overlayReferredByCode(user: User, payload: ReferredByCodePayload): User {
  const code = payload?.code;
  return typeof code === 'string' && code !== '' ? { ...user, referredByCode: code } : user;
}

/** Unsent records of the account queue, in queue order, except `exceptId`. */
async function otherUnsent(db: ShelfworkDb, exceptId: string, ownerId: string): Promise<OutboxRecord[]> {
  const rows = await db.outbox.where('state').anyOf([...UNSENT_STATES]).toArray();
  return rows.filter((r) => r.id !== exceptId && r.taskId === null && (r.ownerId == null || r.ownerId === ownerId)).sort(compareOutboxRecords);
}

/**
 * The kinds. `overlayUnsent` (kinds.ts) lays every unsent account record over a user: a 2xx
 * answer is written with the changes still queued behind it on top, so a later save the tasker
 * made meanwhile does not vanish from the form until it is sent.
 */
function profileKinds() {
  /** Writes a User answer (POST user, POST user/payment-documents) under the unsent records behind it. */
  async function putUserAnswer(db: ShelfworkDb, record: OutboxRecord, body: unknown): Promise<FollowUp> {
    if (!isUser(body)) return { pull: 'user' };
    const current = await db.user.get('me');
    if (current && current.id !== body.id) return { pull: 'user' };
    await db.user.put({ ...overlayUnsent(body, await otherUnsent(db, record.id, body.id)), key: 'me' });
    return null;
  }

  /** The optimistic change of a user-row kind: its overlay on the mirrored user. */
  function applyOverlay<P>(overlay: (user: User, payload: P) => User) {
    return async (db: ShelfworkDb, record: { payload: P }): Promise<void> => {
      const me = await db.user.get('me');
      if (me) await db.user.put({ ...overlay(me, record.payload), key: 'me' });
    };
  }

  /**
   * `save-profile` → POST user (any subset of the profile fields). Optimistic: the fields on the
   * user row, and on every pull while unsent. 2xx: the answered User. Refused (400 with `fields`):
   * the record keeps the server's error with its fields (the form shows them), the user is pulled.
   */
  const saveProfile: OutboxKind<typeof SAVE_PROFILE_KIND> = {
    apply: applyOverlay(overlayProfile),
    overlayUser: (user, record) => overlayProfile(user, record.payload),
    reconcile: putUserAnswer,
    afterRejection: () => ({ pull: 'user' }),
  };

  /** `payment-documents` → POST user/payment-documents; the answer is the User. */
  const paymentDocuments: OutboxKind<typeof PAYMENT_DOCUMENTS_KIND> = {
    apply: applyOverlay(overlayPaymentDocuments),
    overlayUser: (user, record) => overlayPaymentDocuments(user, record.payload),
    reconcile: putUserAnswer,
    afterRejection: () => ({ pull: 'user' }),
  };

  /** `referred-by-code` → POST user/referred-by-code; the answer is `{ code }` (kv, and the user row). */
  const referredByCode: OutboxKind<typeof REFERRED_BY_CODE_KIND> = {
    apply: applyOverlay(overlayReferredByCode),
    overlayUser: (user, record) => overlayReferredByCode(user, record.payload),
    reconcile: async (db, _record, body) => {
      const code = (body as { code?: unknown } | null)?.code;
      if (code !== null && typeof code !== 'string') return { pull: 'user' };
      await db.kv.put({ key: REFERRED_BY_CODE_KEY, value: code });
      const me = await db.user.get('me');
      if (me) await db.user.put({ ...me, referredByCode: code });
      return null;
    },
    afterRejection: () => ({ pull: 'user' }),
  };

  /**
   * `user-document` → POST user/<kind> `{id}`, then the JPEG PUT (sendUpload). While unsent the
   * user shows the document's flag (the national ID may be entered: the queue delivers the
   * document first). 2xx of the PUT: in the transaction that deletes the record the row gets its
   * `src`, `uploadState: 'uploaded'` and loses its blob, older uploaded rows of the kind go; then
   * the user is pulled (the server's flags). Refused: the row and its blob stay.
   */
  const userDocument: OutboxKind<typeof USER_DOCUMENT_KIND> = {
    apply: async (db, record) => {
      const me = await db.user.get('me');
      if (me) await db.user.put({ ...overlayDocumentRecord(me, { kind: USER_DOCUMENT_KIND, path: record.path }), key: 'me' });
    },
    overlayUser: (user, record) => overlayDocumentRecord(user, record),
    send: sendUserDocument,
    reconcile: async (db, record, body) => {
      const id = record.payload?.id;
      const row = typeof id === 'string' ? await db.userDocuments.get(id) : undefined;
      if (!row) return { pull: 'user' };
      const src = (body as { document?: { src?: unknown } } | null)?.document?.src;
      await db.userDocuments.put({ ...row, uploadState: 'uploaded', blob: null, src: typeof src === 'string' ? src : (row.src ?? null) });
      const older = await db.userDocuments
        .where('kind')
        .equals(row.kind)
        .filter((d) => d.id !== row.id && d.uploadState === 'uploaded' && d.createdAt <= row.createdAt)
        .primaryKeys();
      await db.userDocuments.bulkDelete(older);
      return { pull: 'user' };
    },
    afterRejection: () => null,
  };

  return {
    [SAVE_PROFILE_KIND]: saveProfile,
    [PAYMENT_DOCUMENTS_KIND]: paymentDocuments,
    [REFERRED_BY_CODE_KIND]: referredByCode,
    [USER_DOCUMENT_KIND]: userDocument,
  } satisfies OutboxKinds;
}

export const PROFILE_KINDS = profileKinds();

/** A user-document record laid over a user: the flag of its kind (named by the record's path). */
export function overlayDocumentRecord(user: User, record: Pick<OutboxRecord, 'kind' | 'path'>): User {
  if (record.kind !== USER_DOCUMENT_KIND) return user;
  const kind = documentKindOfPath(record.path);
  return kind ? { ...user, [DOCUMENT_FLAGS[kind]]: true } : user;
}

interface DocumentTarget {
  presignedUrl: string;
  photo?: { id?: unknown; src?: unknown; url?: unknown };
}

function documentTarget(body: unknown, id: string): DocumentTarget | null {
  const target = body as DocumentTarget | null;
  if (!target || typeof target.presignedUrl !== 'string') return null;
  // An answer about another file is not ours (the server is idempotent by id).
  if (target.photo && typeof target.photo.id === 'string' && target.photo.id !== id) return null;
  return target;
}

function srcOf(value: unknown): string | null {
  const photo = (value as { photo?: { src?: unknown; url?: unknown } } | null)?.photo;
  if (typeof photo?.src === 'string') return photo.src;
  if (typeof photo?.url === 'string') return photo.url;
  return null;
}

/** One attempt of a user-document record (see the kind). */
async function sendUserDocument(ctx: SendContext, record: OutboxRecordOf<typeof USER_DOCUMENT_KIND>): Promise<ApiResult> {
  const id = record.payload?.id;
  if (typeof id !== 'string') return { ok: false, status: 400, error: { code: 'VALIDATION_FAILED', message: 'No document in the record' } };
  const row = await ctx.db.userDocuments.get(id);
  // Removed meanwhile (replaced before it was ever sent): nothing to upload.
  if (!row) return { ok: true, status: 200, body: null };
  if (row.uploadState === 'uploaded') return { ok: true, status: 200, body: { document: { id, src: row.src ?? null } } };
  if (!row.blob) return { ok: false, status: 400, error: { code: 'PHOTO_FILE_MISSING', message: 'The document file is no longer on this device' } };
  return sendUpload(ctx, record, {
    blob: row.blob,
    targetOf: (body) => documentTarget(body, id),
    answer: (putBody, target) => ({ document: { id, src: srcOf(putBody) ?? srcOf(target) } }),
  });
}
