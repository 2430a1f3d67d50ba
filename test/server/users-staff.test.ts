/** User and staff routes through HTTP: set-country with idempotent replay, staff token, approve/reject, create place/task, health, country. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';
import { earlyCancelDeadline } from '#domain/tasks';
import type { ApiErrorBody, Country, Page, Place, Task, User } from '#domain/types';

let server: TestServer;
const STAFF = { authorization: 'Bearer test-staff-token' };
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('user and country', () => {
  it('lists the four markets with currencies and locales, without login', async () => {
    const res = await server.request({ method: 'GET', url: '/api/country' });
    expect(res.statusCode).toBe(200);
    expect(res.json<Country[]>()).toEqual(
      expect.arrayContaining([
        { code: 'LT', name: 'Lithuania', currencyCode: 'EUR', currencySymbol: '€', locale: 'lt' },
        { code: 'PL', name: 'Poland', currencyCode: 'PLN', currencySymbol: 'zł', locale: 'pl' },
        { code: 'CZ', name: 'Czechia', currencyCode: 'CZK', currencySymbol: 'Kč', locale: 'cs' },
        { code: 'RO', name: 'Romania', currencyCode: 'RON', currencySymbol: 'lei', locale: 'ro' },
      ]),
    );
  });

  it('GET user derives flags and onboarding fields from the account state', async () => {
    const { token } = await server.login('rejected@demo.shelfwork.app');
    const user = (await server.request({ method: 'GET', url: '/api/user', token })).json<User>();
    expect(user).toMatchObject({ status: 'rejected', isRejected: true, isApproved: false, rejectionReasons: ['iban'] });
    expect(user.rejectionComment).toBeTruthy();
    const approved = (await server.request({ method: 'GET', url: '/api/user', token: (await server.login('lt@demo.shelfwork.app')).token })).json<User>();
    expect(approved).toMatchObject({ isApproved: true, trainingDone: true, fullName: 'Aistė Kazlauskienė' });
    expect(approved.historicalTaskCount).toBeGreaterThan(0);
  });

  it('set-country changes the country once per Idempotency-Key and replays the stored answer', async () => {
    const { token } = await server.login('new@demo.shelfwork.app');
    const send = (countryCode: string, key: string) =>
      server.request({ method: 'POST', url: '/api/user/set-country', token, headers: { 'idempotency-key': key }, payload: { countryCode } });
    const first = await send('pl', 'key-1');
    expect(first.statusCode).toBe(200);
    expect(first.json<User>().countryCode).toBe('PL');
    // Something else changes the country in between; the replay must not apply the old request again.
    expect((await send('RO', 'key-2')).json<User>().countryCode).toBe('RO');
    const replay = await send('pl', 'key-1');
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json<User>().countryCode).toBe('PL');
    const now = (await server.request({ method: 'GET', url: '/api/user', token })).json<User>();
    expect(now.countryCode).toBe('RO');
    const rows = await server.db.selectFrom('idempotency_keys').select('key').where('key', 'in', ['key-1', 'key-2']).execute();
    expect(rows).toHaveLength(2);
  });

  it('answers 422 IDEMPOTENCY_KEY_REUSED when a key comes back with another body', async () => {
    const { token } = await server.login('pending@demo.shelfwork.app');
    const send = (countryCode: string) =>
      server.request({ method: 'POST', url: '/api/user/set-country', token, headers: { 'idempotency-key': 'same-key' }, payload: { countryCode } });
    expect((await send('LT')).statusCode).toBe(200);
    const res = await send('CZ');
    expect(res.statusCode).toBe(422);
    expect(res.json<ApiErrorBody>().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('settles concurrent duplicates of one key to a single effect', async () => {
    // Its own market: an approved (here deactivated) account may send it, not change it.
    const { token } = await server.login('deactivated@demo.shelfwork.app');
    const send = () =>
      server.request({ method: 'POST', url: '/api/user/set-country', token, headers: { 'idempotency-key': 'concurrent-1' }, payload: { countryCode: 'CZ' } });
    const answers = await Promise.all([send(), send(), send()]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(2);
    const rows = await server.db.selectFrom('idempotency_keys').select('key').where('key', '=', 'concurrent-1').execute();
    expect(rows).toHaveLength(1);
  });

  it('scopes keys per user: the same key from another user is a new request', async () => {
    // Two accounts not approved yet (an approved one may not change its market).
    const a = await server.login('rejected@demo.shelfwork.app');
    const b = await server.login('pending@demo.shelfwork.app');
    const send = (token: string) =>
      server.request({ method: 'POST', url: '/api/user/set-country', token, headers: { 'idempotency-key': 'shared' }, payload: { countryCode: 'PL' } });
    expect((await send(a.token)).headers['idempotent-replayed']).toBeUndefined();
    const other = await send(b.token);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(other.json<User>().email).toBe('pending@demo.shelfwork.app');
    for (const { token } of [a, b]) await server.request({ method: 'POST', url: '/api/user/set-country', token, payload: { countryCode: 'LT' } });
  });

  it('rejects an unknown country with a field code', async () => {
    const { token } = await server.login('new@demo.shelfwork.app');
    const res = await server.request({ method: 'POST', url: '/api/user/set-country', token, payload: { countryCode: 'XX' } });
    expect(res.statusCode).toBe(400);
    expect(res.json<ApiErrorBody>().error.fields).toEqual({ countryCode: 'COUNTRY_INVALID' });
  });
});

describe('staff API', () => {
  it('answers 401 without the staff token or with a tasker token', async () => {
    expect((await server.request({ method: 'GET', url: '/api/staff/users' })).statusCode).toBe(401);
    const { token } = await server.login('lt@demo.shelfwork.app');
    expect((await server.request({ method: 'GET', url: '/api/staff/users', token })).statusCode).toBe(401);
    expect((await server.request({ method: 'POST', url: '/api/staff/users/x/approve', headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(401);
  });

  it('finds a user by email and approves them; the tasker then sees reservable tasks', async () => {
    const found = await server.request({ method: 'GET', url: '/api/staff/users?email=pending@demo', headers: STAFF });
    const pending = found.json<{ data: User[] }>().data[0] as User;
    expect(pending.status).toBe('awaiting_approval');
    const { token } = await server.login('pending@demo.shelfwork.app');
    const before = (await server.request({ method: 'GET', url: '/api/task?status=available', token })).json<Page<Task>>();
    expect(before.data.some((t) => t.isReservable)).toBe(false);
    const res = await server.request({ method: 'POST', url: `/api/staff/users/${pending.id}/approve`, headers: STAFF });
    expect(res.statusCode).toBe(200);
    expect(res.json<User>()).toMatchObject({ status: 'active', isApproved: true });
    // Approved now; reservable needs the trainings too, so grant them directly in the database.
    await server.db
      .insertInto('user_trainings')
      .values(['photo-standards', 'barcode-scanning'].map((training_id) => ({ user_id: pending.id, training_id, done_at: server.clock.now() })))
      .execute();
    const after = (await server.request({ method: 'GET', url: '/api/task?status=available', token })).json<Page<Task>>();
    expect(after.data.some((t) => t.isReservable)).toBe(true);
    expect(after.data.some((t) => t.descriptiveComment !== null)).toBe(true);
  });

  it('rejects a user with reasons and a comment, validating the reasons', async () => {
    const id = (await server.request({ method: 'GET', url: '/api/staff/users?email=deactivated@', headers: STAFF })).json<{ data: User[] }>().data[0]?.id as string;
    const bad = await server.request({ method: 'POST', url: `/api/staff/users/${id}/reject`, headers: STAFF, payload: { reasons: ['shoeSize'] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ApiErrorBody>().error.fields).toEqual({ reasons: 'INVALID' });
    const res = await server.request({ method: 'POST', url: `/api/staff/users/${id}/reject`, headers: STAFF, payload: { reasons: ['iban', 'phone'], comment: 'Please check the IBAN and phone.' } });
    expect(res.statusCode).toBe(200);
    expect(res.json<User>()).toMatchObject({ status: 'rejected', rejectionReasons: ['iban', 'phone'], rejectionComment: 'Please check the IBAN and phone.' });
    const unknown = await server.request({ method: 'POST', url: '/api/staff/users/no-such-user/approve', headers: STAFF });
    expect(unknown.statusCode).toBe(404);
  });

  it('creates a place and a task there that taskers of that market then see', async () => {
    const place = await server.request({
      method: 'POST',
      url: '/api/staff/places',
      headers: { ...STAFF, 'idempotency-key': 'place-1' },
      payload: { title: 'Iki Antakalnio', address: 'Antakalnio g. 17', city: 'Vilnius', countryCode: 'LT', latitude: 54.6951, longitude: 25.3041, retailerId: 'iki' },
    });
    expect(place.statusCode).toBe(201);
    const created = place.json<Place>();
    expect(created).toMatchObject({ title: 'Iki Antakalnio', retailer: { id: 'iki', name: 'Iki', logo: '/logos/iki.svg' } });
    const replay = await server.request({
      method: 'POST',
      url: '/api/staff/places',
      headers: { ...STAFF, 'idempotency-key': 'place-1' },
      payload: { title: 'Iki Antakalnio', address: 'Antakalnio g. 17', city: 'Vilnius', countryCode: 'LT', latitude: 54.6951, longitude: 25.3041, retailerId: 'iki' },
    });
    expect(replay.json<Place>().id).toBe(created.id);
    expect((await server.db.selectFrom('places').select('id').where('title', '=', 'Iki Antakalnio').execute()).length).toBe(1);

    const start = '2026-03-14T08:00:00.000Z';
    const end = '2026-03-14T12:00:00.000Z';
    const task = await server.request({
      method: 'POST',
      url: '/api/staff/tasks',
      headers: STAFF,
      payload: { placeId: created.id, taskTypeId: 'shelf-photo', timeWindowStart: start, timeWindowEnd: end, expectedDuration: 60, reward: '14.5', bonusReward: 2, descriptiveComment: 'See https://example.com' },
    });
    expect(task.statusCode).toBe(201);
    const t = task.json<Task>();
    expect(t).toMatchObject({ status: 'available', reward: { amount: '16.50', currencyCode: 'EUR' }, baseReward: { amount: '14.50' }, bonusReward: { amount: '2.00' } });
    expect(t.earlyCancelDeadline).toBe(earlyCancelDeadline(end, 60));
    const { token } = await server.login('lt@demo.shelfwork.app');
    expect((await server.request({ method: 'GET', url: `/api/task/${t.id}`, token })).statusCode).toBe(200);
    const items = await server.db.selectFrom('checklist_items').select('id').where('task_id', '=', t.id).execute();
    expect(items.length).toBeGreaterThan(0);
  });

  it('validates staff bodies with per-field codes', async () => {
    const res = await server.request({
      method: 'POST',
      url: '/api/staff/tasks',
      headers: STAFF,
      payload: { placeId: 'nope', taskTypeId: 'shelf-photo', timeWindowStart: '2026-03-14T12:00:00Z', timeWindowEnd: '2026-03-14T08:00:00Z', expectedDuration: 'x', reward: '-1' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<ApiErrorBody>().error.fields).toMatchObject({ placeId: 'NOT_FOUND', timeWindowEnd: 'BEFORE_START', expectedDuration: 'INVALID', reward: 'INVALID' });
    const place = await server.request({ method: 'POST', url: '/api/staff/places', headers: STAFF, payload: { title: 'x', latitude: 200 } });
    expect(place.statusCode).toBe(400);
    expect(place.json<ApiErrorBody>().error.fields).toMatchObject({ latitude: 'OUT_OF_RANGE', address: 'REQUIRED', countryCode: 'REQUIRED', retailerId: 'REQUIRED' });
  });

  it('gives a staff-made task the letter of authority it names: a path on our origin or an https URL, nothing else', async () => {
    const placeId = (await server.db.selectFrom('places').select('id').where('country_code', '=', 'LT').executeTakeFirstOrThrow()).id;
    const body = { placeId, taskTypeId: 'shelf-photo', timeWindowStart: '2026-03-15T08:00:00Z', timeWindowEnd: '2026-03-15T12:00:00Z', expectedDuration: 60, reward: '10' };
    const letterOf = async (letterOfAuthorityUrl: unknown) => {
      const res = await server.request({ method: 'POST', url: '/api/staff/tasks', headers: STAFF, payload: { ...body, letterOfAuthorityUrl } });
      if (res.statusCode !== 201) return res.json<ApiErrorBody>().error.fields?.letterOfAuthorityUrl;
      const row = await server.db.selectFrom('tasks').select('letter_of_authority_url').where('id', '=', res.json<Task>().id).executeTakeFirstOrThrow();
      return row.letter_of_authority_url;
    };
    expect(await letterOf('/letters/maxima.pdf')).toBe('/letters/maxima.pdf');
    expect(await letterOf('https://cdn.example.com/letters/maxima.pdf')).toBe('https://cdn.example.com/letters/maxima.pdf');
    expect(await letterOf(undefined)).toBeNull();
    for (const bad of ['//evil.example/x.pdf', 'http://cdn.example.com/x.pdf', 'javascript:alert(1)', 'letters/x.pdf', 42, `/${'x'.repeat(600)}`]) {
      expect(await letterOf(bad), String(bad).slice(0, 40)).toMatch(/INVALID|TOO_LONG/);
    }
  });
});

describe('health and static', () => {
  it('reports the database as up', async () => {
    const res = await server.request({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, db: true, writes: true });
  });

  it('answers JSON 404 for unknown /api routes', async () => {
    const res = await server.request({ method: 'GET', url: '/api/no/such/route' });
    expect(res.statusCode).toBe(404);
    expect(res.json<ApiErrorBody>().error.code).toBe('NOT_FOUND');
  });
});
