/** What the maps show from the mirror: points per place, the clustering input, the offline selection. */
import { describe, expect, it } from 'vitest';
import type { MapPlaceRow, TaskRow } from '#db/schema';
import type { Place, TaskStatus } from '#domain/types';
import { makeTask } from '../tasks/fixtures';
import { CLUSTER_PROPERTIES, mapCurrency, moneyOfCents, selectMapPoints, toCents, toFeatureCollection } from './mapPlaces';

const EUR = { currencyCode: 'EUR' as const, currencySymbol: '€' };

function place(id: string, latitude: number, longitude: number, extra: Partial<MapPlaceRow> = {}): MapPlaceRow {
  return {
    id,
    title: `Store ${id}`,
    address: 'Gatvė 1',
    city: 'Vilnius',
    countryCode: 'LT',
    coordinates: { latitude, longitude },
    retailerId: 'r',
    retailer: { id: 'r', name: 'Maxima', logo: null },
    logo: null,
    distance: null,
    taskCount: 2,
    taskEarn: { amount: '25.50', ...EUR },
    pulledAt: '2026-11-23T10:00:00.000Z',
    ...extra,
  };
}

function task(id: string, status: TaskStatus, at: Place): TaskRow {
  const t = makeTask({ id, status, place: at });
  return { ...t, placeId: at.id };
}

describe('selectMapPoints', () => {
  const a = place('a', 54.68, 25.27);
  const b = place('b', 54.9, 23.9, { taskCount: 0 });
  const c = place('c', 54.7, 25.3);

  it("the reserved map shows the places of the tasker's reserved tasks from the tasks table, with no pulled places at all (offline)", () => {
    const tasks = [task('t1', 'reserved', a), task('t2', 'reserved', a), task('t3', 'reserved', c), task('t4', 'in_progress', b)];
    const points = selectMapPoints({ kind: 'status', status: 'reserved' }, [], tasks);
    expect(points.map((p) => [p.placeId, p.count])).toEqual([
      ['a', 2],
      ['c', 1],
    ]);
    expect(points[0]?.coordinates).toEqual(a.coordinates);
    expect(selectMapPoints({ kind: 'status', status: 'in_progress' }, [a, c], tasks).map((p) => p.placeId)).toEqual(['b']);
  });

  it('the available map takes the pulled places (their count), adds places of mirrored available tasks not pulled, and drops empty ones', () => {
    const d = place('d', 50.08, 14.42);
    const tasks = [task('t1', 'available', d), task('t2', 'available', a), task('t3', 'reserved', c)];
    const points = selectMapPoints({ kind: 'status', status: 'available' }, [a, b], tasks);
    expect(points.map((p) => [p.placeId, p.count])).toEqual([
      ['a', 2],
      ['d', 1],
    ]);
  });

  it("the opportunities map shows this week's sums, or the place's until they arrive, and leaves out places with none this week", () => {
    const week = place('a', 54.68, 25.27, { weekEarn: { taskCount: 1, taskEarn: { amount: '12.00', ...EUR } } });
    const none = place('c', 54.7, 25.3, { weekEarn: { taskCount: 0, taskEarn: null } });
    const notYet = place('e', 54.8, 25.1);
    const points = selectMapPoints({ kind: 'opportunities' }, [week, none, notYet], []);
    expect(points.map((p) => [p.placeId, p.count, p.earn?.amount])).toEqual([
      ['a', 1, '12.00'],
      ['e', 2, '25.50'],
    ]);
    expect(mapCurrency(points)?.currencyCode).toBe('EUR');
  });
});

describe('toFeatureCollection (the clustering input)', () => {
  it('one Point per place in [lng, lat] order with summable count and earnings in cents', () => {
    const points = selectMapPoints({ kind: 'opportunities' }, [place('a', 54.68, 25.27), place('c', 54.7, 25.3, { taskEarn: { amount: '0.10', ...EUR } })], []);
    const fc = toFeatureCollection(points);
    expect(fc.type).toBe('FeatureCollection');
    expect(fc.features).toEqual([
      { type: 'Feature', id: 1, properties: { placeId: 'a', count: 2, earnCents: 2550 }, geometry: { type: 'Point', coordinates: [25.27, 54.68] } },
      { type: 'Feature', id: 2, properties: { placeId: 'c', count: 2, earnCents: 10 }, geometry: { type: 'Point', coordinates: [25.3, 54.7] } },
    ]);
    // Clusters sum exactly these properties (MapLibre clusterProperties).
    expect(Object.keys(CLUSTER_PROPERTIES)).toEqual(['count', 'earnCents']);
    expect(Object.keys(fc.features[0]?.properties ?? {})).toEqual(expect.arrayContaining(Object.keys(CLUSTER_PROPERTIES)));
  });

  it('leaves out places without usable coordinates', () => {
    const broken = place('x', Number.NaN, 25);
    expect(toFeatureCollection(selectMapPoints({ kind: 'status', status: 'available' }, [broken], [])).features).toEqual([]);
  });

  it('cents from decimal strings', () => {
    expect(toCents('12.345')).toBe(1235);
    expect(toCents(null)).toBe(0);
    expect(toCents('abc')).toBe(0);
  });

  it('counts cents exactly where a float times 100 was off', () => {
    // Math.round(Number('1.005') * 100) is 100; Number('19.99') * 100 is 1998.9999999999998.
    expect(toCents('1.005')).toBe(101);
    expect(toCents('19.99')).toBe(1999);
    expect(toCents('4.35')).toBe(435);
    expect(toCents('90071992547409.91')).toBe(9007199254740991);
  });

  it('turns summed cents back into an exact amount', () => {
    const eur = { amount: '0.00', currencyCode: 'EUR', currencySymbol: '€' } as const;
    expect(moneyOfCents(toCents('0.1') + toCents('0.2'), eur)?.amount).toBe('0.30');
    expect(moneyOfCents(9007199254740991, eur)?.amount).toBe('90071992547409.91');
    expect(moneyOfCents(1230, null)).toBeNull();
  });
});
