import { describe, expect, it } from 'vitest';
import { afterCompletion } from './afterCompletion';

const now = new Date('2026-11-21T10:00:00Z');
const task = (id: string, status: 'in_progress' | 'reserved' | 'awaiting_confirmation', placeId: string, window: [string, string] = ['2026-11-21T08:00:00Z', '2026-11-21T18:00:00Z']) => ({
  id,
  status,
  place: { id: placeId },
  timeWindowStart: window[0],
  timeWindowEnd: window[1],
});
const done = task('done', 'awaiting_confirmation', 'p1');

describe('where the tasker goes after completing', () => {
  it('goes to the in-progress list while another started task waits', () => {
    expect(afterCompletion(done, [done, task('x', 'in_progress', 'p9'), task('r', 'reserved', 'p1')], now)).toEqual({ list: '/in_progress', suggestions: false });
  });

  it('does not count the completed task itself as in progress', () => {
    expect(afterCompletion(done, [{ ...done, status: 'in_progress' }], now)).toEqual({ list: '/reservable', suggestions: true });
  });

  it('goes to the reserved list when another task at the same place can be started now', () => {
    expect(afterCompletion(done, [task('r', 'reserved', 'p1')], now)).toEqual({ list: '/reserved', suggestions: false });
  });

  it('shows suggestions over the reserved list when the reserved task is elsewhere or not open yet', () => {
    expect(afterCompletion(done, [task('r', 'reserved', 'p2')], now)).toEqual({ list: '/reserved', suggestions: true });
    const later = task('r', 'reserved', 'p1', ['2026-11-22T08:00:00Z', '2026-11-22T18:00:00Z']);
    expect(afterCompletion(done, [later], now)).toEqual({ list: '/reserved', suggestions: true });
  });

  it('shows suggestions over the offerings when nothing else is reserved', () => {
    expect(afterCompletion(done, [], now)).toEqual({ list: '/reservable', suggestions: true });
  });
});
