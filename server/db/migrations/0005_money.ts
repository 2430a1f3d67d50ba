import { type Kysely, type Migration } from 'kysely';
import { runStatements } from './statements';

/**
 * Money and motivation: staff adjustments (reward reductions, overpayments), missions with their
 * objectives and assignments, referral bonuses, and the weekly payouts with their lines
 * (docs/decisions/0005-payouts.md). Types in server/db/schema.ts.
 */
export const m0005_money: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, `
      CREATE TABLE payout_adjustments (
        id text PRIMARY KEY,
        user_id text NOT NULL REFERENCES users(id),
        -- reduction: taken in full from the next payout; overpayment: repaid at most maxDeductionRate a week.
        kind text NOT NULL CHECK (kind IN ('reduction','overpayment')),
        amount numeric(12,2) NOT NULL CHECK (amount > 0),
        currency_code text NOT NULL,
        task_id text REFERENCES tasks(id),
        reason text NOT NULL,
        created_by text NOT NULL,
        created_at timestamptz NOT NULL
      );
      CREATE INDEX payout_adjustments_user_idx ON payout_adjustments (user_id, created_at);
      CREATE TABLE missions (
        id text PRIMARY KEY,
        country_code text NOT NULL REFERENCES countries(code),
        name text NOT NULL,
        use_name_as_display_name boolean NOT NULL DEFAULT true,
        description text NOT NULL DEFAULT '',
        -- Null: a mission without money.
        reward_amount numeric(12,2) CHECK (reward_amount > 0),
        currency_code text NOT NULL,
        -- Seconds from assignment to expiry; null = unlimited.
        duration_seconds integer CHECK (duration_seconds > 0),
        created_by text NOT NULL,
        created_at timestamptz NOT NULL
      );
      CREATE TABLE mission_objectives (
        id text PRIMARY KEY,
        mission_id text NOT NULL REFERENCES missions(id),
        position integer NOT NULL,
        content_type text NOT NULL CHECK (content_type IN ('task_type','training')),
        allowed_items jsonb NOT NULL DEFAULT '[]',
        target integer NOT NULL CHECK (target > 0)
      );
      CREATE INDEX mission_objectives_mission_idx ON mission_objectives (mission_id, position);
      CREATE TABLE mission_assignments (
        id text PRIMARY KEY,
        mission_id text NOT NULL REFERENCES missions(id),
        user_id text NOT NULL REFERENCES users(id),
        expires_at timestamptz,
        -- When the last objective was reached (derived from the work's own times), set once.
        completed_at timestamptz,
        -- The bonus, fixed at completion (paid in the payout of the week holding completed_at).
        reward_amount numeric(12,2),
        created_by text NOT NULL,
        created_at timestamptz NOT NULL,
        UNIQUE (mission_id, user_id)
      );
      CREATE INDEX mission_assignments_user_idx ON mission_assignments (user_id, created_at);
      CREATE TABLE referral_bonuses (
        id text PRIMARY KEY,
        referrer_id text NOT NULL REFERENCES users(id),
        -- Once per referred tasker.
        referred_user_id text NOT NULL UNIQUE REFERENCES users(id),
        amount numeric(12,2) NOT NULL CHECK (amount > 0),
        currency_code text NOT NULL,
        -- When the friend's accepted tasks reached the threshold.
        earned_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL
      );
      CREATE INDEX referral_bonuses_referrer_idx ON referral_bonuses (referrer_id, earned_at);
      CREATE TABLE payouts (
        id text PRIMARY KEY,
        user_id text NOT NULL REFERENCES users(id),
        country_code text NOT NULL REFERENCES countries(code),
        -- The market week's Monday (local), 'YYYY-MM-DD'; the period is its local Monday 00:00 to the next.
        week_start text NOT NULL CHECK (week_start ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
        period_start timestamptz NOT NULL,
        period_end timestamptz NOT NULL,
        currency_code text NOT NULL,
        task_reward numeric(14,2) NOT NULL,
        reductions numeric(14,2) NOT NULL,
        bonuses numeric(14,2) NOT NULL,
        repayment numeric(14,2) NOT NULL,
        new_overpayment numeric(14,2) NOT NULL,
        balance_after numeric(14,2) NOT NULL,
        total numeric(14,2) NOT NULL CHECK (total >= 0),
        tasks_count integer NOT NULL,
        max_deduction_rate_bp integer NOT NULL,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','paid')),
        paid_at timestamptz,
        paid_by text,
        created_at timestamptz NOT NULL,
        -- One payout per tasker and week: a second run cannot pay the week again.
        UNIQUE (user_id, week_start)
      );
      CREATE INDEX payouts_week_idx ON payouts (country_code, week_start);
      CREATE TABLE payout_lines (
        id text PRIMARY KEY,
        payout_id text NOT NULL REFERENCES payouts(id),
        position integer NOT NULL,
        kind text NOT NULL CHECK (kind IN ('task','task_reduction','reduction','repayment','mission_bonus','referral_bonus')),
        -- The task, adjustment, mission assignment or referral bonus paid; null for the repayment.
        source_id text,
        amount numeric(14,2) NOT NULL CHECK (amount >= 0),
        occurred_at timestamptz NOT NULL,
        task_id text,
        mission_id text,
        title text,
        reason text
      );
      -- Nothing is paid twice: each source appears in one payout line of its kind.
      CREATE UNIQUE INDEX payout_lines_source_idx ON payout_lines (kind, source_id) WHERE source_id IS NOT NULL;
      CREATE INDEX payout_lines_payout_idx ON payout_lines (payout_id, position);
      CREATE TABLE payout_runs (
        country_code text NOT NULL REFERENCES countries(code),
        week_start text NOT NULL,
        payouts_count integer NOT NULL,
        finished_at timestamptz NOT NULL,
        PRIMARY KEY (country_code, week_start)
      );
      -- A tasker's unpaid work (the next payout's task lines).
      CREATE INDEX tasks_unpaid_tasker_idx ON tasks (tasker_id, finalization_time) WHERE payment_id IS NULL AND status IN ('accepted','rejected');
    `);
  },
};
