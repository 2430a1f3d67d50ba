import jpeg from 'jpeg-js';
import { describe, expect, it } from 'vitest';
import { buildTiff, DATE_TIME_ORIGINAL, indexOf, MAKE, readFixture, withExifSegment } from './__fixtures__/exifFixture';
import {
  cleanExif,
  extractExif,
  insertExif,
  jpegHeaderSegments,
  parseExif,
  readOrientation,
  TAG_ORIENTATION,
  TAG_PIXEL_X,
  TAG_PIXEL_Y,
  transplantExif,
  type ExifData,
  type IfdEntry,
} from './exif';

const base = readFixture('base-32x24.jpg');
const thumbnail = readFixture('thumb-8x8.jpg');
const ascii = (entry: IfdEntry | undefined) => (entry ? String.fromCharCode(...entry.value).replace(/\0+$/, '') : null);
const long = (data: ExifData, entry: IfdEntry | undefined) =>
  entry ? new DataView(entry.value.buffer, entry.value.byteOffset, entry.value.length)[entry.type === 3 ? 'getUint16' : 'getUint32'](0, data.littleEndian) : null;

/** A JPEG decoder (jpeg-js) reads the file: a JPEG we wrote is still a valid picture of the expected size. */
function decodedSize(bytes: Uint8Array): { width: number; height: number } {
  const { width, height } = jpeg.decode(bytes, { useTArray: true });
  return { width, height };
}

describe.each([
  ['big-endian (MM)', false],
  ['little-endian (II)', true],
])('EXIF of a camera JPEG, %s', (_name, littleEndian) => {
  const camera = withExifSegment(base, buildTiff(littleEndian, 6, thumbnail));

  it('reads the orientation tag of the original', () => {
    const tiff = extractExif(camera);
    expect(tiff).not.toBeNull();
    expect(readOrientation(tiff!)).toBe(6);
    expect(parseExif(tiff!).hadThumbnail).toBe(true);
  });

  it('drops the orientation and the thumbnail but keeps make, capture time and GPS', () => {
    const cleaned = cleanExif(extractExif(camera)!, { width: 690, height: 920 })!;
    const data = parseExif(cleaned);
    expect(data.littleEndian).toBe(littleEndian);
    expect(readOrientation(cleaned)).toBeNull();
    expect(data.ifd0.some((e) => e.tag === TAG_ORIENTATION)).toBe(false);
    expect(data.hadThumbnail).toBe(false);
    expect(indexOf(cleaned, thumbnail)).toBe(-1);
    expect(ascii(data.ifd0.find((e) => e.tag === 0x010f))).toBe(MAKE);
    expect(ascii(data.exif?.find((e) => e.tag === 0x9003))).toBe(DATE_TIME_ORIGINAL);
    expect(ascii(data.gps?.find((e) => e.tag === 0x0001))).toBe('N');
    const latitude = data.gps?.find((e) => e.tag === 0x0002);
    expect(latitude?.count).toBe(3);
    expect(latitude?.value.length).toBe(24);
  });

  it('sets the pixel dimensions to the resized size', () => {
    const data = parseExif(cleanExif(extractExif(camera)!, { width: 690, height: 920 })!);
    expect(long(data, data.exif?.find((e) => e.tag === TAG_PIXEL_X))).toBe(690);
    expect(long(data, data.exif?.find((e) => e.tag === TAG_PIXEL_Y))).toBe(920);
  });

  it('moves the cleaned EXIF into the re-encoded JPEG, which still decodes', () => {
    const out = transplantExif(camera, base, { width: 32, height: 24 });
    const tiff = extractExif(out);
    expect(tiff).not.toBeNull();
    expect(readOrientation(tiff!)).toBeNull();
    expect(indexOf(out, thumbnail)).toBe(-1);
    expect(out.length).toBeLessThan(camera.length);
    // The JFIF APP0 stays first, the Exif APP1 follows it, exactly once.
    const markers = jpegHeaderSegments(out).map((s) => s.marker);
    expect(markers[0]).toBe(0xe0);
    expect(markers[1]).toBe(0xe1);
    expect(markers.filter((m) => m === 0xe1)).toHaveLength(1);
    expect(decodedSize(out)).toEqual({ width: 32, height: 24 });
  });
});

describe('JPEG segments', () => {
  it('finds no EXIF in a JPEG that has none', () => {
    expect(extractExif(base)).toBeNull();
  });

  it('replaces an existing Exif segment instead of adding a second one', () => {
    const once = insertExif(base, cleanExif(buildTiff(true, 3, thumbnail))!);
    const twice = insertExif(once, cleanExif(buildTiff(false, 8, thumbnail))!);
    expect(jpegHeaderSegments(twice).filter((s) => s.marker === 0xe1)).toHaveLength(1);
    expect(parseExif(extractExif(twice)!).littleEndian).toBe(false);
  });

  it('removes the Exif segment when given none', () => {
    const camera = withExifSegment(base, buildTiff(true, 6, thumbnail));
    const out = insertExif(camera, null);
    expect(extractExif(out)).toBeNull();
    expect(Array.from(out)).toEqual(Array.from(base));
  });

  it('leaves the re-encoded JPEG untouched when the original EXIF is garbage', () => {
    const broken = withExifSegment(base, Uint8Array.from([0x4d, 0x4d, 0, 42, 0, 0, 0x10, 0]));
    expect(transplantExif(broken, base, { width: 32, height: 24 })).toBe(base);
    expect(cleanExif(Uint8Array.from([1, 2, 3]))).toBeNull();
  });

  it('refuses data that is not a JPEG', () => {
    expect(() => jpegHeaderSegments(Uint8Array.from([0x89, 0x50, 0x4e, 0x47]))).toThrow();
    expect(transplantExif(Uint8Array.from([0x89, 0x50, 0x4e, 0x47]), base, { width: 1, height: 1 })).toBe(base);
  });

  it('survives an IFD that points at itself', () => {
    const tiff = buildTiff(true, 6, thumbnail);
    // IFD1 offset (the last 4 bytes of IFD0, at 8 + 2 + 48) pointed back at IFD0.
    const looped = tiff.slice();
    new DataView(looped.buffer).setUint32(58, 8, true);
    expect(parseExif(looped).hadThumbnail).toBe(true);
    // The Exif IFD pointer aimed at IFD0: a loop, so the EXIF is dropped rather than followed.
    const loopedExif = tiff.slice();
    new DataView(loopedExif.buffer).setUint32(8 + 2 + 24 + 8, 8, true);
    expect(cleanExif(loopedExif)).toBeNull();
  });
});
