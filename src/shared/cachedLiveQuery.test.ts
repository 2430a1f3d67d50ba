import { describe, expect, it } from 'vitest';
import { cachedAnswer, prefetchAnswer, readAheadInFlight, recordLiveAnswer } from './cachedLiveQuery';

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

describe('readAheadInFlight', () => {
  it('is the read ahead of a key while it reads, settled once its answer is cached, then gone', async () => {
    const read = deferred<string>();
    const reading = prefetchAnswer('test:inflight', read.querier);
    const inFlight = readAheadInFlight('test:inflight');
    expect(inFlight).toBeInstanceOf(Promise);
    expect(readAheadInFlight('test:other')).toBeUndefined();
    read.answer('read ahead');
    await inFlight;
    expect(cachedAnswer('test:inflight')).toBe('read ahead');
    await reading;
    expect(readAheadInFlight('test:inflight')).toBeUndefined();
  });

  it('settles, and is gone, when the read fails', async () => {
    const reading = prefetchAnswer('test:inflight-fails', () => Promise.reject(new Error('no database')));
    await readAheadInFlight('test:inflight-fails');
    await reading;
    expect(cachedAnswer('test:inflight-fails')).toBeUndefined();
    expect(readAheadInFlight('test:inflight-fails')).toBeUndefined();
  });
});
