import { describe, expect, it } from 'vitest';
import { applyScanChanges, effectiveScanChanges, newestFirst, sameScans, type ScanChange } from './scans';
import type { ScannedItem } from './types';

const T0 = '2026-11-21T08:00:00.000Z';
const T1 = '2026-11-21T08:05:00.000Z';
const T2 = '2026-11-21T08:10:00.000Z';
const item = (id: string, ean: string, facings = 1, timestamp = T0): ScannedItem => ({ id, ean, facings, timestamp });
const put = (i: ScannedItem): ScanChange => ({ op: 'put', item: i });
const remove = (id: string): ScanChange => ({ op: 'remove', id });

describe('applying scan changes', () => {
  it('puts a new EAN at the top of the list (newest first)', () => {
    expect(applyScanChanges([item('a', '4006381333931')], [put(item('b', '96385074', 1, T1))]).map((i) => i.id)).toEqual(['b', 'a']);
  });

  it('overwrites the item of the same EAN, keeping its id and moving it to the top', () => {
    const list = [item('a', '4006381333931', 3, T1), item('b', '96385074', 1)];
    expect(applyScanChanges(list, [put(item('c', ' 96385074 ', 7, T2))])).toEqual([{ id: 'b', ean: ' 96385074 ', facings: 7, timestamp: T2 }, list[0]]);
  });

  it('changes an item by id, and leaves one item per EAN', () => {
    const list = [item('a', '4006381333931', 3), item('b', '96385074', 1)];
    expect(applyScanChanges(list, [put(item('a', '96385074', 5, T1))])).toEqual([item('a', '96385074', 5, T1)]);
  });

  it('removes by id only; removing an item that is gone changes nothing', () => {
    const list = [item('a', '1'), item('b', '2')];
    expect(applyScanChanges(list, [remove('a')]).map((i) => i.id)).toEqual(['b']);
    expect(applyScanChanges(list, [remove('gone')])).toEqual(list);
  });

  it('keeps what is already in the list: an entry saved elsewhere stays when another is added', () => {
    const savedElsewhere = [item('b', '96385074', 3, T1)];
    expect(applyScanChanges(savedElsewhere, [put(item('a', '4006381333931', 2, T2))]).map((i) => i.ean)).toEqual(['4006381333931', '96385074']);
  });

  it('drops the mirror fields of the rows', () => {
    expect(applyScanChanges([{ ...item('a', '1'), taskId: 't1' } as ScannedItem], [])).toEqual([item('a', '1')]);
  });
});

describe('the changes that still change something', () => {
  it('drops a put equal to the item it replaces and a remove of an item that is gone', () => {
    const saved = [item('a', '4006381333931', 2)];
    const changes = [put(item('a', '4006381333931', 2)), remove('gone'), put(item('b', '96385074', 1, T1)), remove('a')];
    expect(effectiveScanChanges(saved, changes)).toEqual([put(item('b', '96385074', 1, T1)), remove('a')]);
  });

  it('keeps nothing once the saved list holds every change', () => {
    const changes = [put(item('a', '4006381333931', 2)), put(item('b', '96385074', 1, T1))];
    expect(effectiveScanChanges(applyScanChanges([], changes), changes)).toEqual([]);
  });
});

describe('lists', () => {
  it('orders newest first, then by id', () => {
    expect(newestFirst([item('b', '1', 1, T0), item('a', '2', 1, T1), item('c', '3', 1, T0)]).map((i) => i.id)).toEqual(['a', 'b', 'c']);
  });

  it('tells an unchanged list from a changed one', () => {
    const list = [item('a', '4006381333931', 2)];
    expect(sameScans(list, [item('a', '4006381333931', 2)])).toBe(true);
    expect(sameScans(list, [item('a', '4006381333931', 3)])).toBe(false);
    expect(sameScans(list, [])).toBe(false);
  });
});
