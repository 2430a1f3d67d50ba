import { describe, expect, it } from 'vitest';
import { makeTask } from './fixtures';
import { collapse, groupReservedTasks } from './grouping';

// Tests run with TZ=Europe/Vilnius (UTC+2 in November); the zone is passed explicitly anyway.
const ZONE = 'Europe/Vilnius';
const NOW = new Date('2026-11-21T10:00:00Z'); // 12:00 in Vilnius

describe('groupReservedTasks', () => {
  const tasks = [
    makeTask({ id: 'later', timeWindowStart: '2026-11-25T07:00:00Z', timeWindowEnd: '2026-11-25T14:00:00Z' }),
    makeTask({ id: 'tomorrow', timeWindowStart: '2026-11-22T07:00:00Z', timeWindowEnd: '2026-11-22T14:00:00Z' }),
    makeTask({ id: 'open-ends-today', timeWindowStart: '2026-11-21T06:00:00Z', timeWindowEnd: '2026-11-21T15:00:00Z' }),
    makeTask({ id: 'opens-this-evening', timeWindowStart: '2026-11-21T16:00:00Z', timeWindowEnd: '2026-11-23T16:00:00Z' }),
    makeTask({ id: 'day-after', timeWindowStart: '2026-11-23T07:00:00Z', timeWindowEnd: '2026-11-23T14:00:00Z' }),
    // 23:30 UTC on the 21st is already the 22nd in Vilnius.
    makeTask({ id: 'tomorrow-by-local-clock', timeWindowStart: '2026-11-21T22:30:00Z', timeWindowEnd: '2026-11-22T14:00:00Z' }),
  ];

  it('orders groups must be done today, begins today, tomorrow, then by date', () => {
    const groups = groupReservedTasks(tasks, (t) => t, NOW, ZONE);
    expect(groups.map((g) => [g.key, g.items.map((t) => t.id)])).toEqual([
      ['must_be_done_today', ['open-ends-today']],
      ['begins_today', ['opens-this-evening']],
      ['tomorrow', ['tomorrow', 'tomorrow-by-local-clock']],
      ['date:2026-11-23', ['day-after']],
      ['date:2026-11-25', ['later']],
    ]);
  });

  it('keeps the incoming order inside a group', () => {
    const reversed = [...tasks].reverse();
    const tomorrow = groupReservedTasks(reversed, (t) => t, NOW, ZONE).find((g) => g.key === 'tomorrow');
    expect(tomorrow?.items.map((t) => t.id)).toEqual(['tomorrow-by-local-clock', 'tomorrow']);
  });

  it('returns no groups for no tasks', () => {
    expect(groupReservedTasks([], (t) => t, NOW, ZONE)).toEqual([]);
  });
});

describe('collapse', () => {
  it.each<[string, number, boolean, number, number, boolean]>([
    ['a short list shows everything without a toggle', 2, false, 2, 0, false],
    ['a long collapsed list shows two and hides the rest', 5, false, 2, 3, true],
    ['a long expanded list shows everything with a toggle', 5, true, 5, 0, true],
    ['an empty list shows nothing', 0, false, 0, 0, false],
  ])('%s', (_name, size, expanded, visible, hidden, canToggle) => {
    const result = collapse(Array.from({ length: size }, (_, i) => i), expanded);
    expect([result.visible.length, result.hiddenCount, result.canToggle]).toEqual([visible, hidden, canToggle]);
  });
});
