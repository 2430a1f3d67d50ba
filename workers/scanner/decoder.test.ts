import bwipjs from 'bwip-js/node';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { validateEan } from '#domain/ean';
import type { ScanFrame } from '#contracts/scanner';
import { STRATEGIES, decodeFrame } from './decoder';
import { downscale, rotate90, toGray, type Gray } from './luminance';

/** A clean barcode image made by bwip-js, as the RGBA frame a canvas would give. */
async function render(bcid: string, text: string): Promise<ScanFrame> {
  const png = PNG.sync.read(
    await bwipjs.toBuffer({ bcid, text, scale: 2, height: 15, includetext: true, paddingwidth: 12, paddingheight: 8, backgroundcolor: 'FFFFFF' }),
  );
  return { data: new Uint8ClampedArray(png.data), width: png.width, height: png.height };
}

/** The first dark column of the middle row. */
function firstDark(gray: Gray): number {
  const row = Math.floor(gray.height / 3) * gray.width;
  for (let x = 0; x < gray.width; x++) if (gray.data[row + x]! < 128) return x;
  throw new Error('no bars');
}

describe('the decoder on generated barcodes', () => {
  it.each([
    ['ean13', '4006381333931', { text: '4006381333931', format: 'EAN_13' }],
    ['ean8', '96385074', { text: '96385074', format: 'EAN_8' }],
    ['upca', '036000291452', { text: '036000291452', format: 'UPC_A' }],
    ['upce', '01234531', { text: '01234531', format: 'UPC_E' }],
    ['ean13', '9780306406157 51299', { text: '9780306406157', format: 'EAN_13', extension: '51299' }],
    ['upca', '036000291452 12', { text: '036000291452', format: 'UPC_A', extension: '12' }],
  ])('reads a %s of %s', async (bcid, text, expected) => {
    const result = decodeFrame(await render(bcid, text));
    expect(result).toMatchObject(expected);
    expect(result?.extension).toBe('extension' in expected ? expected.extension : undefined);
    expect(validateEan(result!.text)).toBeNull();
  });

  it('reads a luminance frame as well as an RGBA one', async () => {
    const rgba = await render('ean13', '5901234123457');
    const gray = toGray(rgba);
    expect(decodeFrame({ data: gray.data, width: gray.width, height: gray.height })?.text).toBe('5901234123457');
  });

  it('reads a code held vertically', async () => {
    const upright = toGray(await render('ean13', '4006381333931'));
    const vertical = rotate90(rotate90(rotate90(upright)));
    const result = decodeFrame(vertical);
    expect(result?.text).toBe('4006381333931');
    expect(result?.strategy).toContain('rot');
  });

  it('reads a small code in a 1280×720 frame', async () => {
    const code = toGray(await render('ean13', '4006381333931'));
    const frame = new Uint8ClampedArray(1280 * 720).fill(140);
    const left = 500;
    const top = 300;
    for (let y = 0; y < code.height; y++) frame.set(code.data.subarray(y * code.width, (y + 1) * code.width), (top + y) * 1280 + left);
    expect(decodeFrame({ data: frame, width: 1280, height: 720 })?.text).toBe('4006381333931');
  });

  it('accepts a code only when three independent lines read it (one row is what ZXing alone takes)', async () => {
    const code = toGray(await render('ean13', '4006381333931'));
    const middle = Math.floor(code.height / 3);
    const row = code.data.slice(middle * code.width, (middle + 1) * code.width);
    /** A white image `height` rows high with the code's row copied onto the given rows. */
    const withRows = (height: number, rows: number[]) => {
      const data = new Uint8ClampedArray(code.width * height).fill(255);
      for (const y of rows) data.set(row, y * code.width);
      return { data, width: code.width, height };
    };
    expect(decodeFrame(withRows(1, [0]), STRATEGIES.cascadeFirstRow)?.text).toBe('4006381333931');
    // One step (full-res, one threshold): rows next to each other are one line, not three.
    expect(decodeFrame(withRows(200, [99, 100, 101]), STRATEGIES.fullRes)).toBeNull();
    expect(decodeFrame(withRows(200, [99, 100, 101]), STRATEGIES.cascadeTwoRows)?.text).toBe('4006381333931');
    // Rows apart (≥ 1 % of the height) are independent readings.
    expect(decodeFrame(withRows(200, [50, 100, 150]), STRATEGIES.fullRes)?.text).toBe('4006381333931');
    expect(decodeFrame(withRows(200, [100, 150]), STRATEGIES.fullRes)).toBeNull();
  });

  it('does not take a code the other rows of the frame contradict', async () => {
    const a = toGray(await render('ean13', '4006381333931'));
    const b = toGray(await render('ean13', '5901234123457'));
    const width = Math.max(a.width, b.width);
    const rowOf = (code: Gray) => code.data.slice(Math.floor(code.height / 3) * code.width, (Math.floor(code.height / 3) + 1) * code.width);
    const frame = (rowsA: number[], rowsB: number[]) => {
      const data = new Uint8ClampedArray(width * 200).fill(255);
      for (const y of rowsA) data.set(rowOf(a), y * width);
      for (const y of rowsB) data.set(rowOf(b), y * width);
      return { data, width, height: 200 };
    };
    // Three lines of one code, two of another: the rows disagree, nothing is taken.
    expect(decodeFrame(frame([100, 120, 140], [110, 130]), STRATEGIES.fullRes)).toBeNull();
    expect(decodeFrame(frame([100, 120, 140], [110, 130]), STRATEGIES.cascadeTwoRows)).not.toBeNull();
    // Three lines more than the other code: taken.
    expect(decodeFrame(frame([100, 120, 140, 160, 180], [110, 130]), STRATEGIES.fullRes)?.text).toBe('4006381333931');
  });

  it('does not take an EAN-8 or UPC-E without a quiet zone of 4 modules on each side', async () => {
    for (const [bcid, text] of [['ean8', '96385074'], ['upce', '01234531']] as const) {
      const code = toGray(await render(bcid, text));
      // A bar 2 px wide 7 px (3.5 modules at scale 2) before the left guard: ZXing's guard-wide check passes, ours does not.
      const fenced = code.data.slice();
      const left = firstDark(code);
      for (let y = 0; y < code.height; y++) for (let x = left - 9; x < left - 7; x++) fenced[y * code.width + x] = 0;
      expect(decodeFrame({ data: code.data.slice(), width: code.width, height: code.height })?.text).toBe(text);
      expect(decodeFrame({ data: fenced.slice(), width: code.width, height: code.height }, STRATEGIES.cascadeFirstRow)?.text).toBe(text);
      expect(decodeFrame({ data: fenced, width: code.width, height: code.height })).toBeNull();
    }
  });

  it('finds nothing in a frame without a code', () => {
    const noise = new Uint8ClampedArray(640 * 480);
    let seed = 7;
    for (let i = 0; i < noise.length; i++) noise[i] = (seed = (seed * 1103515245 + 12345) & 0x7fffffff) >> 23;
    expect(decodeFrame({ data: noise, width: 640, height: 480 })).toBeNull();
    expect(decodeFrame({ data: new Uint8ClampedArray(320 * 240).fill(200), width: 320, height: 240 })).toBeNull();
  });
});

describe('frame preparation', () => {
  it('refuses data that is neither RGBA nor luminance of the given size', () => {
    expect(() => toGray({ data: new Uint8ClampedArray(10), width: 2, height: 2 })).toThrow(/bytes/);
  });

  it('converts RGBA to luminance with ITU-R 601 weights', () => {
    const rgba = Uint8ClampedArray.from([255, 255, 255, 255, 0, 0, 0, 255, 255, 0, 0, 255, 0, 255, 0, 255]);
    expect([...toGray({ data: rgba, width: 4, height: 1 }).data]).toEqual([255, 0, 76, 150]);
  });

  it('downscales by averaging the pixels each output pixel covers', () => {
    const src: Gray = { data: Uint8ClampedArray.from([0, 100, 200, 40, 0, 100, 200, 40]), width: 4, height: 2 };
    const half = downscale(src, 2);
    expect(half).toMatchObject({ width: 2, height: 1 });
    expect([...half.data]).toEqual([50, 120]);
    // A non-integer ratio keeps a flat image flat.
    const flat = downscale({ data: new Uint8ClampedArray(1280 * 720).fill(77), width: 1280, height: 720 }, 960);
    expect(flat).toMatchObject({ width: 960, height: 540 });
    expect(new Set(flat.data)).toEqual(new Set([77]));
  });

  it('rotates a quarter turn counter-clockwise', () => {
    // 3×2:  1 2 3      →  2×3:  3 6
    //       4 5 6               2 5
    //                           1 4
    const rotated = rotate90({ data: Uint8ClampedArray.from([1, 2, 3, 4, 5, 6]), width: 3, height: 2 });
    expect(rotated).toMatchObject({ width: 2, height: 3 });
    expect([...rotated.data]).toEqual([3, 6, 2, 5, 1, 4]);
  });
});
