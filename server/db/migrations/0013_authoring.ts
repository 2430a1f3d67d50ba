import { sql, type Kysely, type Migration } from 'kysely';
import { runStatements } from './statements';

/**
 * Task authoring by staff (server/authoring): a task type's checklist template with its texts per
 * locale (a type without rows uses its built-in template, server/tasks/checklists.ts); a task's
 * checklist items keep every locale's texts beside the market-language columns they are served
 * from; a task can be unpublished (taskers do not see it); a task's product list says how many
 * facings are expected. Unpublishing or publishing again is a list exit like a status change, so
 * the taskers' delta lists (migration 0010) drop or get back the task.
 */
export const m0013_authoring: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, `
      CREATE TABLE task_type_checklist_items (
        id text PRIMARY KEY,
        task_type_id text NOT NULL REFERENCES task_types(id),
        position integer NOT NULL,
        type text NOT NULL,
        is_optional boolean NOT NULL DEFAULT false,
        metadata jsonb NOT NULL DEFAULT '{}',
        texts jsonb NOT NULL DEFAULT '{}'
      );
      CREATE INDEX task_type_checklist_items_type_idx ON task_type_checklist_items (task_type_id, position);
      ALTER TABLE checklist_items ADD COLUMN translations jsonb NOT NULL DEFAULT '{}';
      ALTER TABLE tasks ADD COLUMN published boolean NOT NULL DEFAULT true;
      ALTER TABLE task_products ADD COLUMN expected_facings integer;
    `);
    // The change tracking of migration 0010, with publication as one more way to leave a list.
    await sql.raw(`
      CREATE OR REPLACE FUNCTION tasks_track_change() RETURNS trigger LANGUAGE plpgsql AS $$
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
           OR OLD.country_code IS DISTINCT FROM NEW.country_code OR OLD.published IS DISTINCT FROM NEW.published THEN
          INSERT INTO task_list_exits (task_id, old_status, old_tasker_id, old_country_code)
            VALUES (OLD.id, OLD.status, OLD.tasker_id, OLD.country_code);
        END IF;
        NEW.change_xid := pg_current_xact_id(); RETURN NEW;
      END $$`).execute(db);
  },
};
