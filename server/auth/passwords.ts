/** scrypt password hashes for the demo accounts: `scrypt$N$r$p$salt$hash` (base64url parts). */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const N = 16384;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

function scryptAsync(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

export async function hashPassword(password: string, salt: Buffer = randomBytes(16)): Promise<string> {
  const key = await scryptAsync(password, salt, { N, r: R, p: P });
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, salt, hash] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(hash, 'base64url');
  const key = await scryptAsync(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/**
 * A stored hash that no password matches (its key is all zeros), with the parameters of the real
 * ones: checking an attempt against it costs exactly what checking a real account costs.
 */
const UNMATCHABLE_HASH = `scrypt$${N}$${R}$${P}$${Buffer.alloc(16).toString('base64url')}$${Buffer.alloc(KEY_LENGTH).toString('base64url')}`;

/**
 * Checks a password login attempt. Without an account, or for an account without a usable
 * password, the attempt is hashed all the same (against UNMATCHABLE_HASH) and refused, so the
 * answer time does not tell which emails have accounts.
 */
export async function checkPasswordAttempt(password: string, stored: string | null | undefined): Promise<boolean> {
  const usable = typeof stored === 'string' && stored.split('$').length === 6 && stored.startsWith('scrypt$');
  const ok = await verifyPassword(password, usable ? stored : UNMATCHABLE_HASH);
  return usable && ok;
}
