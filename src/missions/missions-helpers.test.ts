import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CAROUSEL_AUTOPLAY_MS, CarouselAutoplay } from './carousel';
import { truncatedTitle } from './missionText';
import { MISSION_WIDGET_COLLAPSED_KEY, readWidgetCollapsed, writeWidgetCollapsed, type StorageLike } from './widgetPreferences';

function memoryStorage(): StorageLike & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

describe('mission carousel autoplay', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('moves to the next mission every 30 seconds and loops after the last', () => {
    const seen: number[] = [];
    const carousel = new CarouselAutoplay(3, (i) => seen.push(i));
    carousel.start();
    vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS - 1);
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual([1]);
    vi.advanceTimersByTime(2 * CAROUSEL_AUTOPLAY_MS);
    expect(seen).toEqual([1, 2, 0]);
    expect(CAROUSEL_AUTOPLAY_MS).toBe(30_000);
  });

  it('stops for good once the tasker moves it, looping at both ends', () => {
    const seen: number[] = [];
    const carousel = new CarouselAutoplay(3, (i) => seen.push(i));
    carousel.start();
    carousel.previous();
    expect(seen).toEqual([2]);
    expect(carousel.isPlaying).toBe(false);
    vi.advanceTimersByTime(5 * CAROUSEL_AUTOPLAY_MS);
    expect(seen).toEqual([2]);
    carousel.start();
    expect(carousel.isPlaying).toBe(false);
    carousel.next();
    expect(seen).toEqual([2, 0]);
  });

  it('does not play one slide, and keeps the index in range when missions go', () => {
    const seen: number[] = [];
    const one = new CarouselAutoplay(1, (i) => seen.push(i));
    one.start();
    vi.advanceTimersByTime(3 * CAROUSEL_AUTOPLAY_MS);
    expect(seen).toEqual([]);
    const carousel = new CarouselAutoplay(3, (i) => seen.push(i));
    carousel.start();
    vi.advanceTimersByTime(2 * CAROUSEL_AUTOPLAY_MS);
    carousel.setCount(2);
    expect(carousel.index).toBe(1);
    vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS);
    expect(carousel.index).toBe(0);
    carousel.pause();
    vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS);
    expect(carousel.index).toBe(0);
  });
});

describe('missions widget collapse', () => {
  it('is remembered in local storage under isActiveMissionWidgetCollapsed', () => {
    const storage = memoryStorage();
    expect(readWidgetCollapsed(storage)).toBe(false);
    writeWidgetCollapsed(storage, true);
    expect(storage.data.get(MISSION_WIDGET_COLLAPSED_KEY)).toBe('true');
    expect(MISSION_WIDGET_COLLAPSED_KEY).toBe('isActiveMissionWidgetCollapsed');
    expect(readWidgetCollapsed(storage)).toBe(true);
    writeWidgetCollapsed(storage, false);
    expect(readWidgetCollapsed(storage)).toBe(false);
  });

  it('is expanded when the storage is missing or throws', () => {
    const broken: StorageLike = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('quota');
      },
    };
    expect(readWidgetCollapsed(null)).toBe(false);
    expect(readWidgetCollapsed(broken)).toBe(false);
    expect(() => writeWidgetCollapsed(broken, true)).not.toThrow();
  });
});

describe('mission title', () => {
  it('is kept whole up to 90 characters and cut with an ellipsis beyond', () => {
    const ninety = 'a'.repeat(90);
    expect(truncatedTitle(ninety)).toBeNull();
    expect(truncatedTitle(`${ninety}b`)).toBe(`${ninety}…`);
    const words = 'Complete five shelf photo tasks in Vilnius stores before the end of the month and earn a bonus';
    expect(words.length).toBeGreaterThan(90);
    expect(truncatedTitle(words)).toBe('Complete five shelf photo tasks in Vilnius stores before the end of the month and earn a…');
    // Counted in characters, not UTF-16 units: 90 emoji fit.
    expect(truncatedTitle('🎯'.repeat(90))).toBeNull();
  });
});
