/**
 * Staff adjustments of a tasker's pay (docs/decisions/0005-payouts.md):
 * - `reduction`: a reward reduction taken in full from the next payout (e.g. work found short
 *   after it was accepted but before it was paid);
 * - `overpayment`: money paid that was not owed (a task paid and then found faulty, a transfer
 *   sent twice); repaid from later payouts, at most maxDeductionRate of each, the rest carried over.
 * Amounts are in the tasker's market currency.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database';
import { ApiError, assertNoFieldErrors } from '../http/errors';
import { readString } from '../http/input';
import { amountWithin, formatAmount, parseAmount, toMoney } from '#domain/money';
import type { CurrencyCode, Money } from '#domain/types';
import { moneyDb, type AdjustmentKind } from '../db/money-tables';

export interface Adjustment {
  id: string;
  userId: string;
  kind: AdjustmentKind;
  amount: Money;
  taskId: string | null;
  reason: string;
  createdBy: string;
  createdAt: string;
}

export async function recordAdjustment(db: Db, input: unknown, by: string, now: Date): Promise<Adjustment> {
  const body = (input ?? {}) as Record<string, unknown>;
  const user = readString(body.user ?? body.userId ?? body.email, { required: true, max: 254 });
  const reason = readString(body.reason, { required: true, max: 500 });
  const taskId = readString(body.taskId, { max: 64 });
  const kind = body.kind;
  const amount = body.amount;
  const fields: Record<string, string | null> = {
    user: user.error,
    reason: reason.error,
    taskId: taskId.error,
    kind: kind === 'reduction' || kind === 'overpayment' ? null : kind === undefined ? 'REQUIRED' : 'INVALID',
    amount: amount === undefined ? 'REQUIRED' : amountWithin(amount, 1n, 9_999_999_999n) !== null ? null : 'INVALID',
  };
  assertNoFieldErrors(fields);
  const ref = user.value as string;
  const row = await db
    .selectFrom('users as u')
    .innerJoin('countries as c', 'c.code', 'u.country_code')
    .select(['u.id', 'c.currency_code', 'c.currency_symbol'])
    .where(ref.includes('@') ? 'u.email' : 'u.id', '=', ref.includes('@') ? ref.toLowerCase() : ref)
    .executeTakeFirst();
  if (!row) throw new ApiError(404, 'USER_NOT_FOUND', 'User not found (or without a market)');
  if (taskId.value) {
    const task = await db.selectFrom('tasks').select(['id', 'tasker_id']).where('id', '=', taskId.value).executeTakeFirst();
    if (!task || task.tasker_id !== row.id) assertNoFieldErrors({ taskId: 'NOT_FOUND' });
  }
  const minor = parseAmount(amount as string);
  const id = randomUUID();
  await moneyDb(db)
    .insertInto('payout_adjustments')
    .values({
      id,
      user_id: row.id,
      kind: kind as AdjustmentKind,
      amount: formatAmount(minor),
      currency_code: row.currency_code,
      task_id: taskId.value,
      reason: reason.value as string,
      created_by: by,
      created_at: now,
    })
    .execute();
  return {
    id,
    userId: row.id,
    kind: kind as AdjustmentKind,
    amount: toMoney(minor, row.currency_code as CurrencyCode, row.currency_symbol),
    taskId: taskId.value,
    reason: reason.value as string,
    createdBy: by,
    createdAt: now.toISOString(),
  };
}
