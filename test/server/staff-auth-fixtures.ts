/**
 * Staff accounts inserted straight into `staff_accounts` for the server tests, with a staff access
 * token valid at the test clock, and the staff sign-in steps through the API.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { signStaffAccessToken } from '../../server/http/accessTokens';
import type { StaffRole } from '#domain/staff';
import { latestCode, type TestServer } from './helpers';

export interface TestStaff {
  id: string;
  email: string;
  token: string;
}

export async function insertStaff(server: TestServer, roles: readonly StaffRole[], options: { markets?: string[]; active?: boolean; prefix?: string } = {}): Promise<TestStaff> {
  const id = randomUUID();
  const email = `${options.prefix ?? 'staff'}-${id}@staff.test.shelfwork.app`;
  const now = server.clock.now();
  await server.db
    .insertInto('staff_accounts')
    .values({
      id,
      email,
      name: `Staff ${roles.join('+') || 'none'}`,
      roles: JSON.stringify(roles),
      markets: JSON.stringify(options.markets ?? []),
      active: options.active ?? true,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { id, email, token: await signStaffAccessToken(server.context.tokens, id, now) };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Signs a staff member in with a code from the dev mailbox: the session. */
export async function staffSignIn(server: TestServer, email: string): Promise<{ token: string; refreshToken: string; staff: { id: string; email: string; roles: string[]; markets: string[] } }> {
  const sent = await server.request({ method: 'POST', url: '/api/staff/auth/send-code', payload: { email } });
  expect(sent.statusCode, sent.body).toBe(200);
  const code = await latestCode(server, email);
  const res = await server.request({ method: 'POST', url: '/api/staff/auth/login', payload: { email, code } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
