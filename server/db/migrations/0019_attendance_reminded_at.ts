import { sql, type Kysely, type Migration } from 'kysely';

/**
 * When an attendance request's reminder was sent (server/attendance/service.ts): a run of the
 * reminder job claims a request by setting it in one conditional update (`reminded_at IS NULL`),
 * so two processes never both remind of one request. Requests reminded before this migration get
 * the time of their reminder notification.
 */
export const m0019_attendance_reminded_at: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`ALTER TABLE attendance_requests ADD COLUMN reminded_at timestamptz`.execute(db);
    await sql`
      UPDATE attendance_requests r SET reminded_at = (
        SELECT min(n.created_at) FROM notifications n
        WHERE n.user_id = r.user_id AND n.resource_id = r.task_id AND n.type = 'attendance_request_reminder' AND n.created_at >= r.created_at
      )
      WHERE r.status = 'pending'`.execute(db);
  },
};
