import { type Kysely, type Migration } from 'kysely';
import { runStatements } from './statements';

/**
 * Support messages: what a tasker wrote from /support, stored before it is mailed to
 * the market's support address; mailed_at is set once the mail went out (server/support/service.ts).
 */
export const m0008_support: Migration = {
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
