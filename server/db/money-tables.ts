/**
 * Kysely types of the money and motivation tables (migration 0005_money): payout adjustments,
 * missions, their objectives and assignments, referral bonuses, payouts, their lines and the
 * weekly runs. Joined onto the shared Database type with `withTables` (like the execution
 * tables), so the money tables stay apart from server/db/schema.ts. Kept in server/db, the bottom
 * layer, because the missions feature (below money) reads and writes them too.
 */
import type { ColumnType, Kysely } from 'kysely';
import type { Database, Json, Timestamp } from './schema';

type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;
type NullableTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** numeric: written as a decimal string, read as a string (pg and PGlite both answer text for numeric). */
type Decimal = ColumnType<string, string, string>;

export type AdjustmentKind = 'reduction' | 'overpayment';

export type PayoutAdjustmentsTable = {
  id: string;
  user_id: string;
  kind: AdjustmentKind;
  amount: Decimal;
  currency_code: string;
  task_id: Nullable<string>;
  reason: string;
  created_by: string;
  created_at: Timestamp;
};

export type MissionsTable = {
  id: string;
  country_code: string;
  name: string;
  use_name_as_display_name: boolean;
  description: string;
  reward_amount: Nullable<string>;
  currency_code: string;
  duration_seconds: Nullable<number>;
  created_by: string;
  created_at: Timestamp;
};

export type MissionObjectivesTable = {
  id: string;
  mission_id: string;
  position: number;
  content_type: 'task_type' | 'training';
  allowed_items: Json<string[]>;
  target: number;
};

export type MissionAssignmentsTable = {
  id: string;
  mission_id: string;
  user_id: string;
  expires_at: NullableTime;
  completed_at: NullableTime;
  reward_amount: Nullable<string>;
  created_by: string;
  created_at: Timestamp;
};

export type ReferralBonusesTable = {
  id: string;
  referrer_id: string;
  referred_user_id: string;
  amount: Decimal;
  currency_code: string;
  earned_at: Timestamp;
  created_at: Timestamp;
};

export type PayoutsTable = {
  id: string;
  user_id: string;
  country_code: string;
  week_start: string;
  period_start: Timestamp;
  period_end: Timestamp;
  currency_code: string;
  task_reward: Decimal;
  reductions: Decimal;
  bonuses: Decimal;
  repayment: Decimal;
  new_overpayment: Decimal;
  balance_after: Decimal;
  total: Decimal;
  tasks_count: number;
  max_deduction_rate_bp: number;
  status: ColumnType<'pending' | 'paid', 'pending' | 'paid' | undefined, 'pending' | 'paid'>;
  paid_at: NullableTime;
  paid_by: Nullable<string>;
  created_at: Timestamp;
};

export type PayoutLinesTable = {
  id: string;
  payout_id: string;
  position: number;
  kind: string;
  source_id: Nullable<string>;
  amount: Decimal;
  occurred_at: Timestamp;
  task_id: Nullable<string>;
  mission_id: Nullable<string>;
  title: Nullable<string>;
  reason: Nullable<string>;
};

export type PayoutRunsTable = {
  country_code: string;
  week_start: string;
  payouts_count: number;
  finished_at: Timestamp;
};

export type MoneyTables = {
  payout_adjustments: PayoutAdjustmentsTable;
  missions: MissionsTable;
  mission_objectives: MissionObjectivesTable;
  mission_assignments: MissionAssignmentsTable;
  referral_bonuses: ReferralBonusesTable;
  payouts: PayoutsTable;
  payout_lines: PayoutLinesTable;
  payout_runs: PayoutRunsTable;
};

export type MoneyDb = Kysely<Database & MoneyTables>;

/** The same connection (or transaction) typed with the money tables. */
export function moneyDb(db: Kysely<Database>): MoneyDb {
  return db.withTables<MoneyTables>() as unknown as MoneyDb;
}
