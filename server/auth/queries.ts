/** SQL for login codes and send-code rate limits (kept in the database: processes are stateless). */
import { randomInt, randomUUID } from 'node:crypto';
import type { Db } from '../db/database';
import { sha256 } from './tokens';

export function generateLoginCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

function codeHash(email: string, code: string): string {
  return sha256(`${email}\n${code}`);
}

/** Stores a new code; earlier unconsumed codes of the email stop working (only the newest counts). */
export async function createLoginCode(db: Db, email: string, code: string, now: Date, ttlSeconds: number): Promise<void> {
  await db.updateTable('login_codes').set({ consumed_at: now }).where('email', '=', email).where('consumed_at', 'is', null).execute();
  await db
    .insertInto('login_codes')
    .values({
      id: randomUUID(),
      email,
      code_hash: codeHash(email, code),
      attempts: 0,
      expires_at: new Date(now.getTime() + ttlSeconds * 1000),
      created_at: now,
    })
    .execute();
}

export type CodeCheck = 'ok' | 'wrong' | 'expired';

/**
 * Checks a code against the newest unconsumed one. A wrong guess is counted atomically; at
 * `maxAttempts` wrong guesses the code is dead and even the right code answers 'expired'.
 */
export async function checkLoginCode(db: Db, email: string, code: string, now: Date, maxAttempts: number): Promise<CodeCheck> {
  const row = await db
    .selectFrom('login_codes')
    .selectAll()
    .where('email', '=', email)
    .where('consumed_at', 'is', null)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return 'expired';
  if (new Date(row.expires_at).getTime() <= now.getTime() || row.attempts >= maxAttempts) return 'expired';
  if (row.code_hash === codeHash(email, code)) {
    const consumed = await db
      .updateTable('login_codes')
      .set({ consumed_at: now })
      .where('id', '=', row.id)
      .where('consumed_at', 'is', null)
      .where('attempts', '<', maxAttempts)
      .returning('id')
      .executeTakeFirst();
    return consumed ? 'ok' : 'expired';
  }
  await db
    .updateTable('login_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', row.id)
    .execute();
  return 'wrong';
}

/**
 * Records one event in each bucket and answers whether any bucket is over its limit within
 * the window. Counting after inserting keeps concurrent processes honest.
 */
export async function hitRateLimits(
  db: Db,
  buckets: { bucket: string; limit: number }[],
  now: Date,
  windowSeconds: number,
): Promise<{ limited: boolean; retryAfterSeconds: number }> {
  const since = new Date(now.getTime() - windowSeconds * 1000);
  // Old events are useless; trimming here keeps the table small without a separate job.
  await db.deleteFrom('rate_limit_events').where('created_at', '<', new Date(now.getTime() - 2 * windowSeconds * 1000)).execute();
  await db
    .insertInto('rate_limit_events')
    .values(buckets.map((b) => ({ bucket: b.bucket, created_at: now })))
    .execute();
  let limited = false;
  let retryAfter = 0;
  for (const b of buckets) {
    const row = await db
      .selectFrom('rate_limit_events')
      .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.min('created_at').as('oldest')])
      .where('bucket', '=', b.bucket)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    if (Number(row.n) > b.limit) {
      limited = true;
      const oldest = row.oldest ? new Date(row.oldest as Date).getTime() : now.getTime();
      retryAfter = Math.max(retryAfter, Math.ceil((oldest + windowSeconds * 1000 - now.getTime()) / 1000));
    }
  }
  return { limited, retryAfterSeconds: Math.max(1, retryAfter) };
}
