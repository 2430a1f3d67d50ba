/**
 * The one set of migrations for both engines (PGlite and PostgreSQL). Kept in code (not files
 * on disk) so tests and the server run exactly the same list. Append new migrations; never
 * edit one that has shipped.
 */
import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';

/** PGlite's extended protocol runs one statement per query, so DDL is split on `;` at line ends. */
async function runStatements(db: Kysely<unknown>, ddl: string): Promise<void> {
  for (const statement of ddl.split(/;\s*$/m)) {
    if (statement.replace(/--.*$/gm, '').trim() === '') continue;
    await sql.raw(statement).execute(db);
  }
}

const m0001_initial: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, `
      CREATE TABLE countries (
        code text PRIMARY KEY,
        name text NOT NULL,
        currency_code text NOT NULL,
        currency_symbol text NOT NULL,
        locale text NOT NULL,
        time_zone text NOT NULL
      );
      CREATE TABLE retailers (
        id text PRIMARY KEY,
        name text NOT NULL,
        logo text
      );
      CREATE TABLE places (
        id text PRIMARY KEY,
        title text NOT NULL,
        address text NOT NULL,
        city text NOT NULL,
        country_code text NOT NULL REFERENCES countries(code),
        latitude double precision NOT NULL,
        longitude double precision NOT NULL,
        retailer_id text NOT NULL REFERENCES retailers(id),
        created_at timestamptz NOT NULL
      );
      CREATE INDEX places_country_idx ON places (country_code);
      CREATE TABLE trainings (
        id text PRIMARY KEY,
        title text NOT NULL,
        filter_title text NOT NULL,
        link_to_training text NOT NULL,
        nda_protected boolean NOT NULL DEFAULT false,
        enabled boolean NOT NULL DEFAULT true,
        is_required boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL
      );
      CREATE TABLE task_types (
        id text PRIMARY KEY,
        title text NOT NULL,
        short_description text NOT NULL,
        full_description text NOT NULL,
        default_photo text,
        photos jsonb NOT NULL DEFAULT '[]',
        featured_images jsonb NOT NULL DEFAULT '[]',
        filter_title text NOT NULL,
        nda_protected boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL
      );
      CREATE TABLE task_type_trainings (
        task_type_id text NOT NULL REFERENCES task_types(id),
        training_id text NOT NULL REFERENCES trainings(id),
        position integer NOT NULL DEFAULT 0,
        PRIMARY KEY (task_type_id, training_id)
      );
      CREATE INDEX task_type_trainings_training_idx ON task_type_trainings (training_id);
      CREATE TABLE users (
        id text PRIMARY KEY,
        email text NOT NULL UNIQUE,
        password_hash text,
        first_name text,
        middle_name text,
        last_name text,
        phone text,
        country_code text REFERENCES countries(code),
        status text NOT NULL,
        payment_documents_done boolean NOT NULL DEFAULT false,
        profile_complete boolean NOT NULL DEFAULT false,
        rejection_reasons jsonb NOT NULL DEFAULT '[]',
        rejection_comment text,
        referral_code text UNIQUE,
        reservation_limit_minutes integer,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE TABLE user_trainings (
        user_id text NOT NULL REFERENCES users(id),
        training_id text NOT NULL REFERENCES trainings(id),
        done_at timestamptz NOT NULL,
        PRIMARY KEY (user_id, training_id)
      );
      CREATE TABLE tasks (
        id text PRIMARY KEY,
        status text NOT NULL,
        tasker_id text REFERENCES users(id),
        task_type_id text NOT NULL REFERENCES task_types(id),
        place_id text NOT NULL REFERENCES places(id),
        country_code text NOT NULL REFERENCES countries(code),
        title text NOT NULL,
        image text,
        payment_id text,
        time_window_start timestamptz NOT NULL,
        time_window_end timestamptz NOT NULL,
        start_time timestamptz,
        end_time timestamptz,
        finalization_time timestamptz,
        expected_duration integer NOT NULL,
        currency_code text NOT NULL,
        reward numeric(12,2) NOT NULL,
        base_reward numeric(12,2) NOT NULL,
        bonus_reward numeric(12,2),
        reduced_reward numeric(12,2),
        early_cancel_deadline timestamptz,
        late_cancel_deadline timestamptz,
        result_comment text,
        tasker_comment text,
        descriptive_comment text,
        letter_of_authority_url text,
        target_product_photos jsonb NOT NULL DEFAULT '[]',
        done_checklist_item_ids jsonb NOT NULL DEFAULT '[]',
        has_outstanding_dispute boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        CONSTRAINT tasks_status_check CHECK (status IN ('available','reserved','in_progress','awaiting_confirmation','accepted','rejected','expired')),
        CONSTRAINT tasks_window_check CHECK (time_window_end > time_window_start)
      );
      -- The reservable list: available tasks of one country, ordered by window.
      CREATE INDEX tasks_available_country_window_idx ON tasks (country_code, time_window_start, id) WHERE status = 'available';
      CREATE INDEX tasks_status_country_idx ON tasks (status, country_code);
      -- The tasker's own lists (reserved, in progress, history).
      CREATE INDEX tasks_tasker_status_idx ON tasks (tasker_id, status, time_window_start);
      CREATE INDEX tasks_place_idx ON tasks (place_id);
      CREATE INDEX tasks_task_type_idx ON tasks (task_type_id);
      CREATE INDEX tasks_window_end_idx ON tasks (time_window_end);
      CREATE TABLE checklist_items (
        id text PRIMARY KEY,
        task_id text NOT NULL REFERENCES tasks(id),
        position integer NOT NULL,
        type text NOT NULL,
        title text NOT NULL,
        description text,
        is_optional boolean NOT NULL DEFAULT false,
        metadata jsonb NOT NULL DEFAULT '{}'
      );
      CREATE INDEX checklist_items_task_idx ON checklist_items (task_id, position);
      CREATE TABLE products (
        id text PRIMARY KEY,
        ean text NOT NULL UNIQUE,
        name text NOT NULL,
        brand text NOT NULL
      );
      CREATE TABLE task_products (
        task_id text NOT NULL REFERENCES tasks(id),
        product_id text NOT NULL REFERENCES products(id),
        PRIMARY KEY (task_id, product_id)
      );
      CREATE TABLE defects (
        id text PRIMARY KEY,
        name text NOT NULL,
        type text NOT NULL CHECK (type IN ('regular','task_blocker'))
      );
      CREATE TABLE task_defects (
        task_id text NOT NULL REFERENCES tasks(id),
        defect_id text NOT NULL REFERENCES defects(id),
        checked boolean NOT NULL DEFAULT false,
        PRIMARY KEY (task_id, defect_id)
      );
      CREATE TABLE login_codes (
        id text PRIMARY KEY,
        email text NOT NULL,
        code_hash text NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        expires_at timestamptz NOT NULL,
        consumed_at timestamptz,
        created_at timestamptz NOT NULL
      );
      CREATE INDEX login_codes_email_idx ON login_codes (email, created_at DESC);
      CREATE TABLE rate_limit_events (
        id bigserial PRIMARY KEY,
        bucket text NOT NULL,
        created_at timestamptz NOT NULL
      );
      CREATE INDEX rate_limit_events_bucket_idx ON rate_limit_events (bucket, created_at);
      CREATE TABLE refresh_tokens (
        id text PRIMARY KEY,
        user_id text NOT NULL REFERENCES users(id),
        family_id text NOT NULL,
        token_hash text NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        rotated_at timestamptz,
        revoked_at timestamptz,
        created_at timestamptz NOT NULL
      );
      CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id);
      CREATE TABLE idempotency_keys (
        scope text NOT NULL,
        key text NOT NULL,
        method text NOT NULL,
        path text NOT NULL,
        request_hash text NOT NULL,
        status_code integer NOT NULL,
        response jsonb,
        created_at timestamptz NOT NULL,
        PRIMARY KEY (scope, key)
      );
      CREATE TABLE server_secrets (
        name text PRIMARY KEY,
        value text NOT NULL
      );
      CREATE TABLE dev_mailbox (
        id bigserial PRIMARY KEY,
        to_email text NOT NULL,
        subject text NOT NULL,
        text text NOT NULL,
        code text,
        sent_at timestamptz NOT NULL
      );
      CREATE INDEX dev_mailbox_to_idx ON dev_mailbox (to_email, id);
    `);
  },
};

/** The task life cycle: when a task was reserved and where it was started, cancellations, expiry index. */
const m0002_lifecycle: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, `
      ALTER TABLE tasks ADD COLUMN reserved_at timestamptz;
      ALTER TABLE tasks ADD COLUMN start_latitude double precision;
      ALTER TABLE tasks ADD COLUMN start_longitude double precision;
      -- When the server received the start (start_time is the time the client recorded).
      ALTER TABLE tasks ADD COLUMN start_received_at timestamptz;
      CREATE TABLE task_cancellations (
        id text PRIMARY KEY,
        task_id text NOT NULL REFERENCES tasks(id),
        user_id text NOT NULL REFERENCES users(id),
        late boolean NOT NULL,
        justification text,
        created_at timestamptz NOT NULL
      );
      CREATE INDEX task_cancellations_user_idx ON task_cancellations (user_id, created_at);
      CREATE INDEX task_cancellations_task_idx ON task_cancellations (task_id);
      -- The expiry job: reserved/in-progress tasks by window end.
      CREATE INDEX tasks_active_window_end_idx ON tasks (time_window_end) WHERE status IN ('reserved', 'in_progress');
      -- last-week-earn: accepted tasks per country by finalization time.
      CREATE INDEX tasks_accepted_country_final_idx ON tasks (country_code, finalization_time) WHERE status = 'accepted';
      -- Suggestions: available tasks at one place.
      CREATE INDEX tasks_available_place_idx ON tasks (place_id, time_window_start, id) WHERE status = 'available';
    `);
  },
};

/**
 * Doing the work: photo metadata and file keys, scanned items (SKUs), how a task was
 * completed. Types in server/execution/tables.ts. The done checklist list is tasks.done_checklist_item_ids (0001).
 */
const m0003_execution: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, `
      CREATE TABLE photos (
        id text PRIMARY KEY,
        task_id text NOT NULL REFERENCES tasks(id),
        user_id text NOT NULL REFERENCES users(id),
        comment text NOT NULL DEFAULT '',
        tags jsonb NOT NULL DEFAULT '[]',
        -- Null until the file is uploaded; the key names the PhotoStorage object.
        storage_key text,
        sha256 text,
        size_bytes integer,
        uploaded_at timestamptz,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE INDEX photos_task_idx ON photos (task_id, created_at, id);
      CREATE TABLE scanned_items (
        task_id text NOT NULL REFERENCES tasks(id),
        id text NOT NULL,
        position integer NOT NULL,
        ean text NOT NULL,
        facings integer NOT NULL CHECK (facings BETWEEN 0 AND 99),
        scanned_at timestamptz NOT NULL,
        PRIMARY KEY (task_id, id)
      );
      CREATE TABLE task_completions (
        task_id text PRIMARY KEY REFERENCES tasks(id),
        user_id text NOT NULL REFERENCES users(id),
        outcome text NOT NULL CHECK (outcome IN ('complete','incomplete','blocked')),
        reason text,
        policy_agreed boolean NOT NULL DEFAULT false,
        blocker_ids jsonb NOT NULL DEFAULT '[]',
        created_at timestamptz NOT NULL
      );
    `);
  },
};

/**
 * Onboarding (issue 11): the profile and payment fields of a user, the fleet partners and
 * contacts of each market, the tasker's documents (profile photo, identity document, payment
 * document; stored like task photos), and the review history (who did what, when).
 */
const m0004_onboarding: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, `
      CREATE TABLE fleet_partners (
        id text PRIMARY KEY,
        country_code text NOT NULL REFERENCES countries(code),
        short_name text NOT NULL,
        url text NOT NULL,
        position integer NOT NULL DEFAULT 0
      );
      CREATE INDEX fleet_partners_country_idx ON fleet_partners (country_code, position);
      CREATE TABLE country_businesses (
        id text PRIMARY KEY,
        country_code text NOT NULL REFERENCES countries(code),
        name text NOT NULL,
        registration_number text NOT NULL,
        address text NOT NULL
      );
      CREATE TABLE country_contacts (
        country_code text PRIMARY KEY REFERENCES countries(code),
        support_phone text NOT NULL,
        support_email text NOT NULL,
        supervisor_name text NOT NULL,
        supervisor_phone text NOT NULL,
        supervisor_email text NOT NULL
      );
      ALTER TABLE users ADD COLUMN national_id text;
      ALTER TABLE users ADD COLUMN iban text;
      ALTER TABLE users ADD COLUMN address text;
      ALTER TABLE users ADD COLUMN postal_code text;
      ALTER TABLE users ADD COLUMN business_type text NOT NULL DEFAULT 'self_employed' CHECK (business_type IN ('self_employed','company'));
      ALTER TABLE users ADD COLUMN individual_activity_no text;
      ALTER TABLE users ADD COLUMN legal_entity_name text;
      ALTER TABLE users ADD COLUMN legal_entity_number text;
      ALTER TABLE users ADD COLUMN vat_code text;
      ALTER TABLE users ADD COLUMN business_id text REFERENCES country_businesses(id);
      ALTER TABLE users ADD COLUMN referred_by_code text;
      ALTER TABLE users ADD COLUMN fleet_partner_id text REFERENCES fleet_partners(id);
      ALTER TABLE users ADD COLUMN activity_code text;
      ALTER TABLE users ADD COLUMN submitted_at timestamptz;
      ALTER TABLE users ADD COLUMN approved_at timestamptz;
      CREATE TABLE user_documents (
        id text PRIMARY KEY,
        user_id text NOT NULL REFERENCES users(id),
        kind text NOT NULL CHECK (kind IN ('profile_photo','identity_document','payment_document')),
        content_type text NOT NULL DEFAULT 'image/jpeg',
        -- Null until the file is uploaded; the key names the PhotoStorage object.
        storage_key text,
        sha256 text,
        size_bytes integer,
        uploaded_at timestamptz,
        -- Identity documents are deleted after verification (spec section 3); the row stays.
        deleted_at timestamptz,
        created_at timestamptz NOT NULL
      );
      CREATE INDEX user_documents_user_idx ON user_documents (user_id, kind, created_at);
      CREATE TABLE user_events (
        id text PRIMARY KEY,
        user_id text NOT NULL REFERENCES users(id),
        -- submitted, resubmitted, approved, rejected, training_done, training_undone, ...
        kind text NOT NULL,
        -- 'tasker' for the tasker's own actions, else the staff member's name.
        actor text NOT NULL,
        reasons jsonb NOT NULL DEFAULT '[]',
        comment text,
        detail jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL
      );
      CREATE INDEX user_events_user_idx ON user_events (user_id, created_at);
    `);
  },
};

/**
 * Money and motivation: staff adjustments (reward reductions, overpayments), missions with their
 * objectives and assignments, referral bonuses, and the weekly payouts with their lines
 * (docs/decisions/0005-payouts.md). Types in server/db/schema.ts.
 */
const m0005_money: Migration = {
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

/**
 * Attendance confirmation: staff ask the tasker of a reserved task to confirm they will come; the
 * tasker answers yes, or no with a reason and the policy agreed; a request left unanswered past
 * expires_at lapses and cancels the reservation (server/attendance/job.ts).
 */
const m0006_attendance: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, `
      CREATE TABLE attendance_requests (
        id text PRIMARY KEY,
        task_id text NOT NULL REFERENCES tasks(id),
        user_id text NOT NULL REFERENCES users(id),
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','accepted','declined','lapsed')),
        expires_at timestamptz NOT NULL,
        accept boolean,
        justification text,
        policy_agreed boolean,
        answered_at timestamptz,
        lapsed_at timestamptz,
        -- Set when the lapse released the reservation (false: the task had moved on already).
        cancelled_reservation boolean,
        created_by text NOT NULL,
        created_at timestamptz NOT NULL
      );
      -- At most one open request per task.
      CREATE UNIQUE INDEX attendance_requests_open_idx ON attendance_requests (task_id) WHERE status = 'pending';
      CREATE INDEX attendance_requests_user_idx ON attendance_requests (user_id, status);
      CREATE INDEX attendance_requests_due_idx ON attendance_requests (expires_at) WHERE status = 'pending';
    `);
  },
};

/**
 * Support messages (issue 14): what a tasker wrote from /support, stored before it is mailed to
 * the market's support address; mailed_at is set once the mail went out (server/support/service.ts).
 */
const m0008_support: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, `
      CREATE TABLE support_requests (
        id text PRIMARY KEY,
        user_id text NOT NULL REFERENCES users(id),
        country_code text REFERENCES countries(code),
        email text NOT NULL,
        to_email text,
        body text NOT NULL,
        locale text NOT NULL,
        created_at timestamptz NOT NULL,
        mailed_at timestamptz,
        mail_attempts integer NOT NULL DEFAULT 0
      );
      CREATE INDEX support_requests_user_idx ON support_requests (user_id, created_at);
      CREATE INDEX support_requests_unmailed_idx ON support_requests (created_at) WHERE mailed_at IS NULL;
    `);
  },
};

/**
 * Notifications and web push (issue 14): the tasker's notifications (a type and its params; the
 * words are made in the reader's language when read, server/notifications/words.ts), push
 * settings per tasker, push subscriptions (with the language their pushes are worded in), the
 * push deliveries the push job sends with retries, and the expiry reminders already pushed.
 */
const m0007_notifications: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, `
      CREATE TABLE notifications (
        id text PRIMARY KEY,
        user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        type text NOT NULL,
        params jsonb NOT NULL DEFAULT '{}',
        resource_id text,
        created_at timestamptz NOT NULL,
        seen_at timestamptz
      );
      CREATE INDEX notifications_unseen_idx ON notifications (user_id, created_at) WHERE seen_at IS NULL;
      CREATE TABLE push_settings (
        user_id text PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        topic_task_offer boolean NOT NULL DEFAULT true,
        topic_bonus boolean NOT NULL DEFAULT true,
        updated_at timestamptz NOT NULL
      );
      CREATE TABLE push_subscriptions (
        id text PRIMARY KEY,
        user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        endpoint text NOT NULL UNIQUE,
        p256dh text NOT NULL,
        auth text NOT NULL,
        expiration_time timestamptz,
        locale text NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id);
      CREATE TABLE push_deliveries (
        id text PRIMARY KEY,
        subscription_id text NOT NULL REFERENCES push_subscriptions(id) ON DELETE CASCADE,
        message jsonb NOT NULL,
        status text NOT NULL DEFAULT 'pending',
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL,
        last_error text,
        created_at timestamptz NOT NULL,
        sent_at timestamptz
      );
      CREATE INDEX push_deliveries_due_idx ON push_deliveries (next_attempt_at) WHERE status = 'pending';
      CREATE TABLE push_reminders (
        task_id text NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
        at timestamptz NOT NULL,
        created_at timestamptz NOT NULL,
        PRIMARY KEY (task_id, at)
      );
    `);
  },
};

/**
 * Reference texts in the market's language (issue 14, docs/decisions/0008): task types,
 * trainings and defects keep one row (their ids stay: tasks, done trainings, missions and queued
 * defect records name them) and carry their translations beside the English columns, per locale:
 * {"pl": {"title": "…", …}}. The server picks the market's locale (server/catalog/localize.ts).
 */
const m0009_reference_translations: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, `
      ALTER TABLE task_types ADD COLUMN translations jsonb NOT NULL DEFAULT '{}';
      ALTER TABLE trainings ADD COLUMN translations jsonb NOT NULL DEFAULT '{}';
      ALTER TABLE defects ADD COLUMN translations jsonb NOT NULL DEFAULT '{}';
    `);
  },
};

/**
 * Delta sync of the task lists (issue 15, docs/decisions/0009-delta-sync.md). Every insert or
 * update of a task stamps `change_xid` with the writing transaction's id; a reader's snapshot
 * (`pg_current_snapshot()`) is the cursor, and "changed since" = not visible in that snapshot,
 * which no commit order can skip (a sequence value may commit after a larger one was read).
 * A change of status, tasker or market (or a delete) also logs the task's previous membership in
 * `task_list_exits`, so a list can tell a viewer which of its rows left (tombstones) without
 * naming tasks the viewer never could see. Existing rows get xid 1 (visible to every snapshot).
 */
const m0010_task_changes: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, `
      ALTER TABLE tasks ADD COLUMN change_xid xid8 NOT NULL DEFAULT '1';
      CREATE INDEX tasks_change_xid_idx ON tasks (change_xid);
      CREATE TABLE task_list_exits (
        id bigserial PRIMARY KEY,
        xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
        task_id text NOT NULL,
        old_status text NOT NULL,
        old_tasker_id text,
        old_country_code text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX task_list_exits_xid_idx ON task_list_exits (xid);
    `);
    // One statement with semicolons inside: not through runStatements' split.
    await sql.raw(`
      CREATE FUNCTION tasks_track_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          NEW.change_xid := pg_current_xact_id(); RETURN NEW;
        END IF;
        IF TG_OP = 'DELETE' THEN
          INSERT INTO task_list_exits (task_id, old_status, old_tasker_id, old_country_code)
            VALUES (OLD.id, OLD.status, OLD.tasker_id, OLD.country_code);
          RETURN OLD;
        END IF;
        IF OLD.status IS DISTINCT FROM NEW.status OR OLD.tasker_id IS DISTINCT FROM NEW.tasker_id
           OR OLD.country_code IS DISTINCT FROM NEW.country_code THEN
          INSERT INTO task_list_exits (task_id, old_status, old_tasker_id, old_country_code)
            VALUES (OLD.id, OLD.status, OLD.tasker_id, OLD.country_code);
        END IF;
        NEW.change_xid := pg_current_xact_id(); RETURN NEW;
      END $$`).execute(db);
    await sql.raw(`CREATE TRIGGER tasks_track_change BEFORE INSERT OR UPDATE OR DELETE ON tasks FOR EACH ROW EXECUTE FUNCTION tasks_track_change()`).execute(db);
  },
};

/**
 * Resumable uploads in flight (server/storage/tus.ts): one row per tus upload, so a token (its
 * row) has one upload, an account's unfinished uploads are capped by their declared lengths, and
 * the uploads of a replaced document can be found and removed.
 */
const m0011_tus_uploads: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, `
      CREATE TABLE tus_uploads (
        id text PRIMARY KEY,
        user_id text NOT NULL,
        target text NOT NULL,
        row_id text NOT NULL,
        length integer NOT NULL,
        created_at timestamptz NOT NULL,
        finished_at timestamptz
      );
      CREATE UNIQUE INDEX tus_uploads_row_idx ON tus_uploads (target, row_id);
      CREATE INDEX tus_uploads_user_idx ON tus_uploads (user_id, created_at);
    `);
  },
};

export const MIGRATIONS: Record<string, Migration> = {
  '0001_initial': m0001_initial,
  '0002_lifecycle': m0002_lifecycle,
  '0003_execution': m0003_execution,
  '0004_onboarding': m0004_onboarding,
  '0005_money': m0005_money,
  '0006_attendance': m0006_attendance,
  '0007_notifications': m0007_notifications,
  '0008_support': m0008_support,
  '0009_reference_translations': m0009_reference_translations,
  '0010_task_changes': m0010_task_changes,
  '0011_tus_uploads': m0011_tus_uploads,
};

class InCodeMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return MIGRATIONS;
  }
}

/** Runs every pending migration; throws with the failing migration's error. */
export async function migrateToLatest<T>(db: Kysely<T>): Promise<void> {
  const migrator = new Migrator({ db: db as Kysely<unknown>, provider: new InCodeMigrationProvider() });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
