/**
 * Blurred and darkened variants of real photographs, for the photo quality measure's tests and
 * benchmark (src/domain/photoQuality.ts, scripts/bench-photo-quality.ts): a separable Gaussian
 * blur, a horizontal box blur (camera shake), darkening with sensor noise (a dim aisle), and the
 * repository's real product photographs as RGBA (test/fixtures/barcodes: phone photos of
 * packaging from the ZXing project, Apache-2.0, see its README).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PNG } from 'pngjs';
import jpeg from 'jpeg-js';
import { random, type RgbaImage } from './images';

export const PHOTOS_DIR = resolve(import.meta.dirname, '../fixtures/barcodes');

export interface Photo {
  name: string;
  image: RgbaImage;
}

/** Every photograph of the barcode corpus whose shorter side is at least `minSide` pixels. */
export function loadPhotos(minSide = 240): Photo[] {
  const out: Photo[] = [];
  for (const folder of readdirSync(PHOTOS_DIR, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort()) {
    for (const file of readdirSync(join(PHOTOS_DIR, folder)).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))) {
      const path = join(PHOTOS_DIR, folder, file);
      let image: RgbaImage | null = null;
      if (file.endsWith('.png')) {
        const png = PNG.sync.read(readFileSync(path));
        image = { width: png.width, height: png.height, data: new Uint8Array(png.data.buffer, png.data.byteOffset, png.data.length) };
      } else if (/\.jpe?g$/i.test(file)) {
        const decoded = jpeg.decode(readFileSync(path), { useTArray: true, formatAsRGBA: true });
        image = { width: decoded.width, height: decoded.height, data: decoded.data };
      }
      if (image && Math.min(image.width, image.height) >= minSide) out.push({ name: `${folder}/${file}`, image });
    }
  }
  return out;
}

function gaussianKernel(sigma: number): Float32Array {
  const radius = Math.max(1, Math.ceil(sigma * 3));
  const kernel = new Float32Array(radius * 2 + 1);
  let sum = 0;
  for (let i = -radius; i <= radius; i++) {
    const v = Math.exp(-(i * i) / (2 * sigma * sigma));
    kernel[i + radius] = v;
    sum += v;
  }
  for (let i = 0; i < kernel.length; i++) kernel[i] = (kernel[i] as number) / sum;
  return kernel;
}

/** One pass of a 1-D kernel along x (horizontal) or y, edges clamped. */
function convolve(src: RgbaImage, kernel: Float32Array, horizontal: boolean): RgbaImage {
  const { width, height, data } = src;
  const out = new Uint8Array(data.length);
  const radius = (kernel.length - 1) / 2;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let k = -radius; k <= radius; k++) {
        const xx = horizontal ? Math.min(width - 1, Math.max(0, x + k)) : x;
        const yy = horizontal ? y : Math.min(height - 1, Math.max(0, y + k));
        const i = (yy * width + xx) * 4;
        const w = kernel[k + radius] as number;
        r += (data[i] as number) * w;
        g += (data[i + 1] as number) * w;
        b += (data[i + 2] as number) * w;
      }
      const o = (y * width + x) * 4;
      out[o] = Math.round(r);
      out[o + 1] = Math.round(g);
      out[o + 2] = Math.round(b);
      out[o + 3] = 255;
    }
  }
  return { width, height, data: out };
}

/** Gaussian blur with `sigma` in pixels of this image. */
export function gaussianBlur(src: RgbaImage, sigma: number): RgbaImage {
  const kernel = gaussianKernel(sigma);
  return convolve(convolve(src, kernel, true), kernel, false);
}

/** Horizontal box blur over `length` pixels (a hand moving while the shutter is open). */
export function motionBlur(src: RgbaImage, length: number): RgbaImage {
  const n = Math.max(1, Math.round(length)) | 1;
  return convolve(src, new Float32Array(n).fill(1 / n), true);
}

/** Scales the light by `factor` (gamma-encoded values, as an underexposed JPEG) and adds Gaussian sensor noise of `noise` levels. */
export function darken(src: RgbaImage, factor: number, noise = 2, seed = 1): RgbaImage {
  const rnd = random(seed);
  const gauss = () => Math.sqrt(-2 * Math.log(rnd() || 1e-9)) * Math.cos(2 * Math.PI * rnd());
  const out = new Uint8Array(src.data.length);
  for (let i = 0; i < src.data.length; i += 4) {
    const n = noise * gauss();
    for (let c = 0; c < 3; c++) out[i + c] = Math.max(0, Math.min(255, Math.round((src.data[i + c] as number) * factor + n)));
    out[i + 3] = 255;
  }
  return { width: src.width, height: src.height, data: out };
}
