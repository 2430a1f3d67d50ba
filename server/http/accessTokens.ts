/**
 * Access tokens: short-lived JWTs (HS256 via jose) that the tasker guard (access.ts) verifies on
 * every tasker route; the auth feature signs them when it issues tokens (server/auth/tokens.ts).
 */
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { TokenSettings } from '../context';
import { ApiError } from './errors';

const ISSUER = 'shelfwork';
const AUDIENCE = 'shelfwork-app';
/** Staff tokens have their own audience: a staff token is refused on tasker routes, and a tasker's on staff ones. */
const STAFF_AUDIENCE = 'shelfwork-staff';

/**
 * The HMAC key of a secret, imported once: given the raw bytes, jose imports them through WebCrypto
 * on every sign and verify (~15 % of the API's busy time on a stored list answer).
 */
const hmacKeys = new WeakMap<Uint8Array, Promise<CryptoKey>>();
function hmacKey(secret: Uint8Array): Promise<CryptoKey> {
  let key = hmacKeys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', new Uint8Array(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    hmacKeys.set(secret, key);
  }
  return key;
}

export async function signAccessToken(settings: TokenSettings, userId: string, now: Date, audience: string = AUDIENCE): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ typ: 'access' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setAudience(audience)
    .setIssuedAt(iat)
    .setExpirationTime(iat + settings.accessTokenTtlSeconds)
    .sign(await hmacKey(settings.secret));
}

/** The user id of a valid access token; 401 TOKEN_EXPIRED or UNAUTHORIZED otherwise. */
export async function verifyAccessToken(settings: TokenSettings, token: string, now: Date, audience: string = AUDIENCE): Promise<string> {
  try {
    const { payload } = await jwtVerify(token, await hmacKey(settings.secret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience,
      currentDate: now,
    });
    if (payload.typ !== 'access' || typeof payload.sub !== 'string') throw new ApiError(401, 'UNAUTHORIZED', 'Invalid token');
    return payload.sub;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (error instanceof joseErrors.JWTExpired) throw new ApiError(401, 'TOKEN_EXPIRED', 'Token expired');
    throw new ApiError(401, 'UNAUTHORIZED', 'Invalid token');
  }
}

/** A staff member's access token (sub: the staff account id), signed like a tasker's with the staff audience. */
export function signStaffAccessToken(settings: TokenSettings, staffId: string, now: Date): Promise<string> {
  return signAccessToken(settings, staffId, now, STAFF_AUDIENCE);
}

/** The staff account id of a valid staff access token; 401 TOKEN_EXPIRED or UNAUTHORIZED otherwise. */
export function verifyStaffAccessToken(settings: TokenSettings, token: string, now: Date): Promise<string> {
  return verifyAccessToken(settings, token, now, STAFF_AUDIENCE);
}
