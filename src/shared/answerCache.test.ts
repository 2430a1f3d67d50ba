import { describe, expect, it } from 'vitest';
import { createAnswerCache, sameAnswer } from './answerCache';

describe('createAnswerCache', () => {
  it('answers the last value set for a key, and nothing for an unknown key', () => {
    const cache = createAnswerCache(4);
    cache.set('available', { rows: 1 });
    cache.set('available', { rows: 2 });
    expect(cache.get('available')).toEqual({ rows: 2 });
    expect(cache.has('reserved')).toBe(false);
    expect(cache.get('reserved')).toBeUndefined();
  });

  it('keeps at most maxEntries, forgetting the least recently set first', () => {
    const cache = createAnswerCache(2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('a', 3);
    cache.set('c', 4);
    expect(cache.has('b')).toBe(false);
    expect(cache.get('a')).toBe(3);
    expect(cache.get('c')).toBe(4);
  });

  it('forgets everything on clear', () => {
    const cache = createAnswerCache(2);
    cache.set('a', 1);
    cache.clear();
    expect(cache.has('a')).toBe(false);
  });
});

describe('sameAnswer', () => {
  it('is true for equal plain data read twice, false when anything differs', () => {
    const read = () => ({ source: { kind: 'page', rows: [{ id: 'a', title: 'Shelf' }], total: 1 }, meta: { syncedAt: '2026-11-23T19:00:00.000Z' } });
    expect(sameAnswer(read(), read())).toBe(true);
    const changed = read();
    changed.meta.syncedAt = '2026-11-23T19:01:00.000Z';
    expect(sameAnswer(read(), changed)).toBe(false);
    expect(sameAnswer(undefined, read())).toBe(false);
    expect(sameAnswer(read(), undefined)).toBe(false);
  });
});
