/** Reads of recorded payouts: the tasker's past payouts, and a market week's payouts with the taskers' bank details (staff). */
import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { CountriesTable } from '../db/schema';
import { formatAmount, formatRate, parseAmount, toMoney } from '#domain/money';
import { weekOf, weekStarting, type Payout, type PayoutLineKind } from '#domain/payouts';
import type { CurrencyCode } from '#domain/types';
import { moneyDb, type PayoutsTable } from '../db/money-tables';
import { at } from './unpaid';

/** A recorded payout with its market's currency symbol, amounts as exact decimal strings. */
type PayoutRow = Pick<
  Selectable<PayoutsTable>,
  | 'id'
  | 'user_id'
  | 'week_start'
  | 'period_start'
  | 'period_end'
  | 'status'
  | 'paid_at'
  | 'currency_code'
  | 'task_reward'
  | 'reductions'
  | 'repayment'
  | 'bonuses'
  | 'total'
  | 'balance_after'
  | 'tasks_count'
  | 'max_deduction_rate_bp'
  | 'created_at'
> &
  Pick<Selectable<CountriesTable>, 'currency_symbol'>;

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

export interface PayoutWeekSummary {
  weekStart: string;
  /** The week's end (the next Monday 00:00 local time) has passed: it can be run. */
  over: boolean;
  run: { payoutsCount: number; finishedAt: string } | null;
  payouts: number;
  pending: number;
  paid: number;
  /** Sums of the week's payouts, exact decimal strings in the market's currency. */
  total: string;
  pendingTotal: string;
}

/**
 * A market's weeks for staff, newest first: the current week, the `closedWeeks` last closed ones
 * (run or not), and any older week that was run or has payouts — each with its run and totals.
 */
export async function marketWeeks(db: Db, countryCode: string, timeZone: string, now: Date, closedWeeks = 12): Promise<PayoutWeekSummary[]> {
  const m = moneyDb(db);
  const runs = await m.selectFrom('payout_runs').select(['week_start', 'payouts_count', 'finished_at']).where('country_code', '=', countryCode).execute();
  const sums = await m
    .selectFrom('payouts')
    .select([
      'week_start',
      'status',
      sql<number>`count(*)::int`.as('n'),
      sql<string>`coalesce(sum(total), 0)::text`.as('sum'),
    ])
    .where('country_code', '=', countryCode)
    .groupBy(['week_start', 'status'])
    .execute();
  const labels = new Set<string>([...runs.map((r) => r.week_start), ...sums.map((s) => s.week_start)]);
  let week = weekOf(now, timeZone);
  labels.add(week.label);
  for (let i = 0; i < closedWeeks; i += 1) {
    week = weekOf(new Date(week.start.getTime() - 1), timeZone);
    labels.add(week.label);
  }
  return [...labels]
    .sort((a, b) => (a < b ? 1 : a > b ? -1 : 0))
    .map((label) => {
      const run = runs.find((r) => r.week_start === label);
      const of = sums.filter((s) => s.week_start === label);
      const count = (status?: string) => of.filter((s) => !status || s.status === status).reduce((n, s) => n + Number(s.n), 0);
      const sum = (status?: string) => formatAmount(of.filter((s) => !status || s.status === status).reduce((total, s) => total + parseAmount(s.sum), 0n));
      return {
        weekStart: label,
        over: weekStarting(label, timeZone).end.getTime() <= now.getTime(),
        run: run ? { payoutsCount: run.payouts_count, finishedAt: new Date(run.finished_at).toISOString() } : null,
        payouts: count(),
        pending: count('pending'),
        paid: count('paid'),
        total: sum(),
        pendingTotal: sum('pending'),
      };
    });
}
