/**
 * Shared set-up of the money tests (payouts, missions, referrals, SEPA): taskers and their
 * finished tasks written straight into the test database, and the staff calls.
 */
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import type { Db } from '../../server/db/database';
import { moneyDb } from '../../server/db/money-tables';
import type { Payout, PayoutInfo } from '#domain/payouts';
import type { TestServer } from './helpers';

export const STAFF = { authorization: 'Bearer test-staff-token' };

const CURRENCY: Record<string, string> = { LT: 'EUR', PL: 'PLN', CZ: 'CZK', RO: 'RON' };

export interface TaskerOptions {
  country: 'LT' | 'PL' | 'CZ' | 'RO';
  firstName?: string;
  lastName?: string;
  iban?: string | null;
  referralCode?: string | null;
  referredByCode?: string | null;
}

export async function makeTasker(db: Db, options: TaskerOptions): Promise<{ id: string; email: string }> {
  const id = randomUUID();
  const email = `tasker-${id.slice(0, 8)}@money.test`;
  await db
    .insertInto('users')
    .values({
      id,
      email,
      password_hash: null,
      first_name: options.firstName ?? 'Rūta',
      middle_name: null,
      last_name: options.lastName ?? 'Žemaitė',
      phone: null,
      country_code: options.country,
      status: 'active',
      payment_documents_done: true,
      profile_complete: true,
      rejection_reasons: '[]',
      rejection_comment: null,
      referral_code: options.referralCode ?? null,
      reservation_limit_minutes: null,
      created_at: new Date('2026-01-01T00:00:00Z'),
      updated_at: new Date('2026-01-01T00:00:00Z'),
      iban: options.iban === undefined ? null : options.iban,
      referred_by_code: options.referredByCode ?? null,
    })
    .execute();
  return { id, email };
}

export interface TaskOptions {
  taskerId: string;
  country: 'LT' | 'PL' | 'CZ' | 'RO';
  status?: 'accepted' | 'rejected' | 'awaiting_confirmation';
  reward: string;
  baseReward?: string;
  bonusReward?: string | null;
  reducedReward?: string | null;
  /** finalization_time (accepted / rejected) or end_time (awaiting). */
  at: string;
  taskTypeId?: string;
  expectedDuration?: number;
  title?: string;
}

export async function addTask(db: Db, o: TaskOptions): Promise<string> {
  const place = await db.selectFrom('places').select('id').where('country_code', '=', o.country).orderBy('id').executeTakeFirstOrThrow();
  const id = randomUUID();
  const at = new Date(o.at);
  const status = o.status ?? 'accepted';
  await db
    .insertInto('tasks')
    .values({
      id,
      status,
      tasker_id: o.taskerId,
      task_type_id: o.taskTypeId ?? 'shelf-photo',
      place_id: place.id,
      country_code: o.country,
      title: o.title ?? `Test task ${id.slice(0, 4)}`,
      image: null,
      payment_id: null,
      time_window_start: new Date(at.getTime() - 6 * 3600_000),
      time_window_end: new Date(at.getTime() - 3600_000),
      start_time: new Date(at.getTime() - 5 * 3600_000),
      end_time: new Date(at.getTime() - 4 * 3600_000),
      finalization_time: status === 'awaiting_confirmation' ? null : at,
      expected_duration: o.expectedDuration ?? 60,
      currency_code: CURRENCY[o.country] as string,
      reward: o.reward,
      base_reward: o.baseReward ?? o.reward,
      bonus_reward: o.bonusReward ?? null,
      reduced_reward: o.reducedReward ?? null,
      early_cancel_deadline: null,
      late_cancel_deadline: null,
      result_comment: null,
      tasker_comment: null,
      descriptive_comment: null,
      letter_of_authority_url: null,
      target_product_photos: '[]',
      done_checklist_item_ids: '[]',
      has_outstanding_dispute: false,
      created_at: new Date(at.getTime() - 7 * 86_400_000),
      updated_at: at,
    })
    .execute();
  return id;
}

export async function addAdjustment(db: Db, userId: string, kind: 'reduction' | 'overpayment', amount: string, at: string, currency = 'EUR'): Promise<string> {
  const id = randomUUID();
  await moneyDb(db)
    .insertInto('payout_adjustments')
    .values({ id, user_id: userId, kind, amount, currency_code: currency, task_id: null, reason: `test ${kind}`, created_by: 'test', created_at: new Date(at) })
    .execute();
  return id;
}

export async function staff(server: TestServer, options: InjectOptions) {
  return server.app.inject({ ...options, headers: { ...STAFF, ...(options.headers ?? {}) } });
}

/** POST /api/staff/payouts/run for one market week, at the server clock. */
export async function runWeek(server: TestServer, country: string, week: string) {
  const res = await staff(server, { method: 'POST', url: '/api/staff/payouts/run', payload: { country, week } });
  if (res.statusCode !== 200) throw new Error(`run ${country} ${week}: ${res.statusCode} ${res.body}`);
  return res.json<{ data: { created: number; alreadyRun: boolean; total: string }[] }>().data[0] as { created: number; alreadyRun: boolean; total: string };
}

export async function finances(server: TestServer, userId: string) {
  const res = await server.request({ method: 'GET', url: '/api/payment/my-finances', token: await server.tokenFor(userId) });
  if (res.statusCode !== 200) throw new Error(`my-finances: ${res.statusCode} ${res.body}`);
  return res.json<PayoutInfo>();
}

export async function payouts(server: TestServer, userId: string) {
  const res = await server.request({ method: 'GET', url: '/api/payment/payouts', token: await server.tokenFor(userId) });
  if (res.statusCode !== 200) throw new Error(`payouts: ${res.statusCode} ${res.body}`);
  return res.json<{ data: Payout[] }>().data;
}
