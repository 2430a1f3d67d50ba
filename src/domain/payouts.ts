/**
 * The weekly payout (spec sections 3 and 9; docs/decisions/0005-payouts.md): its formula, the
 * market week it belongs to, and the API shapes of GET payment/my-finances and payment/payouts.
 * Pure; the server computes with it and the page shows its formula.
 *
 *   earnings   = task rewards − reward reductions + mission and referral bonuses
 *   repayment  = min(overpayment balance, ⌊maxDeductionRate × earnings⌋)   (0 when earnings ≤ 0)
 *   total      = earnings − repayment                                    (never below 0)
 *   balance'   = balance − repayment + max(0, −earnings)                 (carried to later weeks)
 */
import { localDateKey } from './tasks';
import { maxBig, minBig, shareOf } from './money';
import type { Money } from './types';

export interface PayoutParts {
  /** Rewards (base + bonus reward) of the tasks paid in this payout. */
  taskReward: bigint;
  /** Reward reductions: a paid rejected task's reward minus its reduced reward, staff reductions. */
  reductions: bigint;
  /** Mission and referral bonuses. */
  bonuses: bigint;
  /** Overpayment still to be repaid before this payout. */
  balanceBefore: bigint;
  /** maxDeductionRate in basis points (3000n = 30 %). */
  maxDeductionRate: bigint;
}

export interface PayoutResult {
  earnings: bigint;
  repayment: bigint;
  total: bigint;
  /** Overpayment created by this payout (its deductions exceeded its earnings). */
  newOverpayment: bigint;
  balanceAfter: bigint;
}

export function computePayout(p: PayoutParts): PayoutResult {
  const earnings = p.taskReward - p.reductions + p.bonuses;
  if (earnings <= 0n) {
    const newOverpayment = -earnings;
    return { earnings, repayment: 0n, total: 0n, newOverpayment, balanceAfter: p.balanceBefore + newOverpayment };
  }
  const repayment = minBig(maxBig(p.balanceBefore, 0n), shareOf(earnings, p.maxDeductionRate));
  return { earnings, repayment, total: earnings - repayment, newOverpayment: 0n, balanceAfter: p.balanceBefore - repayment };
}

/** The UTC instant of a local wall-clock time ('YYYY-MM-DD', hour, minute) in a time zone. */
export function zonedInstant(dateKey: string, hour: number, minute: number, timeZone: string): Date {
  const [y, m, d] = dateKey.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, hour, minute);
  const offset = (instant: number): number => {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }).formatToParts(new Date(instant));
    const get = (type: string) => Number(parts.find((x) => x.type === type)?.value);
    return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - instant;
  };
  let t = wall - offset(wall);
  t = wall - offset(t);
  return new Date(t);
}

export function addDays(dateKey: string, days: number): string {
  const d = new Date(`${dateKey}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export interface MarketWeek {
  /** The local Monday, 'YYYY-MM-DD' (the week's name). */
  label: string;
  /** Monday 00:00 local time, as an instant. */
  start: Date;
  /** The next Monday 00:00 local time (exclusive). A DST week is 167 or 169 hours long. */
  end: Date;
}

/** The market week (Monday 00:00 to Monday 00:00 in the market's time zone) holding `instant`. */
export function weekOf(instant: Date, timeZone: string): MarketWeek {
  const key = localDateKey(instant, timeZone);
  const dow = new Date(`${key}T12:00:00Z`).getUTCDay(); // 0 = Sunday
  return weekStarting(addDays(key, -((dow + 6) % 7)), timeZone);
}

/** The market week named by its Monday ('YYYY-MM-DD'). */
export function weekStarting(monday: string, timeZone: string): MarketWeek {
  return { label: monday, start: zonedInstant(monday, 0, 0, timeZone), end: zonedInstant(addDays(monday, 7), 0, 0, timeZone) };
}

/** True for a 'YYYY-MM-DD' that is a Monday. */
export function isMondayKey(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T12:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value && d.getUTCDay() === 1;
}

// ── API shapes ────────────────────────────────────────────────────────────────────────────

export const PAYOUT_LINE_KINDS = ['task', 'task_reduction', 'reduction', 'repayment', 'mission_bonus', 'referral_bonus'] as const;
export type PayoutLineKind = (typeof PAYOUT_LINE_KINDS)[number];

/** One line of a payout. `amount` is positive; the kind says whether it adds or subtracts. */
export interface PayoutLine {
  kind: PayoutLineKind;
  amount: Money;
  /** When it was earned or recorded (a task's finalization, a mission's completion…). */
  occurredAt: string;
  taskId: string | null;
  missionId: string | null;
  /** The task's title, the mission's name, the referred friend's first name; null for others. */
  title: string | null;
  /** A staff reduction's reason. */
  reason: string | null;
}

/** Whether a line adds to (+1) or subtracts from (−1) the payout. */
export function lineSign(kind: PayoutLineKind): 1 | -1 {
  return kind === 'task' || kind === 'mission_bonus' || kind === 'referral_bonus' ? 1 : -1;
}

/** The spec's nextPayment (section 3) plus the breakdown the next-payout screen shows. */
export interface NextPayment {
  /** Completed tasks' value (rewards with their bonus rewards). */
  taskReward: Money;
  total: Money;
  /** Overpayment repayment (deductions for work already paid), at most maxDeductionRate of the earnings. */
  paidTasksDeductions: Money;
  /** Reward reductions of the work in this payout. */
  unpaidTasksDeductions: Money;
  /** Decimal string, e.g. "0.30" (30 %). */
  maxDeductionRate: string;
  tasksCount: number;
  /** Mission + referral bonuses. */
  bonuses: Money;
  missionBonuses: Money;
  referralBonuses: Money;
  /** Overpayment still to repay before this payout, and after it (carried to later weeks). */
  overpaymentBalance: Money;
  carriedOver: Money;
  /** The market week now running (the run after its end pays these lines). */
  weekStart: string;
  periodStart: string;
  periodEnd: string;
  lines: PayoutLine[];
}

export interface PayoutInfo {
  /** Sum of the payouts marked paid. */
  totalPaid: Money;
  /** Overpayment repaid in the payouts marked paid. */
  totalPaidTasksDeductions: Money;
  nextPayment: NextPayment;
}

export type PayoutStatus = 'pending' | 'paid';

export interface Payout {
  id: string;
  /** The market week's Monday, 'YYYY-MM-DD'. */
  weekStart: string;
  periodStart: string;
  periodEnd: string;
  status: PayoutStatus;
  paidAt: string | null;
  taskReward: Money;
  unpaidTasksDeductions: Money;
  paidTasksDeductions: Money;
  bonuses: Money;
  total: Money;
  tasksCount: number;
  maxDeductionRate: string;
  carriedOver: Money;
  createdAt: string;
  lines: PayoutLine[];
}
