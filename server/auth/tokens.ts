/**
 * Issuing tokens: an access token (a short-lived JWT, server/http/accessTokens.ts) with a refresh
 * token (random, stored as sha256, rotated on every use; reusing a rotated one revokes its whole
 * family); the JWT secret.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import type { AuthTokens } from '#domain/types';
import { ApiError } from '../http/errors';
import { signAccessToken } from '../http/accessTokens';
import type { TokenSettings } from '../context';

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * The JWT secret: JWT_SECRET when set, else a random one kept in the database (`server_secrets`,
 * which lives in DATA_DIR with PGlite), so restarts and other processes keep accepting tokens.
 */
export async function resolveJwtSecret(db: Db, fromEnv: string | null): Promise<Uint8Array> {
  if (fromEnv) return new TextEncoder().encode(fromEnv);
  await db
    .insertInto('server_secrets')
    .values({ name: 'jwt_secret', value: randomBytes(48).toString('base64url') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', 'jwt_secret').executeTakeFirstOrThrow();
  return new TextEncoder().encode(row.value);
}

/** Issues an access token and a new refresh token (a new family unless one is given). */
export async function issueTokens(db: Db, settings: TokenSettings, userId: string, now: Date, familyId: string = randomUUID()): Promise<AuthTokens> {
  const refreshToken = randomBytes(32).toString('base64url');
  await db
    .insertInto('refresh_tokens')
    .values({
      id: randomUUID(),
      user_id: userId,
      family_id: familyId,
      token_hash: sha256(refreshToken),
      expires_at: new Date(now.getTime() + settings.refreshTokenTtlSeconds * 1000),
      created_at: now,
    })
    .execute();
  return { token: await signAccessToken(settings, userId, now), refreshToken };
}

const sessionExpired = (code: 'INVALID_REFRESH_TOKEN' | 'REFRESH_TOKEN_REUSED' | 'TOKEN_EXPIRED') => new ApiError(401, code, 'Session expired, please re-login');

/**
 * Serialises everything that changes one token family until the transaction ends. A family has
 * no row of its own (it is the `family_id` its tokens share), so the lock is a transaction-level
 * advisory lock keyed by the family id: a rotation (mark spent + insert the successor) and a
 * revocation of the same family can no longer interleave, so a revocation always sees — and
 * revokes — the successor a concurrent rotation inserted. Works the same on PGlite.
 */
async function lockFamily(trx: Transaction<Database>, familyId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`refresh_tokens.family:${familyId}`}, 0))`.execute(trx);
}

async function revokeFamilyLocked(trx: Transaction<Database>, familyId: string, now: Date): Promise<void> {
  await trx.updateTable('refresh_tokens').set({ revoked_at: now }).where('family_id', '=', familyId).where('revoked_at', 'is', null).execute();
}

type Rotation = { ok: true; tokens: AuthTokens } | { ok: false; code: 'REFRESH_TOKEN_REUSED' | 'TOKEN_EXPIRED' | 'INVALID_REFRESH_TOKEN' };

/**
 * Rotates a refresh token. A token that was already rotated (or revoked) is a reuse: the whole
 * family is revoked, so a stolen token dies together with the legitimate session. Of concurrent
 * refreshes of one token exactly one wins and the others count as reuse — which revokes the
 * winner's new token too (every token issued in the race is dead; both holders log in again).
 */
export async function rotateRefreshToken(db: Db, settings: TokenSettings, refreshToken: string, now: Date): Promise<AuthTokens> {
  const hash = sha256(refreshToken);
  const found = await db.selectFrom('refresh_tokens').select('family_id').where('token_hash', '=', hash).executeTakeFirst();
  if (!found) throw sessionExpired('INVALID_REFRESH_TOKEN');
  const outcome = await db.transaction().execute(async (trx): Promise<Rotation> => {
    await lockFamily(trx, found.family_id);
    // Read under the lock: what an earlier rotation or revocation of the family committed is seen.
    const row = await trx.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', hash).executeTakeFirstOrThrow();
    if (row.rotated_at !== null || row.revoked_at !== null) {
      // Committed with the transaction, although the request answers 401.
      await revokeFamilyLocked(trx, row.family_id, now);
      return { ok: false, code: 'REFRESH_TOKEN_REUSED' };
    }
    if (new Date(row.expires_at).getTime() <= now.getTime()) return { ok: false, code: 'TOKEN_EXPIRED' };
    const user = await trx.selectFrom('users').select('id').where('id', '=', row.user_id).executeTakeFirst();
    if (!user) return { ok: false, code: 'INVALID_REFRESH_TOKEN' };
    await trx.updateTable('refresh_tokens').set({ rotated_at: now }).where('id', '=', row.id).execute();
    return { ok: true, tokens: await issueTokens(trx, settings, row.user_id, now, row.family_id) };
  });
  if (!outcome.ok) throw sessionExpired(outcome.code);
  return outcome.tokens;
}

/** Revokes every token of a family (under the family lock, see rotateRefreshToken). */
export async function revokeFamily(db: Db, familyId: string, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockFamily(trx, familyId);
    await revokeFamilyLocked(trx, familyId, now);
  });
}
