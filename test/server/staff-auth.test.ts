/**
 * Staff sign-in: a code from the dev mailbox signs a staff member in (their own token audience and
 * a refresh token rotated on use, a reuse revoking the family), send-code answers alike for any
 * e-mail, a deactivated account's tokens stop working, staff and tasker tokens never cross, and a
 * staff code never signs a tasker in (nor a tasker's code a staff member).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { latestCode, SEED_TIME, startTestServer, type TestServer } from './helpers';
import { insertTasker } from './user-fixtures';
import { bearer, insertStaff, staffSignIn } from './staff-auth-fixtures';
import { STAFF_REFRESH_TTL_SECONDS } from '../../server/staffAuth/tokens';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});
afterEach(() => {
  server.clock.set(SEED_TIME);
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) => server.request({ method: 'POST', url, payload: payload as Record<string, unknown>, headers });
const mailsTo = async (email: string) => (await server.request({ method: 'GET', url: `/api/dev/mailbox?email=${encodeURIComponent(email)}` })).json<{ messages: { code: string }[] }>().messages;

describe('staff sign-in', () => {
  it('signs in with the mailed code: a staff token for staff routes, the member, the last sign-in time', async () => {
    const member = await insertStaff(server, ['reviewer', 'author'], { markets: ['LT'] });
    const session = await staffSignIn(server, member.email.toUpperCase());
    expect(session.staff).toEqual({ id: member.id, email: member.email, name: 'Staff reviewer+author', roles: ['author', 'reviewer'], markets: ['LT'], active: true });
    const me = await server.request({ method: 'GET', url: '/api/staff/me', headers: bearer(session.token) });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json()).toMatchObject({ id: member.id, roles: ['author', 'reviewer'] });
    const row = await server.db.selectFrom('staff_accounts').select('last_login_at').where('id', '=', member.id).executeTakeFirstOrThrow();
    expect(new Date(row.last_login_at as Date).toISOString()).toBe(SEED_TIME);
    const trail = await server.db.selectFrom('staff_audit').selectAll().where('staff_id', '=', member.id).execute();
    expect(trail).toMatchObject([{ actor: member.email, action: 'staff.sign_in', entity: 'staff', entity_id: member.id }]);
  });

  it('answers send-code alike for an unknown, a deactivated and a real account, and mails only the real one', async () => {
    const real = await insertStaff(server, ['finance']);
    const gone = await insertStaff(server, ['finance'], { active: false });
    const unknown = `nobody-${real.id}@staff.test.shelfwork.app`;
    const answers = await Promise.all([real.email, gone.email, unknown].map((email) => post('/api/staff/auth/send-code', { email })));
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
    }
    expect(await mailsTo(real.email)).toHaveLength(1);
    expect(await mailsTo(gone.email)).toHaveLength(0);
    expect(await mailsTo(unknown)).toHaveLength(0);
  });

  it('refuses a wrong code (420 WRONG_CODE), a missing one (CODE_EXPIRED) and bad input (400)', async () => {
    const member = await insertStaff(server, ['support']);
    expect((await post('/api/staff/auth/login', { email: member.email, code: '123456' })).json().error.code).toBe('CODE_EXPIRED');
    await post('/api/staff/auth/send-code', { email: member.email });
    const code = await latestCode(server, member.email);
    const wrong = code === '000000' ? '000001' : '000000';
    const res = await post('/api/staff/auth/login', { email: member.email, code: wrong });
    expect(res.statusCode).toBe(420);
    expect(res.json().error.code).toBe('WRONG_CODE');
    server.clock.advance(server.config.loginCodeTtlSeconds * 1000 + 1000);
    const late = await post('/api/staff/auth/login', { email: member.email, code });
    expect(late.statusCode).toBe(420);
    expect(late.json().error.code).toBe('CODE_EXPIRED');
    const bad = await post('/api/staff/auth/login', { email: 'not-an-email', code: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ email: 'EMAIL_INVALID', code: 'CODE_INVALID' });
  });

  it('rotates the refresh token; a reused one is refused and ends the family', async () => {
    const member = await insertStaff(server, ['admin']);
    const first = await staffSignIn(server, member.email);
    const second = await post('/api/staff/auth/refresh', { refreshToken: first.refreshToken });
    expect(second.statusCode, second.body).toBe(200);
    const rotated = second.json<{ token: string; refreshToken: string; staff: { id: string } }>();
    expect(rotated.refreshToken).not.toBe(first.refreshToken);
    expect(rotated.staff.id).toBe(member.id);
    const reuse = await post('/api/staff/auth/refresh', { refreshToken: first.refreshToken });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().error.code).toBe('REFRESH_TOKEN_REUSED');
    // The successor died with the family.
    const after = await post('/api/staff/auth/refresh', { refreshToken: rotated.refreshToken });
    expect(after.statusCode).toBe(401);
  });

  it('a staff refresh token lives 12 hours', async () => {
    const member = await insertStaff(server, ['admin']);
    const session = await staffSignIn(server, member.email);
    server.clock.advance(STAFF_REFRESH_TTL_SECONDS * 1000 + 1000);
    const res = await post('/api/staff/auth/refresh', { refreshToken: session.refreshToken });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('TOKEN_EXPIRED');
    expect(STAFF_REFRESH_TTL_SECONDS).toBe(12 * 3600);
  });

  it('logout revokes the session; an unknown token answers the same', async () => {
    const member = await insertStaff(server, ['admin']);
    const session = await staffSignIn(server, member.email);
    expect((await post('/api/staff/auth/logout', { refreshToken: session.refreshToken })).statusCode).toBe(204);
    expect((await post('/api/staff/auth/logout', { refreshToken: 'unknown' })).statusCode).toBe(204);
    expect((await post('/api/staff/auth/refresh', { refreshToken: session.refreshToken })).statusCode).toBe(401);
    expect((await post('/api/staff/auth/logout', {})).statusCode).toBe(400);
  });

  it("refuses a deactivated account's access and refresh tokens (401)", async () => {
    const admin = await insertStaff(server, ['admin']);
    const member = await insertStaff(server, ['reviewer']);
    const session = await staffSignIn(server, member.email);
    await post('/api/staff/auth/send-code', { email: member.email });
    const pending = await latestCode(server, member.email);
    const off = await server.request({ method: 'PATCH', url: `/api/staff/accounts/${member.id}`, headers: bearer(admin.token), payload: { active: false } });
    expect(off.statusCode, off.body).toBe(200);
    const me = await server.request({ method: 'GET', url: '/api/staff/me', headers: bearer(session.token) });
    expect(me.statusCode).toBe(401);
    expect((await post('/api/staff/auth/refresh', { refreshToken: session.refreshToken })).statusCode).toBe(401);
    // Nor can it sign in again: a code mailed before is refused, and no new one is mailed.
    const late = await post('/api/staff/auth/login', { email: member.email, code: pending });
    expect(late.statusCode).toBe(420);
    expect(late.json().error.code).toBe('CODE_EXPIRED');
    await post('/api/staff/auth/send-code', { email: member.email });
    expect(await mailsTo(member.email)).toHaveLength(2);
  });
});

describe('staff sign-in limits (the same as taskers)', () => {
  const relaxed = { authRateLimitPerIp: 100_000, loginLimitPerAccount: 100_000, loginLimitPerIp: 100_000, sendCodeLimitPerEmail: 100_000, sendCodeLimitPerIp: 100_000 };
  let ipCounter = 0;
  const freshIp = () => `10.77.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

  it('limits wrong codes per account (429 with Retry-After)', async () => {
    const app = await server.withConfig({ ...relaxed, loginLimitPerAccount: 3 });
    const member = await insertStaff(server, ['reviewer']);
    for (let i = 0; i < 3; i++) {
      const res = await app.inject({ method: 'POST', url: '/api/staff/auth/login', payload: { email: member.email, code: '000000' }, remoteAddress: freshIp() });
      expect(res.statusCode).toBe(420);
    }
    const limited = await app.inject({ method: 'POST', url: '/api/staff/auth/login', payload: { email: member.email, code: '000000' }, remoteAddress: freshIp() });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits code requests per e-mail, known or not', async () => {
    const app = await server.withConfig({ ...relaxed, sendCodeLimitPerEmail: 2 });
    const unknown = `nobody-${Date.now()}@staff.test.shelfwork.app`;
    for (let i = 0; i < 2; i++) expect((await app.inject({ method: 'POST', url: '/api/staff/auth/send-code', payload: { email: unknown }, remoteAddress: freshIp() })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/staff/auth/send-code', payload: { email: unknown }, remoteAddress: freshIp() })).statusCode).toBe(429);
  });

  it('limits every staff sign-in route per address', async () => {
    const app = await server.withConfig({ ...relaxed, authRateLimitPerIp: 3, authRateLimitWindowSeconds: 60 });
    const ip = freshIp();
    for (const url of ['/api/staff/auth/send-code', '/api/staff/auth/login', '/api/staff/auth/refresh']) {
      expect((await app.inject({ method: 'POST', url, payload: { email: 'a@b.co', code: '123456', refreshToken: 'x' }, remoteAddress: ip })).statusCode).not.toBe(429);
    }
    expect((await app.inject({ method: 'POST', url: '/api/staff/auth/logout', payload: { refreshToken: 'x' }, remoteAddress: ip })).statusCode).toBe(429);
  });
});

describe('staff and tasker tokens never cross', () => {
  it('a tasker token on a staff route is 401, a staff token on a tasker route is 401', async () => {
    const tasker = await insertTasker(server, 'cross');
    const member = await insertStaff(server, ['admin', 'author', 'reviewer', 'onboarding', 'finance', 'support']);
    const onStaff = await server.request({ method: 'GET', url: '/api/staff/me', headers: bearer(tasker.token) });
    expect(onStaff.statusCode).toBe(401);
    const onTasker = await server.request({ method: 'GET', url: '/api/user', headers: bearer(member.token) });
    expect(onTasker.statusCode).toBe(401);
    // Each token works where it belongs.
    expect((await server.request({ method: 'GET', url: '/api/user', headers: bearer(tasker.token) })).statusCode).toBe(200);
    expect((await server.request({ method: 'GET', url: '/api/staff/me', headers: bearer(member.token) })).statusCode).toBe(200);
  });

  it("a staff code does not sign in a tasker with the same e-mail, nor a tasker's code a staff member", async () => {
    const tasker = await insertTasker(server, 'both');
    const member = await insertStaff(server, ['reviewer']);
    await server.db.updateTable('staff_accounts').set({ email: tasker.email }).where('id', '=', member.id).execute();

    await post('/api/staff/auth/send-code', { email: tasker.email });
    const staffCode = await latestCode(server, tasker.email);
    const asTasker = await post('/api/auth/login', { email: tasker.email, code: staffCode });
    expect(asTasker.statusCode).toBe(420);
    expect(asTasker.json().error.code).toBe('CODE_EXPIRED');

    await post('/api/auth/send-email-code', { email: tasker.email });
    const taskerCode = await latestCode(server, tasker.email);
    const asStaff = await post('/api/staff/auth/login', { email: tasker.email, code: taskerCode });
    expect(asStaff.statusCode).toBe(420);
    // The tasker's code did not replace the staff code: each audience keeps its own newest code.
    const staffLogin = await post('/api/staff/auth/login', { email: tasker.email, code: staffCode });
    expect(staffLogin.statusCode, staffLogin.body).toBe(200);
    const taskerLogin = await post('/api/auth/login', { email: tasker.email, code: taskerCode });
    expect(taskerLogin.statusCode, taskerLogin.body).toBe(200);
  });
});
