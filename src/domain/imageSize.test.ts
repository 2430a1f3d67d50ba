import { describe, expect, it } from 'vitest';
import { fitWithin } from './imageSize';
import { qualitySize } from './photoQuality';

describe('fitWithin: one scaling rule for every picture', () => {
  it('holds the long side, and the width where one is given, never upscaling', () => {
    expect(fitWithin({ width: 3024, height: 4032 }, { maxAxis: 1280, maxWidth: 920 })).toEqual({ width: 920, height: 1227 });
    expect(fitWithin({ width: 1080, height: 4000 }, { maxAxis: 1280, maxWidth: 920 })).toEqual({ width: 346, height: 1280 });
    expect(fitWithin({ width: 4000, height: 3000 }, { maxAxis: 512 })).toEqual({ width: 512, height: 384 });
    expect(fitWithin({ width: 300, height: 200 }, { maxAxis: 512 })).toEqual({ width: 300, height: 200 });
    expect(fitWithin({ width: 1, height: 5000 }, { maxAxis: 1280 })).toEqual({ width: 1, height: 1280 });
  });

  it('refuses an empty picture', () => {
    expect(() => fitWithin({ width: 0, height: 10 }, { maxAxis: 512 })).toThrow('IMAGE_EMPTY');
  });

  it('is the photo quality measure’s size', () => {
    for (const [w, h] of [[4000, 3000], [920, 1227], [300, 200], [7, 9000]] as const) expect(qualitySize(w, h)).toEqual(fitWithin({ width: w, height: h }, { maxAxis: 512 }));
  });
});
