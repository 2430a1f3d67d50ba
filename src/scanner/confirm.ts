/**
 * Misread protection for the scan loop (pure). The decoder already asks three independent lines
 * of a frame to agree (workers/scanner/decoder.ts AGREED), but a blurred frame can still yield a
 * wrong code whose check digit passes. A wrong EAN
 * saved silently is worse than 50 ms more of aiming, so a reading is accepted only when the same
 * code came out of `required` *different* camera frames among the last `window` readings, and only
 * when it passes the EAN rules of src/domain/ean.ts (a reading that does not counts as no code).
 * A frame is known by the id the scan loop gives it (the video's presented-frame count): decoding
 * the same picture twice, which a fast loop on a slow camera does, is one frame, not two.
 */
import { classifyEan } from '#domain/ean';

export interface ReadConfirmerOptions {
  /** How many of the recent frames must agree (default 2). */
  required?: number;
  /** How many recent frames are remembered (default 4); frames with no code count too. */
  window?: number;
}

export interface ReadConfirmer {
  /**
   * Feed one frame's reading (null when nothing was decoded) and the frame's id. Returns the code
   * the moment it is confirmed, once; null otherwise. The same code is not returned again until
   * reset(). A reading of a frame id already fed is ignored; without an id every reading is a new
   * frame.
   */
  push(text: string | null, frame?: number): string | null;
  /** Forget everything (after the tasker has handled the confirmed code). */
  reset(): void;
}

export function createReadConfirmer(options: ReadConfirmerOptions = {}): ReadConfirmer {
  const required = Math.max(1, options.required ?? 2);
  const window = Math.max(required, options.window ?? 4);
  let recent: { text: string | null; frame?: number }[] = [];
  let confirmed: string | null = null;
  return {
    push(raw, frame) {
      if (frame !== undefined && recent.some((r) => r.frame === frame)) return null;
      const text = raw != null && isScannableEan(raw) ? raw : null;
      recent.push(frame === undefined ? { text } : { text, frame });
      if (recent.length > window) recent.shift();
      if (text == null || text === confirmed) return null;
      const agreeing = recent.filter((r) => r.text === text).length;
      if (agreeing < required) return null;
      confirmed = text;
      return text;
    },
    reset() {
      recent = [];
      confirmed = null;
    },
  };
}

/** A decoded text the EAN rules accept as a product code (not empty, not an invalid code). */
export function isScannableEan(text: string): boolean {
  const kind = classifyEan(text);
  return kind != null && kind !== 'EMPTY';
}
