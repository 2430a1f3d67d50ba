/**
 * EXIF for resized photos (spec section 9: "EXIF kept except orientation and thumbnail"). The
 * canvas that resizes a photo writes a JPEG without metadata, with the orientation already
 * applied to the pixels. This module takes the Exif APP1 segment of the original, rebuilds its
 * TIFF structure without the Orientation tag and without IFD1 (the embedded thumbnail, which
 * would show the old, unrotated, unresized picture), corrects PixelX/YDimension to the new size,
 * and inserts it into the new JPEG. Pure byte work on Uint8Array: no DOM, testable in Node.
 *
 * Rebuilding (instead of patching in place) is what actually removes the thumbnail bytes: IFD1's
 * data usually sits anywhere in the blob. The IFDs kept are IFD0, Exif, GPS and Interop; the
 * byte order of the original is kept, so every value's raw bytes are copied unchanged. A
 * MakerNote is copied as opaque bytes (vendor notes with absolute offsets may not survive a move;
 * no general tool can fix that without knowing the vendor format). Anything malformed makes the
 * photo go without EXIF rather than fail.
 */

const SOI = 0xd8;
const SOS = 0xda;
const EOI = 0xd9;
const APP0 = 0xe0;
const APP1 = 0xe1;
const EXIF_HEADER = [0x45, 0x78, 0x69, 0x66, 0x00, 0x00]; // "Exif\0\0"

export const TAG_ORIENTATION = 0x0112;
export const TAG_EXIF_IFD = 0x8769;
export const TAG_GPS_IFD = 0x8825;
export const TAG_INTEROP_IFD = 0xa005;
export const TAG_PIXEL_X = 0xa002;
export const TAG_PIXEL_Y = 0xa003;

const POINTER_TAGS = new Set([TAG_EXIF_IFD, TAG_GPS_IFD, TAG_INTEROP_IFD]);

/** Bytes per component of each TIFF field type (TIFF 6.0 / Exif 2.3); unknown types are dropped. */
const TYPE_SIZES: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8, 13: 4 };

export interface IfdEntry {
  tag: number;
  type: number;
  count: number;
  /** The value's raw bytes, in the TIFF's byte order. */
  value: Uint8Array;
}

export interface ExifData {
  littleEndian: boolean;
  ifd0: IfdEntry[];
  exif: IfdEntry[] | null;
  gps: IfdEntry[] | null;
  interop: IfdEntry[] | null;
  /** IFD1 existed (the thumbnail directory). Never written back. */
  hadThumbnail: boolean;
}

export class ExifFormatError extends Error {}

// ---- JPEG segments -------------------------------------------------------------------------

export interface JpegSegment {
  marker: number;
  /** Offset of the 0xFF of the marker. */
  start: number;
  /** Offset just after the segment. */
  end: number;
}

export function isJpeg(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === SOI;
}

/** The marker segments before the image data (up to, not including, SOS). */
export function jpegHeaderSegments(jpeg: Uint8Array): JpegSegment[] {
  if (!isJpeg(jpeg)) throw new ExifFormatError('NOT_JPEG');
  const segments: JpegSegment[] = [];
  let offset = 2;
  while (offset + 4 <= jpeg.length) {
    if (jpeg[offset] !== 0xff) throw new ExifFormatError('BAD_MARKER');
    let markerAt = offset;
    // Fill bytes (0xFF 0xFF ...) may pad a marker.
    while (markerAt + 1 < jpeg.length && jpeg[markerAt + 1] === 0xff) markerAt += 1;
    const marker = jpeg[markerAt + 1] ?? 0;
    if (marker === SOS || marker === EOI) break;
    const length = ((jpeg[markerAt + 2] ?? 0) << 8) | (jpeg[markerAt + 3] ?? 0);
    const end = markerAt + 2 + length;
    if (length < 2 || end > jpeg.length) throw new ExifFormatError('BAD_SEGMENT_LENGTH');
    segments.push({ marker, start: offset, end });
    offset = end;
  }
  return segments;
}

function isExifSegment(jpeg: Uint8Array, segment: JpegSegment): boolean {
  if (segment.marker !== APP1) return false;
  const data = segment.start + 4;
  return EXIF_HEADER.every((byte, i) => jpeg[data + i] === byte);
}

/** The TIFF bytes of the first Exif APP1 segment (after "Exif\0\0"), or null when there is none. */
export function extractExif(jpeg: Uint8Array): Uint8Array | null {
  const segment = jpegHeaderSegments(jpeg).find((s) => isExifSegment(jpeg, s));
  return segment ? jpeg.slice(segment.start + 4 + EXIF_HEADER.length, segment.end) : null;
}

/**
 * `jpeg` with its Exif segments replaced by one built from `tiff` (null: just removed). The new
 * segment goes right after SOI, or after a JFIF APP0 when there is one (JFIF wants APP0 first).
 */
export function insertExif(jpeg: Uint8Array, tiff: Uint8Array | null): Uint8Array {
  const segments = jpegHeaderSegments(jpeg);
  const length = tiff ? 2 + EXIF_HEADER.length + tiff.length : 0;
  if (length > 0xffff) throw new ExifFormatError('EXIF_TOO_LARGE');
  const headerEnd = segments.length > 0 ? (segments[segments.length - 1]?.end ?? 2) : 2;
  const kept = segments.filter((s) => !isExifSegment(jpeg, s));
  const parts: Uint8Array[] = [jpeg.subarray(0, 2)];
  const first = kept[0];
  if (first && first.marker === APP0) {
    parts.push(jpeg.subarray(first.start, first.end));
    kept.shift();
  }
  if (tiff) parts.push(Uint8Array.of(0xff, APP1, length >> 8, length & 0xff, ...EXIF_HEADER), tiff);
  for (const segment of kept) parts.push(jpeg.subarray(segment.start, segment.end));
  parts.push(jpeg.subarray(headerEnd));
  return concat(parts);
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

// ---- TIFF parsing --------------------------------------------------------------------------

function reader(tiff: Uint8Array) {
  if (tiff.length < 8) throw new ExifFormatError('TIFF_TOO_SHORT');
  const order = String.fromCharCode(tiff[0] ?? 0, tiff[1] ?? 0);
  if (order !== 'II' && order !== 'MM') throw new ExifFormatError('BAD_BYTE_ORDER');
  const littleEndian = order === 'II';
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  const check = (offset: number, size: number) => {
    if (offset < 0 || offset + size > tiff.length) throw new ExifFormatError('OUT_OF_BOUNDS');
  };
  return {
    littleEndian,
    u16: (offset: number) => (check(offset, 2), view.getUint16(offset, littleEndian)),
    u32: (offset: number) => (check(offset, 4), view.getUint32(offset, littleEndian)),
    bytes: (offset: number, size: number) => (check(offset, size), tiff.slice(offset, offset + size)),
  };
}

type Reader = ReturnType<typeof reader>;

function readIfd(r: Reader, offset: number, visited: Set<number>): { entries: IfdEntry[]; next: number } {
  if (visited.has(offset)) throw new ExifFormatError('IFD_LOOP');
  visited.add(offset);
  const count = r.u16(offset);
  const entries: IfdEntry[] = [];
  for (let i = 0; i < count; i += 1) {
    const at = offset + 2 + i * 12;
    const tag = r.u16(at);
    const type = r.u16(at + 2);
    const n = r.u32(at + 4);
    const size = TYPE_SIZES[type];
    if (size === undefined) continue; // unknown type: its size is unknowable, drop the entry
    const total = size * n;
    if (total > 0xffff) continue; // cannot fit an APP1 segment anyway
    const value = total <= 4 ? r.bytes(at + 8, total) : r.bytes(r.u32(at + 8), total);
    entries.push({ tag, type, count: n, value });
  }
  return { entries, next: r.u32(offset + 2 + count * 12) };
}

function pointer(r: Reader, entries: IfdEntry[], tag: number): number | null {
  const entry = entries.find((e) => e.tag === tag);
  if (!entry || entry.value.length < 4) return null;
  const view = new DataView(entry.value.buffer, entry.value.byteOffset, 4);
  return view.getUint32(0, r.littleEndian);
}

export function parseExif(tiff: Uint8Array): ExifData {
  const r = reader(tiff);
  if (r.u16(2) !== 42) throw new ExifFormatError('BAD_TIFF_MAGIC');
  const visited = new Set<number>();
  const ifd0 = readIfd(r, r.u32(4), visited);
  const sub = (entries: IfdEntry[], tag: number) => {
    const at = pointer(r, entries, tag);
    return at === null ? null : readIfd(r, at, visited).entries;
  };
  const exif = sub(ifd0.entries, TAG_EXIF_IFD);
  return {
    littleEndian: r.littleEndian,
    ifd0: ifd0.entries,
    exif,
    gps: sub(ifd0.entries, TAG_GPS_IFD),
    interop: exif ? sub(exif, TAG_INTEROP_IFD) : null,
    hadThumbnail: ifd0.next !== 0,
  };
}

/** The Orientation value (1–8) of IFD0, or null when absent or unreadable. */
export function readOrientation(tiff: Uint8Array): number | null {
  try {
    const data = parseExif(tiff);
    const entry = data.ifd0.find((e) => e.tag === TAG_ORIENTATION);
    if (!entry || entry.type !== 3 || entry.value.length < 2) return null;
    return new DataView(entry.value.buffer, entry.value.byteOffset, 2).getUint16(0, data.littleEndian);
  } catch {
    return null;
  }
}

// ---- TIFF writing --------------------------------------------------------------------------

function longValue(n: number, littleEndian: boolean): Uint8Array {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, n, littleEndian);
  return out;
}

function shortValue(n: number, littleEndian: boolean): Uint8Array {
  const out = new Uint8Array(2);
  new DataView(out.buffer).setUint16(0, n, littleEndian);
  return out;
}

const padded = (n: number) => n + (n % 2);

function ifdSize(entries: readonly IfdEntry[]): number {
  return 2 + entries.length * 12 + 4 + entries.reduce((n, e) => n + (e.value.length > 4 ? padded(e.value.length) : 0), 0);
}

/** Serialises the IFDs as a fresh TIFF (IFD0 → Exif → Interop → GPS), with no IFD1. */
export function serializeExif(data: Omit<ExifData, 'hadThumbnail'>): Uint8Array {
  const le = data.littleEndian;
  const withoutPointers = (entries: readonly IfdEntry[]) => entries.filter((e) => !POINTER_TAGS.has(e.tag));
  // Pointer entries are recreated for the sub-IFDs that exist, with their new offsets.
  const placeholder = (tag: number): IfdEntry => ({ tag, type: 4, count: 1, value: new Uint8Array(4) });
  const exifEntries = data.exif ? [...withoutPointers(data.exif), ...(data.interop ? [placeholder(TAG_INTEROP_IFD)] : [])] : null;
  const ifd0Entries = [...withoutPointers(data.ifd0), ...(exifEntries ? [placeholder(TAG_EXIF_IFD)] : []), ...(data.gps ? [placeholder(TAG_GPS_IFD)] : [])];
  const blocks: { entries: IfdEntry[]; offset: number }[] = [];
  let offset = 8;
  const place = (entries: IfdEntry[] | null) => {
    if (!entries) return null;
    const block = { entries: [...entries].sort((a, b) => a.tag - b.tag), offset };
    blocks.push(block);
    offset += ifdSize(block.entries);
    return block;
  };
  const ifd0 = place(ifd0Entries);
  const exif = place(exifEntries);
  const interop = exif ? place(data.interop ? withoutPointers(data.interop) : null) : null;
  const gps = place(data.gps ? withoutPointers(data.gps) : null);
  const offsets = new Map<number, number>([
    [TAG_EXIF_IFD, exif?.offset ?? 0],
    [TAG_GPS_IFD, gps?.offset ?? 0],
    [TAG_INTEROP_IFD, interop?.offset ?? 0],
  ]);
  if (!ifd0) throw new ExifFormatError('NO_IFD0');

  const out = new Uint8Array(offset);
  const view = new DataView(out.buffer);
  out[0] = le ? 0x49 : 0x4d;
  out[1] = out[0];
  view.setUint16(2, 42, le);
  view.setUint32(4, ifd0.offset, le);
  for (const block of blocks) {
    view.setUint16(block.offset, block.entries.length, le);
    let dataAt = block.offset + 2 + block.entries.length * 12 + 4;
    block.entries.forEach((entry, i) => {
      const at = block.offset + 2 + i * 12;
      const value = POINTER_TAGS.has(entry.tag) ? longValue(offsets.get(entry.tag) ?? 0, le) : entry.value;
      view.setUint16(at, entry.tag, le);
      view.setUint16(at + 2, entry.type, le);
      view.setUint32(at + 4, entry.count, le);
      if (value.length <= 4) {
        out.set(value, at + 8);
      } else {
        view.setUint32(at + 8, dataAt, le);
        out.set(value, dataAt);
        dataAt += padded(value.length);
      }
    });
    view.setUint32(block.offset + 2 + block.entries.length * 12, 0, le); // no next IFD: IFD1 is gone
  }
  return out;
}

/**
 * The EXIF of a photo whose pixels were re-encoded upright at `size`: Orientation removed,
 * thumbnail (IFD1) dropped, PixelX/YDimension set to the new size. Null when the input is
 * unreadable (the photo then goes without EXIF).
 */
export function cleanExif(tiff: Uint8Array, size?: { width: number; height: number }): Uint8Array | null {
  let data: ExifData;
  try {
    data = parseExif(tiff);
  } catch {
    return null;
  }
  const le = data.littleEndian;
  const setDimension = (entries: IfdEntry[] | null) =>
    entries?.map((e) => {
      if (!size || (e.tag !== TAG_PIXEL_X && e.tag !== TAG_PIXEL_Y)) return e;
      const n = e.tag === TAG_PIXEL_X ? size.width : size.height;
      return e.type === 3 && n <= 0xffff ? { ...e, count: 1, value: shortValue(n, le) } : { ...e, type: 4, count: 1, value: longValue(n, le) };
    }) ?? null;
  return serializeExif({
    littleEndian: le,
    ifd0: data.ifd0.filter((e) => e.tag !== TAG_ORIENTATION),
    exif: setDimension(data.exif),
    gps: data.gps,
    interop: data.interop,
  });
}

/**
 * Moves the EXIF of `original` into `encoded` (the resized upright JPEG), cleaned as above.
 * Returns `encoded` unchanged when the original has no usable EXIF.
 */
export function transplantExif(original: Uint8Array, encoded: Uint8Array, size: { width: number; height: number }): Uint8Array {
  try {
    const tiff = isJpeg(original) ? extractExif(original) : null;
    const cleaned = tiff ? cleanExif(tiff, size) : null;
    return cleaned ? insertExif(encoded, cleaned) : encoded;
  } catch {
    return encoded;
  }
}
