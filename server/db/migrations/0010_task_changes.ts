import { sql, type Kysely, type Migration } from 'kysely';
import { runStatements } from './statements';

/**
 * Delta sync of the task lists (docs/decisions/0009-delta-sync.md). Every insert or
 * update of a task stamps `change_xid` with the writing transaction's id; a reader's snapshot
 * (`pg_current_snapshot()`) is the cursor, and "changed since" = not visible in that snapshot,
 * which no commit order can skip (a sequence value may commit after a larger one was read).
 * A change of status, tasker or market (or a delete) also logs the task's previous membership in
 * `task_list_exits`, so a list can tell a viewer which of its rows left (tombstones) without
 * naming tasks the viewer never could see. Existing rows get xid 1 (visible to every snapshot).
 */
export const m0010_task_changes: Migration = {
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
