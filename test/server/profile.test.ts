/**
 * The tasker's profile over HTTP (spec sections 3–5, 7): every validation rule of
 * POST /api/user (400 VALIDATION_FAILED with per-field codes, never a 500, whatever the JSON),
 * the locks after approval, the identity document before the national ID, the submission to
 * awaiting_approval and the resubmission after a rejection (with their history), the payment
 * documents per market, the referral codes, and the market's businesses, supervisor and fleet
 * partners. Identifiers are the published examples of each (see src/domain/profile.test.ts).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { startTestServer, type TestServer } from './helpers';
import { jpegBytes, putJpeg } from './execution-fixtures';
import type { ApiErrorBody, CountryCode, FleetPartner, User, UserDocumentUploadTarget } from '#domain/types';
import { isProfileComplete } from '#domain/profile';
import { profileOf } from '../../server/users/queries';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

interface Account {
  id: string;
  token: string;
  email: string;
}

/** A tasker who has just registered (status new) in a market, optionally with documents already uploaded. */
async function newAccount(country: CountryCode = 'LT', opts: { status?: string; documents?: ('identity_document' | 'payment_document')[] } = {}): Promise<Account> {
  const id = randomUUID();
  const email = `profile-${id}@test.shelfwork.app`;
  const now = server.clock.now();
  await server.db
    .insertInto('users')
    .values({
      id,
      email,
      password_hash: null,
      first_name: null,
      middle_name: null,
      last_name: null,
      phone: null,
      country_code: country,
      status: opts.status ?? 'new',
      payment_documents_done: false,
      profile_complete: false,
      rejection_reasons: '[]',
      rejection_comment: null,
      referral_code: null,
      reservation_limit_minutes: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  for (const kind of opts.documents ?? []) await addDocument(id, kind);
  return { id, email, token: await server.tokenFor(id) };
}

/** An uploaded document row (the upload pipeline itself is test/server/documents.test.ts's). */
async function addDocument(userId: string, kind: 'identity_document' | 'payment_document'): Promise<void> {
  const now = server.clock.now();
  await server.db
    .insertInto('user_documents')
    .values({ id: randomUUID(), user_id: userId, kind, storage_key: `test/${randomUUID()}`, sha256: 'x', size_bytes: 10, uploaded_at: now, created_at: now })
    .execute();
}

function post(account: Account, url: string, payload: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return server.request({ method: 'POST', url, token: account.token, headers: { 'idempotency-key': randomUUID(), ...headers }, payload: payload as object });
}

const saveProfile = (account: Account, payload: unknown) => post(account, '/api/user', payload);

function fieldsOf(res: LightMyRequestResponse): Record<string, string> | undefined {
  expect(res.statusCode, res.body).toBe(400);
  const error = res.json<ApiErrorBody>().error;
  expect(error.code).toBe('VALIDATION_FAILED');
  return error.fields;
}

async function getUser(account: Account): Promise<User> {
  const res = await server.request({ method: 'GET', url: '/api/user', token: account.token });
  expect(res.statusCode).toBe(200);
  return res.json<User>();
}

async function events(userId: string): Promise<{ kind: string; actor: string }[]> {
  return server.db.selectFrom('user_events').select(['kind', 'actor']).where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
}

/** A complete LT self-employed profile. */
const LT_PROFILE = {
  firstName: 'Ona',
  lastName: 'Petraitė',
  phone: '+370 612 34567',
  address: 'Gedimino pr. 1, Vilnius',
  nationalId: '33309240064',
  iban: 'LT12 1000 0111 0100 1000',
};

describe('POST /api/user: the rules of each field (spec section 5)', () => {
  let account: Account;
  beforeAll(async () => {
    account = await newAccount('LT', { documents: ['identity_document'] });
  });

  it('saves a valid profile, trimmed and in its stored forms, and answers the User', async () => {
    const res = await saveProfile(account, {
      ...LT_PROFILE,
      firstName: '  Ona ',
      middleName: '   ',
      iban: ' lt12 1000 0111 0100 1000 ',
      nationalId: '333-092 40064',
    });
    expect(res.statusCode, res.body).toBe(200);
    const user = res.json<User>();
    expect(user).toMatchObject({
      firstName: 'Ona',
      middleName: null,
      fullName: 'Ona Petraitė',
      iban: 'LT121000011101001000',
      nationalId: '33309240064',
      phone: '+370 612 34567',
      businessType: 'self_employed',
      isIdentityDocumentUploaded: true,
      profileComplete: true,
      // No payment documents yet: not submitted.
      status: 'new',
    });
    expect(await getUser(account)).toEqual(user);
  });

  it.each([
    ['phone without +', { phone: '370 612 34567' }, { phone: 'PHONE_INVALID' }],
    ['phone with a double space', { phone: '+370  612 34567' }, { phone: 'PHONE_INVALID' }],
    ['phone of no real area', { phone: '+370 999 99999' }, { phone: 'PHONE_INVALID' }],
    ['phone of no country', { phone: '+999 1234567' }, { phone: 'PHONE_INVALID' }],
    ['phone too long', { phone: '+3706123456789012' }, { phone: 'PHONE_INVALID' }],
    ['IBAN checksum', { iban: 'LT12 1000 0111 0100 1001' }, { iban: 'IBAN_INVALID' }],
    ['IBAN of Wikipedia’s bad example', { iban: 'GB82 TEST 1234 5698 7654 32' }, { iban: 'IBAN_INVALID' }],
    ['national ID length', { nationalId: '3330924006' }, { nationalId: 'NATIONAL_ID_LENGTH' }],
    ['national ID checksum', { nationalId: '33309240164' }, { nationalId: 'NATIONAL_ID_INVALID' }],
    ['national ID birth date', { nationalId: '33313240064' }, { nationalId: 'NATIONAL_ID_INVALID' }],
    ['national ID of another market', { nationalId: '1630615123457' }, { nationalId: 'NATIONAL_ID_LENGTH' }],
    ['cleared first name', { firstName: '  ' }, { firstName: 'REQUIRED' }],
    ['cleared last name', { lastName: null }, { lastName: 'REQUIRED' }],
    ['cleared address', { address: '' }, { address: 'REQUIRED' }],
    ['cleared phone', { phone: '' }, { phone: 'REQUIRED' }],
    ['cleared national ID', { nationalId: '' }, { nationalId: 'REQUIRED' }],
    ['cleared IBAN in LT', { iban: '' }, { iban: 'REQUIRED' }],
    ['a first name too long', { firstName: 'x'.repeat(101) }, { firstName: 'TOO_LONG' }],
    ['an address too long', { address: 'x'.repeat(301) }, { address: 'TOO_LONG' }],
    ['a first name with an emoji', { firstName: 'Ona 😀' }, { firstName: 'NAME_INVALID' }],
    ['a last name with a digit', { lastName: 'Petr4itė' }, { lastName: 'NAME_INVALID' }],
    ['a middle name of a symbol', { middleName: '★' }, { middleName: 'NAME_INVALID' }],
    ['a company name with an emoji', { legalEntityName: 'UAB 🚀' }, { legalEntityName: 'NAME_INVALID' }],
    ['a company without its legal entity', { businessType: 'company' }, { individualActivityNo: 'REQUIRED', legalEntityName: 'REQUIRED', legalEntityNumber: 'REQUIRED' }],
    ['a company without its postal code', { businessType: 'company', legalEntityName: 'UAB Pavyzdys', legalEntityNumber: '300000000', individualActivityNo: '123456', postalCode: '' }, { postalCode: 'REQUIRED' }],
    ['an unknown business type', { businessType: 'corporation' }, { businessType: 'INVALID' }],
    ['a company’s legal entity name without its postal code', { businessType: 'company', legalEntityName: 'UAB Pavyzdys', legalEntityNumber: '300000000', individualActivityNo: '123456' }, { postalCode: 'REQUIRED' }],
    ['a postal code of 4 digits', { postalCode: '0110' }, { postalCode: 'POSTAL_CODE_INVALID' }],
    ['a postal code with letters', { postalCode: '01a03' }, { postalCode: 'POSTAL_CODE_INVALID' }],
    ['an activity number too short for LT', { individualActivityNo: '12345' }, { individualActivityNo: 'CODE_INVALID' }],
    ['an unknown business', { businessId: 'no-such-business' }, { businessId: 'NOT_FOUND' }],
    ['another market’s business', { businessId: 'pl-shelfwork' }, { businessId: 'NOT_FOUND' }],
    ['an unknown country', { countryCode: 'DE' }, { countryCode: 'COUNTRY_INVALID' }],
    ['a market that takes no registrations', { countryCode: 'CZ' }, { countryCode: 'COUNTRY_INVALID' }],
  ])('refuses %s', async (_why, payload, fields) => {
    const before = await getUser(account);
    expect(fieldsOf(await saveProfile(account, payload))).toEqual(fields);
    // Nothing of a refused save is kept.
    expect(await getUser(account)).toEqual(before);
  });

  it('words the message in the tasker’s language (Accept-Language); the fields stay codes', async () => {
    const lt = await server.request({ method: 'POST', url: '/api/user', token: account.token, headers: { 'accept-language': 'lt' }, payload: { nationalId: '3330924006' } });
    expect(lt.json<ApiErrorBody>().error).toEqual({ code: 'VALIDATION_FAILED', message: 'Asmens kodą turi sudaryti 11 skaitmenų', fields: { nationalId: 'NATIONAL_ID_LENGTH' } });
    const en = await server.request({ method: 'POST', url: '/api/user', token: account.token, payload: { phone: '+370' } });
    expect(en.json<ApiErrorBody>().error.message).toBe('Phone number is not valid');
    const pl = await server.request({ method: 'POST', url: '/api/user/referred-by-code', token: account.token, headers: { 'accept-language': 'pl-PL,pl;q=0.9' }, payload: { code: 'NOSUCH99' } });
    expect(pl.json<ApiErrorBody>().error.message).toBe('Taki kod polecający nie istnieje');
  });

  it('reports every bad field at once', async () => {
    expect(fieldsOf(await saveProfile(account, { phone: '123', iban: 'LT00', nationalId: '1' }))).toEqual({
      phone: 'PHONE_INVALID',
      iban: 'IBAN_INVALID',
      nationalId: 'NATIONAL_ID_LENGTH',
    });
  });

  it('keeps the middle name and the VAT code optional', async () => {
    const res = await saveProfile(account, { middleName: 'Marija', vatCode: '' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<User>()).toMatchObject({ middleName: 'Marija', fullName: 'Ona Marija Petraitė', vatCode: null });
    expect((await saveProfile(account, { middleName: '' })).json<User>().middleName).toBeNull();
  });

  it('saves a company with its legal entity, the postal code stored with LT-', async () => {
    const res = await saveProfile(account, {
      businessType: 'company',
      individualActivityNo: '123 456',
      legalEntityName: ' UAB Pavyzdys ',
      legalEntityNumber: '300000000',
      vatCode: 'LT100001738313',
      postalCode: ' 01103 ',
      businessId: 'lt-shelfwork',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<User>()).toMatchObject({
      businessType: 'company',
      individualActivityNo: '123456',
      legalEntityName: 'UAB Pavyzdys',
      postalCode: 'LT-01103',
      businessId: 'lt-shelfwork',
      profileComplete: true,
    });
    // Back to self-employed (the default): the activity number is then optional.
    const back = await saveProfile(account, { businessType: 'self_employed', individualActivityNo: null });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json<User>()).toMatchObject({ businessType: 'self_employed', individualActivityNo: null });
    expect((await saveProfile(account, { businessType: '' })).json<User>().businessType).toBe('self_employed');
  });

  it('answers 400 for values of the wrong JSON type, never 500', async () => {
    for (const bad of [42, true, { a: 1 }, ['x']]) {
      const res = await saveProfile(account, { firstName: bad, phone: bad, businessType: bad });
      expect(fieldsOf(res)).toEqual({ firstName: 'INVALID', phone: 'INVALID', businessType: 'INVALID' });
    }
    // A number too large for a double (Infinity once parsed).
    const huge = await server.request({ method: 'POST', url: '/api/user', token: account.token, headers: { 'content-type': 'application/json' }, payload: '{"nationalId":1e309}' });
    expect(fieldsOf(huge)).toEqual({ nationalId: 'INVALID' });
    for (const body of ['[]', '"text"', '42', 'null']) {
      const res = await server.request({ method: 'POST', url: '/api/user', token: account.token, headers: { 'content-type': 'application/json' }, payload: body });
      expect(res.statusCode, body).toBe(400);
    }
    const broken = await server.request({ method: 'POST', url: '/api/user', token: account.token, headers: { 'content-type': 'application/json' }, payload: '{"firstName":' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json<ApiErrorBody>().error.code).toBe('INVALID_JSON');
    expect(fieldsOf(await saveProfile(account, { countryCode: 7 }))).toEqual({ countryCode: 'REQUIRED' });
  });

  it('ignores keys that are not profile fields (the status, the email)', async () => {
    const res = await saveProfile(account, { status: 'active', email: 'x@example.com', phone: '+370 612 34567' });
    expect(res.statusCode).toBe(200);
    expect(res.json<User>()).toMatchObject({ status: 'new', email: account.email });
  });

  it('needs a login', async () => {
    const res = await server.request({ method: 'POST', url: '/api/user', payload: { firstName: 'Ona' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('markets', () => {
  it('PL: PESEL, no IBAN asked; its own activity number length', async () => {
    const account = await newAccount('PL', { documents: ['identity_document'] });
    expect(fieldsOf(await saveProfile(account, { nationalId: '44051401358' }))).toEqual({ nationalId: 'NATIONAL_ID_INVALID' });
    expect(fieldsOf(await saveProfile(account, { nationalId: '02381307589' }))).toEqual({ nationalId: 'NATIONAL_ID_INVALID' });
    expect(fieldsOf(await saveProfile(account, { individualActivityNo: '123456' }))).toEqual({ individualActivityNo: 'CODE_INVALID' });
    const res = await saveProfile(account, { ...LT_PROFILE, nationalId: '44051401359', iban: null, phone: '+48 512 345 678', individualActivityNo: '526-104-08-28' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<User>()).toMatchObject({ nationalId: '44051401359', iban: null, individualActivityNo: '5261040828', profileComplete: true });
  });

  it('CZ: rodné číslo of 9 or 10 digits, with its slash', async () => {
    const account = await newAccount('CZ', { documents: ['identity_document'] });
    expect(fieldsOf(await saveProfile(account, { nationalId: '7103192746' }))).toEqual({ nationalId: 'NATIONAL_ID_INVALID' });
    expect(fieldsOf(await saveProfile(account, { nationalId: '1103492745' }))).toEqual({ nationalId: 'NATIONAL_ID_INVALID' });
    expect(fieldsOf(await saveProfile(account, { nationalId: '71031927' }))).toEqual({ nationalId: 'NATIONAL_ID_LENGTH' });
    expect((await saveProfile(account, { nationalId: '710319/2745' })).json<User>().nationalId).toBe('7103192745');
    expect((await saveProfile(account, { nationalId: '991231123' })).json<User>().nationalId).toBe('991231123');
    expect(fieldsOf(await saveProfile(account, { iban: '' }))).toEqual({ iban: 'REQUIRED' });
    expect((await saveProfile(account, { iban: 'CZ65 0800 0000 1920 0014 5399' })).statusCode).toBe(200);
  });

  it('RO: CNP of 13 digits', async () => {
    const account = await newAccount('RO', { documents: ['identity_document'] });
    expect(fieldsOf(await saveProfile(account, { nationalId: '1630615123458' }))).toEqual({ nationalId: 'NATIONAL_ID_INVALID' });
    expect(fieldsOf(await saveProfile(account, { nationalId: '163061512345' }))).toEqual({ nationalId: 'NATIONAL_ID_LENGTH' });
    expect((await saveProfile(account, { nationalId: '1630615123457', iban: 'RO49 AAAA 1B31 0075 9384 0000' })).statusCode).toBe(200);
  });

  it('a new market judges the national ID by its rules, and asks the payment documents again', async () => {
    const account = await newAccount('LT', { documents: ['identity_document', 'payment_document'] });
    expect((await saveProfile(account, LT_PROFILE)).statusCode).toBe(200);
    expect((await post(account, '/api/user/payment-documents', { activityCode: '829900' })).statusCode).toBe(200);
    // Submitted (LT): then the country moves to PL while awaiting approval; the LT national ID is not a PESEL.
    expect(fieldsOf(await saveProfile(account, { countryCode: 'PL', nationalId: '33309240064' }))).toEqual({ nationalId: 'NATIONAL_ID_INVALID' });
    const moved = await saveProfile(account, { countryCode: 'pl', nationalId: '44051401359' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<User>()).toMatchObject({ countryCode: 'PL', nationalId: '44051401359', paymentDocumentsDone: false, activityCode: null });
  });
});

describe('the identity document comes before the national ID', () => {
  it('refuses a national ID until the document is uploaded, then accepts it', async () => {
    const account = await newAccount('LT');
    expect(fieldsOf(await saveProfile(account, { nationalId: '33309240064' }))).toEqual({ nationalId: 'ID_DOCUMENT_REQUIRED' });
    // A bad number is said as such, document or not.
    expect(fieldsOf(await saveProfile(account, { nationalId: '33309240164' }))).toEqual({ nationalId: 'NATIONAL_ID_INVALID' });
    // Upload through the real pipeline (POST user/identity-document, PUT the JPEG).
    const target = await post(account, '/api/user/identity-document', { id: randomUUID() });
    expect(target.statusCode, target.body).toBe(200);
    const put = await putJpeg(server, target.json<UserDocumentUploadTarget>().presignedUrl, jpegBytes());
    expect(put.statusCode, put.body).toBeLessThan(300);
    const res = await saveProfile(account, { nationalId: '33309240064' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<User>()).toMatchObject({ nationalId: '33309240064', isIdentityDocumentUploaded: true });
  });
});

describe('submission, approval and resubmission', () => {
  it('goes to awaiting approval once the profile is complete and the payment documents are done (LT), with a history', async () => {
    const account = await newAccount('LT', { documents: ['identity_document'] });
    // Half a profile: saved, not complete.
    let user = (await saveProfile(account, { firstName: 'Ona', lastName: 'Petraitė', phone: '+370 612 34567' })).json<User>();
    expect(user).toMatchObject({ status: 'new', profileComplete: false });
    // The payment documents need the certificate uploaded and the activity code.
    expect(fieldsOf(await post(account, '/api/user/payment-documents', { activityCode: '829900' }))).toEqual({ paymentDocument: 'REQUIRED' });
    await addDocument(account.id, 'payment_document');
    expect(fieldsOf(await post(account, '/api/user/payment-documents', { activityCode: '829901' }))).toEqual({ activityCode: 'CODE_INVALID' });
    expect(fieldsOf(await post(account, '/api/user/payment-documents', {}))).toEqual({ activityCode: 'REQUIRED' });
    user = (await post(account, '/api/user/payment-documents', { activityCode: ' 829900 ' })).json<User>();
    expect(user).toMatchObject({ status: 'new', paymentDocumentsDone: true, activityCode: '829900', isPaymentDocumentUploaded: true, profileComplete: false });
    expect(await events(account.id)).toEqual([]);
    // The rest of the profile: complete, so submitted.
    const res = await saveProfile(account, { address: 'Gedimino pr. 1', nationalId: '33309240064', iban: 'LT121000011101001000' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<User>()).toMatchObject({ status: 'awaiting_approval', isAwaitingApproval: true, profileComplete: true });
    expect(await events(account.id)).toEqual([{ kind: 'submitted', actor: 'tasker' }]);
    const row = await server.db.selectFrom('users').select('submitted_at').where('id', '=', account.id).executeTakeFirstOrThrow();
    expect(row.submitted_at).not.toBeNull();
    // Saving again while awaiting approval changes nothing of the status and records nothing.
    expect((await saveProfile(account, { address: 'Gedimino pr. 2' })).json<User>().status).toBe('awaiting_approval');
    expect(await events(account.id)).toHaveLength(1);
  });

  it('submits in the order payment documents last too (PL, a fleet partner of the market)', async () => {
    const account = await newAccount('PL', { documents: ['identity_document'] });
    await saveProfile(account, { ...LT_PROFILE, iban: null, nationalId: '44051401359' });
    expect(fieldsOf(await post(account, '/api/user/payment-documents', { fleetPartnerId: 'cz-vltava-fleet', registered: true }))).toEqual({ fleetPartnerId: 'NOT_FOUND' });
    expect(fieldsOf(await post(account, '/api/user/payment-documents', { fleetPartnerId: 'pl-flota-wisla' }))).toEqual({ registered: 'REQUIRED' });
    expect(fieldsOf(await post(account, '/api/user/payment-documents', { fleetPartnerId: 'pl-flota-wisla', registered: 'yes' }))).toEqual({ registered: 'INVALID' });
    expect(fieldsOf(await post(account, '/api/user/payment-documents', { registered: true }))).toEqual({ fleetPartnerId: 'REQUIRED' });
    expect(fieldsOf(await post(account, '/api/user/payment-documents', { fleetPartnerId: 42, registered: true }))).toEqual({ fleetPartnerId: 'INVALID' });
    const res = await post(account, '/api/user/payment-documents', { fleetPartnerId: 'pl-flota-wisla', registered: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<User>()).toMatchObject({ status: 'awaiting_approval', paymentDocumentsDone: true, fleetPartnerId: 'pl-flota-wisla' });
    expect(await events(account.id)).toEqual([{ kind: 'submitted', actor: 'tasker' }]);
  });

  it('resubmits after a rejection, clearing the reasons; after approval the name, IBAN and national ID are locked', async () => {
    const account = await newAccount('LT', { documents: ['identity_document', 'payment_document'] });
    await saveProfile(account, LT_PROFILE);
    await post(account, '/api/user/payment-documents', { activityCode: '829900' });
    const STAFF = { authorization: 'Bearer test-staff-token' };
    const rejected = await server.request({ method: 'POST', url: `/api/staff/users/${account.id}/reject`, headers: STAFF, payload: { reasons: ['iban'], comment: 'Not your account' } });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await getUser(account)).toMatchObject({ status: 'rejected', rejectionReasons: ['iban'] });
    // The fix saved alone (a step of the wizard) keeps the rejection: other reasons may sit on later steps.
    const step = await saveProfile(account, { iban: 'LT71 7300 0101 2345 6789' });
    expect(step.statusCode, step.body).toBe(200);
    expect(step.json<User>()).toMatchObject({ status: 'rejected', rejectionReasons: ['iban'] });
    expect(fieldsOf(await saveProfile(account, { submit: 'yes' }))).toEqual({ submit: 'INVALID' });
    // The wizard's last step sends it: back to awaiting approval, the reasons gone.
    const fixed = await saveProfile(account, { iban: 'LT71 7300 0101 2345 6789', submit: true });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json<User>()).toMatchObject({ status: 'awaiting_approval', rejectionReasons: [], rejectionComment: null, iban: 'LT717300010123456789' });
    expect((await events(account.id)).map((e) => e.kind)).toEqual(['submitted', 'rejected', 'resubmitted']);

    const approved = await server.request({ method: 'POST', url: `/api/staff/users/${account.id}/approve`, headers: STAFF });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(fieldsOf(await saveProfile(account, { firstName: 'Onutė' }))).toEqual({ firstName: 'LOCKED' });
    expect(fieldsOf(await saveProfile(account, { lastName: 'Kitaitė', middleName: 'Marija' }))).toEqual({ lastName: 'LOCKED', middleName: 'LOCKED' });
    expect(fieldsOf(await saveProfile(account, { iban: 'LT12 1000 0111 0100 1000' }))).toEqual({ iban: 'LOCKED' });
    expect(fieldsOf(await saveProfile(account, { nationalId: '' }))).toEqual({ nationalId: 'LOCKED' });
    expect(fieldsOf(await saveProfile(account, { countryCode: 'PL' }))).toEqual({ countryCode: 'LOCKED' });
    // The saved values sent again (the edit form sends them all), and the other fields: fine, although the ID photo is deleted after approval.
    const edit = await saveProfile(account, { ...LT_PROFILE, iban: 'lt71 7300 0101 2345 6789', countryCode: 'LT', phone: '+370 698 76543', address: 'Pilies g. 1' });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json<User>()).toMatchObject({ status: 'active', phone: '+370 698 76543', address: 'Pilies g. 1', firstName: 'Ona' });
    expect((await events(account.id)).map((e) => e.kind)).toEqual(['submitted', 'rejected', 'resubmitted', 'approved']);

    // Rejected again after approval (the IBAN): it can be fixed, and the fix goes back to review.
    const again = await server.request({ method: 'POST', url: `/api/staff/users/${account.id}/reject`, headers: STAFF, payload: { reasons: ['iban'] } });
    expect(again.statusCode, again.body).toBe(200);
    const refixed = await saveProfile(account, { iban: 'LT89 7044 0600 0123 4567', submit: true });
    expect(refixed.statusCode, refixed.body).toBe(200);
    expect(refixed.json<User>()).toMatchObject({ status: 'awaiting_approval', iban: 'LT897044060001234567' });
  });

  it('submits once when the last profile saves and the payment documents arrive together', async () => {
    const accounts = await Promise.all(Array.from({ length: 6 }, () => newAccount('LT', { documents: ['identity_document', 'payment_document'] })));
    for (const account of accounts) await saveProfile(account, { ...LT_PROFILE, iban: undefined });
    const answers = await Promise.all(
      accounts.flatMap((account) => [
        post(account, '/api/user/payment-documents', { activityCode: '829900' }),
        saveProfile(account, { iban: LT_PROFILE.iban }),
        saveProfile(account, { iban: LT_PROFILE.iban, address: 'Gedimino pr. 3' }),
        saveProfile(account, { iban: LT_PROFILE.iban, phone: '+370 612 34568' }),
      ]),
    );
    expect(answers.map((a) => a.statusCode).every((s) => s === 200)).toBe(true);
    for (const account of accounts) {
      expect((await getUser(account)).status).toBe('awaiting_approval');
      expect(await events(account.id)).toEqual([{ kind: 'submitted', actor: 'tasker' }]);
    }
  });

  it('replays a save with the same Idempotency-Key without a second effect', async () => {
    const account = await newAccount('LT', { documents: ['identity_document', 'payment_document'] });
    await post(account, '/api/user/payment-documents', { activityCode: '829900' });
    const key = randomUUID();
    const first = await post(account, '/api/user', LT_PROFILE, { 'idempotency-key': key });
    const second = await post(account, '/api/user', LT_PROFILE, { 'idempotency-key': key });
    expect(first.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect(await events(account.id)).toHaveLength(1);
    // A refusal is replayed as well.
    const badKey = randomUUID();
    const refused = await post(account, '/api/user', { phone: 'x' }, { 'idempotency-key': badKey });
    expect((await post(account, '/api/user', { phone: 'x' }, { 'idempotency-key': badKey })).json()).toEqual(refused.json());
  });
});

describe('referral codes', () => {
  it('makes the tasker’s own code on the first ask, and keeps it', async () => {
    const account = await newAccount('LT');
    const first = await server.request({ method: 'GET', url: '/api/user/referral-code', token: account.token });
    expect(first.statusCode).toBe(200);
    const { code } = first.json<{ code: string }>();
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    const again = await server.request({ method: 'GET', url: '/api/user/referral-code', token: account.token });
    expect(again.json()).toEqual({ code });
    expect((await getUser(account)).referralCode).toBe(code);
  });

  it('records who referred the tasker: trimmed, empty ignored, unknown and own codes refused', async () => {
    const referrer = await newAccount('LT');
    const { code } = (await server.request({ method: 'GET', url: '/api/user/referral-code', token: referrer.token })).json<{ code: string }>();
    const account = await newAccount('LT');
    const own = (await server.request({ method: 'GET', url: '/api/user/referral-code', token: account.token })).json<{ code: string }>().code;
    const get = async () => (await server.request({ method: 'GET', url: '/api/user/referred-by-code', token: account.token })).json();
    expect(await get()).toEqual({ code: null });
    expect((await post(account, '/api/user/referred-by-code', { code: '   ' })).json()).toEqual({ code: null });
    expect(fieldsOf(await post(account, '/api/user/referred-by-code', { code: 'NOSUCH99' }))).toEqual({ code: 'NOT_FOUND' });
    expect(fieldsOf(await post(account, '/api/user/referred-by-code', { code: own }))).toEqual({ code: 'NOT_ALLOWED' });
    expect(fieldsOf(await post(account, '/api/user/referred-by-code', { code: 42 }))).toEqual({ code: 'INVALID' });
    expect(fieldsOf(await post(account, '/api/user/referred-by-code', { code: 'x'.repeat(500) }))).toEqual({ code: 'NOT_FOUND' });
    const saved = await post(account, '/api/user/referred-by-code', { code: `  ${code.toLowerCase()} ` });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ code });
    expect(await get()).toEqual({ code });
    // Empty again: ignored, the code stays.
    expect((await post(account, '/api/user/referred-by-code', { code: '' })).json()).toEqual({ code });
    expect((await getUser(account)).referredByCode).toBe(code);
  });

  it('accepts a seeded demo code, and locks the code after approval', async () => {
    // The demo's codes are random (made at seeding): lt@'s is read from the database.
    const { referral_code: demo } = await server.db.selectFrom('users').select('referral_code').where('email', '=', 'lt@demo.shelfwork.app').executeTakeFirstOrThrow();
    expect(demo).toMatch(/^[A-Z2-9]{8}$/);
    const account = await newAccount('LT', { status: 'active' });
    expect(fieldsOf(await post(account, '/api/user/referred-by-code', { code: demo }))).toEqual({ code: 'LOCKED' });
    const fresh = await newAccount('LT');
    expect((await post(fresh, '/api/user/referred-by-code', { code: demo?.toLowerCase() })).json()).toEqual({ code: demo });
  });
});

describe('the market: businesses, supervisor, fleet partners', () => {
  it('answers the tasker’s market’s business and supervisor', async () => {
    const account = await newAccount('CZ');
    const business = await server.request({ method: 'GET', url: '/api/country/business', token: account.token });
    expect(business.statusCode).toBe(200);
    expect(business.json()).toEqual({ data: [{ id: 'cz-shelfwork', countryCode: 'CZ', name: 'Shelfwork Česko s.r.o.', registrationNumber: '09000001', address: 'Na Příkopě 15, 110 00 Praha 1' }] });
    const supervisor = await server.request({ method: 'GET', url: '/api/country/supervisor', token: account.token });
    expect(supervisor.statusCode).toBe(200);
    expect(supervisor.json()).toEqual({ name: 'Lucie Horáková', phone: '+420 601 000 001', email: 'lucie.h@shelfwork.example' });
    for (const url of ['/api/country/business', '/api/country/supervisor', '/api/country/fleet-partners']) {
      expect((await server.request({ method: 'GET', url })).statusCode, url).toBe(401);
    }
  });

  it('lists the fleet partners of the tasker’s market, or of another asked by ?country', async () => {
    const account = await newAccount('PL');
    const own = (await server.request({ method: 'GET', url: '/api/country/fleet-partners', token: account.token })).json<{ data: FleetPartner[] }>().data;
    expect(own.map((p) => p.id)).toEqual(['pl-flota-wisla', 'pl-partner-mazowsze', 'pl-szybka-flota']);
    for (const p of own) {
      expect(p.countryCode).toBe('PL');
      expect(p.url).toMatch(/^https:\/\//);
    }
    const ro = (await server.request({ method: 'GET', url: '/api/country/fleet-partners?country=ro', token: account.token })).json<{ data: FleetPartner[] }>().data;
    expect(ro.length).toBeGreaterThanOrEqual(2);
    expect(ro.every((p) => p.countryCode === 'RO')).toBe(true);
    const lt = (await server.request({ method: 'GET', url: '/api/country/fleet-partners?country=LT', token: account.token })).json<{ data: FleetPartner[] }>().data;
    expect(lt).toEqual([]);
    const bad = await server.request({ method: 'GET', url: '/api/country/fleet-partners?country=XX', token: account.token });
    expect(fieldsOf(bad)).toEqual({ country: 'COUNTRY_INVALID' });
    const twice = await server.request({ method: 'GET', url: '/api/country/fleet-partners?country=PL&country=RO', token: account.token });
    expect(fieldsOf(twice)).toEqual({ country: 'INVALID' });
  });
});

describe('the seeded demo', () => {
  it('has a valid, complete profile for every reviewed account, with its documents', async () => {
    const rows = await server.db.selectFrom('users').selectAll().where('email', 'like', '%@demo.shelfwork.app').where('email', 'not like', 'crowd-%').execute();
    const reviewed = rows.filter((r) => r.status !== 'new');
    expect(reviewed.length).toBeGreaterThanOrEqual(7);
    for (const row of reviewed) {
      const token = await server.tokenFor(row.id);
      const user = (await server.request({ method: 'GET', url: '/api/user', token })).json<User>();
      expect(user, row.email).toMatchObject({ profileComplete: true, paymentDocumentsDone: true, isIdentityDocumentUploaded: true });
      const country = row.country_code as CountryCode;
      expect(isProfileComplete(profileOf(row), { country, approved: false, identityDocumentUploaded: true }), row.email).toBe(true);
      if (country === 'LT') expect(user, row.email).toMatchObject({ activityCode: '829900', isPaymentDocumentUploaded: true });
      else expect(user.fleetPartnerId, row.email).toMatch(new RegExp(`^${country.toLowerCase()}-`));
    }
  });
});
