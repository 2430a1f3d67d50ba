import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_TOAST_MS, dismissToast, getToasts, showToast } from './toastStore';

describe('toast store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    for (const t of getToasts()) dismissToast(t.id);
    vi.useRealTimers();
  });

  it('hides a toast after the default 3 seconds', () => {
    showToast({ message: 'Saved' });
    expect(getToasts().map((t) => t.message)).toEqual(['Saved']);
    expect(DEFAULT_TOAST_MS).toBe(3000);
    vi.advanceTimersByTime(DEFAULT_TOAST_MS - 1);
    expect(getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getToasts()).toHaveLength(0);
  });

  it('keeps a toast without a duration until it is dismissed', () => {
    const id = showToast({ message: 'Offline', durationMs: null });
    vi.advanceTimersByTime(60_000);
    expect(getToasts()).toHaveLength(1);
    dismissToast(id);
    expect(getToasts()).toHaveLength(0);
  });

  it('replaces a toast shown again with the same id instead of stacking it', () => {
    showToast({ id: 'conn', message: 'Offline', durationMs: null });
    showToast({ id: 'conn', message: 'Back online', durationMs: 3000 });
    expect(getToasts().map((t) => t.message)).toEqual(['Back online']);
    vi.advanceTimersByTime(3000);
    expect(getToasts()).toHaveLength(0);
  });
});
