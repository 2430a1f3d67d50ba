/**
 * Onboarding and profile through the sync worker against the real server: a profile saved offline
 * (shown at once, laid over every pull while waiting, delivered exactly once), the identity
 * document reaching the server before the national ID that needs it, a refused save keeping the
 * server's field codes, document uploads keeping their JPEG until the PUT succeeded, payment
 * documents and fleet partners, referred-by codes, and what logout and an account switch clear.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REFERRED_BY_CODE_KEY } from '#contracts/kv';
import type { OutboxRecord } from '#db/schema';
import { createHarness, useSyncServer, type Harness } from '../../test/support/sync-harness';

const server = useSyncServer();
let h: Harness;
afterEach(async () => {
  await h?.engine.idle();
  h?.db.close();
});

/** Valid LT values (src/domain/profile.test.ts). */
const PHONE = '+370 612 34567';
const NATIONAL_ID = '33309240064';

/** A small JPEG-looking file (the server checks the FF D8 FF magic). */
function jpeg(seed: number, size = 64): Blob {
  const bytes = new Uint8Array(size);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  for (let i = 4; i < bytes.length; i++) bytes[i] = (seed * 31 + i) % 256;
  return new Blob([bytes], { type: 'image/jpeg' });
}

let userId: string;

/** A new tasker (status new) of `country`, logged in, user pulled. */
async function newTasker(country = 'LT'): Promise<void> {
  h = await createHarness(server());
  userId = h.id('n1');
  await h.world.addTasker({ id: userId, email: `n1-${h.world.tag}@example.lt` }, { status: 'new', countryCode: country });
  await h.logIn({ userId });
  await h.engine.syncNow('start');
  await h.engine.idle();
}

const posts = (path: string) => h.net.calls('POST', path);
const postEffects = (path: string) => h.net.effects().filter((e) => e === `POST ${path}`);
/** Unsent records in queue order. */
const unsent = async () =>
  (await h.db.outbox.toArray()).filter((r) => r.state === 'pending' || r.state === 'sending').sort((a, b) => (a.createdAt < b.createdAt ? -1 : 1));

async function serverProfile() {
  return h.server.db.selectFrom('users').select(['phone', 'address', 'national_id', 'referred_by_code', 'fleet_partner_id', 'payment_documents_done']).where('id', '=', userId).executeTakeFirstOrThrow();
}

describe('saving the profile', () => {
  it('shows a profile saved offline at once, keeps it over every pull while waiting, and delivers it exactly once', async () => {
    await newTasker();
    h.net.offline = true;
    expect(await h.engine.saveProfile({ phone: PHONE, address: '  Gedimino pr. 9, Vilnius ' })).toEqual({ ok: true, value: undefined });
    await h.engine.idle();
    // On the device at once (trimmed), queued once.
    expect(await h.db.user.get('me')).toMatchObject({ phone: PHONE, address: 'Gedimino pr. 9, Vilnius' });
    expect((await unsent()).map((r) => [r.kind, r.path, r.payload])).toEqual([['save-profile', 'user', { phone: PHONE, address: 'Gedimino pr. 9, Vilnius' }]]);

    // The signal comes back for reads only: a fresh user pull still shows the waiting fields.
    h.net.offline = false;
    const down = h.net.fail('POST', 'user', { kind: 'gateway-error', status: 503 });
    await h.engine.syncNow('online', true);
    await h.engine.idle();
    expect(h.net.calls('GET', 'user').length).toBeGreaterThan(0);
    expect(await h.db.user.get('me')).toMatchObject({ phone: PHONE, address: 'Gedimino pr. 9, Vilnius' });
    expect((await serverProfile()).phone).toBeNull();

    h.net.heal(down);
    await h.engine.syncNow('online');
    await h.engine.idle();
    expect(await unsent()).toEqual([]);
    expect(await serverProfile()).toMatchObject({ phone: PHONE, address: 'Gedimino pr. 9, Vilnius' });
    expect(postEffects('user')).toHaveLength(1);
    expect(await h.db.user.get('me')).toMatchObject({ phone: PHONE, address: 'Gedimino pr. 9, Vilnius' });

    // A restarted worker on the same outbox sends nothing more.
    const again = h.restartEngine();
    await again.syncNow('start');
    await again.idle();
    expect(posts('user').length).toBe(2); // the 503 and the delivery
    expect(postEffects('user')).toHaveLength(1);
  });

  it('a refused save keeps the server’s per-field codes and message; the mirror shows the server’s profile again', async () => {
    await newTasker();
    expect(await h.engine.saveProfile({ phone: '+370 6', nationalId: NATIONAL_ID })).toEqual({ ok: true, value: undefined });
    await h.engine.idle();
    const [record] = (await h.db.outbox.toArray()) as OutboxRecord[];
    expect(record).toMatchObject({ kind: 'save-profile', state: 'rejected', payload: { phone: '+370 6', nationalId: NATIONAL_ID } });
    expect(record?.error).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', fields: { phone: 'PHONE_INVALID', nationalId: 'ID_DOCUMENT_REQUIRED' } });
    expect(await h.db.user.get('me')).toMatchObject({ phone: null, nationalId: null });

    // A save of other fields leaves the refusal standing (the national ID was never saved)...
    await h.engine.saveProfile({ address: 'Gedimino pr. 9, Vilnius' });
    await h.engine.idle();
    expect((await h.db.outbox.toArray()).map((r) => r.id)).toEqual([record!.id]);
    // ...a save that sends its fields again (after the document) answers it: the old rejected record goes.
    await h.engine.addUserDocument('identity_document', jpeg(7));
    await h.engine.saveProfile({ phone: PHONE, nationalId: NATIONAL_ID });
    await h.engine.idle();
    expect(await h.db.outbox.count()).toBe(0);
    expect(await serverProfile()).toMatchObject({ phone: PHONE, national_id: NATIONAL_ID, address: 'Gedimino pr. 9, Vilnius' });
  });

  it('refuses values that are not text at once, queueing nothing', async () => {
    await newTasker();
    const result = await h.engine.saveProfile({ phone: 37061234567 as unknown as string });
    expect(result).toMatchObject({ ok: false, error: { status: 400, code: 'VALIDATION_FAILED', fields: { phone: 'INVALID' } } });
    expect(await h.db.outbox.count()).toBe(0);
  });
});

describe('documents', () => {
  it('delivers an identity document before the national ID saved after it, even while its upload keeps failing, and keeps the JPEG until the PUT succeeded', async () => {
    await newTasker();
    h.net.offline = true;
    const photo = jpeg(1, 2048);
    expect(await h.engine.addUserDocument('identity_document', photo)).toEqual({ ok: true, value: undefined });
    expect(await h.engine.saveProfile({ nationalId: NATIONAL_ID })).toEqual({ ok: true, value: undefined });
    await h.engine.idle();
    // While waiting, the user shows the document and the national ID.
    expect(await h.db.user.get('me')).toMatchObject({ isIdentityDocumentUploaded: true, nationalId: NATIONAL_ID });
    const [doc] = await h.db.userDocuments.toArray();
    expect(doc).toMatchObject({ kind: 'identity_document', uploadState: 'local', ownerId: userId });

    // Back online, but every upload PUT fails: the save must wait behind the document.
    h.net.offline = false;
    const uploads = h.net.fail('PUT', /^uploads\//, { kind: 'gateway-error', status: 503 });
    await h.engine.syncNow('online');
    await h.engine.idle();
    await h.engine.drain({ ignoreBackoff: true });
    expect(uploads.hits).toBeGreaterThanOrEqual(6);
    expect(posts('user')).toHaveLength(0);
    expect((await h.db.userDocuments.get(doc!.id))?.blob?.size).toBe(2048);
    expect((await unsent()).map((r) => r.kind)).toEqual(['user-document', 'save-profile']);

    h.net.heal(uploads);
    await h.engine.drain({ ignoreBackoff: true });
    await h.engine.idle();
    expect(await h.db.outbox.count()).toBe(0);
    const paths = h.net.requests.filter((r) => r.response && r.response.status < 300).map((r) => `${r.method} ${r.path.startsWith('uploads/') ? 'uploads' : r.path}`);
    expect(paths.indexOf('PUT uploads')).toBeLessThan(paths.indexOf('POST user'));
    expect((await serverProfile()).national_id).toBe(NATIONAL_ID);
    // Uploaded: the blob is gone, the server's link is kept, the user's flag is the server's.
    const uploaded = await h.db.userDocuments.get(doc!.id);
    expect(uploaded).toMatchObject({ uploadState: 'uploaded', blob: null });
    expect(uploaded?.src).toMatch(/user-documents/);
    expect(await h.db.user.get('me')).toMatchObject({ isIdentityDocumentUploaded: true, nationalId: NATIONAL_ID });
    const file = await h.server.request({ method: 'GET', url: uploaded!.src! });
    expect(new Uint8Array(file.rawPayload)).toEqual(new Uint8Array(await photo.arrayBuffer()));
  });

  it('a profile photo retaken before it was sent replaces the waiting one in its place in the queue', async () => {
    await newTasker();
    // A first save is on its way (held): the account queue waits behind it, so the photo taken
    // meanwhile is never attempted. (Offline, the drain each command kicks would attempt it.)
    let release = () => {};
    const held = h.net.fail('POST', 'user', { kind: 'hold-request', until: new Promise<void>((resolve) => (release = resolve)) }, { times: 1 });
    await h.engine.saveProfile({ firstName: 'Ona' });
    await vi.waitFor(() => expect(held.hits).toBe(1));
    await h.engine.addUserDocument('profile_photo', jpeg(1));
    await h.engine.saveProfile({ phone: PHONE });
    await h.engine.addUserDocument('profile_photo', jpeg(2));
    const docs = await h.db.userDocuments.toArray();
    expect(docs).toHaveLength(1);
    expect((await unsent()).map((r) => [r.kind, (r.payload as { id?: string }).id ?? null])).toEqual([
      ['save-profile', null],
      ['user-document', docs[0]!.id],
      ['save-profile', null],
    ]);
    release();
    await h.engine.idle();
    await h.engine.syncNow('online');
    await h.engine.idle();
    expect(await h.db.outbox.count()).toBe(0);
    expect(await h.db.user.get('me')).toMatchObject({ hasProfilePhoto: true });
    expect(h.net.calls('POST', 'user/profile-photo')).toHaveLength(1);
  });

  it('refuses a profile photo over 64 kB or not a JPEG at once', async () => {
    await newTasker();
    expect(await h.engine.addUserDocument('profile_photo', jpeg(1, 65 * 1024))).toMatchObject({ ok: false, error: { status: 413, code: 'PAYLOAD_TOO_LARGE' } });
    expect(await h.engine.addUserDocument('identity_document', new Blob(['x'], { type: 'image/png' }))).toMatchObject({ ok: false, error: { status: 415 } });
    expect(await h.db.userDocuments.count()).toBe(0);
    expect(await h.db.outbox.count()).toBe(0);
  });

  it('pulls the links of the documents the server holds while a profile screen is open', async () => {
    await newTasker();
    await h.engine.addUserDocument('profile_photo', jpeg(3));
    await h.engine.idle();
    // Another device of the tasker's: the server's newest photo is not this one.
    await h.db.userDocuments.clear();
    await h.engine.watch({ profile: true });
    await h.engine.idle();
    const rows = await h.db.userDocuments.toArray();
    expect(rows).toEqual([expect.objectContaining({ kind: 'profile_photo', uploadState: 'uploaded', ownerId: userId })]);
    expect(rows[0]?.src).toMatch(/user-documents/);
    expect(h.net.calls('GET', 'user/identity-document')).toHaveLength(0); // none uploaded: not asked
  });
});

describe('payment documents, fleet partners and referral codes', () => {
  it('pulls the fleet partners of the tasker’s market while a profile screen is open, keeps them offline, and saves the choice offline', async () => {
    await newTasker('PL');
    await h.engine.watch({ profile: true });
    await h.engine.idle();
    const partners = await h.db.fleetPartners.toArray();
    expect(partners.length).toBeGreaterThan(0);
    expect(new Set(partners.map((p) => p.countryCode))).toEqual(new Set(['PL']));
    const requests = h.net.calls('GET', 'country/fleet-partners').length;
    await h.engine.watch({ profile: false });
    await h.engine.watch({ profile: true });
    await h.engine.idle();
    expect(h.net.calls('GET', 'country/fleet-partners')).toHaveLength(requests); // not due again

    h.net.offline = true;
    await h.engine.syncNow('online', true);
    await h.engine.idle();
    expect(await h.db.fleetPartners.count()).toBe(partners.length);
    expect(await h.engine.savePaymentDocuments({ fleetPartnerId: partners[0]!.id, registered: true })).toEqual({ ok: true, value: undefined });
    expect(await h.db.user.get('me')).toMatchObject({ paymentDocumentsDone: true, fleetPartnerId: partners[0]!.id });
    h.net.offline = false;
    await h.engine.syncNow('online');
    await h.engine.idle();
    expect(await serverProfile()).toMatchObject({ fleet_partner_id: partners[0]!.id, payment_documents_done: true });
    expect(postEffects('user/payment-documents')).toHaveLength(1);
  });

  it('LT: the activity certificate photo and its activity code saved offline reach the server in that order', async () => {
    await newTasker('LT');
    h.net.offline = true;
    await h.engine.addUserDocument('payment_document', jpeg(6));
    expect(await h.engine.savePaymentDocuments({ activityCode: '829900' })).toEqual({ ok: true, value: undefined });
    expect(await h.db.user.get('me')).toMatchObject({ paymentDocumentsDone: true, isPaymentDocumentUploaded: true, activityCode: '829900' });
    h.net.offline = false;
    await h.engine.syncNow('online');
    await h.engine.idle();
    expect(await h.db.outbox.count()).toBe(0);
    expect(await serverProfile()).toMatchObject({ payment_documents_done: true });
    expect(await h.db.user.get('me')).toMatchObject({ paymentDocumentsDone: true, isPaymentDocumentUploaded: true });
    expect(h.net.calls('GET', 'country/fleet-partners')).toHaveLength(0);
  });

  it('keeps a refused referred-by code with the server’s field code, and stores an accepted one', async () => {
    await newTasker();
    const other = await h.world.otherTasker('r1');
    const { code } = await h.world.call<{ code: string }>(other.id, 'GET', 'user/referral-code');

    await h.engine.saveReferredByCode('  NOPE-0000 ');
    await h.engine.idle();
    const [refused] = await h.db.outbox.toArray();
    expect(refused).toMatchObject({ kind: 'referred-by-code', state: 'rejected', payload: { code: 'NOPE-0000' }, error: { status: 400, fields: { code: 'NOT_FOUND' } } });

    expect(await h.engine.saveReferredByCode('')).toEqual({ ok: true, value: undefined });
    expect(await h.db.outbox.count()).toBe(1); // nothing queued for an empty code

    await h.engine.saveReferredByCode(` ${code} `);
    await h.engine.idle();
    expect(await h.db.outbox.count()).toBe(0);
    expect((await h.db.kv.get(REFERRED_BY_CODE_KEY))?.value).toBe(code);
    expect(await h.db.user.get('me')).toMatchObject({ referredByCode: code });
    expect((await serverProfile()).referred_by_code).toBe(code);
  });
});

describe('leaving the account', () => {
  it('logout clears drafts, fleet partners and uploaded documents, keeps a document not uploaded yet for its owner', async () => {
    await newTasker('PL');
    await h.engine.watch({ profile: true });
    await h.engine.addUserDocument('profile_photo', jpeg(4));
    await h.engine.idle();
    await h.db.drafts.put({ key: 'profile', values: { nationalId: NATIONAL_ID }, updatedAt: h.now().toISOString() });
    h.net.offline = true;
    await h.engine.addUserDocument('identity_document', jpeg(5));
    expect(await h.db.fleetPartners.count()).toBeGreaterThan(0);
    expect(await h.db.userDocuments.count()).toBe(2);

    await h.engine.logout();
    expect(await h.db.drafts.count()).toBe(0);
    expect(await h.db.fleetPartners.count()).toBe(0);
    expect((await h.db.userDocuments.toArray()).map((d) => [d.kind, d.uploadState])).toEqual([['identity_document', 'local']]);
    expect((await h.db.outbox.toArray()).map((r) => [r.kind, r.ownerId])).toEqual([['user-document', userId]]);
  });

  it('a user pull of another account clears the previous account’s drafts', async () => {
    await newTasker();
    await h.db.drafts.put({ key: 'profile', values: { iban: 'LT121000011101001000' }, updatedAt: h.now().toISOString() });
    await h.logIn(); // the world's other tasker on this device, without a logout
    await h.engine.syncNow('login', true);
    await h.engine.idle();
    expect(await h.db.user.get('me')).toMatchObject({ id: h.world.tasker.id });
    expect(await h.db.drafts.count()).toBe(0);
  });
});
