/**
 * Refresh-token rotation under concurrency: ten parallel refreshes of one token. One
 * wins, the nine others are a reuse, and a reuse revokes the whole family (docs/api.md) —
 * including the token the winner was just given. On PostgreSQL (the postgres stage) the requests
 * really run in parallel; without serialising rotation and revocation, the winner's new token
 * was sometimes inserted after the losers had revoked the family, and survived.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';
import type { ApiErrorBody, AuthTokens } from '#domain/types';
import { sha256 } from '../../server/auth/tokens';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const PARALLEL = 10;
const ROUNDS = 8;

async function refresh(refreshToken: string) {
  return server.request({ method: 'POST', url: '/api/auth/token', payload: { refreshToken } });
}

describe('parallel refreshes of one refresh token', () => {
  it(`one wins, the others are REFRESH_TOKEN_REUSED, and no token of the family survives (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const login = await server.login('lt@demo.shelfwork.app');
      const answers = await Promise.all(Array.from({ length: PARALLEL }, () => refresh(login.refreshToken)));

      const winners = answers.filter((a) => a.statusCode === 200);
      const losers = answers.filter((a) => a.statusCode !== 200);
      expect(winners, `round ${round}: ${answers.map((a) => a.statusCode).join(',')}`).toHaveLength(1);
      for (const loser of losers) {
        expect(loser.statusCode).toBe(401);
        expect(loser.json<ApiErrorBody>().error.code).toBe('REFRESH_TOKEN_REUSED');
      }

      // The family is revoked as a whole: the winner's new refresh token is dead too.
      const won = winners[0]!.json<AuthTokens>();
      const family = await server.db
        .selectFrom('refresh_tokens')
        .select('family_id')
        .where('token_hash', '=', sha256(login.refreshToken))
        .executeTakeFirstOrThrow();
      const alive = await server.db
        .selectFrom('refresh_tokens')
        .select('id')
        .where('family_id', '=', family.family_id)
        .where('revoked_at', 'is', null)
        .execute();
      expect(alive, `round ${round}: tokens of the family still alive`).toEqual([]);
      const after = await refresh(won.refreshToken);
      expect(after.statusCode, `round ${round}: the winner's token still refreshes`).toBe(401);
      expect(after.json<ApiErrorBody>().error.code).toBe('REFRESH_TOKEN_REUSED');
    }
  });

  it('a refresh racing a reuse of its predecessor never leaves a live token behind', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const first = await server.login('pl@demo.shelfwork.app');
      const second = (await refresh(first.refreshToken)).json<AuthTokens>();
      // The legitimate holder refreshes `second` while a thief replays `first`.
      const [legit, thief] = await Promise.all([refresh(second.refreshToken), refresh(first.refreshToken)]);
      expect(thief.statusCode).toBe(401);
      expect(thief.json<ApiErrorBody>().error.code).toBe('REFRESH_TOKEN_REUSED');
      if (legit.statusCode === 200) {
        // The legitimate refresh came first; the reuse must have revoked its result too.
        const third = legit.json<AuthTokens>();
        expect((await refresh(third.refreshToken)).statusCode, `round ${round}`).toBe(401);
      } else {
        expect(legit.statusCode).toBe(401);
      }
    }
  });
});
