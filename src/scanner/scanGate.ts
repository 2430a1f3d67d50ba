/**
 * When the scan loop hands a code to the tasker (pure). The read confirmer (confirm.ts) reports a
 * code once 2 different frames of the last 4 read it and it passes the EAN rules, then never again
 * until reset. Resetting right
 * after the tasker handled the code would re-open the facings picker at once, because the code is
 * still in front of the camera. So the gate re-arms only once the handled code has been out of
 * sight for `rearmAfter` frames in a row: pointing the camera at the same product again (after
 * deleting it, say) scans it again, holding it there does not.
 */
import { createReadConfirmer, type ReadConfirmerOptions } from './confirm';

export interface ScanGateOptions extends ReadConfirmerOptions {
  /** Frames in a row without the last handled code before it can be scanned again (default 8). */
  rearmAfter?: number;
}

export interface ScanGate {
  /**
   * One frame's reading (null: nothing decoded) and the frame's id (ReadConfirmer.push). Returns a
   * newly confirmed code, or null.
   */
  push(text: string | null, frame?: number): string | null;
  /** Forget everything, the last handled code included (a new camera session). */
  reset(): void;
}

export function createScanGate(options: ScanGateOptions = {}): ScanGate {
  const rearmAfter = Math.max(1, options.rearmAfter ?? 8);
  const confirmer = createReadConfirmer(options);
  let last: string | null = null;
  let absent = 0;
  let lastFrame: number | undefined;
  return {
    push(text, frame) {
      if (frame !== undefined && frame === lastFrame) return null; // the same picture again
      lastFrame = frame;
      if (last !== null) {
        absent = text === last ? 0 : absent + 1;
        if (absent >= rearmAfter) {
          // Out of sight long enough: the same code may be confirmed again.
          confirmer.reset();
          last = null;
          absent = 0;
        }
      }
      const confirmed = confirmer.push(text, frame);
      if (confirmed !== null) {
        last = confirmed;
        absent = 0;
      }
      return confirmed;
    },
    reset() {
      confirmer.reset();
      last = null;
      absent = 0;
      lastFrame = undefined;
    },
  };
}
