/**
 * Referral bonuses (spec section 9; src/domain/referrals.ts): a tasker who entered a referral
 * code (users.referred_by_code = another user's referral_code) earns that user a bonus once,
 * when the friend's accepted tasks reach the total expected duration of the friend's language. The bonus is
 * dated at the acceptance that crossed the threshold (deterministic, whenever it is settled), and
 * paid in the referrer's payout of that week. Settling is idempotent and safe concurrently:
 * referral_bonuses.referred_user_id is unique.
 */
import { randomUUID } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database';
import { referralReward, referralThresholdMinutes } from '#domain/referrals';
import { moneyDb } from '../db/money-tables';

/** Whose bonuses: one tasker's (as referrer or as friend), or a market's referrers'. */
export type ReferralScope = { userId: string } | { countryCode: string };

export async function settleReferrals(db: Db, now: Date, scope: ReferralScope): Promise<number> {
  const where: RawBuilder<unknown> =
    'userId' in scope ? sql`(r.id = ${scope.userId} or f.id = ${scope.userId})` : sql`r.country_code = ${scope.countryCode}`;
  const pairs = await sql<{ friend_id: string; friend_country: string | null; friend_locale: string | null; referrer_id: string; referrer_country: string | null }>`
    select f.id as friend_id, f.country_code as friend_country, f.referred_by_locale as friend_locale, r.id as referrer_id, r.country_code as referrer_country
    from users f
    join users r on upper(r.referral_code) = upper(trim(f.referred_by_code)) and r.id <> f.id
    where f.referred_by_code is not null and ${where}
      and not exists (select 1 from referral_bonuses b where b.referred_user_id = f.id)`.execute(db);
  let credited = 0;
  for (const pair of pairs.rows) {
    // The friend's language when they entered the code decides the hours; the referrer's market the reward.
    const thresholdMinutes = referralThresholdMinutes(pair.friend_locale, pair.friend_country);
    const reward = referralReward(pair.referrer_country);
    if (thresholdMinutes === null || !reward) continue;
    const crossed = await sql<{ at: Date }>`
      select at from (
        select t.finalization_time as at, sum(t.expected_duration) over (order by t.finalization_time, t.id) as minutes
        from tasks t
        where t.tasker_id = ${pair.friend_id} and t.status = 'accepted' and t.finalization_time <= ${now}::timestamptz
      ) s
      where s.minutes >= ${thresholdMinutes}
      order by at limit 1`.execute(db);
    const when = crossed.rows[0]?.at;
    if (!when) continue;
    const inserted = await moneyDb(db)
      .insertInto('referral_bonuses')
      .values({
        id: randomUUID(),
        referrer_id: pair.referrer_id,
        referred_user_id: pair.friend_id,
        amount: reward.amount,
        currency_code: reward.currencyCode,
        earned_at: new Date(when),
        created_at: now,
      })
      .onConflict((oc) => oc.column('referred_user_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) credited += 1;
  }
  return credited;
}
