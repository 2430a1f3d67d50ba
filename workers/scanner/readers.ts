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
  type BinaryBitmap,
  BitArray,
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
function readAddOnDigits(row: BitArray, startRange: Int32Array, count: number): { digits: string; parity: number; end: number } {
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
  return { digits, parity, end: rowOffset };
}

/**
 * The 5- or 2-digit add-on (EAN-5 / EAN-2) that may follow the main code on the same row, from
 * `rowOffset` (the main code's end). Port of ZXing's UPCEANExtensionSupport; null when none.
 */
export function readAddOn(row: BitArray, rowOffset: number, quietZoneAfter = false): string | null {
  let startRange: Int32Array;
  try {
    startRange = Upc.findGuardPattern(row, rowOffset, false, EXTENSION_START_PATTERN, new Int32Array(3));
  } catch (_none) {
    return null;
  }
  // The add-on's start guard (1,1,2) is 4 modules wide. After its last digit (which ends with a
  // bar) comes a quiet zone; without this check the first two digits of a 5-digit add-on whose
  // read failed pass as a 2-digit add-on one time in four (the parity check is all it has).
  const module = (startRange[1]! - startRange[0]!) / 4;
  const quietAfter = (end: number) => !quietZoneAfter || row.isRange(end, Math.min(row.getSize(), end + Math.round(3 * module)), false);
  try {
    const { digits, parity, end } = readAddOnDigits(row, startRange, 5);
    if (EXTENSION5_CHECK_DIGIT_ENCODINGS.indexOf(parity as (typeof EXTENSION5_CHECK_DIGIT_ENCODINGS)[number]) === extension5Checksum(digits) && quietAfter(end)) {
      return digits;
    }
  } catch (_not5) {
    // fall through to the 2-digit add-on
  }
  try {
    const { digits, parity, end } = readAddOnDigits(row, startRange, 2);
    return Number(digits) % 4 === parity && quietAfter(end) ? digits : null;
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

  /**
   * Quiet zone (in modules) a short code needs on both sides; 0 = ZXing's guard-wide check only.
   * When set, an add-on also needs 3 white modules after it (readAddOn).
   */
  shortQuietZone = 0;

  /** Narrowest module (pixels) a UPC-E is read at. */
  upcEMinModule = 0;


  override decodeRow(rowNumber: number, row: BitArray, _hints?: Hints): Result {
    let result: Result;
    try {
      result = this.ean.decodeRow(rowNumber, row, UpcEanReader.EAN_HINTS);
    } catch (_notEan) {
      result = this.upcE.decodeRow(rowNumber, row);
    }
    const format = result.getBarcodeFormat();
    const points = result.getResultPoints();
    if (format === BarcodeFormat.UPC_E && this.upcEMinModule > 0 && points && points.length >= 2) {
      if (Math.abs(points[1]!.getX() - points[0]!.getX()) / GUARD_SPAN.get(format)!.span < this.upcEMinModule) throw new NotFoundException();
    }
    if (this.shortQuietZone > 0 && (format === BarcodeFormat.EAN_8 || format === BarcodeFormat.UPC_E)) {
      if (!points || points.length < 2 || !hasQuietZones(row, points[0]!.getX(), points[1]!.getX(), format, this.shortQuietZone)) {
        throw new NotFoundException();
      }
    }
    if ((format === BarcodeFormat.EAN_13 || format === BarcodeFormat.UPC_A) && points && points.length >= 2) {
      // points[1] is the centre of the end guard; the add-on's start guard is after its quiet zone.
      const addOn = readAddOn(row, Math.ceil(points[1]!.getX()), this.shortQuietZone > 0);
      if (addOn) result.putMetadata(ResultMetadataType.UPC_EAN_EXTENSION, addOn);
    }
    return result;
  }
}

/**
 * Guard centres → module width: EAN-8's guards (3 modules each) are 64 modules apart centre to
 * centre in its 67; UPC-E's start (3) and end guard (6) are 46.5 apart in its 51.
 */
const GUARD_SPAN: ReadonlyMap<BarcodeFormat, { span: number; before: number; after: number }> = new Map([
  [BarcodeFormat.EAN_8, { span: 64, before: 1.5, after: 1.5 }],
  [BarcodeFormat.UPC_E, { span: 46.5, before: 1.5, after: 3 }],
]);

/**
 * White for `modules` modules before and after the symbol (clipped at the row's ends: a code at the
 * frame's edge is judged on what is visible). Every bar and space of EAN/UPC is at most 4 modules
 * wide, so a short code "found" inside the bars of a longer one fails a quiet zone of 4 or more (unless a space of exactly 4 follows),
 * which ZXing's own check (as wide as the guard, 3 modules) lets through.
 */
function hasQuietZones(row: BitArray, leftCentre: number, rightCentre: number, format: BarcodeFormat, modules: number): boolean {
  const geometry = GUARD_SPAN.get(format);
  if (!geometry) return true;
  const low = Math.min(leftCentre, rightCentre);
  const high = Math.max(leftCentre, rightCentre);
  const module = (high - low) / geometry.span;
  // Which side is "before" depends on the row's direction; check both sides for the larger margin.
  const margin = Math.max(geometry.before, geometry.after);
  const size = row.getSize();
  const start = Math.min(size, Math.max(0, Math.floor(low - margin * module)));
  const end = Math.min(size, Math.max(0, Math.ceil(high + margin * module)));
  const zone = Math.round(modules * module);
  return row.isRange(Math.max(0, start - zone), start, false) && row.isRange(end, Math.min(size, end + zone), false);
}

// ---------------------------------------------------------------------------------------------
// Scanning an image row by row, with misread protection.

/** How a code found on the rows of an image is accepted (see scanRows). */
export interface RowScanOptions {
  /** ZXing TRY_HARDER: every row (every few of a tall image) from the middle out, else 15 central rows. */
  tryHarder: boolean;
  /**
   * Rows that must read the same code (text and format) before it is accepted; 1 is ZXing's
   * "first row that decodes". ZXing-C++ asks for 2 (its minLineCount) for the reason we do: a code
   * that one row alone produces is most often a row whose bars were misjudged.
   */
  minLines: number;
  /**
   * Rows of one image closer than this many pixels count as one line: neighbouring rows see
   * nearly the same pixels (in a picture scaled up they are interpolated copies), so their
   * agreeing is not two readings. 0 or absent: every row counts.
   */
  minRowGap?: number;
  /**
   * How many different images (steps: scales, thresholds, turns) must be among the agreeing
   * lines; absent: 1. Two images misjudge different bars, so a wrong code rarely survives both.
   */
  minSources?: number;
  /** Which image this scan is of (the step's name), for minSources. */
  source?: string;
  /**
   * Other codes read in the same frame count against a code: it needs minLines more lines than
   * any other (a frame whose rows disagree is misjudged somewhere). Absent: others do not count.
   */
  outvote?: boolean;
  /** Lines a short code (EAN-8, UPC-E: fewer digits, one check digit on fewer bars) needs; absent = minLines. */
  minShortLines?: number;
}

/** A code seen on `lines` rows so far (of one image, or of all the images made of one frame). */
export interface Candidate {
  result: Result;
  /** Independent lines so far (rows closer than minRowGap to a counted one of the same image do not count). */
  lines: number;
  /** Rows counted as lines, per image. */
  rows: Map<string, number[]>;
}

/** Lines and images (sources) a candidate has. */
export function candidateSources(candidate: Candidate): number {
  return candidate.rows.size;
}

/** Count a row for a candidate; true when it is a new line (not next to a counted row of the same image). */
function countRow(candidate: Candidate, source: string, rowNumber: number, minRowGap: number): boolean {
  const rows = candidate.rows.get(source);
  if (!rows) {
    candidate.rows.set(source, [rowNumber]);
    candidate.lines++;
    return true;
  }
  if (rows.some((r) => Math.abs(r - rowNumber) < minRowGap)) return false;
  rows.push(rowNumber);
  candidate.lines++;
  return true;
}

function isShort(result: Result): boolean {
  const format = result.getBarcodeFormat();
  return format === BarcodeFormat.EAN_8 || format === BarcodeFormat.UPC_E;
}

/** Has the candidate the lines and images the options ask for (and, with outvote, a lead over every other code)? */
function accepted(candidate: Candidate, candidates: Map<string, Candidate>, options: RowScanOptions, minSources: number): boolean {
  if (candidate.rows.size < minSources) return false;
  const need = isShort(candidate.result) ? (options.minShortLines ?? options.minLines) : options.minLines;
  let against = 0;
  if (options.outvote) {
    for (const other of candidates.values()) if (other !== candidate) against = Math.max(against, other.lines);
  }
  return candidate.lines - against >= need;
}

/**
 * OneDReader.doDecode's row loop (middle out, each row also reversed for upside-down codes), but a
 * code is returned only once `minLines` rows agree on it. `candidates` carries the counts over
 * between calls: the decoder passes one map for all the steps of a frame, so one row of the
 * downscaled image and one of the local-threshold pass confirm each other. Throws
 * NotFoundException when no code is confirmed.
 */
export function scanRows(
  image: BinaryBitmap,
  reader: OneDReader,
  options: RowScanOptions,
  candidates: Map<string, Candidate> = new Map(),
  hints?: Hints,
): Result {
  const width = image.getWidth();
  const height = image.getHeight();
  let row = new BitArray(width);
  const rowStep = Math.max(1, height >> (options.tryHarder ? 8 : 5));
  const maxLines = options.tryHarder ? height : 15;
  const middle = Math.trunc(height / 2);
  const source = options.source ?? '';
  const minRowGap = options.minRowGap ?? 0;
  const minSources = options.minSources ?? 1;
  for (let x = 0; x < maxLines; x++) {
    const steps = Math.trunc((x + 1) / 2);
    const rowNumber = middle + rowStep * ((x & 1) === 0 ? steps : -steps);
    if (rowNumber < 0 || rowNumber >= height) break;
    try {
      row = image.getBlackRow(rowNumber, row);
    } catch (_unreadable) {
      continue;
    }
    for (let attempt = 0; attempt < 2; attempt++) {
      if (attempt === 1) row.reverse();
      let result: Result;
      try {
        result = reader.decodeRow(rowNumber, row, hints);
      } catch (_none) {
        continue;
      }
      const key = `${result.getBarcodeFormat()}:${result.getText()}`;
      let candidate = candidates.get(key);
      if (candidate) {
        // The add-on is read on fewer rows than the main code: keep it from any row that had it.
        const extension = result.getResultMetadata()?.get(ResultMetadataType.UPC_EAN_EXTENSION);
        if (extension && !candidate.result.getResultMetadata()?.get(ResultMetadataType.UPC_EAN_EXTENSION)) {
          candidate.result.putMetadata(ResultMetadataType.UPC_EAN_EXTENSION, extension);
        }
      } else {
        candidate = { result, lines: 0, rows: new Map() };
        candidates.set(key, candidate);
      }
      countRow(candidate, source, rowNumber, minRowGap);
      if (accepted(candidate, candidates, options, minSources)) return candidate.result;
      break; // this row decoded: on to the next row
    }
  }
  throw new NotFoundException();
}
