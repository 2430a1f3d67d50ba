import { type Kysely, type Migration } from 'kysely';
import { runStatements } from './statements';

/**
 * The staff's support inbox: a support request is open until a staff member marks it handled
 * (handled_at, and handled_by: the member's e-mail or the automation key's name); the answers staff
 * mail to the tasker are kept as replies (who wrote them, when, and when the mail went out).
 */
export const m0014_support_inbox: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, `
      ALTER TABLE support_requests ADD COLUMN handled_at timestamptz;
      ALTER TABLE support_requests ADD COLUMN handled_by text;
      CREATE INDEX support_requests_inbox_idx ON support_requests (created_at DESC, id DESC);
      CREATE TABLE support_replies (
        id text PRIMARY KEY,
        request_id text NOT NULL REFERENCES support_requests (id),
        staff_id text REFERENCES staff_accounts (id),
        actor text NOT NULL,
        body text NOT NULL,
        created_at timestamptz NOT NULL,
        mailed_at timestamptz
      );
      CREATE INDEX support_replies_request_idx ON support_replies (request_id, created_at);
    `);
  },
};
