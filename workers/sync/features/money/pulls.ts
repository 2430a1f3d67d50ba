/**
 * Money and motivation: the tasker's finances (GET payment/my-finances), past payouts
 * (GET payment/payouts), missions (GET mission/my) and what the market's taskers earned last week
 * (GET task/last-week-earn?country). Each answer goes whole into one `kv` value (`money:*`, an
 * account prefix: cleared on logout and on an account switch) with its meta row, in one
 * transaction and only while a session exists. Offline nothing is asked and the mirror answers.
 *
 * When (spec sections 7 and 9): finances every 60 s while a payout screen is open
 * (`watch({ money: true })`) and with the account pulls at start, login and reconnect; past
 * payouts likewise every 5 minutes (they change once a week); missions have no refresh: pulled
 * when the offerings or missions screen opens (`watch({ missions: true })`) and at start, login and
 * reconnect; last week's earnings hourly with the account pulls.
 */
import { FINANCES_KEY, LAST_WEEK_EARN_KEY, MISSIONS_KEY, PAYOUTS_KEY } from '#contracts/kv';
import type { ShelfworkDb } from '#db/schema';
import type { Mission } from '#domain/missions';
import type { Payout, PayoutInfo } from '#domain/payouts';
import type { CountryCode, Money } from '#domain/types';
import { myFinances, myMissions, myPayouts } from '#contracts/api/money';
import { lastWeekEarn } from '#contracts/api/tasks';
import { listItems } from '../../answers';
import { failure, isDue, OK, recordFailure, successMeta, type PullContext, type PullResult } from '../../pulls/base';

export const MONEY_META = {
  finances: 'finances',
  payouts: 'payouts',
  missions: 'missions',
  lastWeekEarn: 'lastWeekEarn',
} as const;

export const MONEY_INTERVALS_MS = {
  /** Spec section 9: payouts refreshed every 60 s. */
  finances: 60_000,
  payouts: 5 * 60_000,
  /** Missions have no refresh; opening a missions screen pulls them unless this fresh. */
  missionsOnOpen: 30_000,
  lastWeekEarn: 60 * 60_000,
} as const;

/** What task/last-week-earn answers. */
export interface LastWeekEarn {
  amount: Money;
  tasksCount: number;
  countryCode: CountryCode;
}

function isMoney(value: unknown): value is Money {
  const m = value as Partial<Money> | null;
  return !!m && typeof m.amount === 'string' && typeof m.currencyCode === 'string';
}

export function isPayoutInfo(value: unknown): value is PayoutInfo {
  const v = value as Partial<PayoutInfo> | null;
  const next = v?.nextPayment as Partial<PayoutInfo['nextPayment']> | undefined;
  return (
    !!v &&
    isMoney(v.totalPaid) &&
    !!next &&
    isMoney(next.total) &&
    isMoney(next.taskReward) &&
    isMoney(next.paidTasksDeductions) &&
    isMoney(next.unpaidTasksDeductions) &&
    typeof next.maxDeductionRate === 'string' &&
    Array.isArray(next.lines)
  );
}

export function isPayout(value: unknown): value is Payout {
  const p = value as Partial<Payout> | null;
  return !!p && typeof p.id === 'string' && typeof p.weekStart === 'string' && (p.status === 'paid' || p.status === 'pending') && isMoney(p.total) && Array.isArray(p.lines);
}

export function isMission(value: unknown): value is Mission {
  const m = value as Partial<Mission> | null;
  return !!m && typeof m.id === 'string' && typeof m.name === 'string' && Array.isArray(m.objectives) && typeof m.completedPercentage === 'number';
}

async function put(ctx: PullContext, metaKey: string, kvKey: string, value: unknown): Promise<void> {
  const { db } = ctx;
  await db.transaction('rw', [db.session, db.meta, db.kv], async () => {
    if (!(await db.session.get('tokens'))) return;
    await db.kv.put({ key: kvKey, value });
    await db.meta.put(successMeta(metaKey, ctx.now()));
  });
}

async function malformed(ctx: PullContext, metaKey: string, status: number, what: string): Promise<PullResult> {
  await recordFailure(ctx.db, metaKey, ctx.now(), 'UNKNOWN');
  return { ok: false, error: { status, code: 'UNKNOWN', message: `Malformed ${what}` } };
}

/** GET payment/my-finances → kv `money:finances`. A 404 (no market chosen yet) stores null. */
export async function pullFinances(ctx: PullContext): Promise<PullResult> {
  const key = MONEY_META.finances;
  const result = await ctx.session.call(myFinances);
  if (!result.ok && result.status !== 404) {
    await recordFailure(ctx.db, key, ctx.now(), result.error.code);
    return failure(result);
  }
  const body = result.ok ? result.body : null;
  if (body !== null && !isPayoutInfo(body)) return malformed(ctx, key, result.status, 'payout info');
  const previous = (await ctx.db.kv.get(FINANCES_KEY))?.value as PayoutInfo | null | undefined;
  await put(ctx, key, FINANCES_KEY, body);
  // A payout recorded (work left the next payment) or marked paid since the last pull: the past
  // payouts (a 5 min interval) follow now, so the tasker sees the week recorded and paid at once.
  if (previous && body && payoutsMoved(previous, body)) return pullPayouts(ctx);
  return OK;
}

function payoutsMoved(before: PayoutInfo, after: PayoutInfo): boolean {
  if (before.totalPaid.amount !== after.totalPaid.amount) return true;
  const line = (l: PayoutInfo['nextPayment']['lines'][number]) => `${l.kind}:${l.taskId ?? ''}:${l.missionId ?? ''}:${l.occurredAt}`;
  const now = new Set(after.nextPayment.lines.map(line));
  return before.nextPayment.lines.some((l) => l.kind !== 'repayment' && !now.has(line(l)));
}

/** GET payment/payouts → kv `money:payouts` (newest first as the server sends them). */
export async function pullPayouts(ctx: PullContext): Promise<PullResult> {
  const key = MONEY_META.payouts;
  const result = await ctx.session.call(myPayouts);
  if (!result.ok) {
    await recordFailure(ctx.db, key, ctx.now(), result.error.code);
    return failure(result);
  }
  const list = listItems(result.body);
  if (!list) return malformed(ctx, key, result.status, 'payout list');
  await put(ctx, key, PAYOUTS_KEY, list.filter(isPayout));
  return OK;
}

/** GET mission/my → kv `money:missions` (a mission the server no longer lists disappears). */
export async function pullMissions(ctx: PullContext): Promise<PullResult> {
  const key = MONEY_META.missions;
  const result = await ctx.session.call(myMissions);
  if (!result.ok) {
    await recordFailure(ctx.db, key, ctx.now(), result.error.code);
    return failure(result);
  }
  const list = listItems(result.body);
  if (!list) return malformed(ctx, key, result.status, 'mission list');
  await put(ctx, key, MISSIONS_KEY, list.filter(isMission));
  return OK;
}

/** GET task/last-week-earn?country=<the tasker's market> → kv `money:lastWeekEarn`. */
export async function pullLastWeekEarn(ctx: PullContext, country: CountryCode): Promise<PullResult> {
  const key = MONEY_META.lastWeekEarn;
  const result = await ctx.session.call(lastWeekEarn, { query: { country } });
  if (!result.ok) {
    await recordFailure(ctx.db, key, ctx.now(), result.error.code);
    return failure(result);
  }
  const body = result.body as Partial<LastWeekEarn> | null;
  if (!body || !isMoney(body.amount) || typeof body.tasksCount !== 'number') return malformed(ctx, key, result.status, 'last week earnings');
  const value: LastWeekEarn = { amount: body.amount, tasksCount: body.tasksCount, countryCode: country };
  await put(ctx, key, LAST_WEEK_EARN_KEY, value);
  return OK;
}

export interface MoneyPullOptions {
  /** A payout screen is open: finances every 60 s, payouts every 5 min. */
  moneyWatched: boolean;
  /** A sync trigger that means "start / login / back online" (the account pulls), or forced. */
  accountPulls: boolean;
  /** Skip the failed-pull pause. */
  eager: boolean;
  force: boolean;
}

/**
 * The money pulls due in one sync run (`pull` wraps each in the engine's guard). Missions are
 * pulled here only with the account pulls or when never pulled: they have no periodic refresh.
 */
export async function pullMoneyDue(
  ctx: PullContext,
  country: CountryCode | null,
  options: MoneyPullOptions,
  pull: (what: string, job: () => Promise<PullResult>) => Promise<unknown>,
): Promise<void> {
  const { db } = ctx;
  const now = ctx.now();
  const due = (key: string, interval: number) => (options.force ? Promise.resolve(true) : isDue(db, key, interval, now, options.eager));
  const wanted = options.moneyWatched || options.accountPulls;
  const jobs: Promise<unknown>[] = [];
  if (wanted && (await due(MONEY_META.finances, MONEY_INTERVALS_MS.finances))) jobs.push(pull('finances pull', () => pullFinances(ctx)));
  if (wanted && (await due(MONEY_META.payouts, MONEY_INTERVALS_MS.payouts))) jobs.push(pull('payouts pull', () => pullPayouts(ctx)));
  if ((options.accountPulls || !(await db.meta.get(MONEY_META.missions))?.syncedAt) && (await due(MONEY_META.missions, 0))) {
    jobs.push(pull('missions pull', () => pullMissions(ctx)));
  }
  if (country && (await due(MONEY_META.lastWeekEarn, MONEY_INTERVALS_MS.lastWeekEarn))) jobs.push(pull('last week earn pull', () => pullLastWeekEarn(ctx, country)));
  await Promise.all(jobs);
}

/** A missions screen opened: pull them unless pulled moments ago (or a pull failed moments ago). */
export async function missionsDueOnOpen(db: ShelfworkDb, now: Date): Promise<boolean> {
  return isDue(db, MONEY_META.missions, MONEY_INTERVALS_MS.missionsOnOpen, now);
}

/** A payout screen opened: finances and payouts each if due. */
export async function pullMoneyOnOpen(ctx: PullContext, pull: (what: string, job: () => Promise<PullResult>) => Promise<unknown>): Promise<void> {
  const now = ctx.now();
  const jobs: Promise<unknown>[] = [];
  if (await isDue(ctx.db, MONEY_META.finances, MONEY_INTERVALS_MS.finances, now)) jobs.push(pull('finances pull', () => pullFinances(ctx)));
  if (await isDue(ctx.db, MONEY_META.payouts, MONEY_INTERVALS_MS.payouts, now)) jobs.push(pull('payouts pull', () => pullPayouts(ctx)));
  await Promise.all(jobs);
}
