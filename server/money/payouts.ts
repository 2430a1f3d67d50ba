/**
 * Payouts (docs/decisions/0005-payouts.md): what a tasker has earned and not yet been paid, the
 * weekly run that records it as one payout per tasker and market week with its lines, and the
 * reads of the tasker (my-finances, past payouts) and of staff (a week's payouts, mark paid).
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
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database';
import { formatAmount, formatRate, parseAmount, sumMinor, toMoney } from '#domain/money';
import { computePayout, weekOf, type MarketWeek, type NextPayment, type Payout, type PayoutInfo, type PayoutLine, type PayoutLineKind } from '#domain/payouts';
import type { CurrencyCode } from '#domain/types';
import { moneyDb } from './tables';
import { settleMissions } from '../missions/settle';
import { settleReferrals } from './referrals';
import { notify } from '../notifications/service';

/** Whose unpaid work: one tasker, or every tasker of a market. */
export type Scope = { userId: string } | { countryCode: string };

export interface UnpaidItem {
  userId: string;
  kind: PayoutLineKind;
  sourceId: string | null;
  amount: bigint;
  occurredAt: Date;
  taskId: string | null;
  missionId: string | null;
  title: string | null;
  reason: string | null;
}

interface Market {
  code: string;
  currencyCode: CurrencyCode;
  currencySymbol: string;
  timeZone: string;
}

function scopeWhere(scope: Scope): RawBuilder<unknown> {
  return 'userId' in scope ? sql`u.id = ${scope.userId}` : sql`u.country_code = ${scope.countryCode}`;
}

function before(column: string, cutoff: Date | null): RawBuilder<unknown> {
  return cutoff ? sql`and ${sql.ref(column)} < ${cutoff}::timestamptz` : sql``;
}

const at = (value: Date | string): Date => new Date(value);

/** Every unpaid source of the scope's taskers, in their market's currency, that happened before `cutoff` (null: any time). */
export async function collectUnpaid(db: Db, scope: Scope, cutoff: Date | null): Promise<UnpaidItem[]> {
  const where = scopeWhere(scope);
  const items: UnpaidItem[] = [];
  const tasks = await sql<{ user_id: string; id: string; title: string; at: Date; reward: string; reduced: string | null }>`
    select t.tasker_id as user_id, t.id, t.title, t.finalization_time as at, t.reward::text as reward, t.reduced_reward::text as reduced
    from tasks t
    join users u on u.id = t.tasker_id
    join countries c on c.code = u.country_code
    where ${where}
      and t.payment_id is null and t.status in ('accepted', 'rejected')
      and (t.status = 'accepted' or t.reduced_reward > 0)
      and t.currency_code = c.currency_code
      and t.finalization_time is not null ${before('t.finalization_time', cutoff)}
      and not exists (select 1 from payout_lines l where l.kind = 'task' and l.source_id = t.id)
    order by t.finalization_time, t.id`.execute(db);
  for (const t of tasks.rows) {
    const reward = parseAmount(t.reward);
    const base = { userId: t.user_id, sourceId: t.id, occurredAt: at(t.at), taskId: t.id, missionId: null, title: t.title, reason: null };
    items.push({ ...base, kind: 'task', amount: reward });
    if (t.reduced !== null) {
      const reduced = parseAmount(t.reduced);
      if (reduced < reward) items.push({ ...base, kind: 'task_reduction', amount: reward - reduced });
    }
  }
  const reductions = await sql<{ user_id: string; id: string; amount: string; at: Date; reason: string; task_id: string | null; title: string | null }>`
    select a.user_id, a.id, a.amount::text as amount, a.created_at as at, a.reason, a.task_id, t.title
    from payout_adjustments a
    join users u on u.id = a.user_id
    join countries c on c.code = u.country_code
    left join tasks t on t.id = a.task_id
    where ${where} and a.kind = 'reduction' and a.currency_code = c.currency_code ${before('a.created_at', cutoff)}
      and not exists (select 1 from payout_lines l where l.kind = 'reduction' and l.source_id = a.id)
    order by a.created_at, a.id`.execute(db);
  for (const r of reductions.rows) {
    items.push({ userId: r.user_id, kind: 'reduction', sourceId: r.id, amount: parseAmount(r.amount), occurredAt: at(r.at), taskId: r.task_id, missionId: null, title: r.title, reason: r.reason });
  }
  const missions = await sql<{ user_id: string; id: string; amount: string; at: Date; mission_id: string; name: string }>`
    select a.user_id, a.id, a.reward_amount::text as amount, a.completed_at as at, m.id as mission_id, m.name
    from mission_assignments a
    join missions m on m.id = a.mission_id
    join users u on u.id = a.user_id
    join countries c on c.code = u.country_code
    where ${where} and a.completed_at is not null and a.reward_amount > 0 and m.currency_code = c.currency_code ${before('a.completed_at', cutoff)}
      and not exists (select 1 from payout_lines l where l.kind = 'mission_bonus' and l.source_id = a.id)
    order by a.completed_at, a.id`.execute(db);
  for (const m of missions.rows) {
    items.push({ userId: m.user_id, kind: 'mission_bonus', sourceId: m.id, amount: parseAmount(m.amount), occurredAt: at(m.at), taskId: null, missionId: m.mission_id, title: m.name, reason: null });
  }
  const referrals = await sql<{ user_id: string; id: string; amount: string; at: Date; first_name: string | null }>`
    select b.referrer_id as user_id, b.id, b.amount::text as amount, b.earned_at as at, f.first_name
    from referral_bonuses b
    join users u on u.id = b.referrer_id
    join countries c on c.code = u.country_code
    join users f on f.id = b.referred_user_id
    where ${where} and b.currency_code = c.currency_code ${before('b.earned_at', cutoff)}
      and not exists (select 1 from payout_lines l where l.kind = 'referral_bonus' and l.source_id = b.id)
    order by b.earned_at, b.id`.execute(db);
  for (const r of referrals.rows) {
    items.push({ userId: r.user_id, kind: 'referral_bonus', sourceId: r.id, amount: parseAmount(r.amount), occurredAt: at(r.at), taskId: null, missionId: null, title: r.first_name, reason: null });
  }
  return items;
}

/** Overpayment still to repay per tasker: staff overpayments before `cutoff` + what payouts added − what they repaid. */
export async function overpaymentBalances(db: Db, scope: Scope, cutoff: Date | null): Promise<Map<string, bigint>> {
  const rows = await sql<{ user_id: string; owed: string; settled: string }>`
    select u.id as user_id,
      (select coalesce(sum(a.amount), 0) from payout_adjustments a
        where a.user_id = u.id and a.kind = 'overpayment' and a.currency_code = c.currency_code ${before('a.created_at', cutoff)})::numeric(14,2)::text as owed,
      (select coalesce(sum(p.new_overpayment - p.repayment), 0) from payouts p where p.user_id = u.id)::numeric(14,2)::text as settled
    from users u join countries c on c.code = u.country_code
    where ${scopeWhere(scope)}`.execute(db);
  return new Map(rows.rows.map((r) => [r.user_id, parseAmount(r.owed) + parseAmount(r.settled)]));
}

export interface BuiltPayout {
  taskReward: bigint;
  reductions: bigint;
  missionBonuses: bigint;
  referralBonuses: bigint;
  bonuses: bigint;
  balanceBefore: bigint;
  repayment: bigint;
  newOverpayment: bigint;
  balanceAfter: bigint;
  total: bigint;
  tasksCount: number;
  /** Sources in order (tasks, reductions, bonuses), then the repayment line (sourceId null). */
  lines: UnpaidItem[];
}

const KIND_ORDER: Record<PayoutLineKind, number> = { task: 0, task_reduction: 0, reduction: 1, mission_bonus: 2, referral_bonus: 3, repayment: 4 };

/** The payout of a tasker's unpaid items with the formula of src/domain/payouts.ts. */
export function buildPayout(userId: string, items: readonly UnpaidItem[], balanceBefore: bigint, maxDeductionRateBp: number, repaymentAt: Date): BuiltPayout {
  const sum = (...kinds: PayoutLineKind[]) => sumMinor(items.filter((i) => kinds.includes(i.kind)).map((i) => i.amount));
  const taskReward = sum('task');
  const reductions = sum('task_reduction', 'reduction');
  const missionBonuses = sum('mission_bonus');
  const referralBonuses = sum('referral_bonus');
  const result = computePayout({ taskReward, reductions, bonuses: missionBonuses + referralBonuses, balanceBefore, maxDeductionRate: BigInt(maxDeductionRateBp) });
  const lines = [...items].sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.occurredAt.getTime() - b.occurredAt.getTime());
  if (result.repayment > 0n) {
    lines.push({ userId, kind: 'repayment', sourceId: null, amount: result.repayment, occurredAt: repaymentAt, taskId: null, missionId: null, title: null, reason: null });
  }
  return {
    taskReward,
    reductions,
    missionBonuses,
    referralBonuses,
    bonuses: missionBonuses + referralBonuses,
    balanceBefore,
    repayment: result.repayment,
    newOverpayment: result.newOverpayment,
    balanceAfter: result.balanceAfter,
    total: result.total,
    tasksCount: items.filter((i) => i.kind === 'task').length,
    lines,
  };
}

export async function loadMarket(db: Db, code: string): Promise<Market | undefined> {
  const row = await db.selectFrom('countries').select(['code', 'currency_code', 'currency_symbol', 'time_zone']).where('code', '=', code).executeTakeFirst();
  return row ? { code: row.code, currencyCode: row.currency_code as CurrencyCode, currencySymbol: row.currency_symbol, timeZone: row.time_zone } : undefined;
}

export async function listMarkets(db: Db): Promise<Market[]> {
  const rows = await db.selectFrom('countries').select(['code', 'currency_code', 'currency_symbol', 'time_zone']).orderBy('code').execute();
  return rows.map((row) => ({ code: row.code, currencyCode: row.currency_code as CurrencyCode, currencySymbol: row.currency_symbol, timeZone: row.time_zone }));
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
 * Runs the last closed week of every market that has not been run yet: one transaction per
 * market, or all inside `inTransaction` when the caller opened one.
 */
export async function runDuePayouts(db: Db, now: Date, maxDeductionRateBp: number, inTransaction = false): Promise<RunResult[]> {
  const out: RunResult[] = [];
  for (const market of await listMarkets(db)) {
    const week = lastClosedWeek(now, market.timeZone);
    const done = await moneyDb(db).selectFrom('payout_runs').select('week_start').where('country_code', '=', market.code).where('week_start', '=', week.label).executeTakeFirst();
    if (done) continue;
    out.push(inTransaction ? await runWeekIn(db, market.code, week, now, maxDeductionRateBp) : await runWeeklyPayouts(db, market.code, week, now, maxDeductionRateBp));
  }
  return out;
}

// ── Reads of recorded payouts ──────────────────────────────────────────────────────────────

interface PayoutRow {
  id: string;
  user_id: string;
  week_start: string;
  period_start: Date;
  period_end: Date;
  status: 'pending' | 'paid';
  paid_at: Date | null;
  currency_code: string;
  currency_symbol: string;
  task_reward: string;
  reductions: string;
  repayment: string;
  bonuses: string;
  total: string;
  balance_after: string;
  tasks_count: number;
  max_deduction_rate_bp: number;
  created_at: Date;
}

async function loadPayoutRows(db: Db, where: RawBuilder<unknown>): Promise<PayoutRow[]> {
  const rows = await sql<PayoutRow>`
    select p.id, p.user_id, p.week_start, p.period_start, p.period_end, p.status, p.paid_at, p.currency_code, c.currency_symbol,
      p.task_reward::text as task_reward, p.reductions::text as reductions, p.repayment::text as repayment, p.bonuses::text as bonuses,
      p.total::text as total, p.balance_after::text as balance_after, p.tasks_count, p.max_deduction_rate_bp, p.created_at
    from payouts p join countries c on c.code = p.country_code
    where ${where}
    order by p.week_start desc, p.user_id`.execute(db);
  return rows.rows;
}

async function toPayouts(db: Db, rows: PayoutRow[]): Promise<Payout[]> {
  if (rows.length === 0) return [];
  const lines = await moneyDb(db)
    .selectFrom('payout_lines')
    .select(['payout_id', 'kind', sql<string>`amount::text`.as('amount'), 'occurred_at', 'task_id', 'mission_id', 'title', 'reason'])
    .where(
      'payout_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('payout_id')
    .orderBy('position')
    .execute();
  const byPayout = new Map<string, typeof lines>();
  for (const l of lines) byPayout.set(l.payout_id, [...(byPayout.get(l.payout_id) ?? []), l]);
  return rows.map((r) => {
    const code = r.currency_code as CurrencyCode;
    const money = (amount: string) => toMoney(parseAmount(amount), code, r.currency_symbol);
    return {
      id: r.id,
      weekStart: r.week_start,
      periodStart: at(r.period_start).toISOString(),
      periodEnd: at(r.period_end).toISOString(),
      status: r.status,
      paidAt: r.paid_at ? at(r.paid_at).toISOString() : null,
      taskReward: money(r.task_reward),
      unpaidTasksDeductions: money(r.reductions),
      paidTasksDeductions: money(r.repayment),
      bonuses: money(r.bonuses),
      total: money(r.total),
      tasksCount: r.tasks_count,
      maxDeductionRate: formatRate(BigInt(r.max_deduction_rate_bp)),
      carriedOver: money(r.balance_after),
      createdAt: at(r.created_at).toISOString(),
      lines: (byPayout.get(r.id) ?? []).map((l) => ({
        kind: l.kind as PayoutLineKind,
        amount: money(l.amount),
        occurredAt: at(l.occurred_at).toISOString(),
        taskId: l.task_id,
        missionId: l.mission_id,
        title: l.title,
        reason: l.reason,
      })),
    };
  });
}

/** GET payment/payouts: the tasker's recorded payouts, newest week first. */
export async function myPayouts(db: Db, userId: string): Promise<Payout[]> {
  return toPayouts(db, await loadPayoutRows(db, sql`p.user_id = ${userId}`));
}

export interface StaffPayout extends Payout {
  user: { id: string; email: string; firstName: string | null; lastName: string | null; iban: string | null };
}

/** A market week's payouts with the taskers' bank details (staff). */
export async function weekPayouts(db: Db, countryCode: string, weekStart: string): Promise<StaffPayout[]> {
  const rows = await loadPayoutRows(db, sql`p.country_code = ${countryCode} and p.week_start = ${weekStart}`);
  const payouts = await toPayouts(db, rows);
  const users = rows.length
    ? await db
        .selectFrom('users')
        .select(['id', 'email', 'first_name', 'last_name', 'iban'])
        .where(
          'id',
          'in',
          rows.map((r) => r.user_id),
        )
        .execute()
    : [];
  const byId = new Map(users.map((u) => [u.id, u]));
  return payouts.map((p, i) => {
    const u = byId.get((rows[i] as PayoutRow).user_id);
    return { ...p, user: { id: u?.id ?? '', email: u?.email ?? '', firstName: u?.first_name ?? null, lastName: u?.last_name ?? null, iban: u?.iban ?? null } };
  });
}

/**
 * Marks payouts paid (idempotent: a paid one keeps its first paid_at and paid_by). `ids` null
 * marks every pending payout of the market week. Returns the ids now paid by this call.
 */
export async function markPaid(db: Db, target: { ids: string[] } | { countryCode: string; weekStart: string }, by: string, now: Date): Promise<string[]> {
  let query = moneyDb(db).updateTable('payouts').set({ status: 'paid', paid_at: now, paid_by: by }).where('status', '=', 'pending');
  query = 'ids' in target ? query.where('id', 'in', target.ids.length ? target.ids : ['']) : query.where('country_code', '=', target.countryCode).where('week_start', '=', target.weekStart);
  const rows = await query.returning(['id', 'user_id', 'total', 'currency_code']).execute();
  // Issue 14: each tasker whose payout this call paid is told, once (a paid payout is not returned again).
  for (const r of rows) await notify(db, { userId: r.user_id, type: 'payout_paid', params: { amount: r.total, currencyCode: r.currency_code }, resourceId: r.id, now });
  return rows.map((r) => r.id);
}

