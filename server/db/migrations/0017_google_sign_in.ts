import { type Kysely, type Migration } from 'kysely';
import { runStatements } from './statements';

/**
 * Google sign-in (server/auth/google.ts). `google_sign_ins`: one row per started sign-in, keyed
 * by the sha256 of its `state`, holding what the callback needs on whichever API process it
 * lands (the PKCE verifier, the nonce, the intent and market, the redirect URI): it lives 10
 * minutes and is exchanged once; after the exchange it keeps the e-mail and subject the provider
 * verified, for a registration that still needs the market (`consumed_at` then ends it).
 * `user_google_identities`: which Google account (its subject) signs in which user — one each way.
 */
export const m0017_google_sign_in: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, `
      CREATE TABLE google_sign_ins (
        state_hash text PRIMARY KEY,
        code_verifier text NOT NULL,
        nonce text NOT NULL,
        intent text NOT NULL,
        country_code text,
        redirect_uri text NOT NULL,
        created_at timestamptz NOT NULL,
        exchanged_at timestamptz,
        consumed_at timestamptz,
        email text,
        subject text
      );
      CREATE INDEX google_sign_ins_created_idx ON google_sign_ins (created_at);
      CREATE TABLE user_google_identities (
        subject text PRIMARY KEY,
        user_id text NOT NULL UNIQUE REFERENCES users (id),
        email text NOT NULL,
        linked_at timestamptz NOT NULL
      );
    `);
  },
};
