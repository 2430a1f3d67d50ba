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

  it('scans the same code again once it was out of sight long enough', () => {
    const gate = createScanGate({ rearmAfter: 3 });
    gate.push(A);
    gate.push(A);
    expect([null, null].map((t) => gate.push(t))).toEqual([null, null]);
    expect(gate.push(A)).toBeNull(); // only two frames away: still the handled code
    expect([null, null, null].map((t) => gate.push(t))).toEqual([null, null, null]);
    expect(gate.push(A)).toBeNull();
    expect(gate.push(A)).toBe(A);
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
