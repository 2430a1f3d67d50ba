import { describe, expect, it } from 'vitest';
import {
  FILTER_STORAGE_KEY,
  ORDER_STORAGE_KEY,
  readFilterPreferences,
  readOrderPreferences,
  readStoredPosition,
  writeFilterPreference,
  writeOrderPreference,
  writeStoredPosition,
  type StorageLike,
} from './preferences';

function memoryStorage(initial: Record<string, string> = {}): StorageLike & { data: Record<string, string> } {
  const data = { ...initial };
  return { data, getItem: (k) => data[k] ?? null, setItem: (k, v) => void (data[k] = v) };
}

describe('list preferences in session storage', () => {
  it('keeps the order per status under the spec key', () => {
    const storage = memoryStorage();
    writeOrderPreference(storage, 'available', 'distance');
    writeOrderPreference(storage, 'reserved', 'time_window_start');
    expect(JSON.parse(storage.data[ORDER_STORAGE_KEY] ?? '')).toEqual({ available: 'distance', reserved: 'time_window_start' });
    expect(readOrderPreferences(storage)).toEqual({ available: 'distance', reserved: 'time_window_start' });
  });

  it('keeps the task-type filter per status under the spec key', () => {
    const storage = memoryStorage();
    writeFilterPreference(storage, 'available', { kind: 'category', filterTitle: 'Photos' });
    writeFilterPreference(storage, 'in_progress', { kind: 'new' });
    expect(Object.keys(JSON.parse(storage.data[FILTER_STORAGE_KEY] ?? ''))).toEqual(['available', 'in_progress']);
    expect(readFilterPreferences(storage)).toEqual({ available: { kind: 'category', filterTitle: 'Photos' }, in_progress: { kind: 'new' } });
  });

  it.each([
    ['broken JSON', '{oops'],
    ['an array', '[1,2]'],
    ['null', 'null'],
  ])('reads %s as no preferences', (_name, raw) => {
    const storage = memoryStorage({ [ORDER_STORAGE_KEY]: raw, [FILTER_STORAGE_KEY]: raw });
    expect(readOrderPreferences(storage)).toEqual({});
    expect(readFilterPreferences(storage)).toEqual({});
  });

  it('drops unknown statuses and values', () => {
    const storage = memoryStorage({
      [ORDER_STORAGE_KEY]: JSON.stringify({ available: 'price', bogus: 'distance', reserved: 'distance' }),
      [FILTER_STORAGE_KEY]: JSON.stringify({ available: { kind: 'category' }, reserved: { kind: 'all' }, x: { kind: 'new' } }),
    });
    expect(readOrderPreferences(storage)).toEqual({ reserved: 'distance' });
    expect(readFilterPreferences(storage)).toEqual({ reserved: { kind: 'all' } });
  });

  it('works without storage and survives a storage that throws', () => {
    const throwing: StorageLike = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(readOrderPreferences(null)).toEqual({});
    expect(writeOrderPreference(null, 'available', 'distance')).toEqual({ available: 'distance' });
    expect(readOrderPreferences(throwing)).toEqual({});
    expect(() => writeFilterPreference(throwing, 'available', { kind: 'new' })).not.toThrow();
  });

  it('stores and validates the last known position', () => {
    const storage = memoryStorage();
    expect(readStoredPosition(storage)).toBeNull();
    writeStoredPosition(storage, { latitude: 54.69, longitude: 25.28, at: 1000 });
    expect(readStoredPosition(storage)).toEqual({ latitude: 54.69, longitude: 25.28, at: 1000 });
    storage.data.lastKnownPosition = JSON.stringify({ latitude: 954, longitude: 25, at: 1 });
    expect(readStoredPosition(storage)).toBeNull();
  });
});
