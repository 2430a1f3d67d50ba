/**
 * Pictures for tests and benchmarks, made in JavaScript so nothing outside package.json is needed
 * (no ffmpeg): RGBA images drawn procedurally, JPEG files (jpeg-js: baseline JFIF, 4:4:4) and
 * the raw YUV 4:2:0 frames and header of a Y4M video (what Chromium's fake camera plays).
 *
 * Used by test/e2e/support (gallery files, the scanner's camera video), scripts/bench-outbox.ts
 * (photos to upload) and src/execution/photos/__fixtures__/make-fixtures.ts.
 */
import jpeg from 'jpeg-js';

/** 8-bit RGBA, row after row, like a canvas' ImageData. */
export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8Array;
}

export type Rgb = readonly [number, number, number];

/** The CSS named colours the tests use (ffmpeg's `color=c=<name>` knew them by name). */
export const COLOURS = {
  white: [255, 255, 255],
  black: [0, 0, 0],
  red: [255, 0, 0],
  tomato: [255, 99, 71],
  steelblue: [70, 130, 180],
  goldenrod: [218, 165, 32],
  seagreen: [46, 139, 87],
} as const satisfies Record<string, Rgb>;

export function solidImage(width: number, height: number, [r, g, b]: Rgb): RgbaImage {
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < data.length; i += 4) {
    data[i] = r;
    data[i + 1] = g;
    data[i + 2] = b;
    data[i + 3] = 255;
  }
  return { width, height, data };
}

function fillRect(image: RgbaImage, x0: number, y0: number, w: number, h: number, [r, g, b]: Rgb): void {
  const x1 = Math.min(image.width, x0 + w);
  const y1 = Math.min(image.height, y0 + h);
  for (let y = Math.max(0, y0); y < y1; y++) {
    for (let x = Math.max(0, x0); x < x1; x++) {
      const i = (y * image.width + x) * 4;
      image.data[i] = r;
      image.data[i + 1] = g;
      image.data[i + 2] = b;
      image.data[i + 3] = 255;
    }
  }
}

/** Copies `src` onto `dst` with its top-left corner at (x, y), blending by src's alpha over dst. */
export function drawImage(dst: RgbaImage, src: RgbaImage, x: number, y: number): void {
  for (let sy = 0; sy < src.height; sy++) {
    const dy = y + sy;
    if (dy < 0 || dy >= dst.height) continue;
    for (let sx = 0; sx < src.width; sx++) {
      const dx = x + sx;
      if (dx < 0 || dx >= dst.width) continue;
      const s = (sy * src.width + sx) * 4;
      const d = (dy * dst.width + dx) * 4;
      const a = src.data[s + 3]! / 255;
      for (let c = 0; c < 3; c++) dst.data[d + c] = Math.round(src.data[s + c]! * a + dst.data[d + c]! * (1 - a));
      dst.data[d + 3] = 255;
    }
  }
}

/** A bilinear resize (used to shrink a picture to fit; enlarging works too but blurs). */
export function resize(src: RgbaImage, width: number, height: number): RgbaImage {
  const out = new Uint8Array(width * height * 4);
  const sxScale = src.width / width;
  const syScale = src.height / height;
  for (let y = 0; y < height; y++) {
    const fy = Math.min(src.height - 1, Math.max(0, (y + 0.5) * syScale - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(src.height - 1, y0 + 1);
    const wy = fy - y0;
    for (let x = 0; x < width; x++) {
      const fx = Math.min(src.width - 1, Math.max(0, (x + 0.5) * sxScale - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(src.width - 1, x0 + 1);
      const wx = fx - x0;
      for (let c = 0; c < 4; c++) {
        const p = (yy: number, xx: number) => src.data[(yy * src.width + xx) * 4 + c]!;
        const top = p(y0, x0) * (1 - wx) + p(y0, x1) * wx;
        const bottom = p(y1, x0) * (1 - wx) + p(y1, x1) * wx;
        out[(y * width + x) * 4 + c] = Math.round(top * (1 - wy) + bottom * wy);
      }
    }
  }
  return { width, height, data: out };
}

/** A small deterministic PRNG (mulberry32), so the same seed always gives the same picture (and the same noise in photoVariants.ts). */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Seven-segment digits: segments a b c d e f g (top, top-right, bottom-right, bottom, bottom-left, top-left, middle).
const SEGMENTS = ['abcdef', 'bc', 'abdeg', 'abcdg', 'bcfg', 'acdfg', 'acdefg', 'abc', 'abcdefg', 'abcdfg'];

function drawDigits(image: RgbaImage, text: string, x: number, y: number, size: number, colour: Rgb): void {
  const w = size;
  const h = size * 2;
  const t = Math.max(1, Math.round(size / 5));
  [...text].forEach((ch, n) => {
    const on = SEGMENTS[Number(ch)] ?? '';
    const left = x + n * Math.round(w * 1.4);
    const rects: Record<string, [number, number, number, number]> = {
      a: [left, y, w, t],
      b: [left + w - t, y, t, h / 2],
      c: [left + w - t, y + h / 2, t, h / 2],
      d: [left, y + h - t, w, t],
      e: [left, y + h / 2, t, h / 2],
      f: [left, y, t, h / 2],
      g: [left, y + h / 2 - t / 2, w, t],
    };
    for (const s of on) {
      const [rx, ry, rw, rh] = rects[s]!;
      fillRect(image, Math.round(rx), Math.round(ry), Math.round(rw), Math.round(rh), colour);
    }
  });
}

const BARS: readonly Rgb[] = [
  [235, 235, 235],
  [235, 235, 16],
  [16, 235, 235],
  [16, 235, 16],
  [235, 16, 235],
  [235, 16, 16],
  [16, 16, 235],
  [16, 16, 16],
];

/**
 * A test card in the spirit of ffmpeg's `testsrc`, different for every `frame`: eight colour
 * bars that slide with the frame number, a luminance ramp with ripples, a disc that moves, the
 * frame number in large digits, and faint sensor-like noise (seeded by the frame, so each frame's
 * pixels — and its JPEG — are its own, and the JPEG is about as large as a plain photo's).
 */
export function testPattern(width: number, height: number, frame = 0, { noise = 4 }: { noise?: number } = {}): RgbaImage {
  const image = solidImage(width, height, COLOURS.black);
  const { data } = image;
  const barsBottom = Math.round(height * 0.62);
  const shift = Math.round((frame * width) / 40);
  const barWidth = width / BARS.length;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      let rgb: Rgb;
      if (y < barsBottom) {
        rgb = BARS[Math.floor(((x + shift) % width) / barWidth)]!;
      } else {
        const v = Math.round((255 * x) / Math.max(1, width - 1));
        const ripple = Math.round(20 * Math.sin((x + frame * 7) / 24) * Math.cos((y - frame * 3) / 30));
        rgb = [v, Math.min(255, Math.max(0, v + ripple)), 255 - v];
      }
      data[i] = rgb[0];
      data[i + 1] = rgb[1];
      data[i + 2] = rgb[2];
    }
  }
  // A disc travelling along the bars.
  const radius = Math.round(Math.min(width, height) / 8);
  const cx = Math.round(radius + ((frame * 37) % Math.max(1, width - 2 * radius)));
  const cy = Math.round(barsBottom / 2 + (barsBottom / 4) * Math.sin(frame));
  for (let y = Math.max(0, cy - radius); y < Math.min(height, cy + radius); y++) {
    for (let x = Math.max(0, cx - radius); x < Math.min(width, cx + radius); x++) {
      if ((x - cx) ** 2 + (y - cy) ** 2 > radius ** 2) continue;
      const i = (y * width + x) * 4;
      data[i] = 255 - data[i]!;
      data[i + 1] = 255 - data[i + 1]!;
      data[i + 2] = 255 - data[i + 2]!;
    }
  }
  // The frame number on a white box in the middle.
  const digit = Math.max(3, Math.round(height / 12));
  const label = String(frame).padStart(3, '0');
  const boxW = Math.round(label.length * digit * 1.4 + digit * 0.6);
  const boxH = digit * 3;
  const boxX = Math.round((width - boxW) / 2);
  const boxY = Math.round((height - boxH) / 2);
  fillRect(image, boxX, boxY, boxW, boxH, COLOURS.white);
  drawDigits(image, label, boxX + Math.round(digit * 0.5), boxY + Math.round(digit * 0.5), digit, COLOURS.black);
  if (noise > 0) {
    const next = random(0x5eed + frame * 7919 + width * 31 + height);
    for (let i = 0; i < data.length; i += 4) {
      const n = Math.round((next() - 0.5) * 2 * noise);
      for (let c = 0; c < 3; c++) data[i + c] = Math.min(255, Math.max(0, data[i + c]! + n));
    }
  }
  return image;
}

/** A baseline JPEG (JFIF, 4:4:4) of the image; `quality` 1–100 as in libjpeg. */
export function encodeJpeg(image: RgbaImage, quality = 80): Buffer {
  return jpeg.encode({ width: image.width, height: image.height, data: image.data }, quality).data;
}

/** Decodes a JPEG into RGBA (for checks). */
export function decodeJpeg(bytes: Uint8Array): RgbaImage {
  const decoded = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true });
  return { width: decoded.width, height: decoded.height, data: decoded.data };
}

// ---------------------------------------------------------------------------------------------
// Y4M (YUV4MPEG2): a text header, then per frame `FRAME\n` and the Y, U and V planes.

const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v);

/**
 * The image as one planar YUV 4:2:0 frame (Y plane, then U, then V), BT.601 limited range — what
 * ffmpeg's default RGB → yuv420p conversion gives, and what Chromium expects of an I420 camera
 * frame. Chroma is the mean of each 2×2 block (JPEG siting, the `C420jpeg` of the header).
 * Width and height must be even.
 */
export function toI420(image: RgbaImage): Buffer {
  const { width, height, data } = image;
  if (width % 2 !== 0 || height % 2 !== 0) throw new Error(`toI420 needs even dimensions, got ${width}×${height}`);
  const ySize = width * height;
  const cw = width / 2;
  const ch = height / 2;
  const out = Buffer.alloc(ySize + 2 * cw * ch);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      out[y * width + x] = clamp(((66 * data[i]! + 129 * data[i + 1]! + 25 * data[i + 2]! + 128) >> 8) + 16);
    }
  }
  for (let y = 0; y < ch; y++) {
    for (let x = 0; x < cw; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ] as const) {
        const i = ((2 * y + dy) * width + 2 * x + dx) * 4;
        r += data[i]!;
        g += data[i + 1]!;
        b += data[i + 2]!;
      }
      r /= 4;
      g /= 4;
      b /= 4;
      out[ySize + y * cw + x] = clamp(Math.floor((-38 * r - 74 * g + 112 * b + 128) / 256) + 128);
      out[ySize + cw * ch + y * cw + x] = clamp(Math.floor((112 * r - 94 * g - 18 * b + 128) / 256) + 128);
    }
  }
  return out;
}

export interface Y4mFormat {
  width: number;
  height: number;
  /** Frames per second (whole). */
  fps: number;
}

/** The stream header: 4:2:0 with JPEG chroma siting, progressive, square pixels. */
export function y4mHeader({ width, height, fps }: Y4mFormat): string {
  return `YUV4MPEG2 W${width} H${height} F${fps}:1 Ip A1:1 C420jpeg\n`;
}

const FRAME_HEADER = Buffer.from('FRAME\n', 'ascii');

/**
 * A whole Y4M file as the chunks to write: the header, then each segment's I420 frame repeated
 * `count` times, the segments in order.
 */
export function y4mChunks(format: Y4mFormat, segments: readonly { frame: Buffer; count: number }[]): Buffer[] {
  const frameBytes = (format.width * format.height * 3) / 2;
  const chunks: Buffer[] = [Buffer.from(y4mHeader(format), 'ascii')];
  for (const { frame, count } of segments) {
    if (frame.length !== frameBytes) throw new Error(`a ${format.width}×${format.height} I420 frame has ${frameBytes} bytes, got ${frame.length}`);
    for (let n = 0; n < count; n++) chunks.push(FRAME_HEADER, frame);
  }
  return chunks;
}

/** Reads a Y4M file back: its header fields and each frame's Y plane (for checks). */
export function parseY4m(file: Buffer): { header: string; width: number; height: number; fps: string; lumaFrames: Buffer[] } {
  const eol = file.indexOf(0x0a);
  const header = file.subarray(0, eol).toString('ascii');
  const fields = header.split(' ');
  if (fields[0] !== 'YUV4MPEG2') throw new Error(`not a Y4M file: ${header}`);
  const field = (tag: string) => fields.find((f) => f.startsWith(tag))?.slice(1) ?? '';
  const width = Number(field('W'));
  const height = Number(field('H'));
  const frameBytes = (width * height * 3) / 2;
  const lumaFrames: Buffer[] = [];
  let at = eol + 1;
  while (at < file.length) {
    const end = file.indexOf(0x0a, at);
    const tag = file.subarray(at, end).toString('ascii');
    if (!tag.startsWith('FRAME')) throw new Error(`expected FRAME at byte ${at}, found ${JSON.stringify(tag.slice(0, 20))}`);
    const start = end + 1;
    if (start + frameBytes > file.length) throw new Error(`the frame at byte ${at} is cut short`);
    lumaFrames.push(file.subarray(start, start + width * height));
    at = start + frameBytes;
  }
  return { header, width, height, fps: field('F'), lumaFrames };
}
