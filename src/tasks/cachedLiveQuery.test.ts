import { describe, expect, it } from 'vitest';
import { cachedAnswer, prefetchAnswer, recordLiveAnswer } from './cachedLiveQuery';

/** A querier whose answer is given later. */
function deferred<T>(): { querier: () => Promise<T>; answer: (value: T) => void } {
  let answer!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (answer = resolve));
  return { querier: () => promise, answer };
}

describe('prefetchAnswer', () => {
  it('caches what it read', async () => {
    await prefetchAnswer('test:read', async () => 'read');
    expect(cachedAnswer('test:read')).toBe('read');
  });

  it('replaces a cached answer only when asked to refresh', async () => {
    await prefetchAnswer('test:refresh', async () => 'first');
    await prefetchAnswer('test:refresh', async () => 'second');
    expect(cachedAnswer('test:refresh')).toBe('first');
    await prefetchAnswer('test:refresh', async () => 'third', true);
    expect(cachedAnswer('test:refresh')).toBe('third');
  });

  it('does not replace a live answer given while it was reading (its read is older)', async () => {
    recordLiveAnswer('test:race', 'live before');
    const read = deferred<string>();
    const reading = prefetchAnswer('test:race', read.querier, true);
    recordLiveAnswer('test:race', 'live after');
    read.answer('read ahead');
    await reading;
    expect(cachedAnswer('test:race')).toBe('live after');
  });
});
