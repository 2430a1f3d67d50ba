import { describe, expect, it } from 'vitest';
import { emptyPlaceForm, isInsideMarket, placeFormErrors, readDegrees, readPair, toCreatePlaceBody } from './coordinates';

describe('typed coordinates', () => {
  it('reads decimal degrees, with a point or a comma, to six decimals', () => {
    expect(readDegrees('54.68721234', 90)).toEqual({ value: 54.687212, error: null });
    expect(readDegrees('25,2797', 180)).toEqual({ value: 25.2797, error: null });
  });

  it('refuses blanks, words and values beyond the poles or the antimeridian', () => {
    expect(readDegrees(' ', 90).error).toBe('REQUIRED');
    expect(readDegrees('54°41′N', 90).error).toBe('INVALID');
    expect(readDegrees('91', 90).error).toBe('OUT_OF_RANGE');
    expect(readDegrees('-180.5', 180).error).toBe('OUT_OF_RANGE');
  });

  it('reads a pasted "lat, lng" pair', () => {
    expect(readPair('54.6872, 25.2797')).toEqual({ latitude: 54.6872, longitude: 25.2797 });
    expect(readPair('54.6872 25.2797')).toEqual({ latitude: 54.6872, longitude: 25.2797 });
    expect(readPair('Vilnius')).toBeNull();
    expect(readPair('95, 25')).toBeNull();
  });

  it('tells a pin inside its market from a swapped pair', () => {
    expect(isInsideMarket({ latitude: 54.6872, longitude: 25.2797 }, 'LT')).toBe(true);
    expect(isInsideMarket({ latitude: 25.2797, longitude: 54.6872 }, 'LT')).toBe(false);
    expect(isInsideMarket({ latitude: 52.23, longitude: 21.01 }, 'LT')).toBe(false);
  });
});

describe('the new place form', () => {
  const filled = { title: 'Maxima Ozas', address: 'Ozo g. 18', city: 'Vilnius', countryCode: 'LT' as const, retailerId: 'maxima', latitude: '54,7107', longitude: '25.2786' };

  it('sends trimmed texts and the coordinates as numbers', () => {
    expect(placeFormErrors(filled)).toEqual({});
    expect(toCreatePlaceBody({ ...filled, title: ' Maxima Ozas ' })).toEqual({ ...filled, latitude: 54.7107, longitude: 25.2786 });
  });

  it('names every missing or bad field', () => {
    expect(placeFormErrors({ ...emptyPlaceForm(), title: 'x'.repeat(121), latitude: '100' })).toEqual({
      title: 'TOO_LONG',
      address: 'REQUIRED',
      city: 'REQUIRED',
      countryCode: 'REQUIRED',
      retailerId: 'REQUIRED',
      latitude: 'OUT_OF_RANGE',
      longitude: 'REQUIRED',
    });
  });
});
