/**
 * Staff sessions: an access token (a JWT with the staff audience, server/http/accessTokens.ts,
 * config.accessTokenTtlSeconds) and a refresh token (random, stored as sha256 in
 * staff_refresh_tokens, rotated on every use; reusing a rotated or revoked one revokes its whole
 * family, as for taskers: server/auth/tokens.ts). A staff refresh token lives 12 hours — shorter
 * than a tasker's — so a staff session ends within a working day; the console signs in again
 * with a mailed code. A deactivated account's refresh tokens are revoked and refused.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import type { TokenSettings } from '../context';
import { ApiError } from '../http/errors';
import { signStaffAccessToken } from '../http/accessTokens';
import { sha256 } from '../auth/tokens';

/** How long a staff refresh token lives: 12 hours (a tasker's: config.refreshTokenTtlSeconds). */
export const STAFF_REFRESH_TTL_SECONDS = 12 * 3600;

export interface StaffTokens {
  token: string;
  refreshToken: string;
}

/** Issues an access token and a new refresh token (a new family unless one is given). */
export async function issueStaffTokens(db: Db, settings: TokenSettings, staffId: string, now: Date, familyId: string = randomUUID()): Promise<StaffTokens> {
  const refreshToken = randomBytes(32).toString('base64url');
  await db
    .insertInto('staff_refresh_tokens')
    .values({
      id: randomUUID(),
      staff_id: staffId,
      family_id: familyId,
      token_hash: sha256(refreshToken),
      expires_at: new Date(now.getTime() + STAFF_REFRESH_TTL_SECONDS * 1000),
      created_at: now,
    })
    .execute();
  return { token: await signStaffAccessToken(settings, staffId, now), refreshToken };
}

type RefusalCode = 'INVALID_REFRESH_TOKEN' | 'REFRESH_TOKEN_REUSED' | 'TOKEN_EXPIRED' | 'UNAUTHORIZED';
const sessionExpired = (code: RefusalCode) => new ApiError(401, code, code === 'UNAUTHORIZED' ? 'Staff account not active' : 'Session expired, please sign in again');

/** Serialises the changes of one family (see server/auth/tokens.ts lockFamily): rotation and revocation cannot interleave. */
async function lockFamily(trx: Transaction<Database>, familyId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`staff_refresh_tokens.family:${familyId}`}, 0))`.execute(trx);
}

async function revokeFamilyLocked(trx: Transaction<Database>, familyId: string, now: Date): Promise<void> {
  await trx.updateTable('staff_refresh_tokens').set({ revoked_at: now }).where('family_id', '=', familyId).where('revoked_at', 'is', null).execute();
}

type Rotation = { ok: true; staffId: string; tokens: StaffTokens } | { ok: false; code: RefusalCode };

/**
 * Rotates a staff refresh token: a new pair in the same family, and the staff id. A token already
 * rotated or revoked is a reuse: the family is revoked (401 REFRESH_TOKEN_REUSED). An expired token
 * answers 401 TOKEN_EXPIRED; a deactivated account's 401 UNAUTHORIZED (its family is revoked).
 */
export async function rotateStaffRefreshToken(db: Db, settings: TokenSettings, refreshToken: string, now: Date): Promise<{ staffId: string; tokens: StaffTokens }> {
  const hash = sha256(refreshToken);
  const found = await db.selectFrom('staff_refresh_tokens').select('family_id').where('token_hash', '=', hash).executeTakeFirst();
  if (!found) throw sessionExpired('INVALID_REFRESH_TOKEN');
  const outcome = await db.transaction().execute(async (trx): Promise<Rotation> => {
    await lockFamily(trx, found.family_id);
    const row = await trx.selectFrom('staff_refresh_tokens').selectAll().where('token_hash', '=', hash).executeTakeFirstOrThrow();
    if (row.rotated_at !== null || row.revoked_at !== null) {
      // Committed with the transaction, although the request answers 401.
      await revokeFamilyLocked(trx, row.family_id, now);
      return { ok: false, code: 'REFRESH_TOKEN_REUSED' };
    }
    if (new Date(row.expires_at).getTime() <= now.getTime()) return { ok: false, code: 'TOKEN_EXPIRED' };
    const account = await trx.selectFrom('staff_accounts').select(['id', 'active']).where('id', '=', row.staff_id).executeTakeFirst();
    if (!account?.active) {
      await revokeFamilyLocked(trx, row.family_id, now);
      return { ok: false, code: 'UNAUTHORIZED' };
    }
    await trx.updateTable('staff_refresh_tokens').set({ rotated_at: now }).where('id', '=', row.id).execute();
    return { ok: true, staffId: row.staff_id, tokens: await issueStaffTokens(trx, settings, row.staff_id, now, row.family_id) };
  });
  if (!outcome.ok) throw sessionExpired(outcome.code);
  return { staffId: outcome.staffId, tokens: outcome.tokens };
}

/** Signs out: revokes the family of a refresh token (an unknown token: nothing to do). */
export async function revokeStaffRefreshToken(db: Db, refreshToken: string, now: Date): Promise<void> {
  const found = await db.selectFrom('staff_refresh_tokens').select('family_id').where('token_hash', '=', sha256(refreshToken)).executeTakeFirst();
  if (!found) return;
  await db.transaction().execute(async (trx) => {
    await lockFamily(trx, found.family_id);
    await revokeFamilyLocked(trx, found.family_id, now);
  });
}

/** Ends every session of an account (it was deactivated): each of its refresh tokens is revoked. */
export async function revokeStaffSessions(db: Db, staffId: string, now: Date): Promise<void> {
  await db.updateTable('staff_refresh_tokens').set({ revoked_at: now }).where('staff_id', '=', staffId).where('revoked_at', 'is', null).execute();
}
