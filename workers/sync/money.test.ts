/**
 * The money pulls (features/money/pulls.ts) against the real server: finances, past payouts, missions and
 * last week's earnings land in the mirror's kv; finances are asked every 60 s only while a payout
 * screen is open; missions only when their screen opens or with the account pulls (no refresh);
 * offline the mirror keeps answering; logout and an account switch clear them.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { FINANCES_KEY, LAST_WEEK_EARN_KEY, MISSIONS_KEY, PAYOUTS_KEY } from '#contracts/kv';
import type { Mission } from '#domain/missions';
import type { Payout, PayoutInfo } from '#domain/payouts';
import { assignMission, createMission } from '../../server/missions/service';
import { markPaid, runDuePayouts } from '../../server/money/payouts';
import { createHarness, useSyncServer, type Harness } from '../../test/support/sync-harness';

const server = useSyncServer();
let h: Harness;
afterEach(async () => {
  await h?.engine.idle();
  h?.db.close();
});

const kv = async <T>(key: string) => (await h.db.kv.get(key))?.value as T | undefined;
const requests = (path: string) => h.net.calls('GET', path).length;

async function missionFor(userId: string, name: string): Promise<string> {
  const now = h.now();
  const mission = await createMission(h.server.db, { name, countryCode: 'LT', moneyReward: { amount: '15.00' }, objectives: [{ contentType: 'task_type', allowedItems: [h.id('shelf')], target: 3 }] }, 'test', now);
  await assignMission(h.server.db, mission.id, { userIds: [userId] }, 'test', now);
  return mission.id;
}

describe('money pulls', () => {
  it('stores finances, payouts, missions and last week earnings with the account pulls, as the server answers them', async () => {
    h = await createHarness(server());
    await h.world.task('t1', 'accepted');
    const missionId = await missionFor(h.world.tasker.id, 'Three shelves');
    await h.logIn();
    await h.engine.syncNow('start');
    await h.engine.idle();

    const finances = await kv<PayoutInfo>(FINANCES_KEY);
    expect(finances).toEqual(await h.world.call(h.world.tasker.id, 'GET', 'payment/my-finances'));
    expect(finances?.nextPayment.tasksCount).toBeGreaterThanOrEqual(1);
    expect(await kv(PAYOUTS_KEY)).toEqual(((await h.world.call(h.world.tasker.id, 'GET', 'payment/payouts')) as { data: unknown[] }).data);
    const missions = await kv<Mission[]>(MISSIONS_KEY);
    expect(missions?.map((m) => m.id)).toContain(missionId);
    expect(missions?.find((m) => m.id === missionId)).toMatchObject({ name: 'Three shelves', moneyReward: { amount: '15.00', currencyCode: 'EUR' } });
    expect(await kv(LAST_WEEK_EARN_KEY)).toMatchObject({ countryCode: 'LT', amount: { currencyCode: 'EUR' } });
    for (const key of ['finances', 'payouts', 'missions', 'lastWeekEarn']) expect((await h.db.meta.get(key))?.error, key).toBeNull();
  });

  it('asks for finances every 60 s only while a payout screen is open', async () => {
    h = await createHarness(server());
    await h.logIn();
    await h.engine.syncNow('start');
    await h.engine.idle();
    const first = requests('payment/my-finances');
    expect(first).toBe(1);

    // No payout screen: the timer's syncs leave finances alone.
    h.advance(61_000);
    await h.engine.syncNow('timer');
    expect(requests('payment/my-finances')).toBe(first);

    // The profile opens: pulled at once (due), then every 60 s while open.
    await h.engine.watch({ money: true });
    await h.engine.idle();
    expect(requests('payment/my-finances')).toBe(first + 1);
    await h.world.task('t2', 'accepted');
    h.advance(30_000);
    await h.engine.syncNow('timer');
    expect(requests('payment/my-finances')).toBe(first + 1);
    h.advance(31_000);
    await h.engine.syncNow('timer');
    expect(requests('payment/my-finances')).toBe(first + 2);
    expect(await kv(FINANCES_KEY)).toEqual(await h.world.call(h.world.tasker.id, 'GET', 'payment/my-finances'));

    await h.engine.watch({ money: false });
    h.advance(61_000);
    await h.engine.syncNow('timer');
    expect(requests('payment/my-finances')).toBe(first + 2);
  });

  it('takes the past payouts along when a finances pull finds a payout recorded, then paid', async () => {
    h = await createHarness(server());
    await h.world.task('t1', 'accepted');
    await h.logIn();
    await h.engine.syncNow('start');
    await h.engine.idle();
    await h.engine.watch({ money: true });
    await h.engine.idle();
    expect(await kv<Payout[]>(PAYOUTS_KEY)).toEqual([]);
    const asked = requests('payment/payouts');

    // The weekly run records the task (run as of a week later; the worker's clock moves 61 s only,
    // so the past payouts' own 5 min interval is not what brings them).
    await runDuePayouts(h.server.db, new Date(h.now().getTime() + 8 * 24 * 3600_000), 3000);
    h.advance(61_000);
    await h.engine.syncNow('timer');
    await h.engine.idle();
    expect(requests('payment/payouts')).toBe(asked + 1);
    const [recorded] = (await kv<Payout[]>(PAYOUTS_KEY)) ?? [];
    expect(recorded?.status).toBe('pending');

    // Staff mark it paid: the next finances refresh (totalPaid changed) brings it paid.
    await markPaid(h.server.db, { ids: [recorded!.id] }, 'test', h.now());
    h.advance(61_000);
    await h.engine.syncNow('timer');
    await h.engine.idle();
    expect(requests('payment/payouts')).toBe(asked + 2);
    expect((await kv<Payout[]>(PAYOUTS_KEY))?.[0]?.status).toBe('paid');

    // Nothing moved: the timer's finances refresh leaves the past payouts to their interval.
    h.advance(61_000);
    await h.engine.syncNow('timer');
    await h.engine.idle();
    expect(requests('payment/payouts')).toBe(asked + 2);
  });

  it('pulls missions when their screen opens and with the account pulls, never on the timer', async () => {
    h = await createHarness(server());
    await h.logIn();
    await h.engine.syncNow('start');
    await h.engine.idle();
    expect(await kv<Mission[]>(MISSIONS_KEY)).toEqual([]);
    const asked = requests('mission/my');

    const missionId = await missionFor(h.world.tasker.id, 'Weekend push');
    h.advance(10 * 60_000);
    await h.engine.syncNow('timer');
    expect(requests('mission/my')).toBe(asked);
    expect(await kv<Mission[]>(MISSIONS_KEY)).toEqual([]);

    await h.engine.watch({ missions: true });
    await h.engine.idle();
    expect(requests('mission/my')).toBe(asked + 1);
    expect((await kv<Mission[]>(MISSIONS_KEY))?.map((m) => m.id)).toEqual([missionId]);

    // Reopened moments later (a tab switch): not asked again.
    await h.engine.watch({ missions: false });
    await h.engine.watch({ missions: true });
    await h.engine.idle();
    expect(requests('mission/my')).toBe(asked + 1);

    // Back online: the account pulls take missions along.
    h.advance(60_000);
    await h.engine.syncNow('online');
    expect(requests('mission/my')).toBe(asked + 2);
  });

  it('keeps the mirrored figures offline and says the refresh failed', async () => {
    h = await createHarness(server());
    await h.world.task('t1', 'accepted');
    await missionFor(h.world.tasker.id, 'Offline mission');
    await h.logIn();
    await h.engine.syncNow('start');
    await h.engine.idle();
    const finances = await kv<PayoutInfo>(FINANCES_KEY);
    const missions = await kv<Mission[]>(MISSIONS_KEY);
    const syncedAt = (await h.db.meta.get('finances'))?.syncedAt;

    h.net.offline = true;
    h.advance(61_000);
    await h.engine.watch({ money: true, missions: true });
    await h.engine.idle();
    await h.engine.syncNow('online');
    await h.engine.idle();

    expect(await kv(FINANCES_KEY)).toEqual(finances);
    expect(await kv(MISSIONS_KEY)).toEqual(missions);
    expect(await h.db.meta.get('finances')).toMatchObject({ syncedAt, error: 'NETWORK' });
  });

  it('clears the money rows on logout and on an account switch', async () => {
    h = await createHarness(server());
    await h.world.task('t1', 'accepted');
    await missionFor(h.world.tasker.id, 'Mine only');
    await h.logIn();
    await h.engine.syncNow('start');
    await h.engine.idle();
    expect(await kv(FINANCES_KEY)).toBeDefined();

    await h.engine.logout();
    for (const key of [FINANCES_KEY, PAYOUTS_KEY, MISSIONS_KEY, LAST_WEEK_EARN_KEY]) expect(await kv(key), key).toBeUndefined();
    expect(await h.db.meta.get('finances')).toBeUndefined();

    // Logged in again, then another tasker on this device without a logout: the first one's missions go.
    await h.logIn();
    await h.engine.syncNow('login');
    await h.engine.idle();
    expect((await kv<Mission[]>(MISSIONS_KEY))?.length).toBe(1);
    const other = await h.world.otherTasker('u2');
    await h.logIn({ userId: other.id });
    h.advance(61_000);
    await h.engine.syncNow('login');
    await h.engine.idle();
    expect(await kv<Mission[]>(MISSIONS_KEY)).toEqual([]);
  });
});
