/**
 * Onboarding and profile as the mirror holds them: drafts of half-filled forms, the tasker's
 * documents (from the device until uploaded, then the server's link), fleet partners, referral
 * codes, the supervisor and businesses, and the state of the latest profile save. Live-query hooks
 * (re-render when the mirror changes; `undefined` = still reading IndexedDB, never "no data").
 * While a hook that needs server data is mounted, the worker keeps that data fresh
 * (`watch({ profile: true })`); offline the mirror answers. Commands: ./mutations.ts.
 */
import { useEffect } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { BUSINESSES_KEY, REFERRAL_CODE_KEY, REFERRED_BY_CODE_KEY, SUPERVISOR_KEY } from '#contracts/kv';
import {
  PAYMENT_DOCUMENTS_KIND,
  REFERRED_BY_CODE_KIND,
  SAVE_PROFILE_KIND,
  USER_DOCUMENT_KIND,
  type ReferredByCodePayload,
  type UserDocumentKind,
  type UserDocumentPayload,
} from '#db/outboxKinds';
import { getDb, type CountryBusiness, type DraftRow, type OutboxRecord, type ShelfworkDb, type Supervisor, type UserDocumentUploadState } from '#db/schema';
import type { ErrorCode } from '#domain/errors';
import type { FleetPartner } from '#domain/types';
import { watchProfile } from './mutations';

export type { CountryBusiness, DraftRow, Supervisor, UserDocumentKind };

// ---- Drafts: the generic helpers (src/shared/drafts.ts), re-exported for the profile's forms ----

export { clearDraft, saveDraft, useDraft } from '../shared/drafts';

// ---- What the worker pulls while a profile screen is open ----------------------------------------

let watchers = 0;

/** Tells the worker a profile screen is open while at least one profile hook is mounted. */
function useProfileWatch(): void {
  useEffect(() => {
    watchers += 1;
    if (watchers === 1) void watchProfile(true);
    return () => {
      watchers -= 1;
      if (watchers === 0) void watchProfile(false);
    };
  }, []);
}

async function myId(db: ShelfworkDb): Promise<string | null> {
  return (await db.user.get('me'))?.id ?? null;
}

/** Queue order: createdAt, then id (as the worker drains). */
function compareRecords(a: OutboxRecord, b: OutboxRecord): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

const mine = (me: string | null) => (r: Pick<OutboxRecord, 'ownerId'>) => r.ownerId == null || r.ownerId === me;

/** The signed-in tasker's account records of a kind that are unsent or rejected, in queue order. */
async function accountRecords(db: ShelfworkDb, kind: OutboxRecord['kind']): Promise<OutboxRecord[]> {
  const me = await myId(db);
  const rows = await db.outbox.where('state').anyOf(['pending', 'sending', 'rejected']).toArray();
  return rows.filter((r) => r.taskId === null && r.kind === kind && mine(me)(r)).sort(compareRecords);
}

/** The fleet partners of the tasker's market, in the server's order; [] until pulled (or for LT). */
export async function readFleetPartners(db: ShelfworkDb): Promise<FleetPartner[]> {
  const country = (await db.user.get('me'))?.countryCode;
  if (!country) return [];
  const rows = await db.fleetPartners.where('countryCode').equals(country).toArray();
  return rows
    .sort((a, b) => (a.position ?? Infinity) - (b.position ?? Infinity) || a.shortName.localeCompare(b.shortName))
    .map(({ position: _position, ...partner }) => partner);
}

export function useFleetPartners(): FleetPartner[] | undefined {
  useProfileWatch();
  return useLiveQuery(() => readFleetPartners(getDb()), []);
}

/** The tasker's own referral code (to invite friends), or null until the server made it. */
export function useReferralCode(): string | null | undefined {
  useProfileWatch();
  return useLiveQuery(async () => {
    const db = getDb();
    const pulled = (await db.kv.get(REFERRAL_CODE_KEY))?.value;
    if (typeof pulled === 'string') return pulled;
    return (await db.user.get('me'))?.referralCode ?? null;
  }, []);
}

/** The referred-by code as the tasker sees it: the one waiting to be sent, else the server's; null for none. */
export async function readReferredByCode(db: ShelfworkDb): Promise<string | null> {
  const waiting = (await accountRecords(db, REFERRED_BY_CODE_KIND)).filter((r) => r.state !== 'rejected').at(-1);
  if (waiting) return (waiting.payload as ReferredByCodePayload).code;
  const pulled = await db.kv.get(REFERRED_BY_CODE_KEY);
  if (pulled && (typeof pulled.value === 'string' || pulled.value === null)) return pulled.value as string | null;
  return (await db.user.get('me'))?.referredByCode ?? null;
}

export function useReferredByCode(): string | null | undefined {
  useProfileWatch();
  return useLiveQuery(() => readReferredByCode(getDb()), []);
}

/** What the server refused, with its per-field codes (e.g. `{ nationalId: 'ID_DOCUMENT_REQUIRED' }`). */
export interface RecordRefusal {
  recordId: string;
  status: number;
  code: ErrorCode;
  message: string;
  fields: Record<string, string>;
}

/** Records of a kind: some waiting to be sent, and/or refused by the server. */
export interface SaveState {
  waiting: boolean;
  rejected?: RecordRefusal;
}

function saveStateOf(latest: OutboxRecord | undefined): SaveState {
  if (!latest) return { waiting: false };
  if (latest.state !== 'rejected') return { waiting: true };
  const error = latest.error ?? { status: 0, code: 'UNKNOWN' as ErrorCode, message: '' };
  return { waiting: false, rejected: { recordId: latest.id, status: error.status, code: error.code, message: error.message, fields: error.fields ?? {} } };
}

/**
 * The records of a kind the signed-in tasker queued (save-profile, referred-by-code,
 * payment-documents): `waiting` while one is unsent; `rejected` while refusals stand — the newest
 * one's message, and the fields of every standing refusal (a newer refusal's code wins), since a
 * refused save stays until a save sends its fields again (workers/sync/features/profile.ts).
 */
export async function readSaveState(db: ShelfworkDb, kind: OutboxRecord['kind']): Promise<SaveState> {
  const records = await accountRecords(db, kind);
  const state: SaveState = { waiting: records.some((r) => r.state !== 'rejected') };
  const refused = records.filter((r) => r.state === 'rejected');
  const newest = saveStateOf(refused.at(-1)).rejected;
  if (newest) state.rejected = { ...newest, fields: Object.assign({}, ...refused.map((r) => r.error?.fields ?? {})) as Record<string, string> };
  return state;
}

/** The latest profile save: waiting for signal, refused (the fields the server named), or neither. */
export function useProfileSaveState(): SaveState | undefined {
  return useLiveQuery(() => readSaveState(getDb(), SAVE_PROFILE_KIND), []);
}

/** The latest referred-by code sent: waiting, or refused (`fields.code`: NOT_FOUND, NOT_ALLOWED). */
export function useReferredByCodeState(): SaveState | undefined {
  return useLiveQuery(() => readSaveState(getDb(), REFERRED_BY_CODE_KIND), []);
}

/** The latest payment documents save: waiting, or refused. */
export function usePaymentDocumentsState(): SaveState | undefined {
  return useLiveQuery(() => readSaveState(getDb(), PAYMENT_DOCUMENTS_KIND), []);
}

/** The market's supervisor, or null (none, or not pulled yet). */
export function useSupervisor(): Supervisor | null | undefined {
  useProfileWatch();
  return useLiveQuery(async () => ((await getDb().kv.get(SUPERVISOR_KEY))?.value as Supervisor | null | undefined) ?? null, []);
}

/** The market's businesses; [] until pulled. */
export function useBusinesses(): CountryBusiness[] | undefined {
  useProfileWatch();
  return useLiveQuery(async () => {
    const value = (await getDb().kv.get(BUSINESSES_KEY))?.value;
    return Array.isArray(value) ? (value as CountryBusiness[]) : [];
  }, []);
}

// ---- Documents ----------------------------------------------------------------------------------

/** A document as a screen shows it. */
export interface UserDocumentView {
  id: string;
  kind: UserDocumentKind;
  /** Displayable: an object URL of the JPEG on the device until uploaded, then the server's link (null when neither). */
  src: string | null;
  uploadState: UserDocumentUploadState;
  /** Its upload is queued or under way. */
  waiting: boolean;
  /** The server refused the upload (the photo stays on the device). */
  rejected?: RecordRefusal;
}

interface DocumentRead {
  id: string;
  kind: UserDocumentKind;
  blob: Blob | null;
  src: string | null;
  uploadState: UserDocumentUploadState;
  state: SaveState;
}

/**
 * A server link as long as it is good: the links are signed until `exp` (seconds; 1–2 h), and the
 * payment document has no call to renew its link, so an expired one is not shown (no broken image).
 */
export function liveSrc(src: string | null | undefined, now: Date): string | null {
  if (!src) return null;
  const exp = /[?&]exp=(\d+)/.exec(src)?.[1];
  return exp && Number(exp) * 1000 <= now.getTime() ? null : src;
}

/** The latest document of the kind (the tasker's own), with its upload record's state. */
export async function readUserDocument(db: ShelfworkDb, kind: UserDocumentKind, now: Date = new Date()): Promise<DocumentRead | null> {
  const me = await myId(db);
  const rows = (await db.userDocuments.where('kind').equals(kind).toArray()).filter((d) => d.ownerId == null || d.ownerId === me);
  const latest = rows.sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0)).at(-1);
  if (!latest) return null;
  let state: SaveState = { waiting: false };
  if (latest.uploadState === 'local') {
    const record = (await accountRecords(db, USER_DOCUMENT_KIND)).filter((r) => (r.payload as UserDocumentPayload).id === latest.id).at(-1);
    state = saveStateOf(record);
  }
  return {
    id: latest.id,
    kind: latest.kind,
    blob: latest.uploadState === 'local' ? (latest.blob ?? null) : null,
    src: liveSrc(latest.src, now),
    uploadState: latest.uploadState,
    state,
  };
}

/**
 * Object URLs of documents on the device, one per document id, shared by the hooks showing it and
 * revoked (a moment after) the last of them unmounts or the document is uploaded. Made during
 * render, so the first paint already shows the photo.
 */
const objectUrls = new Map<string, { url: string; users: number; revoke: ReturnType<typeof setTimeout> | null }>();

/** An object URL not taken by a mounted hook within this time is revoked. */
export const OBJECT_URL_GRACE_MS = 1000;

/** The object URL of a document's JPEG on the device (one per id, made on first ask). */
export function objectUrlFor(id: string, blob: Blob): string {
  let entry = objectUrls.get(id);
  if (!entry) {
    entry = { url: URL.createObjectURL(blob), users: 0, revoke: null };
    objectUrls.set(id, entry);
    // Revoked unless a mounted hook takes it (a render that never commits).
    scheduleRevoke(id, entry);
  }
  return entry.url;
}

function scheduleRevoke(id: string, entry: { url: string; users: number; revoke: ReturnType<typeof setTimeout> | null }): void {
  if (entry.revoke) clearTimeout(entry.revoke);
  entry.revoke = setTimeout(() => {
    if (entry.users > 0 || objectUrls.get(id) !== entry) return;
    URL.revokeObjectURL(entry.url);
    objectUrls.delete(id);
  }, OBJECT_URL_GRACE_MS);
}

/** A mounted user of a document's object URL: it stays until every lease is released (plus the grace time). */
export function leaseObjectUrl(id: string): () => void {
  const entry = objectUrls.get(id);
  if (!entry) return () => undefined;
  entry.users += 1;
  if (entry.revoke) clearTimeout(entry.revoke);
  entry.revoke = null;
  return () => {
    entry.users -= 1;
    if (entry.users <= 0) scheduleRevoke(id, entry);
  };
}

function useObjectUrlLease(id: string | null): void {
  useEffect(() => (id ? leaseObjectUrl(id) : undefined), [id]);
}

/**
 * The latest document of a kind: from the device (object URL, revoked on unmount) until its upload
 * succeeded, then the server's link; with its upload state. null = none; undefined = reading.
 */
export function useUserDocument(kind: UserDocumentKind): UserDocumentView | null | undefined {
  useProfileWatch();
  const read = useLiveQuery(() => readUserDocument(getDb(), kind), [kind]);
  const localId = read?.blob ? read.id : null;
  useObjectUrlLease(localId);
  if (read === undefined) return undefined;
  if (read === null) return null;
  const src = read.blob ? objectUrlFor(read.id, read.blob) : read.src;
  const view: UserDocumentView = { id: read.id, kind: read.kind, src, uploadState: read.uploadState, waiting: read.state.waiting };
  if (read.state.rejected) view.rejected = read.state.rejected;
  return view;
}
