/** Luminance preparation for the decoder: RGBA→grey, box-filter downscale, central band crop, 90° rotation. */
import type { ScanFrame } from '#contracts/scanner';

/** A grey image: one byte per pixel, row after row. */
export interface Gray {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/** RGBA (ImageData) or luminance in, luminance out (ITU-R 601 weights, as ZXing's Java source). */
export function toGray(frame: ScanFrame): Gray {
  const { data, width, height } = frame;
  const n = width * height;
  if (data.length === n) return { data, width, height };
  if (data.length !== n * 4) throw new Error(`frame data has ${data.length} bytes, expected ${n} or ${n * 4}`);
  const out = new Uint8ClampedArray(n);
  for (let i = 0, j = 0; i < n; i++, j += 4) {
    // (306 R + 601 G + 117 B) / 1024, rounded; alpha is ignored (camera frames are opaque).
    out[i] = (306 * data[j]! + 601 * data[j + 1]! + 117 * data[j + 2]! + 0x200) >> 10;
  }
  return { data: out, width, height };
}

/**
 * Area-averaging weights from inLen samples to outLen (< inLen): output o covers input
 * [o·r, (o+1)·r) with r = inLen/outLen, each input weighted by how much of it is covered.
 * Stored as `taps` (index, weight) pairs per output; weights sum to 1.
 */
function boxTaps(inLen: number, outLen: number): { taps: number; index: Int32Array; weight: Float32Array } {
  const ratio = inLen / outLen;
  const taps = Math.ceil(ratio) + 1;
  const index = new Int32Array(outLen * taps);
  const weight = new Float32Array(outLen * taps);
  for (let o = 0; o < outLen; o++) {
    const start = o * ratio;
    const end = Math.min(inLen, start + ratio);
    let k = 0;
    for (let i = Math.floor(start); i < end && k < taps; i++, k++) {
      const covered = Math.min(end, i + 1) - Math.max(start, i);
      index[o * taps + k] = i;
      weight[o * taps + k] = covered / ratio;
    }
    // Unused taps keep weight 0 (index 0 is harmless).
  }
  return { taps, index, weight };
}

/**
 * Area-averaging downscale (a box filter) to at most `maxWidth` wide: every output pixel is the
 * mean of the source pixels it covers. The averaging also evens out sensor noise, which is why a
 * downscaled dim frame often reads better, not only faster. Separable, with precomputed taps.
 */
export function downscale(src: Gray, maxWidth: number): Gray {
  if (src.width <= maxWidth) return src;
  if (src.width % maxWidth === 0) return downscaleByInteger(src, src.width / maxWidth);
  const width = maxWidth;
  const height = Math.max(1, Math.round((src.height * maxWidth) / src.width));
  const h = boxTaps(src.width, width);
  const v = boxTaps(src.height, height);
  const { data } = src;
  const sw = src.width;
  // Horizontal pass: src.height rows of `width` floats.
  const tmp = new Float32Array(width * src.height);
  for (let y = 0; y < src.height; y++) {
    const row = y * sw;
    const outRow = y * width;
    for (let o = 0, t = 0; o < width; o++) {
      let sum = 0;
      for (let k = 0; k < h.taps; k++, t++) sum += data[row + h.index[t]!]! * h.weight[t]!;
      tmp[outRow + o] = sum;
    }
  }
  // Vertical pass, row by row (cache friendly): out row o = Σ weight · tmp row.
  const out = new Uint8ClampedArray(width * height);
  const acc = new Float32Array(width);
  for (let o = 0; o < height; o++) {
    acc.fill(0); // Uint8ClampedArray rounds on store
    for (let k = 0; k < v.taps; k++) {
      const w = v.weight[o * v.taps + k]!;
      if (w === 0) continue;
      const base = v.index[o * v.taps + k]! * width;
      for (let x = 0; x < width; x++) acc[x]! += tmp[base + x]! * w;
    }
    out.set(acc, o * width);
  }
  return { data: out, width, height };
}

/** The common case (1280 → 640): mean of f×f blocks in integer arithmetic. */
function downscaleByInteger(src: Gray, f: number): Gray {
  const width = Math.floor(src.width / f);
  const height = Math.max(1, Math.floor(src.height / f));
  const out = new Uint8ClampedArray(width * height);
  const sums = new Uint32Array(width);
  const { data } = src;
  const sw = src.width;
  const area = f * f;
  const half = area >> 1;
  for (let y = 0; y < height; y++) {
    sums.fill(0);
    for (let dy = 0; dy < f; dy++) {
      let i = (y * f + dy) * sw;
      for (let x = 0; x < width; x++) {
        let sum = 0;
        for (let dx = 0; dx < f; dx++) sum += data[i++]!;
        sums[x]! += sum;
      }
    }
    const row = y * width;
    for (let x = 0; x < width; x++) out[row + x] = ((sums[x]! + half) / area) | 0;
  }
  return { data: out, width, height };
}

/** The central band of `fraction` of the height (rows are contiguous, so no copy is needed). */
export function centreBand(src: Gray, fraction: number): Gray {
  if (fraction >= 1) return src;
  const height = Math.max(1, Math.round(src.height * fraction));
  const top = Math.floor((src.height - height) / 2);
  return {
    data: src.data.subarray(top * src.width, (top + height) * src.width),
    width: src.width,
    height,
  };
}

/** Rotate 90° counter-clockwise (so a code whose bars run horizontally becomes upright). */
export function rotate90(src: Gray): Gray {
  const { width, height, data } = src;
  const out = new Uint8ClampedArray(width * height);
  // New image is height wide, width tall; new (x', y') = (y, width - 1 - x).
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) out[(width - 1 - x) * height + y] = data[row + x]!;
  }
  return { data: out, width: height, height: width };
}
