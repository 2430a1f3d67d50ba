/**
 * The typed contract of the scanner worker (workers/scanner). The worker implements it
 * (`expose(api satisfies ScannerApi)`), the page wraps it (`wrap<ScannerApi>()`, src/scanner/client.ts).
 * Frames cross the boundary as transferred buffers, so a frame is handed over, not copied.
 */

/** The symbologies the scanner reads (spec section 5: EAN-8, EAN-13, UPC-A, UPC-E, with add-ons). */
export type ScanFormat = 'EAN_8' | 'EAN_13' | 'UPC_A' | 'UPC_E';

/**
 * One camera frame. `data` is either RGBA (`width * height * 4` bytes, as in ImageData) or
 * already luminance (`width * height` bytes, one grey value per pixel).
 */
export interface ScanFrame {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

export interface DecodeResult {
  /** The main symbol's digits as ZXing reads them: 8 (EAN-8, UPC-E), 12 (UPC-A) or 13 (EAN-13). */
  text: string;
  format: ScanFormat;
  /** The 2- or 5-digit add-on, when one was read beside the main symbol. */
  extension?: string;
  /** Time spent decoding this frame in the worker (milliseconds). */
  ms: number;
  /** Which step of the decoding strategy found the code (for diagnostics and the benchmark). */
  strategy: string;
}

export interface ScannerApi {
  /** Decode one frame; null when no barcode was found. Never throws for an unreadable frame. */
  decode(frame: ScanFrame): Promise<DecodeResult | null>;
}
