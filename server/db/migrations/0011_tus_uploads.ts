import { type Kysely, type Migration } from 'kysely';
import { runStatements } from './statements';

/**
 * Resumable uploads in flight (server/storage/tus.ts): one row per tus upload, so a token (its
 * row) has one upload, an account's unfinished uploads are capped by their declared lengths, and
 * the uploads of a replaced document can be found and removed.
 */
export const m0011_tus_uploads: Migration = {
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
