/**
 * Support messages (spec sections 3, 5, 7): a tasker's message is stored, then mailed
 * to the market's support address (country_contacts.support_email) with the tasker's address as
 * Reply-To. Mailing is claimed row by row (mailed_at set before sending, cleared again when the
 * send fails), so concurrent senders — two requests, two server processes — mail each message
 * once; a message whose mail failed is sent again by the next sweep (every submission sweeps the
 * older unsent ones after its own, up to SUPPORT_MAIL_MAX_ATTEMPTS tries each).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { Mailer, MailMessage } from '../mail/mailer';
import { rateLimited } from '../http/errors';
import { hitRateLimits } from '../auth/queries';
import type { UserRow } from '../users/queries';
import type { CountryCode, Locale } from '#domain/types';
import type { SupportContact, SupportRequestAnswer } from '#domain/support';

/** A message is given up after this many failed sends (docs/operations.md). */
export const SUPPORT_MAIL_MAX_ATTEMPTS = 10;

/**
 * Support messages a tasker may send: `perWindow` in any `windowSeconds`, `perDay` in any 24 h
 * (each message is a mail to the market's support team). Counted in the database
 * (rate_limit_events, as the auth limits: exact across processes); a refused message is not
 * counted, so the app's queue, which sends it again after a 429, gets it through once the window
 * allows.
 */
export const SUPPORT_LIMITS = { perWindow: 5, windowSeconds: 10 * 60, perDay: 20 } as const;
const DAY_SECONDS = 24 * 3600;

/** Counts a support message of the tasker; 429 RATE_LIMITED with Retry-After past a limit. */
export async function hitSupportLimit(db: Db, userId: string, now: Date): Promise<void> {
  const { limited, retryAfterSeconds } = await hitRateLimits(
    db,
    [
      { bucket: `support:user:${userId}`, limit: SUPPORT_LIMITS.perWindow, windowSeconds: SUPPORT_LIMITS.windowSeconds },
      { bucket: `support-day:user:${userId}`, limit: SUPPORT_LIMITS.perDay, windowSeconds: DAY_SECONDS },
    ],
    now,
    SUPPORT_LIMITS.windowSeconds,
    DAY_SECONDS,
    { keepRefused: false },
  );
  if (limited) throw rateLimited('Too many support messages. Please wait a few minutes and try again.', retryAfterSeconds);
}

export async function supportContactOf(db: Db, country: CountryCode): Promise<SupportContact | null> {
  const row = await db.selectFrom('country_contacts').select(['country_code', 'support_phone', 'support_email']).where('country_code', '=', country).executeTakeFirst();
  return row ? { countryCode: row.country_code, phone: row.support_phone, email: row.support_email } : null;
}

/** Stores the message (inside the caller's transaction); the answer names the tasker's email. */
export async function storeSupportRequest(trx: Db, user: UserRow, body: string, locale: Locale, now: Date): Promise<SupportRequestAnswer> {
  const country = (user.country_code?.toUpperCase() ?? null) as CountryCode | null;
  // A tasker without a market writes to LT support (the spec's default market).
  const contact = await supportContactOf(trx, country ?? 'LT');
  const id = randomUUID();
  await trx
    .insertInto('support_requests')
    .values({ id, user_id: user.id, country_code: country, email: user.email, to_email: contact?.email ?? null, body: body.trim(), locale, created_at: now, mailed_at: null })
    .execute();
  return { id, email: user.email, createdAt: now.toISOString() };
}

interface StoredRequest {
  id: string;
  user_id: string;
  email: string;
  to_email: string | null;
  country_code: string | null;
  body: string;
  locale: string;
  created_at: Date;
}

export function supportMailMessage(row: StoredRequest, name: string | null, fallbackTo: string): MailMessage {
  const who = name ? `${name} <${row.email}>` : row.email;
  return {
    to: row.to_email ?? fallbackTo,
    replyTo: row.email,
    subject: `Support request from ${row.email}${row.country_code ? ` (${row.country_code})` : ''}`,
    text:
      `${row.body}\n\n` +
      `-- \nFrom: ${who}\nTasker id: ${row.user_id}\nMarket: ${row.country_code ?? 'not set'}\nApp language: ${row.locale}\n` +
      `Sent: ${new Date(row.created_at).toISOString()}\nRequest id: ${row.id}\n\nReply to this message to answer the tasker.\n`,
  };
}

export interface SupportMailDeps {
  db: Db;
  mailer: Mailer;
  now: () => Date;
  /** Where messages of taskers without a market go (config SUPPORT_FALLBACK_EMAIL). */
  fallbackTo: string;
  log?: (line: string, error?: unknown) => void;
}

/** Mails one stored message unless it went out already or another sender holds it; true when sent now. */
export async function mailSupportRequest(deps: SupportMailDeps, id: string): Promise<boolean> {
  const { db, mailer, now } = deps;
  const claimed = await db
    .updateTable('support_requests')
    .set({ mailed_at: now(), mail_attempts: sql<number>`mail_attempts + 1` })
    .where('id', '=', id)
    .where('mailed_at', 'is', null)
    .where('mail_attempts', '<', SUPPORT_MAIL_MAX_ATTEMPTS)
    .returning(['id', 'user_id', 'email', 'to_email', 'country_code', 'body', 'locale', 'created_at'])
    .executeTakeFirst();
  if (!claimed) return false;
  const user = await db.selectFrom('users').select(['first_name', 'last_name']).where('id', '=', claimed.user_id).executeTakeFirst();
  const name = [user?.first_name, user?.last_name].filter(Boolean).join(' ') || null;
  try {
    await mailer.send(supportMailMessage(claimed, name, deps.fallbackTo));
    return true;
  } catch (error) {
    // Not sent: the next sweep tries again.
    await db.updateTable('support_requests').set({ mailed_at: null }).where('id', '=', id).execute();
    deps.log?.(`support mail ${id} not sent`, error);
    return false;
  }
}

/** Mails every stored message not sent yet (oldest first, at most `limit`); the number sent. */
export async function mailPendingSupportRequests(deps: SupportMailDeps, limit = 50): Promise<number> {
  const rows = await deps.db
    .selectFrom('support_requests')
    .select('id')
    .where('mailed_at', 'is', null)
    .where('mail_attempts', '<', SUPPORT_MAIL_MAX_ATTEMPTS)
    .orderBy('created_at')
    .limit(limit)
    .execute();
  let sent = 0;
  for (const row of rows) if (await mailSupportRequest(deps, row.id)) sent += 1;
  return sent;
}
