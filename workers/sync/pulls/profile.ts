/**
 * The onboarding and profile pulls, made while an onboarding or profile screen is open
 * (`watch({ profile: true })`) and then with the account pulls, each only when due: fleet partners
 * of the tasker's market, the tasker's referral code (once: it never changes), the referred-by
 * code, the market's supervisor and businesses, and the links of the documents the server holds.
 * Offline nothing is asked and the mirror answers. Each writes its rows and its meta row in one
 * transaction, only while a session exists.
 */
import { BUSINESSES_KEY, REFERRAL_CODE_KEY, REFERRED_BY_CODE_KEY, SUPERVISOR_KEY } from '#contracts/kv';
import { getSupervisor, listCountryBusinesses, listFleetPartners } from '#contracts/api/catalog';
import { getIdentityDocument, getProfilePhoto, getReferralCode, getReferredByCode } from '#contracts/api/users';
import { REFERRED_BY_CODE_KIND, USER_DOCUMENT_KINDS, type UserDocumentKind } from '#db/outboxKinds';
import type { CountryBusiness, ShelfworkDb, Supervisor } from '#db/schema';
import type { CountryCode, FleetPartner, User } from '#domain/types';
import { isAnswer, itemCheck, listItems } from '../answers';
import { failure, isDue, OK, recordFailure, successMeta, unsentRecords, type PullContext, type PullResult } from './base';

/** The User flag each document sets once the server has it. */
export const DOCUMENT_FLAGS: Readonly<Record<UserDocumentKind, 'hasProfilePhoto' | 'isIdentityDocumentUploaded' | 'isPaymentDocumentUploaded'>> = {
  profile_photo: 'hasProfilePhoto',
  identity_document: 'isIdentityDocumentUploaded',
  payment_document: 'isPaymentDocumentUploaded',
};

/** The tables clearProfile writes. */
export function profileTables(db: ShelfworkDb) {
  return [db.drafts, db.userDocuments, db.fleetPartners];
}

/**
 * On logout and on an account switch (inside their transaction): drafts (they may hold a national
 * ID or an IBAN), fleet partners and the documents the server holds go. A document photo not
 * uploaded yet stays, like an unsent task photo: its record keeps its owner and is sent when that
 * tasker logs in again (the screens show only the signed-in tasker's documents). The profile kv
 * values go with the account's kv (ACCOUNT_KV_PREFIXES).
 */
export async function clearProfile(db: ShelfworkDb): Promise<void> {
  await Promise.all([db.drafts.clear(), db.fleetPartners.clear(), db.userDocuments.where('kind').anyOf([...USER_DOCUMENT_KINDS]).filter((d) => d.uploadState !== 'local').delete()]);
}

/** How often each is asked while a profile screen is open (reference data rarely changes). */
export const PROFILE_INTERVALS_MS = {
  fleetPartners: 24 * 60 * 60_000,
  referralCode: 24 * 60 * 60_000,
  referredByCode: 60 * 60_000,
  supervisor: 24 * 60 * 60_000,
  businesses: 24 * 60 * 60_000,
  /** The server's links may be signed for a limited time. */
  document: 10 * 60_000,
} as const;

export const metaKeyForFleetPartners = (country: CountryCode) => `fleetPartners:${country}`;
export const metaKeyForDocument = (kind: UserDocumentKind) => `document:${kind}`;

/** The documents the tasker can see back from the server (the payment document has no GET), with their route. */
const DOCUMENT_READS = { profile_photo: getProfilePhoto, identity_document: getIdentityDocument } as const;
type ReadableDocument = keyof typeof DOCUMENT_READS;
export const READABLE_DOCUMENTS: readonly ReadableDocument[] = ['profile_photo', 'identity_document'];

/** A fleet partner of GET country/fleet-partners (a malformed one is skipped). */
const isFleetPartner: (value: unknown) => value is FleetPartner = itemCheck(listFleetPartners.schema.response[200].properties.data.items);
/** A business of GET country/business (a malformed one is skipped). */
const isCountryBusiness = itemCheck(listCountryBusinesses.schema.response[200].properties.data.items);

async function put<T>(ctx: PullContext, metaKey: string, write: (db: ShelfworkDb) => Promise<T>): Promise<void> {
  const { db } = ctx;
  await db.transaction('rw', [db.session, db.meta, db.kv, db.fleetPartners, db.userDocuments, db.outbox], async () => {
    if (!(await db.session.get('tokens'))) return;
    await write(db);
    await db.meta.put(successMeta(metaKey, ctx.now()));
  });
}

/** GET country/fleet-partners (the tasker's market) → `fleetPartners` rows of that market, replaced. */
export async function pullFleetPartners(ctx: PullContext, country: CountryCode): Promise<PullResult> {
  const key = metaKeyForFleetPartners(country);
  const result = await ctx.session.call(listFleetPartners, { query: { country } });
  if (!result.ok) {
    await recordFailure(ctx.db, key, ctx.now(), result.error.code);
    return failure(result);
  }
  const list = listItems(result.body);
  if (!list) {
    await recordFailure(ctx.db, key, ctx.now(), 'UNKNOWN');
    return { ok: false, error: { status: result.status, code: 'UNKNOWN', message: 'Malformed fleet partner list' } };
  }
  const partners = list.filter(isFleetPartner);
  await put(ctx, key, async (db) => {
    await db.fleetPartners.where('countryCode').equals(country).delete();
    await db.fleetPartners.bulkPut(partners.map((p, position) => ({ id: p.id, countryCode: p.countryCode, shortName: p.shortName, url: p.url, position })));
  });
  return OK;
}

/** GET user/referral-code → kv (made by the server on first ask; it never changes). */
export async function pullReferralCode(ctx: PullContext): Promise<PullResult> {
  const result = await ctx.session.call(getReferralCode);
  if (!result.ok) {
    await recordFailure(ctx.db, 'referralCode', ctx.now(), result.error.code);
    return failure(result);
  }
  if (!isAnswer(getReferralCode, result.body)) {
    await recordFailure(ctx.db, 'referralCode', ctx.now(), 'UNKNOWN');
    return { ok: false, error: { status: result.status, code: 'UNKNOWN', message: 'Malformed referral code' } };
  }
  const { code } = result.body;
  await put(ctx, 'referralCode', (db) => db.kv.put({ key: REFERRAL_CODE_KEY, value: code }));
  return OK;
}

/** GET user/referred-by-code → kv, unless a referred-by code is still queued (the tasker's wins). */
export async function pullReferredByCode(ctx: PullContext): Promise<PullResult> {
  const result = await ctx.session.call(getReferredByCode);
  if (!result.ok) {
    await recordFailure(ctx.db, 'referredByCode', ctx.now(), result.error.code);
    return failure(result);
  }
  if (!isAnswer(getReferredByCode, result.body)) {
    await recordFailure(ctx.db, 'referredByCode', ctx.now(), 'UNKNOWN');
    return { ok: false, error: { status: result.status, code: 'UNKNOWN', message: 'Malformed referred-by code' } };
  }
  const { code } = result.body;
  await put(ctx, 'referredByCode', async (db) => {
    if ((await unsentRecords(db)).some((r) => r.kind === REFERRED_BY_CODE_KIND)) return;
    await db.kv.put({ key: REFERRED_BY_CODE_KEY, value: code });
  });
  return OK;
}

/** GET country/supervisor → kv (null when the market has none: 404). */
export async function pullSupervisor(ctx: PullContext): Promise<PullResult> {
  const result = await ctx.session.call(getSupervisor);
  if (!result.ok && result.status !== 404) {
    await recordFailure(ctx.db, 'supervisor', ctx.now(), result.error.code);
    return failure(result);
  }
  const body = result.ok ? result.body : null;
  if (body !== null && !isAnswer(getSupervisor, body)) {
    await recordFailure(ctx.db, 'supervisor', ctx.now(), 'UNKNOWN');
    return { ok: false, error: { status: result.status, code: 'UNKNOWN', message: 'Malformed supervisor' } };
  }
  const supervisor: Supervisor | null = body
    ? { name: body.name, phone: typeof body.phone === 'string' ? body.phone : null, email: typeof body.email === 'string' ? body.email : null }
    : null;
  await put(ctx, 'supervisor', (db) => db.kv.put({ key: SUPERVISOR_KEY, value: supervisor }));
  return OK;
}

/** GET country/business → kv (the list of the market's businesses). */
export async function pullBusinesses(ctx: PullContext): Promise<PullResult> {
  const result = await ctx.session.call(listCountryBusinesses);
  if (!result.ok) {
    await recordFailure(ctx.db, 'businesses', ctx.now(), result.error.code);
    return failure(result);
  }
  const list = listItems(result.body);
  if (!list) {
    await recordFailure(ctx.db, 'businesses', ctx.now(), 'UNKNOWN');
    return { ok: false, error: { status: result.status, code: 'UNKNOWN', message: 'Malformed business list' } };
  }
  const businesses: CountryBusiness[] = list.filter(isCountryBusiness);
  await put(ctx, 'businesses', (db) => db.kv.put({ key: BUSINESSES_KEY, value: businesses }));
  return OK;
}

/**
 * GET user/profile-photo | user/identity-document → the document's uploaded row (its link). A
 * 404 removes the uploaded rows of the kind. Rows still on the device (not uploaded) are never
 * touched: they are the tasker's newer photo, waiting for signal.
 */
export async function pullUserDocument(ctx: PullContext, kind: ReadableDocument, ownerId: string): Promise<PullResult> {
  const key = metaKeyForDocument(kind);
  const route = DOCUMENT_READS[kind];
  const result = await ctx.session.call<typeof route>(route);
  if (!result.ok && result.status !== 404) {
    await recordFailure(ctx.db, key, ctx.now(), result.error.code);
    return failure(result);
  }
  // A profile photo row without a link yet (src null) counts as malformed, as it always did.
  if (result.ok && (!isAnswer(route, result.body) || typeof result.body.src !== 'string')) {
    await recordFailure(ctx.db, key, ctx.now(), 'UNKNOWN');
    return { ok: false, error: { status: result.status, code: 'UNKNOWN', message: 'Malformed document' } };
  }
  const doc = result.ok ? (result.body as { id?: unknown; src?: unknown; uploadedAt?: unknown } | null) : null;
  await put(ctx, key, async (db) => {
    const rows = await db.userDocuments.where('kind').equals(kind).toArray();
    const stale = rows.filter((r) => r.uploadState === 'uploaded' && r.id !== doc?.id).map((r) => r.id);
    await db.userDocuments.bulkDelete(stale);
    if (!doc || typeof doc.id !== 'string' || typeof doc.src !== 'string') return;
    const existing = rows.find((r) => r.id === doc.id);
    await db.userDocuments.put({
      id: doc.id,
      kind,
      blob: existing?.uploadState === 'local' ? existing.blob : null,
      uploadState: existing?.uploadState ?? 'uploaded',
      src: doc.src,
      createdAt: existing?.createdAt ?? (typeof doc.uploadedAt === 'string' ? doc.uploadedAt : ctx.now().toISOString()),
      ownerId,
    });
  });
  return OK;
}

/**
 * Everything a profile screen needs that is due, in parallel (`pull` wraps each in the engine's
 * guard). `eager` skips the failed-pull pause (back online), `force` asks regardless of age.
 */
export async function pullProfileDue(
  ctx: PullContext,
  user: User,
  options: { eager: boolean; force: boolean },
  pull: (what: string, job: () => Promise<PullResult>) => Promise<unknown>,
): Promise<void> {
  const { db } = ctx;
  const now = ctx.now();
  const due = (key: string, interval: number) => (options.force ? Promise.resolve(true) : isDue(db, key, interval, now, options.eager));
  const jobs: Promise<unknown>[] = [];
  const country = user.countryCode;
  // LT pays through the activity certificate; the other markets through a fleet partner.
  if (country && country !== 'LT' && (await due(metaKeyForFleetPartners(country), PROFILE_INTERVALS_MS.fleetPartners))) {
    jobs.push(pull('fleet partners pull', () => pullFleetPartners(ctx, country)));
  }
  const knownCode = user.referralCode ?? (await db.kv.get(REFERRAL_CODE_KEY))?.value;
  if (typeof knownCode !== 'string' && (await due('referralCode', PROFILE_INTERVALS_MS.referralCode))) jobs.push(pull('referral code pull', () => pullReferralCode(ctx)));
  if (await due('referredByCode', PROFILE_INTERVALS_MS.referredByCode)) jobs.push(pull('referred-by code pull', () => pullReferredByCode(ctx)));
  if (await due('supervisor', PROFILE_INTERVALS_MS.supervisor)) jobs.push(pull('supervisor pull', () => pullSupervisor(ctx)));
  if (await due('businesses', PROFILE_INTERVALS_MS.businesses)) jobs.push(pull('businesses pull', () => pullBusinesses(ctx)));
  for (const kind of READABLE_DOCUMENTS) {
    if (!user[DOCUMENT_FLAGS[kind]]) continue;
    if (await due(metaKeyForDocument(kind), PROFILE_INTERVALS_MS.document)) jobs.push(pull(`${kind} pull`, () => pullUserDocument(ctx, kind, user.id)));
  }
  await Promise.all(jobs);
}
