import { describe, expect, it } from 'vitest';
import { createReadConfirmer, isScannableEan } from './confirm';

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

  it('counts a camera frame once, however often it was decoded', () => {
    const confirmer = createReadConfirmer();
    expect(confirmer.push('4006381333931', 7)).toBeNull();
    expect(confirmer.push('4006381333931', 7)).toBeNull();
    expect(confirmer.push('4006381333931', 7)).toBeNull();
    expect(confirmer.push('4006381333931', 8)).toBe('4006381333931');
  });

  it('takes no code the EAN rules refuse, however many frames read it', () => {
    const confirmer = createReadConfirmer();
    for (const [i, text] of ['4006381333932', '4006381333932', '4006381333932', '', ' ', '12345'].entries()) {
      expect(confirmer.push(text, i)).toBeNull();
    }
    // An invalid reading counts as no code: it does not keep a good one from its two frames.
    const other = createReadConfirmer();
    expect(other.push('96385074', 1)).toBeNull();
    expect(other.push('96385075', 2)).toBeNull();
    expect(other.push('96385074', 3)).toBe('96385074');
  });

  it('knows which decoded texts are product codes', () => {
    expect(['4006381333931', '96385074', '01234531', '036000291452'].every(isScannableEan)).toBe(true);
    expect(['', '4006381333932', '9638507', 'abc'].some(isScannableEan)).toBe(false);
  });
});
