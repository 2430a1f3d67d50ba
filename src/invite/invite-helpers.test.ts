import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COPY_COOLDOWN_MS, CopyCooldown } from './copyCooldown';
import { recordLandingView, REFERRAL_LANDING_VIEWS_KEY, shouldShowLanding, type StorageLike } from './referralLanding';

function memoryStorage(): StorageLike & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

describe('copying the referral code', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("says 'copied' for 3 seconds and ignores presses meanwhile", async () => {
    const states: boolean[] = [];
    const write = vi.fn(async () => undefined);
    const cooldown = new CopyCooldown((copied) => states.push(copied));
    expect(await cooldown.copy(write)).toBe('copied');
    expect(states).toEqual([true]);
    vi.advanceTimersByTime(COPY_COOLDOWN_MS - 1);
    expect(await cooldown.copy(write)).toBe('cooling');
    expect(write).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(states).toEqual([true, false]);
    expect(cooldown.copied).toBe(false);
    expect(await cooldown.copy(write)).toBe('copied');
    expect(write).toHaveBeenCalledTimes(2);
    expect(COPY_COOLDOWN_MS).toBe(3_000);
  });

  it('reports a refused clipboard and starts no cooldown', async () => {
    const states: boolean[] = [];
    const cooldown = new CopyCooldown((copied) => states.push(copied));
    expect(await cooldown.copy(() => Promise.reject(new Error('NotAllowedError')))).toBe('failed');
    expect(states).toEqual([]);
    expect(cooldown.copied).toBe(false);
  });
});

describe('referral landing', () => {
  it('shows a Lithuanian tasker the landing on the first two visits only', () => {
    const storage = memoryStorage();
    expect(shouldShowLanding(storage, 'LT')).toBe(true);
    recordLandingView(storage);
    expect(shouldShowLanding(storage, 'LT')).toBe(true);
    recordLandingView(storage);
    expect(storage.data.get(REFERRAL_LANDING_VIEWS_KEY)).toBe('2');
    expect(shouldShowLanding(storage, 'LT')).toBe(false);
  });

  it('always shows it to taskers of the other markets', () => {
    const storage = memoryStorage();
    for (let i = 0; i < 3; i += 1) recordLandingView(storage);
    expect(shouldShowLanding(storage, 'PL')).toBe(true);
    expect(shouldShowLanding(storage, 'RO')).toBe(true);
    expect(shouldShowLanding(storage, 'CZ')).toBe(true);
  });

  it('shows it when the storage is blocked', () => {
    const broken: StorageLike = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('quota');
      },
    };
    expect(shouldShowLanding(broken, 'LT')).toBe(true);
    expect(() => recordLandingView(broken)).not.toThrow();
  });
});
