import { describe, expect, it } from 'vitest';
import { distanceMeters, isValidCoordinates, isValidLatitude, isValidLongitude, parseLatLng, START_RADIUS_METERS } from './geo';

describe('distanceMeters', () => {
  it('measures Vilnius Cathedral to Gediminas Tower as about 230 m', () => {
    const d = distanceMeters({ latitude: 54.68564, longitude: 25.28767 }, { latitude: 54.68669, longitude: 25.29070 });
    expect(d).toBeGreaterThan(215);
    expect(d).toBeLessThan(240);
  });
  it('measures Vilnius to Warsaw as about 392 km (published great-circle figure)', () => {
    const d = distanceMeters({ latitude: 54.6872, longitude: 25.2797 }, { latitude: 52.2297, longitude: 21.0122 });
    expect(d / 1000).toBeGreaterThan(390);
    expect(d / 1000).toBeLessThan(395);
  });
  it('puts a point 0.0089° of latitude away just inside the start radius and 0.0091° just outside', () => {
    const place = { latitude: 54.0, longitude: 25.0 };
    expect(distanceMeters(place, { latitude: 54.0089, longitude: 25.0 })).toBeLessThanOrEqual(START_RADIUS_METERS);
    expect(distanceMeters(place, { latitude: 54.0091, longitude: 25.0 })).toBeGreaterThan(START_RADIUS_METERS);
  });
  it('is zero for the same point', () => {
    expect(distanceMeters({ latitude: 1, longitude: 2 }, { latitude: 1, longitude: 2 })).toBe(0);
  });
});

describe('parseLatLng', () => {
  it.each([
    ['54.68, 25.28', { latitude: 54.68, longitude: 25.28 }],
    ['-33.9,18.4', { latitude: -33.9, longitude: 18.4 }],
    ['91, 0', null],
    ['0, 181', null],
    ['abc', null],
    ['1,2,3', null],
    ['1e5, 2', null],
    ['', null],
    [null, null],
  ])('parses %j', (text, expected) => {
    expect(parseLatLng(text)).toEqual(expected);
  });
});

describe('the coordinates check', () => {
  it('takes finite degrees within ±90 latitude and ±180 longitude', () => {
    expect(isValidCoordinates({ latitude: 90, longitude: -180 })).toBe(true);
    expect(isValidCoordinates({ latitude: 54.68, longitude: 25.28 })).toBe(true);
    expect(isValidCoordinates({ latitude: 90.0001, longitude: 0 })).toBe(false);
    expect(isValidCoordinates({ latitude: 0, longitude: 180.5 })).toBe(false);
    expect(isValidCoordinates({ latitude: Number.NaN, longitude: 0 })).toBe(false);
    expect(isValidCoordinates({ latitude: 0, longitude: Infinity })).toBe(false);
    expect(isValidCoordinates({ latitude: '54', longitude: 25 })).toBe(false);
  });

  it('checks each axis alone for per-field codes', () => {
    expect(isValidLatitude(-90)).toBe(true);
    expect(isValidLatitude(-91)).toBe(false);
    expect(isValidLongitude(179.9)).toBe(true);
    expect(isValidLongitude(null)).toBe(false);
  });
});
