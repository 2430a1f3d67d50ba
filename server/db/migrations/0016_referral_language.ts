import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The language a tasker's app was in when they entered a referral code: the referral threshold
 * is keyed by language (spec section 9: en and cs 4 h, lt 10 h, pl and ro 8 h). Null for codes
 * entered before, or without an Accept-Language naming an app language: the market's language.
 */
export const m0016_referral_language: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`ALTER TABLE users ADD COLUMN referred_by_locale text`.execute(db);
  },
};
