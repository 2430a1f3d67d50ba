import { describe, expect, it } from 'vitest';
import type { Product, ScannedItem } from '#domain/types';
import {
  findDuplicate,
  invalidItemIds,
  matchProducts,
  parseSkusCache,
  productOf,
  searchProducts,
  serializeSkusCache,
  skusCacheKey,
} from './skuList';

const T0 = '2026-11-21T08:00:00.000Z';
const T1 = '2026-11-21T08:05:00.000Z';
const item = (id: string, ean: string, facings = 1, timestamp = T0): ScannedItem => ({ id, ean, facings, timestamp });

const products: Product[] = [
  { name: 'Žalgiris dark rye bread', ean: '4770000000017', brand: 'Vilniaus duona' },
  { name: 'Kefir 2.5%', ean: '4770000000024', brand: 'Rokiškio' },
  { name: 'Chocolate bar', ean: '96385074', brand: 'Rūta' },
];

describe('the working list of SKUs', () => {
  it('uses the local-storage key the spec names', () => {
    expect(skusCacheKey('t-42')).toBe('skusCache:t-42');
  });

  it('finds a duplicate regardless of surrounding spaces, and none for another EAN', () => {
    const list = [item('a', '4006381333931')];
    expect(findDuplicate(list, ' 4006381333931')?.id).toBe('a');
    expect(findDuplicate(list, '4006381333948')).toBeNull();
  });

  it('names the items that break the EAN or facings rules before saving', () => {
    const list = [item('ok', '4006381333931', 2), item('bad-ean', '4006381333932', 2), item('bad-facings', '96385074', 100), item('no-ean', '', 1)];
    expect(invalidItemIds(list)).toEqual(['bad-ean', 'bad-facings', 'no-ean']);
  });
});

describe('the skusCache value', () => {
  it('round-trips the changes, in order', () => {
    const changes = [
      { op: 'put' as const, item: item('a', '4006381333931', 2) },
      { op: 'remove' as const, id: 'x' },
      { op: 'put' as const, item: item('b', '96385074', 0, T1) },
    ];
    expect(parseSkusCache(serializeSkusCache(changes))).toEqual(changes);
  });

  it('is absent when nothing is stored and ignored when damaged', () => {
    expect(parseSkusCache(null)).toBeNull();
    expect(parseSkusCache('{not json')).toBeNull();
    expect(parseSkusCache('"text"')).toBeNull();
  });

  it('drops entries of the wrong shape but keeps rule-breaking items for the save to refuse', () => {
    const raw = JSON.stringify({
      changes: [{ op: 'put', item: { id: 'a', ean: '123', facings: 120, timestamp: T0 } }, { op: 'put', item: { id: 'b', ean: 5 } }, { op: 'remove' }, null, { op: 'remove', id: 'c' }],
    });
    expect(parseSkusCache(raw)).toEqual([{ op: 'put', item: item('a', '123', 120) }, { op: 'remove', id: 'c' }]);
  });

  it("reads an earlier version's whole list (array or { items }) as its items added", () => {
    const older = [item('b', '96385074', 1, T1), item('a', '4006381333931', 2)];
    expect(parseSkusCache(JSON.stringify(older))).toEqual([
      { op: 'put', item: item('a', '4006381333931', 2) },
      { op: 'put', item: item('b', '96385074', 1, T1) },
    ]);
    expect(parseSkusCache(JSON.stringify({ items: [item('a', '96385074')] }))).toEqual([{ op: 'put', item: item('a', '96385074') }]);
    expect(parseSkusCache(JSON.stringify([{ id: 'a', ean: '123', facings: 120, timestamp: T0 }, { id: 'b', ean: 5 }, null]))).toEqual([
      { op: 'put', item: item('a', '123', 120) },
    ]);
  });
});

describe('products versus entered SKUs', () => {
  it('pairs each product with the item of its EAN', () => {
    const matches = matchProducts(products, [item('a', '96385074', 4)]);
    expect(matches.map((m) => [m.product.ean, m.item?.id ?? null])).toEqual([
      ['4770000000017', null],
      ['4770000000024', null],
      ['96385074', 'a'],
    ]);
  });

  it('finds the product of an EAN', () => {
    expect(productOf(products, '4770000000024')?.name).toBe('Kefir 2.5%');
    expect(productOf(products, '4006381333931')).toBeNull();
  });

  it('searches name, brand and EAN, ignoring case and accents, every word must match', () => {
    expect(searchProducts(products, 'zalgiris').map((p) => p.ean)).toEqual(['4770000000017']);
    expect(searchProducts(products, 'RUTA').map((p) => p.ean)).toEqual(['96385074']);
    expect(searchProducts(products, '477 kefir').map((p) => p.ean)).toEqual(['4770000000024']);
    expect(searchProducts(products, '  ')).toHaveLength(3);
    expect(searchProducts(products, 'milk')).toEqual([]);
  });
});
