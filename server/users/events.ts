/**
 * A user's history (the user_events table): who did what when — the tasker's own submissions
 * (users/profile.ts) and the staff's decisions (staff/review.ts). Kept with the users feature so
 * both write it from below the staff feature.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database';

let lastMs = 0;
let sequence = 0;

/**
 * A time-ordered id (UUID version 7 layout: milliseconds, then a per-process sequence, then random
 * bits), so events recorded in the same millisecond (or at one test clock) keep their order when
 * the history is sorted by (created_at, id).
 */
export function eventId(): string {
  const ms = Date.now();
  if (ms === lastMs) sequence += 1;
  else {
    lastMs = ms;
    sequence = 0;
  }
  const bytes = randomBytes(16);
  bytes.writeUIntBE(ms, 0, 6);
  bytes.writeUInt16BE(0x7000 | (sequence & 0x0fff), 6);
  bytes[8] = 0x80 | ((bytes[8] as number) & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export async function recordUserEvent(
  db: Db,
  userId: string,
  kind: string,
  actor: string,
  now: Date,
  extra: { reasons?: string[]; comment?: string | null; detail?: Record<string, unknown> } = {},
): Promise<void> {
  await db
    .insertInto('user_events')
    .values({
      id: eventId(),
      user_id: userId,
      kind,
      actor,
      reasons: JSON.stringify(extra.reasons ?? []),
      comment: extra.comment ?? null,
      detail: JSON.stringify(extra.detail ?? {}),
      created_at: now,
    })
    .execute();
}
