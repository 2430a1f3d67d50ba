/**
 * The photo quality measure (src/domain/photoQuality.ts) on real photographs and their blurred and
 * darkened variants (test/support/photoVariants.ts); the thresholds themselves are tuned by
 * `npm run bench:photo-quality` (docs/performance.md).
 */
import { describe, expect, it } from 'vitest';
import { downscaleGrey, greyFromRgba, judgePhoto, measureGrey, measureRgba, qualitySize, QUALITY_SIDE } from '../../src/domain/photoQuality';
import { solidImage } from '../support/images';
import { darken, gaussianBlur, loadPhotos, motionBlur } from '../support/photoVariants';

// Sharp, well-lit photos of the corpus (checked by eye): a shampoo label, a book cover, a can.
const SHARP = ['ean13-1/15.png', 'ean13-1/19.png', 'ean13-1/21.png', 'ean13-1/22.png'];
const photos = loadPhotos(240).filter((p) => SHARP.includes(p.name));

describe('photo quality measure', () => {
  it('finds the chosen photos', () => {
    expect(photos.map((p) => p.name).sort()).toEqual([...SHARP].sort());
  });

  it('passes sharp, well-lit photos', () => {
    for (const { name, image } of photos) expect(judgePhoto(measureRgba(image.data, image.width, image.height)), name).toBeNull();
  });

  it('sharpness falls as blur grows, and a clearly blurred photo is asked about as blurry', () => {
    for (const { name, image } of photos) {
      const scale = Math.max(image.width, image.height) / QUALITY_SIDE;
      const sharp = measureRgba(image.data, image.width, image.height);
      const soft = measureRgba(gaussianBlur(image, 1 * scale).data, image.width, image.height);
      const blurred = gaussianBlur(image, 2.5 * scale);
      const q = measureRgba(blurred.data, image.width, image.height);
      expect(soft.sharpness, name).toBeLessThan(sharp.sharpness);
      expect(q.sharpness, name).toBeLessThan(soft.sharpness);
      expect(judgePhoto(q), name).toBe('blurry');
      // Blur does not change the light.
      expect(Math.abs(q.brightness - sharp.brightness), name).toBeLessThan(2);
      const shaken = motionBlur(image, 15 * scale);
      expect(measureRgba(shaken.data, image.width, image.height).sharpness, name).toBeLessThan(sharp.sharpness);
    }
  });

  it('a dim photo is asked about as too dark, not as blurry; sharpness does not depend on the light', () => {
    for (const { name, image } of photos) {
      const sharp = measureRgba(image.data, image.width, image.height);
      const dim = darken(image, 0.25, 0);
      const q = measureRgba(dim.data, image.width, image.height);
      expect(q.brightness, name).toBeCloseTo(sharp.brightness * 0.25, 0);
      expect(judgePhoto(q), name).toBe('dark');
      // The ratio to the photo's own contrast: darkening scales both alike.
      expect(q.sharpness / sharp.sharpness, name).toBeGreaterThan(0.8);
      expect(q.sharpness / sharp.sharpness, name).toBeLessThan(1.25);
    }
  });

  it('measures simple images exactly', () => {
    const white = solidImage(64, 48, [255, 255, 255]);
    const q = measureRgba(white.data, 64, 48);
    expect(q.brightness).toBeCloseTo(255, 3);
    expect(q.sharpness).toBe(0);
    // A uniform (or nearly uniform) picture has no detail to judge: not called blurry.
    expect(judgePhoto(q)).toBeNull();
    expect(judgePhoto(measureRgba(solidImage(64, 48, [0, 0, 0]).data, 64, 48))).toBe('dark');
    // A checkerboard: every pixel is an edge.
    const grey = new Float32Array(16 * 16).map((_, i) => ((i % 16) + Math.floor(i / 16)) % 2 ? 255 : 0);
    const board = measureGrey(grey, 16, 16);
    expect(board.brightness).toBeCloseTo(127.5, 3);
    expect(board.laplacianVariance).toBeCloseTo(1020 * 1020, -2);
  });

  it('measures at most QUALITY_SIDE pixels on the long side, keeping the aspect, never upscaling', () => {
    expect(qualitySize(4000, 3000)).toEqual({ width: 512, height: 384 });
    expect(qualitySize(920, 1227)).toEqual({ width: 384, height: 512 });
    expect(qualitySize(300, 200)).toEqual({ width: 300, height: 200 });
    const grey = greyFromRgba(solidImage(1024, 768, [10, 200, 30]).data, 1024, 768);
    const small = downscaleGrey(grey, 1024, 768);
    expect([small.width, small.height]).toEqual([512, 384]);
    expect(small.grey[0]).toBeCloseTo(0.299 * 10 + 0.587 * 200 + 0.114 * 30, 3);
  });
});
