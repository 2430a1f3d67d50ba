import { describe, expect, it } from 'vitest';
import { createReadConfirmer } from './confirm';

describe('confirming a scanned code across frames', () => {
  it('accepts a code once two of the last four frames read it', () => {
    const confirmer = createReadConfirmer();
    expect(confirmer.push('4006381333931')).toBeNull();
    expect(confirmer.push(null)).toBeNull();
    expect(confirmer.push('4006381333931')).toBe('4006381333931');
  });

  it('ignores a single misread between good frames', () => {
    const confirmer = createReadConfirmer();
    expect(confirmer.push('4006381333931')).toBeNull();
    expect(confirmer.push('1920081045006')).toBeNull();
    expect(confirmer.push('4006381333931')).toBe('4006381333931');
  });

  it('forgets readings older than the window', () => {
    const confirmer = createReadConfirmer({ required: 2, window: 3 });
    confirmer.push('96385074');
    confirmer.push(null);
    confirmer.push(null);
    expect(confirmer.push('96385074')).toBeNull();
  });

  it('reports a confirmed code once, until reset', () => {
    const confirmer = createReadConfirmer();
    confirmer.push('96385074');
    expect(confirmer.push('96385074')).toBe('96385074');
    expect(confirmer.push('96385074')).toBeNull();
    confirmer.reset();
    confirmer.push('96385074');
    expect(confirmer.push('96385074')).toBe('96385074');
  });

  it('accepts at once when one frame is enough', () => {
    expect(createReadConfirmer({ required: 1 }).push('036000291452')).toBe('036000291452');
  });
});
