import { type Kysely, type Migration } from 'kysely';
import { runStatements } from './statements';

/** The task life cycle: when a task was reserved and where it was started, cancellations, expiry index. */
export const m0002_lifecycle: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, `
      ALTER TABLE tasks ADD COLUMN reserved_at timestamptz;
      ALTER TABLE tasks ADD COLUMN start_latitude double precision;
      ALTER TABLE tasks ADD COLUMN start_longitude double precision;
      -- When the server received the start (start_time is the time the client recorded).
      ALTER TABLE tasks ADD COLUMN start_received_at timestamptz;
      CREATE TABLE task_cancellations (
        id text PRIMARY KEY,
        task_id text NOT NULL REFERENCES tasks(id),
        user_id text NOT NULL REFERENCES users(id),
        late boolean NOT NULL,
        justification text,
        created_at timestamptz NOT NULL
      );
      CREATE INDEX task_cancellations_user_idx ON task_cancellations (user_id, created_at);
      CREATE INDEX task_cancellations_task_idx ON task_cancellations (task_id);
      -- The expiry job: reserved/in-progress tasks by window end.
      CREATE INDEX tasks_active_window_end_idx ON tasks (time_window_end) WHERE status IN ('reserved', 'in_progress');
      -- last-week-earn: accepted tasks per country by finalization time.
      CREATE INDEX tasks_accepted_country_final_idx ON tasks (country_code, finalization_time) WHERE status = 'accepted';
      -- Suggestions: available tasks at one place.
      CREATE INDEX tasks_available_place_idx ON tasks (place_id, time_window_start, id) WHERE status = 'available';
    `);
  },
};
