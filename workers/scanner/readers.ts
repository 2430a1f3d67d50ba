/**
 * The EAN/UPC row reader the decoder drives: ZXing's EAN-13 and EAN-8 readers plus a UPC-E reader
 * of our own, behind ZXing's OneDReader (which supplies the row scanning and TRY_HARDER).
 *
 * Why not MultiFormatReader with UPC_E: @zxing/library 0.21.3's UPCEReader cannot read anything.
 * Its decodeMiddle appends digits to an immutable string and returns a number where UPCEANReader
 * expects { rowOffset, resultString }; UPCEANReader.decodeRow calls the static EAN end-guard and
 * checksum instead of UPC-E's; and its UPC-E→UPC-A expansion switches on char codes. It read 0 of
 * the 44 UPC-E test photographs. UpcEReader below is a straight port of ZXing's Java UPCEReader
 * using the library's own guard and digit matchers; the expansion is src/domain/ean.ts's.
 * The add-on readers of 0.21.3 have the same immutable-string bug (the extension text always comes
 * back empty), so readAddOn below ports ZXing's UPCEANExtension{2,5}Support as well.
 * (MultiFormatUPCEANReader also runs a separate UPC-A reader next to EAN-13, which reads the same
 * bars twice; EAN-13 results starting with 0 are reported as UPC-A, as ZXing does.)
 */
import {
  BarcodeFormat,
  type BitArray,
  ChecksumException,
  DecodeHintType,
  EAN13Reader,
  FormatException,
  MultiFormatOneDReader,
  NotFoundException,
  OneDReader,
  Result,
  ResultMetadataType,
  ResultPoint,
} from '@zxing/library';
import { hasValidCheckDigit, expandUpcE } from '#domain/ean';

type Hints = Map<DecodeHintType, unknown>;

/** Parity patterns of UPC-E's six digits per (number system, check digit); odd = 0, even = 1. */
const NUMSYS_AND_CHECK_DIGIT_PATTERNS = [
  [0x38, 0x34, 0x32, 0x31, 0x2c, 0x26, 0x23, 0x2a, 0x29, 0x25],
  [0x07, 0x0b, 0x0d, 0x0e, 0x13, 0x19, 0x1c, 0x15, 0x16, 0x1a],
] as const;

/** UPC-E's end guard: 6 modules, white first. */
const MIDDLE_END_PATTERN = Int32Array.from([1, 1, 1, 1, 1, 1]);

// The static matchers live on AbstractUPCEANReader; EAN13Reader inherits them (and is exported).
const Upc = EAN13Reader;

/** Port of ZXing (Java) UPCEReader + the parts of UPCEANReader.decodeRow it relies on. */
export class UpcEReader extends OneDReader {
  private readonly counters = new Int32Array(4);
  private readonly endCounters = new Int32Array(MIDDLE_END_PATTERN.length);

  override decodeRow(rowNumber: number, row: BitArray, _hints?: Hints): Result {
    const startRange = Upc.findStartGuardPattern(row);
    const counters = this.counters;
    counters.fill(0);
    const end = row.getSize();
    let rowOffset = startRange[1]!;
    let digits = '';
    let lgPatternFound = 0;
    for (let x = 0; x < 6 && rowOffset < end; x++) {
      const bestMatch = Upc.decodeDigit(row, counters, rowOffset, Upc.L_AND_G_PATTERNS);
      digits += String.fromCharCode(48 + (bestMatch % 10));
      for (const c of counters) rowOffset += c;
      if (bestMatch >= 10) lgPatternFound |= 1 << (5 - x);
    }
    if (digits.length < 6) throw new NotFoundException();
    const text = withNumSysAndCheckDigit(digits, lgPatternFound);

    this.endCounters.fill(0);
    const endRange = Upc.findGuardPattern(row, rowOffset, true, MIDDLE_END_PATTERN, this.endCounters);
    // Quiet zone after the code at least as wide as the end guard (as UPCEANReader checks).
    const endEdge = endRange[1]!;
    const quietEnd = endEdge + (endEdge - endRange[0]!);
    if (quietEnd >= row.getSize() || !row.isRange(endEdge, quietEnd, false)) throw new NotFoundException();

    const upcA = expandUpcE(text);
    if (upcA == null) throw new FormatException();
    if (!hasValidCheckDigit(upcA)) throw new ChecksumException();

    const left = (startRange[1]! + startRange[0]!) / 2;
    const right = (endRange[1]! + endRange[0]!) / 2;
    return new Result(
      text,
      new Uint8Array(0),
      0,
      [new ResultPoint(left, rowNumber), new ResultPoint(right, rowNumber)],
      BarcodeFormat.UPC_E,
      Date.now(),
    );
  }
}

function withNumSysAndCheckDigit(digits: string, lgPatternFound: number): string {
  for (let numSys = 0; numSys <= 1; numSys++) {
    const patterns = NUMSYS_AND_CHECK_DIGIT_PATTERNS[numSys]!;
    for (let d = 0; d < 10; d++) {
      if (lgPatternFound === patterns[d]) return `${numSys}${digits}${d}`;
    }
  }
  throw new NotFoundException();
}

const EXTENSION_START_PATTERN = Int32Array.from([1, 1, 2]);
/** Parity patterns of the 5-digit add-on's digits per check digit (odd = 0, even = 1). */
const EXTENSION5_CHECK_DIGIT_ENCODINGS = [0x18, 0x14, 0x12, 0x11, 0x0c, 0x06, 0x03, 0x0a, 0x09, 0x05] as const;

function extension5Checksum(s: string): number {
  let sum = 0;
  for (let i = s.length - 2; i >= 0; i -= 2) sum += s.charCodeAt(i) - 48;
  sum *= 3;
  for (let i = s.length - 1; i >= 0; i -= 2) sum += s.charCodeAt(i) - 48;
  sum *= 3;
  return sum % 10;
}

/** Read `count` add-on digits after the start guard; returns the digits and their L/G parity bits. */
function readAddOnDigits(row: BitArray, startRange: Int32Array, count: number): { digits: string; parity: number } {
  const counters = new Int32Array(4);
  const end = row.getSize();
  let rowOffset = startRange[1]!;
  let digits = '';
  let parity = 0;
  for (let x = 0; x < count && rowOffset < end; x++) {
    const bestMatch = Upc.decodeDigit(row, counters, rowOffset, Upc.L_AND_G_PATTERNS);
    digits += String.fromCharCode(48 + (bestMatch % 10));
    for (const c of counters) rowOffset += c;
    if (bestMatch >= 10) parity |= 1 << (count - 1 - x);
    if (x !== count - 1) {
      // Skip the 01 separator between add-on digits.
      rowOffset = row.getNextSet(rowOffset);
      rowOffset = row.getNextUnset(rowOffset);
    }
  }
  if (digits.length !== count) throw new NotFoundException();
  return { digits, parity };
}

/**
 * The 5- or 2-digit add-on (EAN-5 / EAN-2) that may follow the main code on the same row, from
 * `rowOffset` (the main code's end). Port of ZXing's UPCEANExtensionSupport; null when none.
 */
export function readAddOn(row: BitArray, rowOffset: number): string | null {
  let startRange: Int32Array;
  try {
    startRange = Upc.findGuardPattern(row, rowOffset, false, EXTENSION_START_PATTERN, new Int32Array(3));
  } catch (_none) {
    return null;
  }
  try {
    const { digits, parity } = readAddOnDigits(row, startRange, 5);
    if (EXTENSION5_CHECK_DIGIT_ENCODINGS.indexOf(parity as (typeof EXTENSION5_CHECK_DIGIT_ENCODINGS)[number]) === extension5Checksum(digits)) {
      return digits;
    }
  } catch (_not5) {
    // fall through to the 2-digit add-on
  }
  try {
    const { digits, parity } = readAddOnDigits(row, startRange, 2);
    return Number(digits) % 4 === parity ? digits : null;
  } catch (_not2) {
    return null;
  }
}

/**
 * EAN-13 (and UPC-A through it), EAN-8, then UPC-E on each row. After an EAN-13/UPC-A the row is
 * searched for an add-on, reported as ResultMetadataType.UPC_EAN_EXTENSION.
 */
export class UpcEanReader extends OneDReader {
  private readonly ean = new MultiFormatOneDReader(
    new Map([[DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.EAN_13, BarcodeFormat.EAN_8]]]),
  );
  private readonly upcE = new UpcEReader();
  /** Hints for the EAN readers: UPC_A listed so EAN-13 codes starting with 0 come back as UPC-A. */
  private static readonly EAN_HINTS: Hints = new Map([
    [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.EAN_13, BarcodeFormat.UPC_A, BarcodeFormat.EAN_8]],
  ]);

  override decodeRow(rowNumber: number, row: BitArray, _hints?: Hints): Result {
    let result: Result;
    try {
      result = this.ean.decodeRow(rowNumber, row, UpcEanReader.EAN_HINTS);
    } catch (_notEan) {
      return this.upcE.decodeRow(rowNumber, row);
    }
    const format = result.getBarcodeFormat();
    const points = result.getResultPoints();
    if ((format === BarcodeFormat.EAN_13 || format === BarcodeFormat.UPC_A) && points && points.length >= 2) {
      // points[1] is the centre of the end guard; the add-on's start guard is after its quiet zone.
      const addOn = readAddOn(row, Math.ceil(points[1]!.getX()));
      if (addOn) result.putMetadata(ResultMetadataType.UPC_EAN_EXTENSION, addOn);
    }
    return result;
  }
}
