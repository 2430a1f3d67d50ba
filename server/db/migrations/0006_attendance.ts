import { type Kysely, type Migration } from 'kysely';
import { runStatements } from './statements';

/**
 * Attendance confirmation: staff ask the tasker of a reserved task to confirm they will come; the
 * tasker answers yes, or no with a reason and the policy agreed; a request left unanswered past
 * expires_at lapses and cancels the reservation (server/attendance/job.ts).
 */
export const m0006_attendance: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, `
      CREATE TABLE attendance_requests (
        id text PRIMARY KEY,
        task_id text NOT NULL REFERENCES tasks(id),
        user_id text NOT NULL REFERENCES users(id),
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','accepted','declined','lapsed')),
        expires_at timestamptz NOT NULL,
        accept boolean,
        justification text,
        policy_agreed boolean,
        answered_at timestamptz,
        lapsed_at timestamptz,
        -- Set when the lapse released the reservation (false: the task had moved on already).
        cancelled_reservation boolean,
        created_by text NOT NULL,
        created_at timestamptz NOT NULL
      );
      -- At most one open request per task.
      CREATE UNIQUE INDEX attendance_requests_open_idx ON attendance_requests (task_id) WHERE status = 'pending';
      CREATE INDEX attendance_requests_user_idx ON attendance_requests (user_id, status);
      CREATE INDEX attendance_requests_due_idx ON attendance_requests (expires_at) WHERE status = 'pending';
    `);
  },
};
