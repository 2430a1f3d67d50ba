/** SQL for login codes and auth rate limits (kept in the database: processes are stateless). */
import { randomInt, randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { UsersTable } from '../db/schema';
import { sha256 } from './tokens';

/** The account behind a token or a login (auth reads the users table itself: users sits above it). */
export async function findUserById(db: Db, id: string): Promise<Selectable<UsersTable> | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findUserByEmail(db: Db, email: string): Promise<Selectable<UsersTable> | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

/**
 * A new tasker account in a market (status new, no profile yet), as registration makes it; an
 * e-mail that has one keeps it (a concurrent registration of the same e-mail makes one account).
 */
export async function createTaskerAccount(db: Db, email: string, country: string, now: Date): Promise<void> {
  await db
    .insertInto('users')
    .values({
      id: randomUUID(),
      email,
      password_hash: null,
      first_name: null,
      middle_name: null,
      last_name: null,
      phone: null,
      country_code: country,
      status: 'new',
      payment_documents_done: false,
      profile_complete: false,
      rejection_reasons: '[]',
      rejection_comment: null,
      referral_code: null,
      reservation_limit_minutes: null,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
}

export function generateLoginCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

function codeHash(email: string, code: string): string {
  return sha256(`${email}\n${code}`);
}

/**
 * Who a login code signs in: a tasker's account or a staff account. Each kind has its own codes,
 * so a code mailed for one never signs in the other with the same e-mail.
 */
export type CodeAudience = 'tasker' | 'staff';

/** Stores a new code; earlier unconsumed codes of the email (for the same audience) stop working (only the newest counts). */
export async function createLoginCode(db: Db, email: string, code: string, now: Date, ttlSeconds: number, audience: CodeAudience = 'tasker'): Promise<void> {
  await db.updateTable('login_codes').set({ consumed_at: now }).where('email', '=', email).where('audience', '=', audience).where('consumed_at', 'is', null).execute();
  await db
    .insertInto('login_codes')
    .values({
      id: randomUUID(),
      email,
      audience,
      code_hash: codeHash(email, code),
      attempts: 0,
      expires_at: new Date(now.getTime() + ttlSeconds * 1000),
      created_at: now,
    })
    .execute();
}

export type CodeCheck = 'ok' | 'wrong' | 'expired';

/**
 * Checks a code against the newest unconsumed one of the audience. A wrong guess is counted atomically; at
 * `maxAttempts` wrong guesses the code is dead and even the right code answers 'expired'.
 */
export async function checkLoginCode(db: Db, email: string, code: string, now: Date, maxAttempts: number, audience: CodeAudience = 'tasker'): Promise<CodeCheck> {
  const row = await db
    .selectFrom('login_codes')
    .selectAll()
    .where('email', '=', email)
    .where('audience', '=', audience)
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
 * Records one event in each bucket and answers whether any bucket is over its limit within its
 * window (a sliding window: the last `windowSeconds`, or the bucket's own). Counting after
 * inserting keeps concurrent processes honest: of N simultaneous events at most `limit` pass.
 * Refused events count too, so hammering on keeps a bucket closed — unless `keepRefused` is false
 * (a refused event is removed again: for writes a client queues and sends again until they pass,
 * which must not keep their own bucket closed). Events older than `retainSeconds` (of every
 * bucket) are trimmed here; it must cover the longest window any caller uses. Answers the ids of
 * the events recorded (a caller that counts only failures removes them when the try succeeds).
 */
export async function hitRateLimits(
  db: Db,
  buckets: { bucket: string; limit: number; windowSeconds?: number }[],
  now: Date,
  windowSeconds: number,
  retainSeconds: number = 2 * windowSeconds,
  options: { keepRefused?: boolean } = {},
): Promise<{ limited: boolean; retryAfterSeconds: number; eventIds: number[] }> {
  const longest = Math.max(windowSeconds, ...buckets.map((b) => b.windowSeconds ?? windowSeconds));
  // Old events are useless; trimming here keeps the table small without a separate job.
  await db.deleteFrom('rate_limit_events').where('created_at', '<', new Date(now.getTime() - Math.max(retainSeconds, longest) * 1000)).execute();
  const inserted = await db
    .insertInto('rate_limit_events')
    .values(buckets.map((b) => ({ bucket: b.bucket, created_at: now })))
    .returning('id')
    .execute();
  let limited = false;
  let retryAfterMs = 0;
  for (const b of buckets) {
    const windowMs = (b.windowSeconds ?? windowSeconds) * 1000;
    const since = new Date(now.getTime() - windowMs);
    const row = await db
      .selectFrom('rate_limit_events')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('bucket', '=', b.bucket)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    const n = Number(row.n);
    if (n <= b.limit) continue;
    limited = true;
    // The next event passes once at most limit - 1 of these are left in the window: when the
    // (n - limit + 1)-th oldest has left it (the (n - limit)-th when this refused one is removed).
    const skip = options.keepRefused === false ? n - b.limit - 1 : n - b.limit;
    const opening = await db
      .selectFrom('rate_limit_events')
      .select('created_at')
      .where('bucket', '=', b.bucket)
      .where('created_at', '>', since)
      .orderBy('created_at', 'asc')
      .offset(skip)
      .limit(1)
      .executeTakeFirst();
    const at = opening ? new Date(opening.created_at).getTime() + windowMs : now.getTime() + windowMs;
    retryAfterMs = Math.max(retryAfterMs, at - now.getTime());
  }
  if (limited && options.keepRefused === false) {
    await db
      .deleteFrom('rate_limit_events')
      .where(
        'id',
        'in',
        inserted.map((r) => r.id),
      )
      .execute();
  }
  return { limited, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)), eventIds: inserted.map((r) => r.id) };
}
