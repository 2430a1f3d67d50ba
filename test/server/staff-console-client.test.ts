/**
 * The staff console's API client (src/console/api.ts) against the real app: sign-in with a mailed
 * code, an expired access token renewed with the refresh token and the call sent again, a write's
 * resend with its Idempotency-Key applied once, and the sign-out when the refresh token is over.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addStaffAccount, listStaffAccounts, staffAudit } from '#contracts/api/staffAccounts';
import { staffLogin, staffSendCode } from '#contracts/api/staffAuth';
import { StaffApiError, setFetchForTests, staffCall } from '../../src/console/api';
import { getSession, setSession } from '../../src/console/session';
import { STAFF_REFRESH_TTL_SECONDS } from '../../server/staffAuth/tokens';
import { latestCode, SEED_TIME, startTestServer, type TestServer } from './helpers';
import { insertStaff } from './staff-auth-fixtures';

let server: TestServer;
const urls: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
  server.clock.set(SEED_TIME);
  // The client's fetch, answered by the app in process.
  setFetchForTests((async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    urls.push(url);
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, key) => (headers[key] = value));
    const res = await server.app.inject({ method: (init?.method ?? 'GET') as InjectOptions['method'], url, headers, payload: (init?.body as string | undefined) ?? undefined });
    return new Response(res.statusCode === 204 ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers: { 'content-type': String(res.headers['content-type'] ?? '') } });
  }) as typeof fetch);
});
afterAll(async () => {
  setSession(null);
  await server?.close();
});

async function signIn(email: string): Promise<void> {
  await staffCall(staffSendCode, { body: { email } });
  const code = await latestCode(server, email);
  setSession(await staffCall(staffLogin, { body: { email, code } }));
}

describe('the console client against the server', () => {
  it('signs in, renews an expired access token on the way, and resends a write once with its key', async () => {
    const admin = await insertStaff(server, ['admin']);
    await signIn(admin.email);
    const first = getSession();
    expect(first?.staff.email).toBe(admin.email);
    expect((await staffCall(listStaffAccounts, {})).data.map((a) => a.email)).toContain(admin.email);

    server.clock.advance((server.config.accessTokenTtlSeconds + 5) * 1000);
    urls.length = 0;
    const email = `console-${Date.now()}@staff.test.shelfwork.app`;
    const body = { email, name: 'Console Author', roles: ['author' as const] };
    const added = await staffCall(addStaffAccount, { body, idempotencyKey: 'console-add-1' });
    expect(urls).toEqual(['/api/staff/accounts', '/api/staff/auth/refresh', '/api/staff/accounts']);
    expect(getSession()?.token).not.toBe(first?.token);
    expect(getSession()?.refreshToken).not.toBe(first?.refreshToken);

    // The same submit sent again (a lost answer): the stored answer, one account, one audit row.
    const again = await staffCall(addStaffAccount, { body, idempotencyKey: 'console-add-1' });
    expect(again.id).toBe(added.id);
    const trail = await staffCall(staffAudit, { query: { entity: 'staff', entityId: added.id } });
    expect(trail.data.filter((row) => row.action === 'staff.add')).toHaveLength(1);
    expect(trail.data[0]?.actor).toBe(admin.email);
  });

  it('answers a refusal with its code, and signs out once the refresh token is over', async () => {
    const author = await insertStaff(server, ['author']);
    await signIn(author.email);
    await expect(staffCall(listStaffAccounts, {})).rejects.toMatchObject({ status: 403, code: 'STAFF_ROLE_REQUIRED' });
    expect(getSession()).not.toBeNull();

    server.clock.advance((STAFF_REFRESH_TTL_SECONDS + 5) * 1000);
    const error = await staffCall(staffAudit, { query: { entity: 'staff', entityId: author.id } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StaffApiError);
    expect((error as StaffApiError).status).toBe(401);
    expect(getSession()).toBeNull();
  });
});
