/** Access tokens: the HMAC key is imported once per secret, not on every sign and verify (API CPU per request). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signAccessToken, verifyAccessToken } from '../../server/http/accessTokens';
import type { TokenSettings } from '../../server/context';

afterEach(() => vi.restoreAllMocks());

describe('access tokens', () => {
  it('sign and verify many tokens with one key import', async () => {
    const settings: TokenSettings = { secret: new TextEncoder().encode('a-test-secret-of-enough-length-000000'), accessTokenTtlSeconds: 900, refreshTokenTtlSeconds: 3600 };
    const importKey = vi.spyOn(crypto.subtle, 'importKey');
    const now = new Date('2026-11-27T10:00:00Z');
    for (let i = 0; i < 5; i++) {
      const token = await signAccessToken(settings, `user-${i}`, now);
      expect(await verifyAccessToken(settings, token, now)).toBe(`user-${i}`);
    }
    expect(importKey).toHaveBeenCalledTimes(1);
  });

  it('still refuses a token signed with another secret, and an expired one', async () => {
    const now = new Date('2026-11-27T10:00:00Z');
    const a: TokenSettings = { secret: new TextEncoder().encode('secret-a-000000000000000000000000'), accessTokenTtlSeconds: 60, refreshTokenTtlSeconds: 3600 };
    const b: TokenSettings = { ...a, secret: new TextEncoder().encode('secret-b-000000000000000000000000') };
    const token = await signAccessToken(a, 'u1', now);
    await expect(verifyAccessToken(b, token, now)).rejects.toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' });
    await expect(verifyAccessToken(a, token, new Date(now.getTime() + 120_000))).rejects.toMatchObject({ statusCode: 401, code: 'TOKEN_EXPIRED' });
    expect(await verifyAccessToken(a, token, now)).toBe('u1');
  });
});
