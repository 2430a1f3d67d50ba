/**
 * The expiry job (spec section 4: "Expired is set by the server"). Reserved and in-progress
 * tasks whose time window has ended become `expired`. Their minutes leave the reservation limit
 * by themselves: the limit's `used` is the sum over reserved + in_progress tasks.
 *
 * Safe with several server processes: one statement picks the due rows with
 * `FOR UPDATE SKIP LOCKED` (rows another process, or a tasker's start/cancel, holds are left
 * for the next run) and updates them with the status re-checked, so each task expires once.
 * Judged with the server clock abstraction (tests move it), not the database's now().
 */
import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { Clock } from '../clock';
import { startIntervalJob, type JobHandle } from './runner';

export const EXPIRY_INTERVAL_MS = 60_000;
/** Tasks expired per statement; a backlog drains over consecutive batches in one run. */
const BATCH = 500;

export interface ExpiredTask {
  id: string;
  taskerId: string | null;
  previousStatus: string;
}

/** Expires every due task now; returns what it expired. */
export async function expireOverdueTasks(db: Db, clock: Clock): Promise<ExpiredTask[]> {
  const now = clock.now();
  const out: ExpiredTask[] = [];
  for (;;) {
    const result = await sql<{ id: string; tasker_id: string | null; previous_status: string }>`
      with due as (
        select id, status from tasks
        where status in ('reserved', 'in_progress') and time_window_end <= ${now}::timestamptz
        order by time_window_end
        limit ${BATCH}
        for update skip locked
      )
      update tasks t set status = 'expired', updated_at = ${now}::timestamptz
      from due
      where t.id = due.id and t.status in ('reserved', 'in_progress')
      returning t.id, t.tasker_id, due.status as previous_status`.execute(db);
    out.push(...result.rows.map((r) => ({ id: r.id, taskerId: r.tasker_id, previousStatus: r.previous_status })));
    if (result.rows.length < BATCH) return out;
  }
}

export type { JobHandle };

/**
 * Runs the expiry job at start and then every minute in this process. A run never overlaps the
 * previous one; failures are logged and retried on the next tick.
 */
export function startExpiryJob(db: Db, clock: Clock, log: (line: string) => void = console.log, intervalMs = EXPIRY_INTERVAL_MS): JobHandle {
  return startIntervalJob(
    'expiry',
    async () => {
      const expired = await expireOverdueTasks(db, clock);
      if (expired.length > 0) log(`[expiry] expired ${expired.length} task(s)`);
    },
    log,
    intervalMs,
  );
}
