/**
 * Signed URLs for uploaded files (task photos, user documents), keyed from the server's token
 * secret (JWT_SECRET or the one kept in `server_secrets`) through a purpose-specific HMAC, so
 * every process verifies what any process signed and an access token can never double as an
 * upload token.
 *
 * - Upload token (the credential of `PUT /api/uploads/<token>`):
 *   base64url(JSON {k?: target, p: id, t: scope, u: userId, e: exp seconds}) + '.' +
 *   base64url(HMAC). `k` names the upload target (absent = a task photo, whose scope is its task;
 *   'user-document' = a user document, whose scope is its kind), so a token for one target can
 *   never write into another.
 * - Read URL: `/api/<namespace>/<id>/file?exp=<s>&sig=<HMAC>` (namespace `photos` for task photos,
 *   `user-documents` for a tasker's own documents); the signature covers the namespace, so a
 *   signature for one never opens the other. exp is rounded up to the next TTL boundary so a
 *   file's URL stays the same for a while (browser and service-worker caches can reuse it) and is
 *   valid for between one and two TTLs.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The upload target of a task photo (the default: tokens without `k`). */
export const TASK_PHOTO_TARGET = 'task-photo';

export interface UploadClaims {
  /** Which kind of row receives the file (an UploadTarget's name). */
  target: string;
  /** The row's id (photo id, document id). */
  id: string;
  /** What the row belongs to besides the user: the task id of a photo, the kind of a document. */
  scope: string;
  userId: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

export type TokenCheck<T> = { ok: true; value: T } | { ok: false; reason: 'INVALID' | 'EXPIRED' };

const TARGET_RE = /^[a-z-]{1,40}$/;
const NAMESPACE_RE = /^[a-z-]{1,40}$/;

export class FileUrlSigner {
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
    if (!TARGET_RE.test(claims.target)) throw new Error(`invalid upload target: ${claims.target}`);
    const fields = { ...(claims.target === TASK_PHOTO_TARGET ? {} : { k: claims.target }), p: claims.id, t: claims.scope, u: claims.userId, e: claims.exp };
    const payload = Buffer.from(JSON.stringify(fields)).toString('base64url');
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
    const target = c.k === undefined ? TASK_PHOTO_TARGET : c.k;
    if (typeof target !== 'string' || !TARGET_RE.test(target)) return { ok: false, reason: 'INVALID' };
    if (c.e * 1000 <= now.getTime()) return { ok: false, reason: 'EXPIRED' };
    return { ok: true, value: { target, id: c.p, scope: c.t, userId: c.u, exp: c.e } };
  }

  /** What the read signature covers: task photos keep their original form (URLs already handed out stay valid). */
  private readText(namespace: string, id: string, exp: string | number): string {
    return namespace === 'photos' ? `read.${id}.${exp}` : `read.${namespace}.${id}.${exp}`;
  }

  readUrl(namespace: string, id: string, now: Date, ttlSeconds: number): string {
    if (!NAMESPACE_RE.test(namespace)) throw new Error(`invalid read namespace: ${namespace}`);
    const exp = (Math.floor(now.getTime() / 1000 / ttlSeconds) + 2) * ttlSeconds;
    return `/api/${namespace}/${id}/file?exp=${exp}&sig=${this.mac(this.readText(namespace, id, exp))}`;
  }

  verifyRead(namespace: string, id: string, exp: string | undefined, sig: string | undefined, now: Date): TokenCheck<null> {
    if (!exp || !sig || !/^\d{1,12}$/.test(exp) || sig.length > 100) return { ok: false, reason: 'INVALID' };
    if (!this.same(sig, this.mac(this.readText(namespace, id, exp)))) return { ok: false, reason: 'INVALID' };
    if (Number(exp) * 1000 <= now.getTime()) return { ok: false, reason: 'EXPIRED' };
    return { ok: true, value: null };
  }
}
