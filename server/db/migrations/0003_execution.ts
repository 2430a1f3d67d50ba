import { type Kysely, type Migration } from 'kysely';
import { runStatements } from './statements';

/**
 * Doing the work: photo metadata and file keys, scanned items (SKUs), how a task was
 * completed. Types in server/execution/tables.ts. The done checklist list is tasks.done_checklist_item_ids (0001).
 */
export const m0003_execution: Migration = {
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
