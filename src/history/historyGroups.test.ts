import { describe, expect, it } from 'vitest';
import { makeTask } from '../tasks/fixtures';
import { groupHistoryByDay, historyCards, historyHasNext, historyInstant, isHistoryStatus } from './historyGroups';

const NOW = new Date('2026-11-21T10:00:00Z');
const TZ = 'Europe/Vilnius';

describe('history grouping', () => {
  it('files a finished task by its end (as the server orders), an expired one by its window end', () => {
    expect(historyInstant(makeTask({ finalizationTime: '2026-11-20T09:00:00Z', endTime: '2026-11-19T09:00:00Z' }))).toBe('2026-11-19T09:00:00Z');
    expect(historyInstant(makeTask({ status: 'expired', timeWindowEnd: '2026-11-18T16:00:00Z' }))).toBe('2026-11-18T16:00:00Z');
  });

  it('groups newest first under today, yesterday and dates in the device time zone', () => {
    const tasks = [
      makeTask({ id: 'old', status: 'accepted', endTime: '2026-11-15T12:00:00Z' }),
      makeTask({ id: 'today-early', status: 'accepted', endTime: '2026-11-20T22:30:00Z' }), // 00:30 on the 21st in Vilnius
      makeTask({ id: 'yesterday', status: 'accepted', endTime: '2026-11-20T08:00:00Z' }),
      makeTask({ id: 'today-late', status: 'accepted', endTime: '2026-11-21T09:00:00Z' }),
    ];
    expect(groupHistoryByDay(tasks, NOW, TZ).map((d) => [d.kind, d.dateKey, d.tasks.map((t) => t.id)])).toEqual([
      ['today', '2026-11-21', ['today-late', 'today-early']],
      ['yesterday', '2026-11-20', ['yesterday']],
      ['date', '2026-11-15', ['old']],
    ]);
  });

  it('gives the four cards in order, each with its two newest tasks and its count', () => {
    const tasks = [
      makeTask({ id: 'a1', status: 'accepted', endTime: '2026-11-10T10:00:00Z' }),
      makeTask({ id: 'a2', status: 'accepted', endTime: '2026-11-12T10:00:00Z' }),
      makeTask({ id: 'a3', status: 'accepted', endTime: '2026-11-11T10:00:00Z' }),
      makeTask({ id: 'e1', status: 'expired', timeWindowEnd: '2026-11-11T10:00:00Z' }),
      makeTask({ id: 'r1', status: 'reserved' }),
    ];
    expect(historyCards(tasks).map((c) => [c.status, c.tasks.map((t) => t.id), c.count])).toEqual([
      ['accepted', ['a2', 'a3'], 3],
      ['rejected', [], 0],
      ['expired', ['e1'], 1],
      ['awaiting_confirmation', [], 0],
    ]);
  });

  it.each<[unknown, boolean | null]>([
    [{ endCursor: 'c', hasNext: true, pages: 1, boundary: null }, true],
    [{ hasNext: false }, false],
    [null, null],
    ['junk', null],
  ])('the worker cursor %j says more pages: %s', (value, expected) => {
    expect(historyHasNext(value)).toBe(expected);
  });

  it.each([
    ['accepted', true],
    ['awaiting_confirmation', true],
    ['reserved', false],
    ['nonsense', false],
    [undefined, false],
  ])('%s is a history status: %s', (value, expected) => {
    expect(isHistoryStatus(value)).toBe(expected);
  });
});
