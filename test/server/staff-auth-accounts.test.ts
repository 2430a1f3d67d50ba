/**
 * Staff accounts and the audit trail through the API: an admin adds and changes members (each
 * change in the trail with who, before and after), cannot lock themselves out, and reads the
 * trail filtered and paged, newest first; bad input is a 400 with field codes.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SEED_TIME, startTestServer, type TestServer } from './helpers';
import { bearer, insertStaff, type TestStaff } from './staff-auth-fixtures';
import type { StaffAccount, StaffAuditEntry } from '../../server/staffAuth/accounts';

let server: TestServer;
let admin: TestStaff;
beforeAll(async () => {
  server = await startTestServer();
  admin = await insertStaff(server, ['admin'], { prefix: 'admin' });
});
afterAll(async () => {
  await server?.close();
});
afterEach(() => {
  server.clock.set(SEED_TIME);
});

const as = (who: TestStaff | string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, key?: string) =>
  server.request({
    method,
    url,
    headers: { ...bearer(typeof who === 'string' ? who : who.token), ...(key ? { 'idempotency-key': key } : {}) },
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });

async function add(body: Record<string, unknown>, by: TestStaff = admin): Promise<StaffAccount> {
  const res = await as(by, 'POST', '/api/staff/accounts', body, randomUUID());
  expect(res.statusCode, res.body).toBe(200);
  return res.json<StaffAccount>();
}

async function audit(query: string, by: TestStaff | string = admin): Promise<{ data: StaffAuditEntry[]; nextCursor: string | null }> {
  const res = await as(by, 'GET', `/api/staff/audit?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const unique = (name: string) => `${name}-${randomUUID().slice(0, 8)}@staff.test.shelfwork.app`;

describe('staff accounts', () => {
  it('adds a member (e-mail normalised, roles and markets checked) and records it with the admin and the account after', async () => {
    const email = unique('author');
    const account = await add({ email: `  ${email.toUpperCase()} `, name: ' Jonas Author ', roles: ['author', 'reviewer'], markets: ['lt', 'PL'] });
    expect(account).toMatchObject({ email, name: 'Jonas Author', roles: ['author', 'reviewer'], markets: ['LT', 'PL'], active: true, lastLoginAt: null });
    const trail = await audit(`entity=staff&entityId=${account.id}`);
    expect(trail.data).toHaveLength(1);
    expect(trail.data[0]).toMatchObject({ staffId: admin.id, actor: admin.email, action: 'staff.add', entity: 'staff', entityId: account.id, before: null });
    expect(trail.data[0]?.after).toEqual({ id: account.id, email, name: 'Jonas Author', roles: ['author', 'reviewer'], markets: ['LT', 'PL'], active: true });
    const list = await as(admin, 'GET', '/api/staff/accounts');
    expect(list.json<{ data: StaffAccount[] }>().data.map((a) => a.email)).toContain(email);
  });

  it('refuses bad fields (400 with each code) and a taken e-mail (420 STAFF_EMAIL_TAKEN)', async () => {
    const bad = await as(admin, 'POST', '/api/staff/accounts', { email: 'nope', name: '', roles: ['boss'], markets: ['DE'] }, randomUUID());
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ email: 'EMAIL_INVALID', name: 'REQUIRED', roles: 'INVALID', markets: 'COUNTRY_INVALID' });
    const none = await as(admin, 'POST', '/api/staff/accounts', { email: unique('x'), name: 'X', roles: [] }, randomUUID());
    expect(none.json().error.fields).toEqual({ roles: 'REQUIRED' });
    const email = unique('dup');
    await add({ email, name: 'First', roles: ['support'] });
    const again = await as(admin, 'POST', '/api/staff/accounts', { email, name: 'Second', roles: ['support'] }, randomUUID());
    expect(again.statusCode).toBe(420);
    expect(again.json().error.code).toBe('STAFF_EMAIL_TAKEN');
  });

  it('replays a retried add with the same Idempotency-Key: one account, one audit row', async () => {
    const key = randomUUID();
    const email = unique('retry');
    const body = { email, name: 'Retry', roles: ['finance'] };
    const first = await as(admin, 'POST', '/api/staff/accounts', body, key);
    const second = await as(admin, 'POST', '/api/staff/accounts', body, key);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json().id).toBe(first.json().id);
    expect((await audit(`entity=staff&entityId=${first.json<StaffAccount>().id}`)).data).toHaveLength(1);
  });

  it('changes a member, recording before and after; 404 for an unknown one', async () => {
    const account = await add({ email: unique('change'), name: 'Change Me', roles: ['reviewer'], markets: ['LT'] });
    const res = await as(admin, 'PATCH', `/api/staff/accounts/${account.id}`, { roles: ['reviewer', 'onboarding'], markets: [], name: 'Changed' }, randomUUID());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Changed', roles: ['reviewer', 'onboarding'], markets: [] });
    const [latest] = (await audit(`entity=staff&entityId=${account.id}&action=staff.update`)).data;
    expect(latest).toMatchObject({ actor: admin.email, action: 'staff.update' });
    expect(latest?.before).toMatchObject({ name: 'Change Me', roles: ['reviewer'], markets: ['LT'] });
    expect(latest?.after).toMatchObject({ name: 'Changed', roles: ['reviewer', 'onboarding'], markets: [] });
    // The same values saved again change nothing and record nothing.
    const again = await as(admin, 'PATCH', `/api/staff/accounts/${account.id}`, { roles: ['reviewer', 'onboarding'], name: 'Changed' }, randomUUID());
    expect(again.statusCode).toBe(200);
    expect((await audit(`entity=staff&entityId=${account.id}&action=staff.update`)).data).toHaveLength(1);
    const missing = await as(admin, 'PATCH', `/api/staff/accounts/${randomUUID()}`, { name: 'x' }, randomUUID());
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('STAFF_NOT_FOUND');
    const bad = await as(admin, 'PATCH', `/api/staff/accounts/${account.id}`, { active: 'no', roles: 'admin' }, randomUUID());
    expect(bad.json().error.fields).toEqual({ active: 'INVALID', roles: 'INVALID' });
  });

  it('keeps an admin from removing their own admin role or deactivating themselves (420 STAFF_SELF_LOCKOUT); another admin may', async () => {
    const self = await insertStaff(server, ['admin', 'finance'], { prefix: 'self' });
    for (const body of [{ active: false }, { roles: ['finance'] }]) {
      const res = await as(self, 'PATCH', `/api/staff/accounts/${self.id}`, body, randomUUID());
      expect(res.statusCode).toBe(420);
      expect(res.json().error.code).toBe('STAFF_SELF_LOCKOUT');
    }
    // Their own name and other roles they may change.
    expect((await as(self, 'PATCH', `/api/staff/accounts/${self.id}`, { name: 'Me', roles: ['admin'] }, randomUUID())).statusCode).toBe(200);
    const other = await as(admin, 'PATCH', `/api/staff/accounts/${self.id}`, { roles: ['finance'] }, randomUUID());
    expect(other.statusCode).toBe(200);
  });

  it('lets an admin limited to a market grant only that market', async () => {
    const ltAdmin = await insertStaff(server, ['admin'], { markets: ['LT'], prefix: 'lt-admin' });
    const everywhere = await as(ltAdmin, 'POST', '/api/staff/accounts', { email: unique('all'), name: 'All', roles: ['author'], markets: [] }, randomUUID());
    expect(everywhere.statusCode).toBe(403);
    expect(everywhere.json().error.code).toBe('STAFF_MARKET_REFUSED');
    const pl = await as(ltAdmin, 'POST', '/api/staff/accounts', { email: unique('pl'), name: 'PL', roles: ['author'], markets: ['PL'] }, randomUUID());
    expect(pl.statusCode).toBe(403);
    await add({ email: unique('lt'), name: 'LT', roles: ['author'], markets: ['LT'] }, ltAdmin);
  });

  it('answers /api/staff/me for a member and for the automation key', async () => {
    const me = await as(admin, 'GET', '/api/staff/me');
    expect(me.json()).toMatchObject({ id: admin.id, email: admin.email, roles: ['admin'], active: true });
    const key = await as('test-staff-token', 'GET', '/api/staff/me');
    expect(key.statusCode).toBe(200);
    expect(key.json()).toMatchObject({ id: '', name: server.config.staffAutomationName, roles: ['admin', 'author', 'reviewer', 'onboarding', 'finance', 'support'], markets: [] });
  });
});

describe('GET /api/staff/audit', () => {
  it('filters by member, actor, action (also a prefix), entity, market and time, newest first, paged by cursor', async () => {
    const actor = await insertStaff(server, ['admin'], { prefix: 'auditor' });
    const created: StaffAccount[] = [];
    for (let i = 0; i < 5; i += 1) {
      server.clock.set(new Date(Date.parse(SEED_TIME) + (i + 1) * 60_000));
      created.push(await add({ email: unique(`a${i}`), name: `A${i}`, roles: ['support'] }, actor));
    }
    server.clock.set(new Date(Date.parse(SEED_TIME) + 10 * 60_000));
    await as(actor, 'PATCH', `/api/staff/accounts/${created[0]?.id}`, { name: 'Renamed' }, randomUUID());

    const mine = await audit(`staffId=${actor.id}`);
    expect(mine.data.map((e) => e.action)).toEqual(['staff.update', 'staff.add', 'staff.add', 'staff.add', 'staff.add', 'staff.add']);
    expect(mine.data.map((e) => e.createdAt)).toEqual([...mine.data.map((e) => e.createdAt)].sort().reverse());
    expect((await audit(`actor=${encodeURIComponent(actor.email)}&action=staff.update`)).data).toHaveLength(1);
    expect((await audit(`staffId=${actor.id}&action=staff.*`)).data).toHaveLength(6);
    expect((await audit(`staffId=${actor.id}&action=task.*`)).data).toHaveLength(0);
    const window = await audit(`staffId=${actor.id}&from=${new Date(Date.parse(SEED_TIME) + 2 * 60_000).toISOString()}&to=${new Date(Date.parse(SEED_TIME) + 4 * 60_000).toISOString()}`);
    expect(window.data.map((e) => e.entityId)).toEqual([created[2]?.id, created[1]?.id]);
    expect((await audit(`staffId=${actor.id}&country=LT`)).data).toHaveLength(0);

    // Pages of two: every row once, in order, then no cursor.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { data: StaffAuditEntry[]; nextCursor: string | null } = await audit(`staffId=${actor.id}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.data.map((e) => e.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(mine.data.map((e) => e.id));
  });

  it("lets every member read one entity's history, only an admin the whole trail; market limits hold", async () => {
    const reviewer = await insertStaff(server, ['reviewer'], { prefix: 'history' });
    const ltReviewer = await insertStaff(server, ['reviewer'], { markets: ['LT'], prefix: 'history-lt' });
    const taskId = randomUUID();
    const now = server.clock.now();
    for (const [country, action] of [['LT', 'task.publish'], ['PL', 'task.moved'], [null, 'task.note']] as const) {
      await server.db
        .insertInto('staff_audit')
        .values({ id: randomUUID(), staff_id: null, actor: 'automation', action, entity: 'task', entity_id: taskId, country_code: country, before: null, after: JSON.stringify({ country }), created_at: now })
        .execute();
    }
    const whole = await as(reviewer, 'GET', '/api/staff/audit');
    expect(whole.statusCode).toBe(403);
    expect(whole.json().error.code).toBe('STAFF_ROLE_REQUIRED');
    expect((await as(reviewer, 'GET', '/api/staff/audit?entity=task')).statusCode).toBe(403);
    expect((await audit(`entity=task&entityId=${taskId}`, reviewer)).data.map((e) => e.action).sort()).toEqual(['task.moved', 'task.note', 'task.publish']);
    // A member limited to LT reads LT's rows only: not PL's, nor a row of no market (about every market).
    expect((await audit(`entity=task&entityId=${taskId}`, ltReviewer)).data.map((e) => e.action).sort()).toEqual(['task.publish']);
    expect((await audit(`entity=task&entityId=${taskId}`)).data).toHaveLength(3);
    // Staff accounts' history (sign-ins, roles) is the admins' only.
    expect((await as(reviewer, 'GET', `/api/staff/audit?entity=staff&entityId=${ltReviewer.id}`)).statusCode).toBe(403);
  });

  it('an admin limited to some markets lists only the members of their markets', async () => {
    const ltAdmin = await insertStaff(server, ['admin'], { markets: ['LT'], prefix: 'list-lt-admin' });
    const plMember = await insertStaff(server, ['author'], { markets: ['PL'], prefix: 'list-pl' });
    const ltMember = await insertStaff(server, ['author'], { markets: ['LT'], prefix: 'list-lt' });
    const res = await as(ltAdmin, 'GET', '/api/staff/accounts');
    expect(res.statusCode).toBe(200);
    const ids = res.json<{ data: { id: string; markets: string[] }[] }>().data;
    expect(ids.map((a) => a.id)).toContain(ltMember.id);
    expect(ids.map((a) => a.id)).not.toContain(plMember.id);
    expect(ids.every((a) => a.markets.length > 0 && a.markets.every((m) => m === 'LT'))).toBe(true);
  });

  it('refuses bad filters with 400 field codes', async () => {
    const res = await as(admin, 'GET', '/api/staff/audit?limit=500&from=yesterday&country=DE&cursor=%%%');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ limit: 'OUT_OF_RANGE', from: 'INVALID', country: 'COUNTRY_INVALID', cursor: 'CURSOR_INVALID' });
    const twice = await as(admin, 'GET', '/api/staff/audit?entity=a&entity=b');
    expect(twice.statusCode).toBe(400);
  });
});
