/**
 * When the scan loop hands a code to the tasker (pure). The read confirmer (confirm.ts) reports a
 * code once 2 different frames of the last 4 read it and it passes the EAN rules, then never again
 * until reset. Resetting right after the tasker handled the code would re-open the facings picker
 * (or the duplicate question) at once, because the code is still in front of the camera. So the
 * gate re-arms only once the handled code has been out of sight for `rearmAfter` frames in a row
 * *and* for `quietMs`: a camera misses a code that is still in view on runs of frames (motion
 * blur, glare), and 8 missed frames are less than half a second — counted in frames alone, a
 * cancelled duplicate question came back three times in 2.3 s. Pointing the camera at the same
 * product again after looking elsewhere (after deleting it, say) scans it again; holding it there
 * does not. Another code handed over in between re-arms at once (the camera did move on).
 */
import { createReadConfirmer, type ReadConfirmerOptions } from './confirm';

export interface ScanGateOptions extends ReadConfirmerOptions {
  /** Frames in a row without the last handled code before it can be scanned again (default 8). */
  rearmAfter?: number;
  /** …and for at least this long, in milliseconds (default 2000). */
  quietMs?: number;
  /** Clock in milliseconds (tests); default performance.now. */
  now?: () => number;
}

export interface ScanGate {
  /**
   * One frame's reading (null: nothing decoded) and the frame's id (ReadConfirmer.push). Returns a
   * newly confirmed code, or null.
   */
  push(text: string | null, frame?: number): string | null;
  /**
   * Frames are not being read for a while (a dialog is open): the handled code's absence starts
   * over when reading resumes, so the time spent in the dialog does not count as "out of sight".
   */
  pause(): void;
  /** Forget everything, the last handled code included (a new camera session). */
  reset(): void;
}

export const DEFAULT_QUIET_MS = 2000;

export function createScanGate(options: ScanGateOptions = {}): ScanGate {
  const rearmAfter = Math.max(1, options.rearmAfter ?? 8);
  const quietMs = Math.max(0, options.quietMs ?? DEFAULT_QUIET_MS);
  const now = options.now ?? (() => performance.now());
  const confirmer = createReadConfirmer(options);
  let last: string | null = null;
  let absent = 0;
  let absentSince: number | null = null;
  let lastFrame: number | undefined;
  return {
    push(text, frame) {
      if (frame !== undefined && frame === lastFrame) return null; // the same picture again
      lastFrame = frame;
      if (last !== null) {
        if (text === last) {
          absent = 0;
          absentSince = null;
        } else {
          absent++;
          absentSince ??= now();
          if (absent >= rearmAfter && now() - absentSince >= quietMs) {
            // Out of sight long enough: the same code may be confirmed again.
            confirmer.reset();
            last = null;
            absent = 0;
            absentSince = null;
          }
        }
      }
      const confirmed = confirmer.push(text, frame);
      if (confirmed !== null) {
        last = confirmed;
        absent = 0;
        absentSince = null;
      }
      return confirmed;
    },
    pause() {
      absent = 0;
      absentSince = null;
    },
    reset() {
      confirmer.reset();
      last = null;
      absent = 0;
      absentSince = null;
      lastFrame = undefined;
    },
  };
}
