/** The map's view in the URL and the debounce that writes it (spec sections 2 and 9). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAP_DEFAULTS, MARKET_CENTRES } from '#domain/map';
import { debounce, readMapView, writeMapView } from './mapView';

const params = (q: string) => new URLSearchParams(q);
const VILNIUS = { latitude: 54.6872, longitude: 25.2797 };

describe('readMapView', () => {
  it('opens at the LT centre, zoom 7, with nothing known', () => {
    expect(readMapView(params(''), null)).toEqual({ view: { ...MAP_DEFAULTS.center, zoom: 7 }, fromUrl: false });
  });

  it("opens at the centre of the tasker's market when neither the URL nor the position says", () => {
    expect(readMapView(params(''), null, 'LT').view).toEqual({ ...MAP_DEFAULTS.center, zoom: 7 });
    for (const market of ['PL', 'CZ', 'RO'] as const) {
      const { view } = readMapView(params(''), null, market);
      expect(view).toEqual({ ...MARKET_CENTRES[market], zoom: 7 });
      expect(view.latitude).not.toBe(MAP_DEFAULTS.center.latitude);
    }
    // The position and the URL still come first.
    expect(readMapView(params(''), VILNIUS, 'RO').view).toEqual({ ...VILNIUS, zoom: 10 });
    expect(readMapView(params('lat=50.08&lng=14.42'), null, 'RO').view).toMatchObject({ latitude: 50.08, longitude: 14.42 });
  });

  it("opens at the tasker's position with zoom 10 when known and the URL names no centre", () => {
    expect(readMapView(params(''), VILNIUS).view).toEqual({ ...VILNIUS, zoom: 10 });
    expect(readMapView(params('zoom=12'), VILNIUS).view).toEqual({ ...VILNIUS, zoom: 12 });
  });

  it('takes lat, lng and zoom from the URL over the position, clamping the zoom to 5..18', () => {
    expect(readMapView(params('lat=50.08&lng=14.42&zoom=11.5'), VILNIUS)).toEqual({ view: { latitude: 50.08, longitude: 14.42, zoom: 11.5 }, fromUrl: true });
    expect(readMapView(params('lat=50&lng=14&zoom=2'), null).view.zoom).toBe(5);
    expect(readMapView(params('lat=50&lng=14&zoom=30'), null).view.zoom).toBe(18);
  });

  it('ignores a broken or half centre', () => {
    expect(readMapView(params('lat=abc&lng=14'), null)).toEqual({ view: { ...MAP_DEFAULTS.center, zoom: 7 }, fromUrl: false });
    expect(readMapView(params('lat=50'), null).fromUrl).toBe(false);
    expect(readMapView(params('lat=95&lng=14'), null).fromUrl).toBe(false);
    expect(readMapView(params('lat=&lng=&zoom=x'), null).view.zoom).toBe(7);
  });
});

describe('writeMapView', () => {
  it('rounds the view and keeps the other params', () => {
    const next = writeMapView(params('search=iki&lat=1'), { latitude: 54.687212345, longitude: 25.27971111, zoom: 9.87654 });
    expect(next.toString()).toBe('search=iki&lat=54.68721&lng=25.27971&zoom=9.88');
    // What was written reads back as the same view.
    expect(readMapView(next, null).view).toEqual({ latitude: 54.68721, longitude: 25.27971, zoom: 9.88 });
  });
});

describe('debounce', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes once, 200 ms after the last move, with the last view', () => {
    vi.useFakeTimers();
    const write = vi.fn();
    const url = debounce(write, MAP_DEFAULTS.urlDebounceMs);
    url(1);
    vi.advanceTimersByTime(150);
    url(2);
    vi.advanceTimersByTime(150);
    url(3);
    vi.advanceTimersByTime(199);
    expect(write).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(write).toHaveBeenCalledTimes(1);
    expect(write).toHaveBeenCalledWith(3);
    vi.advanceTimersByTime(1000);
    expect(write).toHaveBeenCalledTimes(1);
  });

  it('the places query waits 1000 ms; cancel drops it and flush runs it now', () => {
    vi.useFakeTimers();
    const ask = vi.fn();
    const places = debounce(ask, MAP_DEFAULTS.queryDebounceMs);
    places('a');
    vi.advanceTimersByTime(999);
    places.cancel();
    vi.advanceTimersByTime(5000);
    expect(ask).not.toHaveBeenCalled();
    places('b');
    places.flush();
    expect(ask).toHaveBeenCalledWith('b');
    places.flush();
    expect(ask).toHaveBeenCalledTimes(1);
  });
});
