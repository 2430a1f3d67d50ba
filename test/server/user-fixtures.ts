/**
 * A tasker account inserted straight into `users` for the server tests (documents, staff
 * review): by default one who has just registered in LT (status new, nothing filled in), created
 * now on the test server's clock; `over` sets any column. Answers its id, email and an access token.
 */
import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { UsersTable } from '../../server/db/schema';
import type { TestServer } from './helpers';

export interface TestAccount {
  id: string;
  email: string;
  token: string;
}

export async function insertTasker(server: TestServer, emailPrefix: string, over: Partial<Insertable<UsersTable>> = {}): Promise<TestAccount> {
  const id = randomUUID();
  const email = `${emailPrefix}-${id}@test.shelfwork.app`;
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
      country_code: 'LT',
      status: 'new',
      payment_documents_done: false,
      profile_complete: false,
      rejection_reasons: '[]',
      rejection_comment: null,
      referral_code: null,
      reservation_limit_minutes: null,
      created_at: now,
      updated_at: now,
      ...over,
    })
    .execute();
  return { id, email, token: await server.tokenFor(id) };
}
