import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('./mutations', () => ({ sendPosition: () => Promise.resolve() }));

const { readDevicePosition } = await import('./readPosition');
const { placeDistance, subscribePosition } = await import('./useDevicePosition');

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('one distance for the store card and the start dialog', () => {
  const store = { latitude: 54.6872, longitude: 25.2797 };

  it('shows no distance without a position (not the server list pull’s figure)', () => {
    expect(placeDistance(null, store)).toBeNull();
    expect(Math.round((placeDistance({ latitude: 54.7339, longitude: 25.2797 }, store) ?? 0) / 100)).toBe(52);
  });

  it('the start flow’s reading reaches the card’s position', async () => {
    const here = { latitude: 54.7339, longitude: 25.2797 };
    vi.stubGlobal('navigator', {
      geolocation: { getCurrentPosition: (ok: (p: unknown) => void) => ok({ coords: here, timestamp: 1 }) },
    });
    const heard: unknown[] = [];
    const stop = subscribePosition((p) => heard.push(p));
    const reading = await readDevicePosition();
    stop();
    expect(reading.position).toEqual(here);
    expect(heard).toEqual([here]);
  });
});
