/**
 * The barcode decoding core: one camera frame in, one EAN/UPC reading (or null) out. Runtime
 * agnostic on purpose (no DOM, no worker globals): the scanner worker runs it in the browser and
 * the decoder tests and the benchmark run the very same code in Node.
 *
 * How a frame is read: it is turned into luminance once (luminance.ts, which also holds the
 * scaling, cropping and rotation the steps use), then a *strategy* — an ordered list of
 * cheap-to-expensive steps — is tried until one finds a code. A step chooses a size (frames are
 * box-filtered down before decoding: fewer pixels, and the averaging also cleans sensor noise),
 * a crop (the central band where the tasker aims), a rotation (codes held vertically) and a row
 * binarizer. @zxing/library's 1D readers do the actual symbol decoding (see readers.ts for why
 * it is not MultiFormatReader: UPC-E is broken in 0.21.3).
 *
 * Why we do not set DecodeHintType.ALLOWED_EAN_EXTENSIONS: in ZXing it makes the add-on
 * *mandatory* (codes without one are rejected), and in @zxing/library 0.21.3 the check iterates
 * the array's indices instead of its values. Add-ons are read anyway whenever one follows the
 * main symbol (ResultMetadataType.UPC_EAN_EXTENSION), which is what we want.
 */
import {
  BarcodeFormat,
  Binarizer,
  BinaryBitmap,
  BitArray,
  GlobalHistogramBinarizer,
  HybridBinarizer,
  InvertedLuminanceSource,
  LuminanceSource,
  ResultMetadataType,
  type BitMatrix,
  type Result,
} from '@zxing/library';
import type { DecodeResult, ScanFormat, ScanFrame } from '#contracts/scanner';
import { centreBand, downscale, rotate90, toGray, type Gray } from './luminance';
import { UpcEanReader, scanRows, type Candidate } from './readers';

export type BinarizerKind = 'histogram' | 'hybrid' | 'local';

/** One attempt at a frame. */
export interface DecodeStep {
  name: string;
  /** Box-filter the frame down so it is at most this wide (never up). Absent: original size. */
  maxWidth?: number;
  /** Keep only the central horizontal band, as a fraction of the height (0 < band ≤ 1). */
  band?: number;
  /** Rotate by 90° first (a code held vertically). Applied after scaling and cropping. */
  rotate?: boolean;
  /**
   * How a pixel row becomes bars: 'histogram' is ZXing's per-row global threshold (what its
   * HybridBinarizer also uses for 1D rows), 'local' a moving-average threshold that survives a
   * light gradient across the code (a shelf lamp on one side).
   */
  binarizer?: BinarizerKind;
  /** ZXing TRY_HARDER: scan the whole height from the middle out (every row, or every few rows of a tall image) instead of 15 central rows. */
  tryHarder?: boolean;
}

export interface DecodeStrategy {
  name: string;
  steps: readonly DecodeStep[];
  /** When a code found on the rows is accepted. Absent: ZXing's rule, the first row that decodes. */
  accept?: AcceptRule;
}

/**
 * Misread protection (measured on the ZXing photographs, docs/performance.md "Scanner"). ZXing's
 * own rule — the first row that decodes wins — let 8 of 189 photographs through with a wrong code:
 * single rows whose bars the local threshold misjudged (UPC-E and EAN-13 reads on UPC-A codes), an
 * EAN-8 "found" inside a cropped UPC-A, a UPC-E read at barely more than a pixel per module.
 */
export interface AcceptRule {
  /** Rows that must read the same code (readers.ts, scanRows); 1 = ZXing. */
  minLines: number;
  /** Rows of every step of a frame count together (one row of two steps confirm a code). */
  acrossSteps: boolean;
  /**
   * Quiet zone, in modules, an EAN-8 or UPC-E needs on both sides, and then an add-on 3 modules
   * after it (UpcEanReader.shortQuietZone); 0 = ZXing's checks.
   */
  shortQuietZone: number;
  /** Narrowest module, in pixels, a UPC-E is read at (UpcEanReader.upcEMinModule); 0 = any. */
  upcEMinModule: number;
  /**
   * Rows of one image closer than this fraction of its height count as one line (readers.ts,
   * RowScanOptions.minRowGap); 0 = every row counts.
   */
  rowGap?: number;
  /** Different steps (images) that must be among the agreeing lines; absent = 1. */
  minSources?: number;
  /** Other codes read in the frame count against a code (RowScanOptions.outvote). */
  outvote?: boolean;
  /** Lines an EAN-8 or UPC-E needs; absent = minLines. */
  minShortLines?: number;
}

/** ZXing's behaviour (the decoder's before 2026-11-23): the first row that decodes. */
export const FIRST_ROW: AcceptRule = { minLines: 1, acrossSteps: false, shortQuietZone: 0, upcEMinModule: 0 };

/** Two rows agree (any steps of the frame), short codes stand 4 modules apart from other bars, no UPC-E below 1.3 px per module (the decoder of 2026-11-23 to 11-29). */
export const CONFIRMED: AcceptRule = { minLines: 2, acrossSteps: true, shortQuietZone: 4, upcEMinModule: 1.3 };

/**
 * Production: a code needs three *independent* lines more than any other code read in the frame.
 * Independent: rows of one image at least 1 % of its height apart (neighbouring rows are nearly
 * the same pixels, and in an enlarged picture interpolated copies), or rows of different steps
 * (another scale or threshold). Outvoted: a frame whose rows read two different codes is misjudged
 * somewhere, so a code then needs three lines more than the other. Measured on photographs the
 * rules were not fitted to (variants of the public set: tilted, blurred, shrunk, dimmed, sheared;
 * docs/performance.md "Scanner"), CONFIRMED let 10 wrong codes through, this 1.
 */
export const AGREED: AcceptRule = { ...CONFIRMED, minLines: 3, rowGap: 0.01, outvote: true };

/** The acceptance rules the benchmark compares on the production steps (reads and misreads per rule). */
export const ACCEPT_RULES: Readonly<Record<string, AcceptRule>> = {
  'first row (ZXing)': FIRST_ROW,
  'two rows (before)': CONFIRMED,
  'agreed (production)': AGREED,
};

const FORMATS: ReadonlyMap<BarcodeFormat, ScanFormat> = new Map([
  [BarcodeFormat.EAN_8, 'EAN_8'],
  [BarcodeFormat.EAN_13, 'EAN_13'],
  [BarcodeFormat.UPC_A, 'UPC_A'],
  [BarcodeFormat.UPC_E, 'UPC_E'],
]);

// ---------------------------------------------------------------------------------------------
// Strategies. PRODUCTION_STRATEGY is what the worker uses; the benchmark compares the others
// (scripts/bench-scanner.ts, docs/performance.md "Scanner") and the choice is recorded there.

export const STRATEGIES = {
  /** Everything at the original size. */
  fullRes: { name: 'full-res', steps: [{ name: 'full', tryHarder: true }] , accept: AGREED },
  down960: { name: 'down-960', steps: [{ name: '960', maxWidth: 960, tryHarder: true }] , accept: AGREED },
  down800: { name: 'down-800', steps: [{ name: '800', maxWidth: 800, tryHarder: true }] , accept: AGREED },
  down640: { name: 'down-640', steps: [{ name: '640', maxWidth: 640, tryHarder: true }] , accept: AGREED },
  /** The central half of the frame at full resolution: where the tasker aims. */
  centreBand: { name: 'centre-band', steps: [{ name: 'band-full', band: 0.5, tryHarder: true }] , accept: AGREED },
  /** The central half of the frame downscaled to 640. */
  centreBand640: { name: 'centre-band-640', steps: [{ name: 'band-640', maxWidth: 640, band: 0.5, tryHarder: true }] , accept: AGREED },
  /** Cascade: small and cheap first, then the details a downscale loses, then vertical codes. */
  cascade: {
    name: 'cascade',
    steps: [
      { name: '640', maxWidth: 640, tryHarder: true },
      { name: '640-local', maxWidth: 640, binarizer: 'local', tryHarder: true },
      { name: 'band-full', band: 0.5, tryHarder: true },
      { name: '640-rot', maxWidth: 640, rotate: true, tryHarder: true },
    ],
    accept: AGREED,
  },
  /** The production cascade with ZXing's acceptance (first row that decodes): the decoder before 2026-11-23. */
  cascadeFirstRow: {
    name: 'cascade-first-row',
    steps: [
      { name: '640', maxWidth: 640, tryHarder: true },
      { name: '640-local', maxWidth: 640, binarizer: 'local', tryHarder: true },
      { name: 'band-full', band: 0.5, tryHarder: true },
      { name: '640-rot', maxWidth: 640, rotate: true, tryHarder: true },
    ],
    accept: FIRST_ROW,
  },
  /** The production cascade with the acceptance of 2026-11-23 (two rows agree). */
  cascadeTwoRows: {
    name: 'cascade-two-rows',
    steps: [
      { name: '640', maxWidth: 640, tryHarder: true },
      { name: '640-local', maxWidth: 640, binarizer: 'local', tryHarder: true },
      { name: 'band-full', band: 0.5, tryHarder: true },
      { name: '640-rot', maxWidth: 640, rotate: true, tryHarder: true },
    ],
    accept: CONFIRMED,
  },
  /** Cascade without the full-resolution band (cheaper misses). */
  cascadeLite: {
    name: 'cascade-lite',
    steps: [
      { name: '640', maxWidth: 640, tryHarder: true },
      { name: '640-local', maxWidth: 640, binarizer: 'local', tryHarder: true },
      { name: '640-rot', maxWidth: 640, rotate: true, tryHarder: true },
    ],
    accept: AGREED,
  },
  /** Cascade whose local-threshold pass only looks at the central rows (ZXing's plain mode). */
  cascadeQuick: {
    name: 'cascade-quick',
    steps: [
      { name: '640', maxWidth: 640, tryHarder: true },
      { name: '640-local-centre', maxWidth: 640, binarizer: 'local' },
      { name: '640-rot', maxWidth: 640, rotate: true, tryHarder: true },
    ],
    accept: AGREED,
  },
} as const satisfies Record<string, DecodeStrategy>;

export const PRODUCTION_STRATEGY: DecodeStrategy = STRATEGIES.cascade;

// ---------------------------------------------------------------------------------------------
// ZXing adapters.

/** A LuminanceSource over our grey buffer (no copies for rows; crop is done before we get here). */
class GrayLuminanceSource extends LuminanceSource {
  constructor(private readonly gray: Gray) {
    super(gray.width, gray.height);
  }

  override getRow(y: number, row?: Uint8ClampedArray): Uint8ClampedArray {
    const { width, data } = this.gray;
    const target = row && row.length >= width ? row : new Uint8ClampedArray(width);
    target.set(data.subarray(y * width, (y + 1) * width));
    return target;
  }

  override getMatrix(): Uint8ClampedArray {
    return this.gray.data;
  }

  override invert(): LuminanceSource {
    return new InvertedLuminanceSource(this);
  }
}

/**
 * Row binarizer with a moving-average threshold: a pixel is black when it is darker than the mean
 * of a window around it by a small margin. Handles light gradients that defeat a single per-row
 * threshold. The margin keeps flat white quiet zones white (ZXing checks them). 2D decoding is not
 * our business, so the matrix comes from ZXing's HybridBinarizer.
 */
class LocalRowBinarizer extends Binarizer {
  private lum = new Uint8ClampedArray(0);
  private prefix = new Float64Array(0);

  constructor(source: LuminanceSource) {
    super(source);
  }

  override getBlackRow(y: number, row: BitArray): BitArray {
    const source = this.getLuminanceSource();
    const width = source.getWidth();
    if (row == null || row.getSize() < width) row = new BitArray(width);
    else row.clear();
    if (this.lum.length < width) {
      this.lum = new Uint8ClampedArray(width);
      this.prefix = new Float64Array(width + 1);
    }
    const lum = source.getRow(y, this.lum);
    const prefix = this.prefix;
    let min = 255;
    let max = 0;
    prefix[0] = 0;
    for (let x = 0; x < width; x++) {
      const v = lum[x]!;
      prefix[x + 1] = prefix[x]! + v;
      if (v < min) min = v;
      if (v > max) max = v;
    }
    // A flat row has no bars: do not invent them from noise.
    if (max - min < 24) return row;
    const radius = Math.max(8, width >> 4);
    const margin = Math.max(3, (max - min) >> 4);
    for (let x = 0; x < width; x++) {
      const a = Math.max(0, x - radius);
      const b = Math.min(width, x + radius + 1);
      const mean = (prefix[b]! - prefix[a]!) / (b - a);
      if (lum[x]! < mean - margin) row.set(x);
    }
    return row;
  }

  override getBlackMatrix(): BitMatrix {
    return new HybridBinarizer(this.getLuminanceSource()).getBlackMatrix();
  }

  override createBinarizer(source: LuminanceSource): Binarizer {
    return new LocalRowBinarizer(source);
  }
}

function makeBinarizer(kind: BinarizerKind, source: LuminanceSource): Binarizer {
  switch (kind) {
    case 'hybrid':
      return new HybridBinarizer(source);
    case 'local':
      return new LocalRowBinarizer(source);
    case 'histogram':
      return new GlobalHistogramBinarizer(source);
  }
}

// One reader for every frame: ZXing's readers keep only scratch buffers between calls.
const reader = new UpcEanReader();

/** Decode one prepared grey image with one step's binarizer and reader; null when nothing is found. */
function decodeGray(gray: Gray, step: DecodeStep, accept: AcceptRule, candidates: Map<string, Candidate>): Result | null {
  const bitmap = new BinaryBitmap(makeBinarizer(step.binarizer ?? 'histogram', new GrayLuminanceSource(gray)));
  try {
    reader.shortQuietZone = accept.shortQuietZone;
    reader.upcEMinModule = accept.upcEMinModule;
    const minRowGap = accept.rowGap ? Math.max(2, Math.round(accept.rowGap * gray.height)) : 0;
    return scanRows(
      bitmap,
      reader,
      { minLines: accept.minLines, tryHarder: !!step.tryHarder, minRowGap, minSources: accept.minSources ?? 1, source: step.name, outvote: !!accept.outvote, ...(accept.minShortLines ? { minShortLines: accept.minShortLines } : {}) },
      accept.acrossSteps ? candidates : new Map(),
    );
  } catch (_notFound) {
    // NotFound / Checksum / Format exceptions all mean "no code in this image".
    return null;
  }
}

/** The image a step looks at. */
interface Prepared {
  gray: Gray;
  rotated: boolean;
}

/** Prepare the image a step looks at; cached per frame, since steps share scales and crops. */
function prepare(base: Gray, step: DecodeStep, cache: Map<string, Prepared>): Prepared {
  const scaleKey = `${step.maxWidth ?? 0}`;
  const key = `${scaleKey}|${step.band ?? 1}|${step.rotate ? 1 : 0}`;
  const hit = cache.get(key);
  if (hit) return hit;
  let scaled = cache.get(scaleKey);
  if (!scaled) {
    scaled = { gray: step.maxWidth ? downscale(base, step.maxWidth) : base, rotated: false };
    cache.set(scaleKey, scaled);
  }
  let gray = scaled.gray;
  if (step.band != null && step.band < 1) gray = centreBand(gray, step.band);
  if (step.rotate) gray = rotate90(gray);
  const prepared: Prepared = { gray, rotated: !!step.rotate };
  cache.set(key, prepared);
  return prepared;
}

/** Two steps that would binarize the very same pixels the same way: the second cannot do better. */
function sameWork(a: Prepared, aStep: DecodeStep, b: Prepared, bStep: DecodeStep): boolean {
  return (
    a.gray.data === b.gray.data &&
    a.gray.width === b.gray.width &&
    a.rotated === b.rotated &&
    (aStep.binarizer ?? 'histogram') === (bStep.binarizer ?? 'histogram') &&
    !!aStep.tryHarder === !!bStep.tryHarder
  );
}

function toDecodeResult(result: Result, strategy: string, ms: number): DecodeResult | null {
  const format = FORMATS.get(result.getBarcodeFormat());
  if (!format) return null;
  const extension = result.getResultMetadata()?.get(ResultMetadataType.UPC_EAN_EXTENSION);
  return {
    text: result.getText(),
    format,
    ...(typeof extension === 'string' && extension !== '' ? { extension } : {}),
    ms,
    strategy,
  };
}

/** Decode one frame with a strategy (the production one unless told otherwise). */
export function decodeFrame(frame: ScanFrame, strategy: DecodeStrategy = PRODUCTION_STRATEGY): DecodeResult | null {
  const started = performance.now();
  // ZXing signals "not here" by throwing, thousands of times per frame; capturing a stack trace
  // for each was 80-90% of the decode time in V8. Nobody reads those traces.
  const stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    const base = toGray(frame);
    const cache = new Map<string, Prepared>();
    const tried: { prepared: Prepared; step: DecodeStep }[] = [];
    const candidates = new Map<string, Candidate>();
    for (const step of strategy.steps) {
      const prepared = prepare(base, step, cache);
      // A small frame is not downscaled, so e.g. '640' and 'full' are the same work there.
      if (tried.some((t) => sameWork(t.prepared, t.step, prepared, step))) continue;
      tried.push({ prepared, step });
      const result = decodeGray(prepared.gray, step, strategy.accept ?? FIRST_ROW, candidates);
      if (result) return toDecodeResult(result, `${strategy.name}/${step.name}`, performance.now() - started);
    }
    return null;
  } finally {
    Error.stackTraceLimit = stackTraceLimit;
  }
}
