import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, getToasts } from '#ui/toastStore';
import { SLOW_COMMAND_MS, trackSlow } from './slowCommand';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('trackSlow', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    for (const t of getToasts()) dismissToast(t.id);
    vi.useRealTimers();
  });

  it('says nothing when the command answers within 5 seconds', async () => {
    const command = deferred<string>();
    const tracked = trackSlow(command.promise);
    vi.advanceTimersByTime(SLOW_COMMAND_MS - 1);
    command.resolve('ok');
    await expect(tracked).resolves.toBe('ok');
    vi.advanceTimersByTime(SLOW_COMMAND_MS);
    expect(getToasts()).toHaveLength(0);
  });

  it('shows the slow notice after 5 seconds and removes it when the command settles', async () => {
    const command = deferred<string>();
    const tracked = trackSlow(command.promise);
    vi.advanceTimersByTime(SLOW_COMMAND_MS);
    expect(getToasts().map((t) => t.id)).toEqual(['slow-command']);
    command.resolve('done');
    await tracked;
    expect(getToasts()).toHaveLength(0);
  });

  it('keeps the notice while another slow command is still running', async () => {
    const first = deferred<number>();
    const second = deferred<number>();
    const a = trackSlow(first.promise);
    const b = trackSlow(second.promise);
    vi.advanceTimersByTime(SLOW_COMMAND_MS);
    first.resolve(1);
    await a;
    expect(getToasts()).toHaveLength(1);
    second.resolve(2);
    await b;
    expect(getToasts()).toHaveLength(0);
  });
});
