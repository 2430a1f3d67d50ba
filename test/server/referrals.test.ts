/**
 * Referral bonuses (spec section 9, src/domain/referrals.ts): credited once to the referrer when
 * the friend's accepted tasks reach the total expected duration of the friend's language (en and cs
 * 4 h, lt 10 h, pl and ro 8 h; the market's language when none was recorded), dated at the
 * acceptance that crossed it, and paid in the referrer's payout (100 EUR in LT, 100 zł elsewhere).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERRAL_RULES } from '#domain/referrals';
import { moneyDb } from '../../server/db/money-tables';
import { startTestServer, type TestServer } from './helpers';
import { addTask, finances, makeTasker, payouts, runWeek } from './money-helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

let codes = 0;
const code = () => `REF${Date.now().toString(36).toUpperCase()}${(codes += 1)}`;

async function bonusLines(userId: string) {
  return (await finances(server, userId)).nextPayment.lines.filter((l) => l.kind === 'referral_bonus');
}

describe('referral bonus', () => {
  it('LT: credited once when the friend passes 10 hours of accepted work, dated at that acceptance', async () => {
    server.clock.set('2026-09-10T12:00:00Z');
    const referralCode = code();
    const referrer = await makeTasker(server.db, { country: 'LT', referralCode });
    const friend = await makeTasker(server.db, { country: 'LT', firstName: 'Tomas', referredByCode: referralCode.toLowerCase() });
    // 9 h 59 min of accepted work, plus tasks not accepted: no bonus yet.
    await addTask(server.db, { taskerId: friend.id, country: 'LT', reward: '30.00', at: '2026-09-08T10:00:00Z', expectedDuration: 300 });
    await addTask(server.db, { taskerId: friend.id, country: 'LT', reward: '30.00', at: '2026-09-08T11:00:00Z', expectedDuration: 299 });
    await addTask(server.db, { taskerId: friend.id, country: 'LT', status: 'awaiting_confirmation', reward: '30.00', at: '2026-09-08T12:00:00Z', expectedDuration: 300 });
    await addTask(server.db, { taskerId: friend.id, country: 'LT', status: 'rejected', reducedReward: '1.00', reward: '30.00', at: '2026-09-08T13:00:00Z', expectedDuration: 300 });
    expect(await bonusLines(referrer.id)).toEqual([]);
    // One more accepted minute crosses 10 h.
    await addTask(server.db, { taskerId: friend.id, country: 'LT', reward: '1.00', at: '2026-09-09T09:15:00Z', expectedDuration: 1 });
    await addTask(server.db, { taskerId: friend.id, country: 'LT', reward: '30.00', at: '2026-09-09T10:00:00Z', expectedDuration: 300 });
    const lines = await bonusLines(referrer.id);
    expect(lines.map((l) => [l.amount, l.title, l.occurredAt])).toEqual([[{ amount: '100.00', currencyCode: 'EUR', currencySymbol: '€' }, 'Tomas', '2026-09-09T09:15:00.000Z']]);
    expect((await finances(server, referrer.id)).nextPayment.referralBonuses.amount).toBe('100.00');
    // Reading again (as either of them) credits nothing more; the friend earns no bonus themself.
    expect(await bonusLines(friend.id)).toEqual([]);
    expect(await bonusLines(referrer.id)).toHaveLength(1);
    expect(await moneyDb(server.db).selectFrom('referral_bonuses').select('id').where('referred_user_id', '=', friend.id).execute()).toHaveLength(1);
    // Paid in the referrer's payout of the week, then gone from the next payment.
    server.clock.set('2026-09-15T00:00:00Z');
    await runWeek(server, 'LT', '2026-09-07');
    const [payout] = await payouts(server, referrer.id);
    expect(payout?.lines.map((l) => [l.kind, l.amount.amount])).toEqual([['referral_bonus', '100.00']]);
    expect(payout?.total.amount).toBe('100.00');
    expect(await bonusLines(referrer.id)).toEqual([]);
  });

  it('per market, without a recorded language: PL 8 h, CZ 4 h, RO 8 h; 100 zł each, paid in PL, recorded in CZ and RO (their payouts are CZK and RON)', async () => {
    server.clock.set('2026-09-20T12:00:00Z');
    const cases = [
      { country: 'PL', hours: 8, paid: true },
      { country: 'CZ', hours: 4, paid: false },
      { country: 'RO', hours: 8, paid: false },
    ] as const;
    for (const c of cases) {
      expect(REFERRAL_RULES[c.country]).toEqual({ thresholdMinutes: c.hours * 60, reward: { amount: '100.00', currencyCode: 'PLN' } });
      const referralCode = code();
      const referrer = await makeTasker(server.db, { country: c.country, referralCode });
      const friend = await makeTasker(server.db, { country: c.country, referredByCode: referralCode });
      await addTask(server.db, { taskerId: friend.id, country: c.country, reward: '10.00', at: '2026-09-18T10:00:00Z', expectedDuration: c.hours * 60 - 30 });
      expect(await bonusLines(referrer.id), c.country).toEqual([]);
      await addTask(server.db, { taskerId: friend.id, country: c.country, reward: '10.00', at: '2026-09-18T11:00:00Z', expectedDuration: 30 });
      expect((await bonusLines(referrer.id)).map((l) => l.amount), c.country).toEqual(c.paid ? [{ amount: '100.00', currencyCode: 'PLN', currencySymbol: 'zł' }] : []);
      const rows = await moneyDb(server.db).selectFrom('referral_bonuses').select(['currency_code']).where('referrer_id', '=', referrer.id).execute();
      expect(rows.map((r) => r.currency_code), c.country).toEqual(['PLN']);
    }
  });

  it('the threshold is the language the friend entered the code in (en 4 h, also in LT); the reward 100 EUR in LT, 100 zł elsewhere', async () => {
    server.clock.set('2026-09-20T12:00:00Z');
    const enter = async (friendId: string, referralCode: string, language: string) => {
      await server.db.updateTable('users').set({ status: 'awaiting_approval' }).where('id', '=', friendId).execute();
      const res = await server.request({
        method: 'POST',
        url: '/api/user/referred-by-code',
        token: await server.tokenFor(friendId),
        headers: { 'accept-language': language },
        payload: { code: referralCode },
      });
      expect(res.statusCode).toBe(200);
      await server.db.updateTable('users').set({ status: 'active' }).where('id', '=', friendId).execute();
    };
    const bonuses = async (referrerId: string) =>
      (await moneyDb(server.db).selectFrom('referral_bonuses').select(['amount', 'currency_code']).where('referrer_id', '=', referrerId).execute()).map((b) => [String(b.amount), b.currency_code]);
    const cases = [
      { country: 'LT', language: 'en', hours: 4, reward: ['100.00', 'EUR'] },
      { country: 'LT', language: 'lt', hours: 10, reward: ['100.00', 'EUR'] },
      { country: 'PL', language: 'en', hours: 4, reward: ['100.00', 'PLN'] },
      { country: 'CZ', language: 'cs', hours: 4, reward: ['100.00', 'PLN'] },
      { country: 'RO', language: 'ro', hours: 8, reward: ['100.00', 'PLN'] },
    ] as const;
    for (const c of cases) {
      const referralCode = code();
      const referrer = await makeTasker(server.db, { country: c.country, referralCode });
      const friend = await makeTasker(server.db, { country: c.country });
      await enter(friend.id, referralCode, c.language);
      await addTask(server.db, { taskerId: friend.id, country: c.country, reward: '10.00', at: '2026-09-18T10:00:00Z', expectedDuration: c.hours * 60 - 30 });
      await finances(server, referrer.id);
      expect(await bonuses(referrer.id), `${c.country} ${c.language}`).toEqual([]);
      await addTask(server.db, { taskerId: friend.id, country: c.country, reward: '10.00', at: '2026-09-18T11:00:00Z', expectedDuration: 30 });
      await finances(server, referrer.id);
      expect(await bonuses(referrer.id), `${c.country} ${c.language}`).toEqual([c.reward]);
    }
  });

  it('no bonus for an unknown code or one\'s own code', async () => {
    server.clock.set('2026-09-20T12:00:00Z');
    const own = code();
    const self = await makeTasker(server.db, { country: 'CZ', referralCode: own, referredByCode: own });
    await addTask(server.db, { taskerId: self.id, country: 'CZ', reward: '10.00', at: '2026-09-18T10:00:00Z', expectedDuration: 600 });
    const stranger = await makeTasker(server.db, { country: 'CZ', referredByCode: 'NOBODY-HAS-THIS' });
    await addTask(server.db, { taskerId: stranger.id, country: 'CZ', reward: '10.00', at: '2026-09-18T10:00:00Z', expectedDuration: 600 });
    expect(await bonusLines(self.id)).toEqual([]);
    expect(await bonusLines(stranger.id)).toEqual([]);
    const rows = await moneyDb(server.db).selectFrom('referral_bonuses').select('id').where('referred_user_id', 'in', [self.id, stranger.id]).execute();
    expect(rows).toEqual([]);
  });
});
