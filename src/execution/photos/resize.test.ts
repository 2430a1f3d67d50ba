import { describe, expect, it } from 'vitest';
import { photoTargetSize } from './resize';

describe('photoTargetSize', () => {
  it.each([
    ['a portrait phone photo is held by the 920 px width', { width: 3024, height: 4032 }, { width: 920, height: 1227 }],
    ['a landscape phone photo is held by the 920 px width', { width: 4032, height: 3024 }, { width: 920, height: 690 }],
    ['a tall panorama is held by the 1280 px long axis', { width: 1080, height: 4000 }, { width: 346, height: 1280 }],
    ['a small picture is never upscaled', { width: 640, height: 480 }, { width: 640, height: 480 }],
    ['a picture exactly at the limits stays', { width: 920, height: 1280 }, { width: 920, height: 1280 }],
    ['a one-pixel-wide strip keeps at least 1 px', { width: 1, height: 5000 }, { width: 1, height: 1280 }],
  ])('%s', (_name, source, expected) => {
    expect(photoTargetSize(source)).toEqual(expected);
  });

  it('keeps the aspect ratio within a pixel', () => {
    for (const [w, h] of [
      [4000, 3000],
      [3000, 4000],
      [1999, 1001],
      [12000, 900],
    ] as const) {
      const out = photoTargetSize({ width: w, height: h });
      expect(Math.max(out.width, out.height)).toBeLessThanOrEqual(1280);
      expect(out.width).toBeLessThanOrEqual(920);
      expect(Math.abs(out.height - (out.width * h) / w)).toBeLessThanOrEqual(1);
    }
  });

  it('refuses an empty picture', () => {
    expect(() => photoTargetSize({ width: 0, height: 10 })).toThrow('IMAGE_EMPTY');
  });
});
