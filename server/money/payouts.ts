/**
 * Payouts (docs/decisions/0005-payouts.md): what a tasker has earned and not yet been paid
 * (collected in unpaid.ts), the weekly run that records it as one payout per tasker and market
 * week with its lines, my-finances, and staff marking payouts paid (the reads of recorded
 * payouts are in payoutReads.ts).
 *
 * Unpaid work is a set of sources, each paid once:
 *  - tasks: accepted, or rejected with a reduced reward above 0 (paid that reduced reward), with no
 *    payment yet (tasks.payment_id null); the line is the reward (base + bonus), and a rejected
 *    task's reduction (reward − reduced reward) is a task_reduction line;
 *  - staff reductions (payout_adjustments kind reduction), taken in full;
 *  - completed missions' bonuses and referral bonuses;
 *  - the overpayment balance: staff overpayments (kind overpayment) plus any week whose
 *    deductions exceeded its earnings, minus what earlier payouts repaid. It is repaid at most
 *    maxDeductionRate of a payout's earnings (src/domain/payouts.ts, computePayout).
 * A source belongs to the payout of the first run whose week ended after it happened (its time
 * before the week's end): work a run missed is paid by the next one, never lost, never twice
 * (payout_lines (kind, source_id) is unique, and tasks get payment_id = the payout's id).
 *
 * A run takes a PostgreSQL advisory lock for its market (any week), so runs in several processes
 * (or a job and the CLI) go one after another; the second finds the week in payout_runs and pays
 * nothing, or (another week) finds the work the first paid already paid. payouts (user_id,
 * week_start) is unique besides, and each source is claimed by its line (recordPayout): a run
 * that finds a source claimed by another reads the tasker again instead of failing.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { formatAmount, formatRate, parseAmount, toMoney } from '#domain/money';
import { weekOf, type MarketWeek, type NextPayment, type PayoutInfo, type PayoutLine } from '#domain/payouts';
import type { CurrencyCode } from '#domain/types';
import { moneyDb } from '../db/money-tables';
import { buildPayout, collectUnpaid, overpaymentBalances, type UnpaidItem } from './unpaid';
import { settleMissions } from '../missions/settle';
import { settleReferrals } from './referrals';
import { notify } from '../notifications/service';

/** A market's currency and time zone (the countries row). */
export interface Market {
  code: string;
  currencyCode: CurrencyCode;
  currencySymbol: string;
  timeZone: string;
}

const MARKET_COLUMNS = ['code', 'currency_code', 'currency_symbol', 'time_zone'] as const;

function toMarket(row: { code: string; currency_code: string; currency_symbol: string; time_zone: string }): Market {
  return { code: row.code, currencyCode: row.currency_code as CurrencyCode, currencySymbol: row.currency_symbol, timeZone: row.time_zone };
}

export async function loadMarket(db: Db, code: string): Promise<Market | undefined> {
  const row = await db.selectFrom('countries').select(MARKET_COLUMNS).where('code', '=', code).executeTakeFirst();
  return row ? toMarket(row) : undefined;
}

export async function listMarkets(db: Db): Promise<Market[]> {
  return (await db.selectFrom('countries').select(MARKET_COLUMNS).orderBy('code').execute()).map(toMarket);
}

function toLine(item: UnpaidItem, market: Market): PayoutLine {
  return {
    kind: item.kind,
    amount: toMoney(item.amount, market.currencyCode, market.currencySymbol),
    occurredAt: item.occurredAt.toISOString(),
    taskId: item.taskId,
    missionId: item.missionId,
    title: item.title,
    reason: item.reason,
  };
}

/** GET payment/my-finances: the paid totals and the next payment (everything not yet in a recorded payout). */
export async function myFinances(db: Db, userId: string, now: Date, maxDeductionRateBp: number): Promise<PayoutInfo | null> {
  const user = await db.selectFrom('users').select(['id', 'country_code']).where('id', '=', userId).executeTakeFirst();
  const market = user?.country_code ? await loadMarket(db, user.country_code) : undefined;
  if (!user || !market) return null;
  await settleMissions(db, now, { userId });
  await settleReferrals(db, now, { userId });
  const items = await collectUnpaid(db, { userId }, null);
  const balance = (await overpaymentBalances(db, { userId }, null)).get(userId) ?? 0n;
  const built = buildPayout(userId, items, balance, maxDeductionRateBp, now);
  const paid = await sql<{ total: string; repaid: string }>`
    select coalesce(sum(total), 0)::numeric(14,2)::text as total, coalesce(sum(repayment), 0)::numeric(14,2)::text as repaid
    from payouts where user_id = ${userId} and status = 'paid'`.execute(db);
  const row = paid.rows[0] ?? { total: '0', repaid: '0' };
  const money = (minor: bigint) => toMoney(minor, market.currencyCode, market.currencySymbol);
  const week: MarketWeek = weekOf(now, market.timeZone);
  const nextPayment: NextPayment = {
    taskReward: money(built.taskReward),
    total: money(built.total),
    paidTasksDeductions: money(built.repayment),
    unpaidTasksDeductions: money(built.reductions),
    maxDeductionRate: formatRate(BigInt(maxDeductionRateBp)),
    tasksCount: built.tasksCount,
    bonuses: money(built.bonuses),
    missionBonuses: money(built.missionBonuses),
    referralBonuses: money(built.referralBonuses),
    overpaymentBalance: money(built.balanceBefore),
    carriedOver: money(built.balanceAfter),
    weekStart: week.label,
    periodStart: week.start.toISOString(),
    periodEnd: week.end.toISOString(),
    lines: built.lines.map((l) => toLine(l, market)),
  };
  return { totalPaid: money(parseAmount(row.total)), totalPaidTasksDeductions: money(parseAmount(row.repaid)), nextPayment };
}

// ── The weekly run ─────────────────────────────────────────────────────────────────────────

/** First key of the run's advisory lock (the second is the market). */
const RUN_LOCK_KEY = 120_005;

export interface RunResult {
  countryCode: string;
  weekStart: string;
  /** True when this week had already been run: nothing was paid now. */
  alreadyRun: boolean;
  /** Payouts recorded by this call. */
  created: number;
  /** Their sum per currency (decimal string). */
  total: string;
}

/**
 * Records the payouts of one market week (which must be over at `now`). Idempotent: a week
 * already in payout_runs pays nothing; concurrent calls serialise on the advisory lock.
 */
export async function runWeeklyPayouts(db: Db, countryCode: string, week: MarketWeek, now: Date, maxDeductionRateBp: number): Promise<RunResult> {
  return db.transaction().execute((trx) => runWeekIn(trx, countryCode, week, now, maxDeductionRateBp));
}

/** runWeeklyPayouts inside a transaction the caller opened (the staff route's, with its Idempotency-Key). */
export async function runWeekIn(trx: Db, countryCode: string, week: MarketWeek, now: Date, maxDeductionRateBp: number): Promise<RunResult> {
  if (week.end.getTime() > now.getTime()) throw new Error(`the week of ${week.label} is not over yet`);
  // One lock per market, whatever the week: runs of two weeks would otherwise both collect work
  // that happened before both weeks' ends.
  await sql`select pg_advisory_xact_lock(${RUN_LOCK_KEY}, hashtext(${countryCode}))`.execute(trx);
  const m = moneyDb(trx);
  const done = await m.selectFrom('payout_runs').select('payouts_count').where('country_code', '=', countryCode).where('week_start', '=', week.label).executeTakeFirst();
  if (done) return { countryCode, weekStart: week.label, alreadyRun: true, created: 0, total: '0.00' };
  const market = await loadMarket(trx, countryCode);
  if (!market) throw new Error(`unknown market ${countryCode}`);
  const scope = { countryCode };
  await settleMissions(trx, now, scope);
  await settleReferrals(trx, now, scope);
  const items = await collectUnpaid(trx, scope, week.end);
  const balances = await overpaymentBalances(trx, scope, week.end);
  const byUser = new Map<string, UnpaidItem[]>();
  for (const item of items) byUser.set(item.userId, [...(byUser.get(item.userId) ?? []), item]);
  // A tasker already paid for this week or a later one is left alone (runs go forward).
  const later = await m.selectFrom('payouts').select('user_id').where('country_code', '=', countryCode).where('week_start', '>=', week.label).execute();
  const skip = new Set(later.map((r) => r.user_id));
  let created = 0;
  let total = 0n;
  // In one order (by tasker id), so two runs that meet on a tasker wait for each other, never in a cycle.
  for (const userId of [...byUser.keys()].sort()) {
    if (skip.has(userId)) continue;
    let recorded = await recordPayout(trx, market, week, userId, byUser.get(userId) ?? [], balances.get(userId) ?? 0n, now, maxDeductionRateBp);
    if (recorded === 'taken') {
      // Another run (of another week) paid some of this work after we read it: read the tasker again, once.
      const fresh = await collectUnpaid(trx, { userId }, week.end);
      const paidLater = await m.selectFrom('payouts').select('id').where('user_id', '=', userId).where('week_start', '>=', week.label).executeTakeFirst();
      const balance = (await overpaymentBalances(trx, { userId }, week.end)).get(userId) ?? 0n;
      recorded = fresh.length === 0 || paidLater ? null : await recordPayout(trx, market, week, userId, fresh, balance, now, maxDeductionRateBp);
    }
    if (recorded === null || recorded === 'taken') continue;
    created += 1;
    total += recorded;
  }
  await m.insertInto('payout_runs').values({ country_code: countryCode, week_start: week.label, payouts_count: created, finished_at: now }).execute();
  return { countryCode, weekStart: week.label, alreadyRun: false, created, total: formatAmount(total) };
}

/**
 * Records one tasker's payout of a market week: the payout, its lines, the tasks' payment_id.
 * Each source is claimed by its line (payout_lines (kind, source_id) is unique; ON CONFLICT DO
 * NOTHING waits for a concurrent run's uncommitted claim and then skips it): when another run
 * (of another week: runs of one week go one after another) claimed some of them first, what this
 * call wrote is removed again and it answers 'taken' so the caller reads the tasker again. The
 * payout's total when recorded; null when there was nothing to record (already paid this week).
 */
async function recordPayout(
  trx: Db,
  market: Market,
  week: MarketWeek,
  userId: string,
  items: readonly UnpaidItem[],
  balance: bigint,
  now: Date,
  maxDeductionRateBp: number,
): Promise<bigint | null | 'taken'> {
  const m = moneyDb(trx);
  const built = buildPayout(userId, items, balance, maxDeductionRateBp, week.end);
  const id = randomUUID();
  const inserted = await m
    .insertInto('payouts')
    .values({
      id,
      user_id: userId,
      country_code: market.code,
      week_start: week.label,
      period_start: week.start,
      period_end: week.end,
      currency_code: market.currencyCode,
      task_reward: formatAmount(built.taskReward),
      reductions: formatAmount(built.reductions),
      bonuses: formatAmount(built.bonuses),
      repayment: formatAmount(built.repayment),
      new_overpayment: formatAmount(built.newOverpayment),
      balance_after: formatAmount(built.balanceAfter),
      total: formatAmount(built.total),
      tasks_count: built.tasksCount,
      max_deduction_rate_bp: maxDeductionRateBp,
      created_at: now,
    })
    .onConflict((oc) => oc.columns(['user_id', 'week_start']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return null;
  const rows = built.lines.map((line, position) => ({
    id: randomUUID(),
    payout_id: id,
    position,
    kind: line.kind,
    source_id: line.sourceId,
    amount: formatAmount(line.amount),
    occurred_at: line.occurredAt,
    task_id: line.taskId,
    mission_id: line.missionId,
    title: line.title,
    reason: line.reason,
  }));
  const sourced = rows.filter((r) => r.source_id !== null);
  if (sourced.length > 0) {
    const claimed = await m
      .insertInto('payout_lines')
      .values(sourced)
      .onConflict((oc) => oc.columns(['kind', 'source_id']).where('source_id', 'is not', null).doNothing())
      .returning('id')
      .execute();
    if (claimed.length < sourced.length) {
      await m.deleteFrom('payout_lines').where('payout_id', '=', id).execute();
      await m.deleteFrom('payouts').where('id', '=', id).execute();
      return 'taken';
    }
  }
  const unsourced = rows.filter((r) => r.source_id === null);
  if (unsourced.length > 0) await m.insertInto('payout_lines').values(unsourced).execute();
  const taskIds = built.lines.filter((l) => l.kind === 'task' && l.taskId).map((l) => l.taskId as string);
  if (taskIds.length > 0) {
    await trx.updateTable('tasks').set({ payment_id: id, updated_at: now }).where('id', 'in', taskIds).where('payment_id', 'is', null).execute();
  }
  return built.total;
}

/** The last market week that is over at `now` (the one the job pays). */
export function lastClosedWeek(now: Date, timeZone: string): MarketWeek {
  const current = weekOf(now, timeZone);
  return weekOf(new Date(current.start.getTime() - 1), timeZone);
}

/**
 * Runs the last closed week of every market (or of `markets`, when not empty) that has not been
 * run yet: one transaction per market, or all inside `inTransaction` when the caller opened one.
 */
export async function runDuePayouts(db: Db, now: Date, maxDeductionRateBp: number, inTransaction = false, markets: readonly string[] = []): Promise<RunResult[]> {
  const out: RunResult[] = [];
  for (const market of await listMarkets(db)) {
    if (markets.length > 0 && !markets.includes(market.code)) continue;
    const week = lastClosedWeek(now, market.timeZone);
    const done = await moneyDb(db).selectFrom('payout_runs').select('week_start').where('country_code', '=', market.code).where('week_start', '=', week.label).executeTakeFirst();
    if (done) continue;
    out.push(inTransaction ? await runWeekIn(db, market.code, week, now, maxDeductionRateBp) : await runWeeklyPayouts(db, market.code, week, now, maxDeductionRateBp));
  }
  return out;
}

/**
 * Marks payouts paid (idempotent: a paid one keeps its first paid_at and paid_by). `ids` null
 * marks every pending payout of the market week. Returns the ids now paid by this call.
 */
export async function markPaid(db: Db, target: { ids: string[] } | { countryCode: string; weekStart: string }, by: string, now: Date): Promise<string[]> {
  let query = moneyDb(db).updateTable('payouts').set({ status: 'paid', paid_at: now, paid_by: by }).where('status', '=', 'pending');
  query = 'ids' in target ? query.where('id', 'in', target.ids.length ? target.ids : ['']) : query.where('country_code', '=', target.countryCode).where('week_start', '=', target.weekStart);
  const rows = await query.returning(['id', 'user_id', 'total', 'currency_code']).execute();
  // Each tasker whose payout this call paid is told, once (a paid payout is not returned again).
  for (const r of rows) await notify(db, { userId: r.user_id, type: 'payout_paid', params: { amount: r.total, currencyCode: r.currency_code }, resourceId: r.id, now });
  return rows.map((r) => r.id);
}

