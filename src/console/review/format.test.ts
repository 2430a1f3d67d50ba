import { describe, expect, it } from 'vitest';
import { NO_FILTERS, filtersFromSearch, filtersToQuery, filtersToSearch, formatDistance, formatWhen } from './format';

describe('queue filters in the URL', () => {
  it('reads known values and drops unknown ones', () => {
    expect(filtersFromSearch(new URLSearchParams('country=lt&late=true&placeId=p1&x=1'))).toEqual({ ...NO_FILTERS, country: 'LT', late: 'true', placeId: 'p1' });
    expect(filtersFromSearch(new URLSearchParams('country=XX&late=maybe'))).toEqual(NO_FILTERS);
  });

  it('writes only the set filters, and the query adds its own values', () => {
    const filters = { ...NO_FILTERS, retailerId: 'r1', late: 'false' as const };
    expect(filtersToSearch(filters).toString()).toBe('retailerId=r1&late=false');
    expect(filtersToQuery(filters, { limit: '200' })).toEqual({ retailerId: 'r1', late: 'false', limit: '200' });
    expect(filtersFromSearch(filtersToSearch(filters))).toEqual(filters);
  });
});

describe('formatting', () => {
  it('writes a time in the market’s zone', () => {
    // 10:00 UTC is 12:00 in Vilnius and 11:00 in Warsaw in March.
    expect(formatWhen('2026-03-10T10:00:00.000Z', 'en-GB', 'LT')).toContain('12:00');
    expect(formatWhen('2026-03-10T10:00:00.000Z', 'en-GB', 'PL')).toContain('11:00');
    expect(formatWhen(null, 'en', 'LT')).toBe('—');
  });

  it('writes a distance in metres under a kilometre, else kilometres', () => {
    expect(formatDistance(145, 'en')).toBe('145 m');
    expect(formatDistance(1520, 'en')).toBe('1.5 km');
  });
});
