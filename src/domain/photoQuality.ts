/**
 * Photos that pass review: sharpness and brightness of a shelf photo, measured on the device on a
 * downscaled grey image (the photo quality worker, workers/photoQuality, draws the photo at
 * QUALITY_SIDE and hands the pixels here). Pure, so the measure and the thresholds are tested and
 * tuned in Node (`npm run bench:photo-quality`, docs/performance.md "Photo quality").
 *
 * - Brightness: the mean luma (0–255, Rec. 601).
 * - Sharpness: the variance of the 4-neighbour Laplacian of the grey image, divided by the grey
 *   image's own variance (its contrast). Plain Laplacian variance also falls when a photo is dark
 *   or low-contrast; the ratio measures how much of the photo's contrast is fine detail, so a dim
 *   but sharp photo is not called blurry, and a blurred one is called blurry however bright.
 *
 * A dark photo is asked about as dark (its blur is hard to judge and brightening it is the first fix).
 */
import { fitWithin, type Size } from './imageSize';

/** Longest side of the image the measure runs on (pixels). */
export const QUALITY_SIDE = 512;

export interface PhotoQuality {
  /** Mean luma, 0–255. */
  brightness: number;
  /** var(Laplacian) / var(grey): the share of the contrast in fine detail. */
  sharpness: number;
  /**
   * The weaker direction: min(var(∂²/∂x²), var(∂²/∂y²)) / var(grey). Camera shake blurs along one
   * direction only, which the Laplacian (the sum of both) half hides.
   */
  directionalSharpness: number;
  /** var(Laplacian) on the 0–255 grey image (for diagnostics and the benchmark). */
  laplacianVariance: number;
  /** Standard deviation of the grey image (0–255). */
  contrast: number;
  width: number;
  height: number;
}

export interface PhotoQualityThresholds {
  /** Below this mean luma the photo is "too dark". */
  minBrightness: number;
  /** Below this sharpness the photo is "blurry". */
  minSharpness: number;
  /** Below this directional sharpness the photo is "blurry" (shaken). */
  minDirectionalSharpness: number;
  /** Below this grey standard deviation the photo is nearly uniform: its sharpness means nothing, it is not judged blurry. */
  minContrastToJudge: number;
}

/**
 * Tuned with `npm run bench:photo-quality` on the repository's real product photographs and their
 * blurred and darkened variants (figures in docs/performance.md).
 */
export const PHOTO_QUALITY_THRESHOLDS: PhotoQualityThresholds = {
  minBrightness: 57,
  minSharpness: 0.035,
  minDirectionalSharpness: 0,
  minContrastToJudge: 6,
};

export type PhotoVerdict = 'blurry' | 'dark' | null;

/** The size the measure runs at: the longest side at most QUALITY_SIDE, never upscaled. */
export function qualitySize(width: number, height: number, side: number = QUALITY_SIDE): Size {
  return fitWithin({ width, height }, { maxAxis: side });
}

/** Rec. 601 luma of RGBA pixels (alpha ignored). */
export function greyFromRgba(data: ArrayLike<number>, width: number, height: number): Float32Array {
  const grey = new Float32Array(width * height);
  for (let i = 0, p = 0; p < grey.length; i += 4, p++) grey[p] = 0.299 * (data[i] as number) + 0.587 * (data[i + 1] as number) + 0.114 * (data[i + 2] as number);
  return grey;
}

/** Area-average downscale of a grey image to `qualitySize` (what a canvas draw with smoothing approximates). */
export function downscaleGrey(grey: Float32Array, width: number, height: number, side: number = QUALITY_SIDE): { grey: Float32Array; width: number; height: number } {
  const size = qualitySize(width, height, side);
  if (size.width === width && size.height === height) return { grey, width, height };
  const out = new Float32Array(size.width * size.height);
  const sx = width / size.width;
  const sy = height / size.height;
  for (let y = 0; y < size.height; y++) {
    const y0 = Math.floor(y * sy);
    const y1 = Math.max(y0 + 1, Math.floor((y + 1) * sy));
    for (let x = 0; x < size.width; x++) {
      const x0 = Math.floor(x * sx);
      const x1 = Math.max(x0 + 1, Math.floor((x + 1) * sx));
      let sum = 0;
      for (let yy = y0; yy < y1; yy++) {
        const row = yy * width;
        for (let xx = x0; xx < x1; xx++) sum += grey[row + xx] as number;
      }
      out[y * size.width + x] = sum / ((y1 - y0) * (x1 - x0));
    }
  }
  return { grey: out, width: size.width, height: size.height };
}

/** Brightness and sharpness of a grey image (already at the measuring size). */
export function measureGrey(grey: Float32Array, width: number, height: number): PhotoQuality {
  const n = width * height;
  let sum = 0;
  let sumSq = 0;
  for (let i = 0; i < n; i++) {
    const v = grey[i] as number;
    sum += v;
    sumSq += v * v;
  }
  const mean = n > 0 ? sum / n : 0;
  const variance = n > 0 ? Math.max(0, sumSq / n - mean * mean) : 0;
  let lSum = 0;
  let lSumSq = 0;
  let xSum = 0;
  let xSumSq = 0;
  let ySum = 0;
  let ySumSq = 0;
  let count = 0;
  for (let y = 1; y < height - 1; y++) {
    const row = y * width;
    for (let x = 1; x < width - 1; x++) {
      const i = row + x;
      const c = 2 * (grey[i] as number);
      const dxx = (grey[i - 1] as number) + (grey[i + 1] as number) - c;
      const dyy = (grey[i - width] as number) + (grey[i + width] as number) - c;
      const l = dxx + dyy;
      lSum += l;
      lSumSq += l * l;
      xSum += dxx;
      xSumSq += dxx * dxx;
      ySum += dyy;
      ySumSq += dyy * dyy;
      count++;
    }
  }
  const lMean = count > 0 ? lSum / count : 0;
  const laplacianVariance = count > 0 ? Math.max(0, lSumSq / count - lMean * lMean) : 0;
  const xVariance = count > 0 ? Math.max(0, xSumSq / count - (xSum / count) ** 2) : 0;
  const yVariance = count > 0 ? Math.max(0, ySumSq / count - (ySum / count) ** 2) : 0;
  return {
    brightness: mean,
    sharpness: variance > 0 ? laplacianVariance / variance : 0,
    directionalSharpness: variance > 0 ? Math.min(xVariance, yVariance) / variance : 0,
    laplacianVariance,
    contrast: Math.sqrt(variance),
    width,
    height,
  };
}

/** RGBA pixels of any size → the measure at QUALITY_SIDE. */
export function measureRgba(data: ArrayLike<number>, width: number, height: number, side: number = QUALITY_SIDE): PhotoQuality {
  const small = downscaleGrey(greyFromRgba(data, width, height), width, height, side);
  return measureGrey(small.grey, small.width, small.height);
}

/** What to ask the tasker: too dark first, then blurry; null when the photo looks fine. */
export function judgePhoto(quality: PhotoQuality, thresholds: PhotoQualityThresholds = PHOTO_QUALITY_THRESHOLDS): PhotoVerdict {
  if (quality.brightness < thresholds.minBrightness) return 'dark';
  if (quality.contrast < thresholds.minContrastToJudge) return null;
  if (quality.sharpness < thresholds.minSharpness || quality.directionalSharpness < thresholds.minDirectionalSharpness) return 'blurry';
  return null;
}
