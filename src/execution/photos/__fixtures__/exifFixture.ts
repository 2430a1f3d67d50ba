/**
 * Test fixtures: a hand-laid Exif TIFF block (offsets counted by hand, independent of the
 * module's own writer) with Make, Orientation, an Exif IFD, a GPS IFD and an IFD1 thumbnail,
 * spliced into a JPEG that jpeg-js encoded (see make-fixtures.ts). Tests only.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const fixturePath = (name: string) => fileURLToPath(new URL(name, import.meta.url));
export const readFixture = (name: string) => new Uint8Array(readFileSync(fixturePath(name)));

export const MAKE = 'Shelfwork';
export const DATE_TIME_ORIGINAL = '2026:11:21 06:00:00';

class Writer {
  bytes: number[] = [];
  constructor(private le: boolean) {}
  u16(n: number) {
    if (this.le) this.bytes.push(n & 0xff, n >> 8);
    else this.bytes.push(n >> 8, n & 0xff);
  }
  u32(n: number) {
    const b = [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
    this.bytes.push(...(this.le ? b.reverse() : b));
  }
  ascii(text: string, length: number) {
    for (let i = 0; i < length; i += 1) this.bytes.push(i < text.length ? text.charCodeAt(i) : 0);
  }
  entry(tag: number, type: number, count: number, valueOrOffset: number, inlineShort = false) {
    this.u16(tag);
    this.u16(type);
    this.u32(count);
    if (inlineShort) {
      this.u16(valueOrOffset);
      this.u16(0);
    } else this.u32(valueOrOffset);
  }
}

/**
 * Layout (offsets from the TIFF start):
 *   0   header (8)
 *   8   IFD0: 4 entries (2 + 48 + 4 = 54) → ends 62
 *   62  Make "Shelfwork\0" (10) → 72
 *   72  Exif IFD: 3 entries (2 + 36 + 4 = 42) → 114
 *   114 DateTimeOriginal (20) → 134
 *   134 GPS IFD: 2 entries (2 + 24 + 4 = 30) → 164
 *   164 GPSLatitude 3 rationals (24) → 188
 *   188 IFD1: 3 entries (2 + 36 + 4 = 42) → 230
 *   230 thumbnail JPEG
 */
export function buildTiff(littleEndian: boolean, orientation: number, thumbnail: Uint8Array): Uint8Array {
  const w = new Writer(littleEndian);
  w.bytes.push(...(littleEndian ? [0x49, 0x49] : [0x4d, 0x4d]));
  w.u16(42);
  w.u32(8);
  // IFD0
  w.u16(4);
  w.entry(0x010f, 2, 10, 62); // Make
  w.entry(0x0112, 3, 1, orientation, true); // Orientation
  w.entry(0x8769, 4, 1, 72); // Exif IFD
  w.entry(0x8825, 4, 1, 134); // GPS IFD
  w.u32(188); // next: IFD1
  w.ascii(MAKE, 10);
  // Exif IFD
  w.u16(3);
  w.entry(0x9003, 2, 20, 114); // DateTimeOriginal
  w.entry(0xa002, 4, 1, 4032); // PixelXDimension
  w.entry(0xa003, 4, 1, 3024); // PixelYDimension
  w.u32(0);
  w.ascii(DATE_TIME_ORIGINAL, 20);
  // GPS IFD
  w.u16(2);
  w.entry(0x0001, 2, 2, littleEndian ? 0x4e : 0x4e000000); // GPSLatitudeRef "N\0" inline
  w.entry(0x0002, 5, 3, 164); // GPSLatitude
  w.u32(0);
  for (const [num, den] of [
    [54, 1],
    [41, 1],
    [2500, 100],
  ] as const) {
    w.u32(num);
    w.u32(den);
  }
  // IFD1 (thumbnail)
  w.u16(3);
  w.entry(0x0112, 3, 1, orientation, true);
  w.entry(0x0201, 4, 1, 230); // JPEGInterchangeFormat
  w.entry(0x0202, 4, 1, thumbnail.length); // JPEGInterchangeFormatLength
  w.u32(0);
  if (w.bytes.length !== 230) throw new Error(`fixture layout is off: ${w.bytes.length}`);
  return Uint8Array.from([...w.bytes, ...thumbnail]);
}

/** `jpeg` with an APP1 "Exif\0\0" + `tiff` segment right after its APP0 (as cameras write it). */
export function withExifSegment(jpeg: Uint8Array, tiff: Uint8Array): Uint8Array {
  const app0Length = (jpeg[4]! << 8) | jpeg[5]!;
  const afterApp0 = 4 + app0Length;
  const length = 2 + 6 + tiff.length;
  const segment = [0xff, 0xe1, length >> 8, length & 0xff, 0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff];
  return Uint8Array.from([...jpeg.subarray(0, afterApp0), ...segment, ...jpeg.subarray(afterApp0)]);
}

export function indexOf(haystack: Uint8Array, needle: Uint8Array): number {
  outer: for (let i = 0; i + needle.length <= haystack.length; i += 1) {
    for (let j = 0; j < needle.length; j += 1) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}
