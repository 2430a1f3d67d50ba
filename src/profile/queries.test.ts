import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ShelfworkDb, type OutboxRecord } from '#db/schema';
import type { User } from '#domain/types';
import {
  clearDraft,
  leaseObjectUrl,
  OBJECT_URL_GRACE_MS,
  objectUrlFor,
  readFleetPartners,
  readReferredByCode,
  readSaveState,
  readUserDocument,
  saveDraft,
} from './queries';

let db: ShelfworkDb;
beforeEach(() => {
  db = new ShelfworkDb(`profile-queries-${crypto.randomUUID()}`);
});
afterEach(() => {
  db.close();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const me = { key: 'me' as const, id: 'u1', email: 'ona@example.lt', status: 'new', countryCode: 'PL', referredByCode: null } as unknown as User & { key: 'me' };

function record(over: Partial<OutboxRecord> & Pick<OutboxRecord, 'id' | 'kind' | 'createdAt'>): OutboxRecord {
  return { taskId: null, method: 'POST', path: 'user', payload: {}, attempts: 0, state: 'pending', nextAttemptAt: null, error: null, ownerId: 'u1', ...over } as OutboxRecord;
}

describe('readSaveState', () => {
  it('is the latest record of the kind: waiting, or refused with the server’s fields', async () => {
    await db.user.put(me);
    expect(await readSaveState(db, 'save-profile')).toEqual({ waiting: false });
    await db.outbox.add(
      record({
        id: 'a',
        kind: 'save-profile',
        createdAt: '2026-11-21T08:00:00.000Z',
        state: 'rejected',
        error: { status: 400, code: 'VALIDATION_FAILED', message: 'Some fields are not valid', fields: { nationalId: 'ID_DOCUMENT_REQUIRED' } },
      }),
    );
    expect(await readSaveState(db, 'save-profile')).toEqual({
      waiting: false,
      rejected: { recordId: 'a', status: 400, code: 'VALIDATION_FAILED', message: 'Some fields are not valid', fields: { nationalId: 'ID_DOCUMENT_REQUIRED' } },
    });
    // A later save of other fields waits; the refusal still stands.
    await db.outbox.add(record({ id: 'b', kind: 'save-profile', createdAt: '2026-11-21T08:00:01.000Z' }));
    expect(await readSaveState(db, 'save-profile')).toMatchObject({ waiting: true, rejected: { recordId: 'a' } });
    // Two standing refusals: the newest message, the fields of both (the newer code wins).
    await db.outbox.update('b', { state: 'rejected', error: { status: 400, code: 'VALIDATION_FAILED', message: 'Newer', fields: { phone: 'PHONE_INVALID', nationalId: 'NATIONAL_ID_INVALID' } } });
    expect(await readSaveState(db, 'save-profile')).toEqual({
      waiting: false,
      rejected: { recordId: 'b', status: 400, code: 'VALIDATION_FAILED', message: 'Newer', fields: { phone: 'PHONE_INVALID', nationalId: 'NATIONAL_ID_INVALID' } },
    });
    // Another tasker's records on this device, and other kinds, are not this state.
    await db.outbox.bulkDelete(['a', 'b']);
    await db.outbox.add(record({ id: 'c', kind: 'save-profile', createdAt: '2026-11-21T08:00:02.000Z', ownerId: 'u2' }));
    await db.outbox.add(record({ id: 'd', kind: 'referred-by-code', createdAt: '2026-11-21T08:00:03.000Z' }));
    expect(await readSaveState(db, 'save-profile')).toEqual({ waiting: false });
  });

  it('a refusal without fields answers empty fields', async () => {
    await db.user.put(me);
    await db.outbox.add(record({ id: 'a', kind: 'save-profile', createdAt: '2026-11-21T08:00:00.000Z', state: 'rejected', error: { status: 420, code: 'UNKNOWN', message: 'No' } }));
    expect((await readSaveState(db, 'save-profile')).rejected?.fields).toEqual({});
  });
});

describe('readReferredByCode', () => {
  it('a code waiting to be sent wins over the pulled one, which wins over the user row', async () => {
    await db.user.put({ ...me, referredByCode: 'FROM-USER' });
    expect(await readReferredByCode(db)).toBe('FROM-USER');
    await db.kv.put({ key: 'profile:referredByCode', value: null });
    expect(await readReferredByCode(db)).toBeNull();
    await db.outbox.add(record({ id: 'a', kind: 'referred-by-code', path: 'user/referred-by-code', payload: { code: 'WAITING' }, createdAt: '2026-11-21T08:00:00.000Z' }));
    expect(await readReferredByCode(db)).toBe('WAITING');
    await db.outbox.update('a', { state: 'rejected' });
    expect(await readReferredByCode(db)).toBeNull();
  });
});

describe('readFleetPartners', () => {
  it('answers the partners of the tasker’s market in the server’s order', async () => {
    await db.user.put(me);
    await db.fleetPartners.bulkPut([
      { id: 'z', countryCode: 'PL', shortName: 'Alpha', url: 'https://a.pl', position: 1 },
      { id: 'y', countryCode: 'PL', shortName: 'Zeta', url: 'https://z.pl', position: 0 },
      { id: 'x', countryCode: 'CZ', shortName: 'Beta', url: 'https://b.cz', position: 0 },
    ]);
    expect(await readFleetPartners(db)).toEqual([
      { id: 'y', countryCode: 'PL', shortName: 'Zeta', url: 'https://z.pl' },
      { id: 'z', countryCode: 'PL', shortName: 'Alpha', url: 'https://a.pl' },
    ]);
    await db.user.put({ ...me, countryCode: null });
    expect(await readFleetPartners(db)).toEqual([]);
  });
});

describe('readUserDocument', () => {
  it('is the tasker’s newest document of the kind: its JPEG while local (with its upload state), the server’s link once uploaded', async () => {
    await db.user.put(me);
    expect(await readUserDocument(db, 'profile_photo')).toBeNull();
    const blob = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });
    await db.userDocuments.bulkAdd([
      { id: 'old', kind: 'profile_photo', blob: null, uploadState: 'uploaded', src: '/api/user-documents/old/file', createdAt: '2026-11-20T08:00:00.000Z', ownerId: 'u1' },
      { id: 'new', kind: 'profile_photo', blob, uploadState: 'local', src: null, createdAt: '2026-11-21T08:00:00.000Z', ownerId: 'u1' },
      { id: 'theirs', kind: 'profile_photo', blob, uploadState: 'local', src: null, createdAt: '2026-11-22T08:00:00.000Z', ownerId: 'u2' },
      { id: 'id', kind: 'identity_document', blob, uploadState: 'local', src: null, createdAt: '2026-11-22T08:00:00.000Z', ownerId: 'u1' },
    ]);
    await db.outbox.add(record({ id: 'r', kind: 'user-document', path: 'user/profile-photo', payload: { id: 'new' }, createdAt: '2026-11-21T08:00:00.000Z', state: 'rejected', error: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Too large' } }));
    const local = await readUserDocument(db, 'profile_photo');
    expect(local).toMatchObject({ id: 'new', uploadState: 'local', src: null, state: { waiting: false, rejected: { code: 'PAYLOAD_TOO_LARGE', recordId: 'r' } } });
    expect(local?.blob?.size).toBe(3);

    await db.userDocuments.update('new', { uploadState: 'uploaded', blob: null, src: '/api/user-documents/new/file?exp=1795251600&sig=abc' });
    const at = new Date('2026-11-21T08:00:00.000Z'); // exp 1795251600 = 2026-11-21T09:00:00Z
    expect(await readUserDocument(db, 'profile_photo', at)).toMatchObject({ id: 'new', uploadState: 'uploaded', blob: null, src: '/api/user-documents/new/file?exp=1795251600&sig=abc', state: { waiting: false } });
    // A signed link past its time is not shown (it would be a broken image).
    expect(await readUserDocument(db, 'profile_photo', new Date('2026-11-21T09:00:00.000Z'))).toMatchObject({ id: 'new', uploadState: 'uploaded', src: null });
  });
});

describe('object URLs of documents on the device', () => {
  it('makes one URL per document, keeps it while leased and revokes it after the last lease (or when never leased)', () => {
    vi.useFakeTimers();
    const revoke = vi.spyOn(URL, 'revokeObjectURL');
    const blob = new Blob([new Uint8Array([1, 2, 3])], { type: 'image/jpeg' });
    const url = objectUrlFor('d1', blob);
    expect(url).toMatch(/^blob:/);
    expect(objectUrlFor('d1', blob)).toBe(url);
    const release = leaseObjectUrl('d1');
    const second = leaseObjectUrl('d1');
    vi.advanceTimersByTime(OBJECT_URL_GRACE_MS * 5);
    expect(revoke).not.toHaveBeenCalled();
    release();
    vi.advanceTimersByTime(OBJECT_URL_GRACE_MS * 5);
    expect(revoke).not.toHaveBeenCalled();
    second();
    // A remount right away (StrictMode, a route change back) takes it again in time.
    const again = leaseObjectUrl('d1');
    vi.advanceTimersByTime(OBJECT_URL_GRACE_MS * 5);
    expect(revoke).not.toHaveBeenCalled();
    again();
    vi.advanceTimersByTime(OBJECT_URL_GRACE_MS);
    expect(revoke).toHaveBeenCalledWith(url);
    // Gone: a new ask makes a new URL; one nobody leases is revoked too.
    const next = objectUrlFor('d1', blob);
    expect(next).not.toBe(url);
    vi.advanceTimersByTime(OBJECT_URL_GRACE_MS);
    expect(revoke).toHaveBeenCalledWith(next);
  });
});

describe('drafts', () => {
  it('are kept in IndexedDB (another connection, as after a closed app, reads them) until clearDraft', async () => {
    await saveDraft('profile', { firstName: 'Ona', nationalId: '33309240064' }, 'personal');
    await saveDraft('payment', { fleetPartnerId: 'f1' });
    const reopened = new ShelfworkDb();
    expect(await reopened.drafts.get('profile')).toMatchObject({ key: 'profile', values: { firstName: 'Ona', nationalId: '33309240064' }, step: 'personal' });
    expect(await reopened.drafts.get('payment')).not.toHaveProperty('step');
    await clearDraft('profile');
    expect(await reopened.drafts.get('profile')).toBeUndefined();
    expect(await reopened.drafts.get('payment')).toBeDefined();
    reopened.close();
  });
});
