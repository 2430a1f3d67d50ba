import { describe, expect, it } from 'vitest';
import { makePlace, makeTask } from '../tasks/fixtures';
import { readSuggestionsState } from '#contracts/kv';
import { groupSuggestionsByPlace, suggestionCount } from './suggestions';

const p1 = makePlace({ id: 'p1', title: 'Maxima Akropolis' });
const p2 = makePlace({ id: 'p2', title: 'Rimi Ozas' });

describe('suggestions', () => {
  const tasks = [
    makeTask({ id: 't1', place: p1 }),
    makeTask({ id: 't2', place: p2 }),
    makeTask({ id: 't3', place: p1 }),
    makeTask({ id: 't4', place: p1, status: 'reserved' }),
  ];

  it('groups available tasks by place in the server order, skipping the origin task, taken and missing ones', () => {
    const groups = groupSuggestionsByPlace(['t1', 't2', 'origin', 't3', 't4', 'missing', 't1'], [...tasks, makeTask({ id: 'origin', place: p1 })], 'origin');
    expect(groups.map((g) => [g.placeId, g.tasks.map((t) => t.id)])).toEqual([
      ['p1', ['t1', 't3']],
      ['p2', ['t2']],
    ]);
  });

  it('reads only values of the contract shape', () => {
    const pageInfo = { endCursor: 'c', startCursor: null, hasNext: true, hasPrevious: false };
    expect(readSuggestionsState({ taskIds: ['a', 3], pageInfo, total: 7, syncedAt: '2026-11-21T10:00:00Z' })).toEqual({
      taskIds: ['a'],
      pageInfo,
      total: 7,
      syncedAt: '2026-11-21T10:00:00Z',
    });
    expect(readSuggestionsState({ taskIds: 'a' })).toBeNull();
    expect(readSuggestionsState(null)).toBeNull();
  });

  it('counts with the server total when it is known', () => {
    expect(suggestionCount(null, 3)).toBe(3);
    expect(suggestionCount({ taskIds: [], pageInfo: { endCursor: null, startCursor: null, hasNext: false, hasPrevious: false }, total: 40, syncedAt: '' }, 25)).toBe(40);
  });
});
