/**
 * The typed contract of the photo quality worker (workers/photoQuality): the worker implements it
 * (`expose(api satisfies PhotoQualityApi)`), the page wraps it (src/execution/photos/quality.ts).
 * The photo crosses as a Blob (structured clone shares the bytes, nothing is re-encoded).
 */
import type { PhotoQuality, PhotoVerdict } from '#domain/photoQuality';

export interface PhotoQualityResult {
  quality: PhotoQuality;
  verdict: PhotoVerdict;
  /** Time spent in the worker (decode, downscale, measure), milliseconds. */
  ms: number;
}

export interface PhotoQualityApi {
  /** Measures a JPEG (or any image the browser decodes); null when it cannot be decoded. */
  measure(photo: Blob): Promise<PhotoQualityResult | null>;
}
