/**
 * The map's places (features/places/pulls.ts) against the real server: pulled into the `places` table when a
 * map opens, every 60 s while it stays open and never after it closes; again at once when its
 * centre moves past the 20 km radius; this week's sums for the opportunities map; kept offline
 * with the failure recorded; cleared on logout.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, useSyncServer, type Harness } from '../../test/support/sync-harness';

const server = useSyncServer();
let h: Harness;
afterEach(async () => {
  await h?.engine.idle();
  h?.db.close();
});

const VILNIUS = { latitude: 54.687, longitude: 25.279 };
const KAUNAS = { latitude: 54.898, longitude: 23.903 };
const placesCalls = () => h.net.calls('GET', 'task/places').length;
const earnCalls = () => h.net.calls('GET', 'task/places/task-earn').length;

async function worldTasks(): Promise<void> {
  const now = h.now().getTime();
  const iso = (ms: number) => new Date(now + ms).toISOString();
  const day = 24 * 3600_000;
  await h.world.tasks([
    ['a1', { place: 'store-a', timeWindowStart: iso(day), timeWindowEnd: iso(day + 6 * 3600_000) }],
    ['a2', { place: 'store-a', timeWindowStart: iso(10 * day), timeWindowEnd: iso(10 * day + 6 * 3600_000) }],
    ['b1', { place: 'store-b', timeWindowStart: iso(2 * day), timeWindowEnd: iso(2 * day + 6 * 3600_000) }],
    ['r1', { place: 'store-c', status: 'reserved', timeWindowStart: iso(day), timeWindowEnd: iso(day + 6 * 3600_000) }],
  ]);
}

describe('map places', () => {
  it('pulls the places with their task counts when a map opens, every 60 s while open, never after it closes', async () => {
    h = await createHarness(server());
    await worldTasks();
    await h.logIn();
    await h.engine.syncNow('start');
    await h.engine.idle();
    expect(placesCalls()).toBe(0);
    expect(await h.db.places.count()).toBe(0);

    await h.engine.watch({ map: { center: VILNIUS, opportunities: false } });
    await h.engine.idle();
    expect(placesCalls()).toBe(1);
    const a = await h.db.places.get(h.id('store-a'));
    expect(a).toMatchObject({ title: 'Maxima Gedimino pr.', taskCount: 2, coordinates: VILNIUS });
    expect((await h.db.places.get(h.id('store-b')))?.taskCount).toBe(1);
    // A reserved task's store has no available task: not a pulled place (its map reads `tasks`).
    expect(await h.db.places.get(h.id('store-c'))).toBeUndefined();
    expect((await h.db.meta.get('places'))?.error).toBeNull();
    // Ordered around the centre: the request carried it.
    expect(h.net.calls('GET', 'task/places')[0]?.query.get('latitude')).toBe('54.68700');

    h.advance(30_000);
    await h.engine.syncNow('timer');
    expect(placesCalls()).toBe(1);
    h.advance(31_000);
    await h.engine.syncNow('timer');
    expect(placesCalls()).toBe(2);

    // Moving within the radius asks nothing; past it (Kaunas, ~90 km) asks at once.
    await h.engine.watch({ map: { center: { latitude: 54.7, longitude: 25.3 }, opportunities: false } });
    await h.engine.idle();
    expect(placesCalls()).toBe(2);
    await h.engine.watch({ map: { center: KAUNAS, opportunities: false } });
    await h.engine.idle();
    expect(placesCalls()).toBe(3);

    await h.engine.watch({ map: null });
    h.advance(120_000);
    await h.engine.syncNow('timer');
    expect(placesCalls()).toBe(3);
    expect(earnCalls()).toBe(0);
  });

  it("adds this week's sums for the opportunities map", async () => {
    h = await createHarness(server());
    await worldTasks();
    await h.logIn();
    await h.engine.watch({ map: { center: VILNIUS, opportunities: true } });
    await h.engine.idle();
    expect(earnCalls()).toBeGreaterThanOrEqual(1);
    const a = await h.db.places.get(h.id('store-a'));
    // a2 starts in 10 days: not this week's.
    expect(a?.weekEarn?.taskCount).toBe(1);
    expect(a?.weekEarn?.taskEarn?.currencyCode).toBe('EUR');
    expect(a?.taskCount).toBe(2);
    expect(a?.weekEarn?.taskEarn?.amount).toBe((await h.db.places.get(h.id('store-b')))?.weekEarn?.taskEarn?.amount);
  });

  it('keeps the places offline with the failure recorded, and clears them on logout', async () => {
    h = await createHarness(server());
    await worldTasks();
    await h.logIn();
    await h.engine.syncNow('start');
    await h.engine.idle();
    await h.engine.watch({ map: { center: VILNIUS, opportunities: false } });
    await h.engine.idle();
    const before = await h.db.places.toArray();
    expect(before.length).toBeGreaterThan(0);

    h.net.offline = true;
    h.advance(61_000);
    await h.engine.syncNow('timer');
    await h.engine.idle();
    expect(await h.db.places.toArray()).toEqual(before);
    expect((await h.db.meta.get('places'))?.error).not.toBeNull();

    h.net.offline = false;
    await h.engine.logout();
    expect(await h.db.places.count()).toBe(0);
  });
});
