import { type Kysely, type Migration } from 'kysely';
import { runStatements } from './statements';

/**
 * Staff accounts (server/staffAuth): people with an e-mail, roles and markets, signing in with a
 * login code like taskers (login_codes.audience keeps a staff code from signing in a tasker with
 * the same e-mail, and the other way round), their own refresh tokens, and the audit trail of
 * every staff action (who, when, what, before and after).
 */
export const m0012_staff: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, `
      CREATE TABLE staff_accounts (
        id text PRIMARY KEY,
        email text NOT NULL UNIQUE,
        name text NOT NULL,
        roles jsonb NOT NULL DEFAULT '[]',
        markets jsonb NOT NULL DEFAULT '[]',
        active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        last_login_at timestamptz
      );
      CREATE TABLE staff_refresh_tokens (
        id text PRIMARY KEY,
        staff_id text NOT NULL REFERENCES staff_accounts (id),
        family_id text NOT NULL,
        token_hash text NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        rotated_at timestamptz,
        revoked_at timestamptz,
        created_at timestamptz NOT NULL
      );
      CREATE INDEX staff_refresh_tokens_family_idx ON staff_refresh_tokens (family_id);
      CREATE TABLE staff_audit (
        id text PRIMARY KEY,
        staff_id text,
        actor text NOT NULL,
        action text NOT NULL,
        entity text NOT NULL,
        entity_id text,
        country_code text,
        before jsonb,
        after jsonb,
        created_at timestamptz NOT NULL
      );
      CREATE INDEX staff_audit_time_idx ON staff_audit (created_at DESC, id DESC);
      CREATE INDEX staff_audit_entity_idx ON staff_audit (entity, entity_id);
      CREATE INDEX staff_audit_staff_idx ON staff_audit (staff_id, created_at DESC);
      ALTER TABLE login_codes ADD COLUMN audience text NOT NULL DEFAULT 'tasker';
    `);
  },
};
