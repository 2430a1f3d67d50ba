/**
 * Unseen pictures made from the public barcode photographs: each photograph turned into a few
 * deterministic variants (tilted, blurred and noisy, shrunk, dimmed under a light gradient,
 * sheared and cropped), the way a held-back set of "other photographs of the same kinds" differs
 * from the public one. The acceptance rules of the decoder were measured on the public set; a
 * rule that only fits those files shows up here as misreads (bench:scanner, the decoder test).
 * Pseudo-random parts come from a seeded generator keyed by the file's name, so every run makes
 * the very same pixels.
 */
import type { ScanFrame } from '#contracts/scanner';
import { random as generator } from '../support/images';

export type VariantKind = 'tilt' | 'blur-noise' | 'small' | 'dim' | 'shear-crop';

export const VARIANT_KINDS: readonly VariantKind[] = ['tilt', 'blur-noise', 'small', 'dim', 'shear-crop'];

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Gaussian noise (Box–Muller) from the generator. */
function gaussian(random: () => number): number {
  const u = Math.max(1e-12, random());
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/** Luminance of an RGBA frame (ITU-R 601), computed once per frame. */
const greys = new WeakMap<ScanFrame, Float32Array>();
function grey(frame: ScanFrame): Float32Array {
  let out = greys.get(frame);
  if (!out) {
    const { data } = frame;
    out = new Float32Array(frame.width * frame.height);
    for (let i = 0, o = 0; i < out.length; i++, o += 4) out[i] = 0.299 * data[o]! + 0.587 * data[o + 1]! + 0.114 * data[o + 2]!;
    greys.set(frame, out);
  }
  return out;
}

/** Grey value of an RGBA frame at (x, y), bilinear; `outside` beyond the edges. */
function sample(frame: ScanFrame, x: number, y: number, outside: number): number {
  const { width, height } = frame;
  if (x < 0 || y < 0 || x > width - 1 || y > height - 1) return outside;
  const g = grey(frame);
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const x1 = Math.min(width - 1, x0 + 1);
  const y1 = Math.min(height - 1, y0 + 1);
  const wx = x - x0;
  const wy = y - y0;
  return (g[y0 * width + x0]! * (1 - wx) + g[y0 * width + x1]! * wx) * (1 - wy) + (g[y1 * width + x0]! * (1 - wx) + g[y1 * width + x1]! * wx) * wy;
}

/** Output luminance frame of the given size from a per-pixel function. */
function build(width: number, height: number, pixel: (x: number, y: number) => number): ScanFrame {
  const data = new Uint8ClampedArray(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data[y * width + x] = pixel(x, y);
  return { data, width, height };
}

/** Mean of (2r+1)² pixels around each pixel of a luminance frame (a light defocus). */
function boxBlur(frame: ScanFrame, r: number): ScanFrame {
  const { width, height, data } = frame;
  return build(width, height, (x, y) => {
    let sum = 0;
    let n = 0;
    for (let dy = -r; dy <= r; dy++) {
      const yy = Math.min(height - 1, Math.max(0, y + dy));
      for (let dx = -r; dx <= r; dx++) {
        sum += data[yy * width + Math.min(width - 1, Math.max(0, x + dx))]!;
        n++;
      }
    }
    return sum / n;
  });
}

/**
 * One variant of a photograph (RGBA in, luminance out: the decoder takes both). `name` seeds the
 * randomness (use the folder and file name).
 */
export function makeVariant(frame: ScanFrame, kind: VariantKind, name: string): ScanFrame {
  const random = generator(hash(`${name}|${kind}`));
  const { width, height } = frame;
  const cx = (width - 1) / 2;
  const cy = (height - 1) / 2;
  switch (kind) {
    case 'tilt': {
      // 2–6° either way: a code not quite level in the hand.
      const angle = ((2 + 4 * random()) * (random() < 0.5 ? -1 : 1) * Math.PI) / 180;
      const cos = Math.cos(angle);
      const sin = Math.sin(angle);
      return build(width, height, (x, y) => sample(frame, cx + (x - cx) * cos - (y - cy) * sin, cy + (x - cx) * sin + (y - cy) * cos, 200));
    }
    case 'blur-noise': {
      const sharp = build(width, height, (x, y) => sample(frame, x, y, 200));
      const blurred = boxBlur(sharp, 1);
      const sigma = 6 + 8 * random();
      const data = blurred.data;
      for (let i = 0; i < data.length; i++) data[i] = data[i]! + sigma * gaussian(random);
      return blurred;
    }
    case 'small': {
      // 55–75 % of the size: fewer pixels per module (box-filtered, as a farther camera sees it).
      const scale = 0.55 + 0.2 * random();
      const w = Math.max(8, Math.round(width * scale));
      const h = Math.max(8, Math.round(height * scale));
      const step = 1 / scale;
      return build(w, h, (x, y) => {
        let sum = 0;
        let n = 0;
        for (let sy = y * step; sy < (y + 1) * step; sy += 0.5) {
          for (let sx = x * step; sx < (x + 1) * step; sx += 0.5) {
            sum += sample(frame, sx, sy, 200);
            n++;
          }
        }
        return sum / Math.max(1, n);
      });
    }
    case 'dim': {
      // Half the contrast, a lamp on one side, sensor noise.
      const contrast = 0.45 + 0.2 * random();
      const gradient = (random() < 0.5 ? -1 : 1) * (30 + 30 * random());
      const sigma = 3 + 4 * random();
      return build(width, height, (x, y) => 110 + (sample(frame, x, y, 200) - 128) * contrast + (gradient * (x - cx)) / width + sigma * gaussian(random));
    }
    case 'shear-crop': {
      // A slanted view (horizontal shear) and 3–8 % cut off each side.
      const shear = (random() < 0.5 ? -1 : 1) * (0.04 + 0.06 * random());
      const left = Math.floor(width * (0.03 + 0.05 * random()));
      const top = Math.floor(height * (0.03 + 0.05 * random()));
      const w = width - left - Math.floor(width * (0.03 + 0.05 * random()));
      const h = height - top - Math.floor(height * (0.03 + 0.05 * random()));
      return build(w, h, (x, y) => sample(frame, left + x + shear * (top + y - cy), top + y, 200));
    }
  }
}
