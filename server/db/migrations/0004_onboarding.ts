import { type Kysely, type Migration } from 'kysely';
import { runStatements } from './statements';

/**
 * Onboarding: the profile and payment fields of a user, the fleet partners and
 * contacts of each market, the tasker's documents (profile photo, identity document, payment
 * document; stored like task photos), and the review history (who did what, when).
 */
export const m0004_onboarding: Migration = {
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
