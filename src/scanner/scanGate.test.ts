import { describe, expect, it } from 'vitest';
import { createScanGate } from './scanGate';

const A = '4006381333931';
const B = '96385074';

describe('handing scanned codes to the tasker', () => {
  it('hands a code over once two of the last four frames agree', () => {
    const gate = createScanGate();
    expect(gate.push(A)).toBeNull();
    expect(gate.push(A)).toBe(A);
  });

  it('does not hand the same code over again while it stays in view', () => {
    const gate = createScanGate({ rearmAfter: 3 });
    gate.push(A);
    gate.push(A);
    const later = [A, null, A, A, null, A, A, A].map((text) => gate.push(text));
    expect(later.every((r) => r === null)).toBe(true);
  });

  it('scans the same code again once it was out of sight for enough frames', () => {
    const gate = createScanGate({ rearmAfter: 3, quietMs: 0 });
    gate.push(A);
    gate.push(A);
    expect([null, null].map((t) => gate.push(t))).toEqual([null, null]);
    expect(gate.push(A)).toBeNull(); // only two frames away: still the handled code
    expect([null, null, null].map((t) => gate.push(t))).toEqual([null, null, null]);
    expect(gate.push(A)).toBeNull();
    expect(gate.push(A)).toBe(A);
  });

  it('does not hand a code over again after a run of missed frames while it is still in view (the duplicate dialog reopened within a second of Cancel)', () => {
    // A real camera misses a code in view on many frames (blur, glare): 8 misses take ~0.4 s.
    let now = 0;
    const gate = createScanGate({ now: () => now });
    const at = (ms: number, text: string | null) => {
      now = ms;
      return gate.push(text);
    };
    at(0, A);
    expect(at(50, A)).toBe(A); // the dialog opens, the tasker cancels it
    const reads = [100, 150, 200, 250, 300, 350, 400, 450].map((ms) => at(ms, null));
    reads.push(at(500, A), at(550, A), at(600, A));
    expect(reads.every((r) => r === null)).toBe(true);
  });

  it('scans the same code again once it has been out of view for the quiet period', () => {
    let now = 0;
    const gate = createScanGate({ now: () => now, quietMs: 2000 });
    const at = (ms: number, text: string | null) => {
      now = ms;
      return gate.push(text);
    };
    at(0, A);
    at(50, A);
    for (let ms = 100; ms <= 2100; ms += 100) expect(at(ms, null)).toBeNull();
    expect(at(2200, A)).toBeNull();
    expect(at(2250, A)).toBe(A);
  });

  it('does not count the time a dialog was open (frames not read) as the code being away', () => {
    let now = 0;
    const gate = createScanGate({ now: () => now, quietMs: 2000 });
    const at = (ms: number, text: string | null) => {
      now = ms;
      return gate.push(text);
    };
    at(0, A);
    at(50, A);
    for (let ms = 100; ms <= 500; ms += 50) at(ms, null);
    gate.pause(); // a dialog is open for 10 s: no frames are read
    const reads = [10_000, 10_050, 10_100, 10_150, 10_200, 10_250, 10_300, 10_350, 10_400].map((ms) => at(ms, null));
    reads.push(at(10_450, A), at(10_500, A));
    expect(reads.every((r) => r === null)).toBe(true);
  });

  it('hands over another code at once', () => {
    const gate = createScanGate();
    gate.push(A);
    gate.push(A);
    expect(gate.push(B)).toBeNull();
    expect(gate.push(B)).toBe(B);
  });

  it('starts over after reset', () => {
    const gate = createScanGate();
    gate.push(A);
    gate.push(A);
    gate.reset();
    expect(gate.push(A)).toBeNull();
    expect(gate.push(A)).toBe(A);
  });

  it('needs two different camera frames: the same picture decoded twice is one', () => {
    const gate = createScanGate();
    expect(gate.push(A, 1)).toBeNull();
    expect(gate.push(A, 1)).toBeNull();
    expect(gate.push(A, 2)).toBe(A);
  });

  it('hands over no code the EAN rules refuse', () => {
    const gate = createScanGate();
    expect([1, 2, 3, 4].map((frame) => gate.push('4006381333932', frame))).toEqual([null, null, null, null]);
  });
});
