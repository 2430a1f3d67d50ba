import { describe, expect, it } from 'vitest';
import { MARKET_TIME_ZONE, isoToWallClock, marketsOfLocale, wallClockToIso } from './markets';

describe('market wall-clock times', () => {
  it('reads a typed Warsaw morning as the UTC instant of that morning in Warsaw', () => {
    expect(wallClockToIso('2026-07-01T09:00', MARKET_TIME_ZONE.PL)).toEqual({ iso: '2026-07-01T07:00:00.000Z', error: null });
    expect(wallClockToIso('2026-01-15T09:30', MARKET_TIME_ZONE.LT)).toEqual({ iso: '2026-01-15T07:30:00.000Z', error: null });
  });

  it('writes an instant back as the market wall-clock time, whatever the browser zone', () => {
    expect(isoToWallClock('2026-07-01T07:00:00.000Z', MARKET_TIME_ZONE.PL)).toBe('2026-07-01T09:00');
    expect(isoToWallClock('2026-07-01T07:00:00.000Z', MARKET_TIME_ZONE.RO)).toBe('2026-07-01T10:00');
    expect(isoToWallClock('2026-12-31T23:30:00.000Z', MARKET_TIME_ZONE.CZ)).toBe('2027-01-01T00:30');
    expect(isoToWallClock(null, MARKET_TIME_ZONE.CZ)).toBe('');
  });

  it('refuses the hour the clocks skip in spring instead of moving it', () => {
    // Vilnius: 2026-03-29 03:00 → 04:00.
    expect(wallClockToIso('2026-03-29T03:30', MARKET_TIME_ZONE.LT)).toEqual({ iso: null, error: 'NONEXISTENT_LOCAL_TIME' });
    expect(wallClockToIso('2026-03-29T04:00', MARKET_TIME_ZONE.LT).error).toBeNull();
  });

  it('refuses empty and impossible input', () => {
    expect(wallClockToIso('', 'Europe/Vilnius').error).toBe('REQUIRED');
    expect(wallClockToIso('2026-02-30T10:00', 'Europe/Vilnius').error).toBe('INVALID');
    expect(wallClockToIso('2026-02-10T24:00', 'Europe/Vilnius').error).toBe('INVALID');
    expect(wallClockToIso('10/02/2026 10:00', 'Europe/Vilnius').error).toBe('INVALID');
  });

  it('names the markets each language serves', () => {
    expect(marketsOfLocale('cs')).toEqual(['CZ']);
    expect(marketsOfLocale('en')).toEqual([]);
  });
});
