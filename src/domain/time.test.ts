import { describe, expect, it } from 'vitest';
import { isTimestampInRange, readTimestamp, TIMESTAMP_MAX, TIMESTAMP_MIN } from './time';

describe('readTimestamp', () => {
  it('reads ISO 8601 date-times as the app writes them, with or without seconds, milliseconds or an offset', () => {
    expect(readTimestamp('2026-03-10T09:00:00.000Z').value?.toISOString()).toBe('2026-03-10T09:00:00.000Z');
    expect(readTimestamp('2026-03-10T09:00Z').value?.toISOString()).toBe('2026-03-10T09:00:00.000Z');
    expect(readTimestamp('2026-03-10T11:00:00+02:00').value?.toISOString()).toBe('2026-03-10T09:00:00.000Z');
    expect(readTimestamp('2024-02-29T00:00:00Z').error).toBeNull();
    expect(readTimestamp(TIMESTAMP_MIN).error).toBeNull();
  });

  it('refuses years 0000–0099 and anything outside 2000–2099 with OUT_OF_RANGE (Date.parse takes them all)', () => {
    for (const raw of ['0000-01-01T00:00:00Z', '0001-01-01T00:00:00.000Z', '0099-12-31T23:59:59Z', '1970-01-01T00:00:00Z', '1999-12-31T23:59:59.999Z', TIMESTAMP_MAX, '9999-12-31T23:59:59Z', '2000-01-01T01:00:00+02:00']) {
      expect(Number.isFinite(Date.parse(raw)), raw).toBe(true);
      expect(readTimestamp(raw), raw).toEqual({ value: null, error: 'OUT_OF_RANGE' });
    }
  });

  it('refuses what is not a real date-time with INVALID, and absence with REQUIRED', () => {
    for (const raw of ['yesterday', '2026-03-10', '2026-03-10 09:00:00Z', '2026-03-10T09:00:00', '2026-02-30T09:00:00Z', '2025-02-29T00:00:00Z', '2026-13-01T00:00:00Z', '2026-03-10T24:00:00Z', '2026-03-10T09:60:00Z', '2026-03-10T09:00:00+25:00', '+275760-09-13T00:00:00Z', '2026-03-10T09:00:00.000Z '.repeat(3), 1_773_133_200_000, {}, ['2026-03-10T09:00:00Z'], true]) {
      expect(readTimestamp(raw).error, String(raw)).toBe('INVALID');
    }
    for (const raw of [undefined, null, '']) expect(readTimestamp(raw).error).toBe('REQUIRED');
  });

  it('tells whether a Date is inside the range', () => {
    expect(isTimestampInRange(new Date('2026-03-10T09:00:00Z'))).toBe(true);
    expect(isTimestampInRange(new Date('0001-01-01T00:00:00Z'))).toBe(false);
    expect(isTimestampInRange(new Date(NaN))).toBe(false);
  });
});
