import { type Kysely, type Migration } from 'kysely';
import { runStatements } from './statements';

/**
 * Reference texts in the market's language (docs/decisions/0008): task types,
 * trainings and defects keep one row (their ids stay: tasks, done trainings, missions and queued
 * defect records name them) and carry their translations beside the English columns, per locale:
 * {"pl": {"title": "…", …}}. The server picks the market's locale (server/catalog/localize.ts).
 */
export const m0009_reference_translations: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, `
      ALTER TABLE task_types ADD COLUMN translations jsonb NOT NULL DEFAULT '{}';
      ALTER TABLE trainings ADD COLUMN translations jsonb NOT NULL DEFAULT '{}';
      ALTER TABLE defects ADD COLUMN translations jsonb NOT NULL DEFAULT '{}';
    `);
  },
};
