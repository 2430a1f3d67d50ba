/**
 * What a tasker has earned and not been paid yet (docs/decisions/0005-payouts.md): the unpaid
 * sources of a scope before a cutoff, the overpayment still to repay, and the payout they make
 * with the formula of src/domain/payouts.ts. Read by my-finances and by the weekly run (payouts.ts).
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database';
import { parseAmount, sumMinor } from '#domain/money';
import { computePayout, type PayoutLineKind } from '#domain/payouts';

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

function scopeWhere(scope: Scope): RawBuilder<unknown> {
  return 'userId' in scope ? sql`u.id = ${scope.userId}` : sql`u.country_code = ${scope.countryCode}`;
}

function before(column: string, cutoff: Date | null): RawBuilder<unknown> {
  return cutoff ? sql`and ${sql.ref(column)} < ${cutoff}::timestamptz` : sql``;
}

export const at = (value: Date | string): Date => new Date(value);

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
