import { type Kysely, type Migration } from 'kysely';
import { runStatements } from './statements';

export const m0001_initial: Migration = {
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
