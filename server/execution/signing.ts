/**
 * Signed URLs for photo files, keyed from the server's token secret (JWT_SECRET or the one kept
 * in `server_secrets`) through a purpose-specific HMAC, so every process verifies what any
 * process signed and an access token can never double as an upload token.
 *
 * - Upload token (the credential of `PUT /api/uploads/<token>`):
 *   base64url(JSON {p: photoId, t: taskId, u: userId, e: exp seconds}) + '.' + base64url(HMAC).
 * - Read URL (Photo.url): `/api/photos/<id>/file?exp=<s>&sig=<HMAC>`; exp is rounded up to the
 *   next TTL boundary so a photo's URL stays the same for a while (browser and service-worker
 *   caches can reuse it) and is valid for between one and two TTLs.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface UploadClaims {
  photoId: string;
  taskId: string;
  userId: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

export type TokenCheck<T> = { ok: true; value: T } | { ok: false; reason: 'INVALID' | 'EXPIRED' };

export class PhotoUrlSigner {
  private readonly key: Buffer;

  constructor(secret: Uint8Array) {
    this.key = createHmac('sha256', Buffer.from(secret)).update('shelfwork/photo-urls/v1').digest();
  }

  private mac(text: string): string {
    return createHmac('sha256', this.key).update(text).digest('base64url');
  }

  private same(a: string, b: string): boolean {
    const x = Buffer.from(a);
    const y = Buffer.from(b);
    return x.length === y.length && timingSafeEqual(x, y);
  }

  uploadToken(claims: UploadClaims): string {
    const payload = Buffer.from(JSON.stringify({ p: claims.photoId, t: claims.taskId, u: claims.userId, e: claims.exp })).toString('base64url');
    return `${payload}.${this.mac(`upload.${payload}`)}`;
  }

  /** Signature first (tampering → INVALID), then expiry (EXPIRED); never throws. */
  verifyUploadToken(token: string, now: Date): TokenCheck<UploadClaims> {
    if (token.length > 1000 || !/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(token)) return { ok: false, reason: 'INVALID' };
    const [payload, sig] = token.split('.') as [string, string];
    if (!this.same(sig, this.mac(`upload.${payload}`))) return { ok: false, reason: 'INVALID' };
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      return { ok: false, reason: 'INVALID' };
    }
    const c = parsed as Record<string, unknown> | null;
    if (!c || typeof c.p !== 'string' || typeof c.t !== 'string' || typeof c.u !== 'string' || typeof c.e !== 'number') return { ok: false, reason: 'INVALID' };
    if (c.e * 1000 <= now.getTime()) return { ok: false, reason: 'EXPIRED' };
    return { ok: true, value: { photoId: c.p, taskId: c.t, userId: c.u, exp: c.e } };
  }

  readUrl(photoId: string, now: Date, ttlSeconds: number): string {
    const exp = (Math.floor(now.getTime() / 1000 / ttlSeconds) + 2) * ttlSeconds;
    return `/api/photos/${photoId}/file?exp=${exp}&sig=${this.mac(`read.${photoId}.${exp}`)}`;
  }

  verifyRead(photoId: string, exp: string | undefined, sig: string | undefined, now: Date): TokenCheck<null> {
    if (!exp || !sig || !/^\d{1,12}$/.test(exp) || sig.length > 100) return { ok: false, reason: 'INVALID' };
    if (!this.same(sig, this.mac(`read.${photoId}.${exp}`))) return { ok: false, reason: 'INVALID' };
    if (Number(exp) * 1000 <= now.getTime()) return { ok: false, reason: 'EXPIRED' };
    return { ok: true, value: null };
  }
}
