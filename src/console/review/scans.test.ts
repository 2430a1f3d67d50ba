import { describe, expect, it } from 'vitest';
import { problemsFirst, scanRows, scanSummary } from './scans';

const product = (ean: string, facings: number | null, state: 'scanned' | 'missing' | 'zero_facing', expectedFacings: number | null = null) => ({
  ean,
  name: `P ${ean}`,
  brand: 'B',
  expectedFacings,
  facings,
  state,
});

describe('scanRows', () => {
  const rows = scanRows(
    [product('1', 3, 'scanned'), product('2', null, 'missing'), product('3', 0, 'zero_facing'), product('4', 1, 'scanned', 4), product('5', 4, 'scanned', 4)],
    [
      { ean: '9', name: null, facings: 2, zeroFacing: false },
      { ean: '8', name: 'Known', facings: 0, zeroFacing: true },
    ],
  );

  it('marks missing, zero-facing, below-expected and unexpected rows and leaves the rest unmarked', () => {
    expect(rows.map((r) => [r.ean, r.mark])).toEqual([
      ['1', null],
      ['2', 'missing'],
      ['3', 'zero_facing'],
      ['4', 'below_expected'],
      ['5', null],
      ['9', 'unexpected'],
      ['8', 'unexpected'],
    ]);
    expect(rows.filter((r) => !r.onList).map((r) => [r.ean, r.name, r.facings])).toEqual([
      ['9', null, 2],
      ['8', 'Known', 0],
    ]);
  });

  it('counts each kind', () => {
    expect(scanSummary(rows)).toEqual({ listed: 5, scanned: 4, missing: 1, zeroFacing: 1, belowExpected: 1, unexpected: 2 });
  });

  it('puts the rows that need a look first, keeping their order', () => {
    expect(problemsFirst(rows).map((r) => r.ean)).toEqual(['2', '3', '4', '9', '8', '1', '5']);
  });

  it('an empty list with no scans has no rows', () => {
    expect(scanRows([], [])).toEqual([]);
  });
});
