/**
 * The review's scans table: each product of the task's list with what was scanned of it, then
 * the codes scanned that are not on the list, each row marked with what a reviewer should look
 * at — missing (listed, never scanned), zero facing (scanned with 0 facings), below expected
 * (fewer facings than the list expects) or unexpected (not on the list). Pure, so the marking is
 * tested without rendering.
 */
import type { AnswerOf } from '#contracts/api/client';
import type { taskReview } from '#contracts/api/staffReview';

type Review = AnswerOf<typeof taskReview>;

export type ScanMark = 'missing' | 'zero_facing' | 'below_expected' | 'unexpected';

export interface ScanRow {
  ean: string;
  /** The product's name; null for an unexpected code the catalogue does not know. */
  name: string | null;
  brand: string | null;
  expectedFacings: number | null;
  /** Scanned facings; null when the code was not scanned. */
  facings: number | null;
  onList: boolean;
  /** What is wrong with the row; null: as expected. */
  mark: ScanMark | null;
}

export interface ScanSummary {
  listed: number;
  scanned: number;
  missing: number;
  zeroFacing: number;
  belowExpected: number;
  unexpected: number;
}

/** The rows of the table: the list in its order, then the unexpected codes. */
export function scanRows(products: Review['products'], unexpected: Review['unexpected']): ScanRow[] {
  const listed = products.map((p): ScanRow => {
    let mark: ScanMark | null = null;
    if (p.state === 'missing' || p.facings === null) mark = 'missing';
    else if (p.state === 'zero_facing' || p.facings === 0) mark = 'zero_facing';
    else if (p.expectedFacings !== null && p.facings < p.expectedFacings) mark = 'below_expected';
    return { ean: p.ean, name: p.name, brand: p.brand, expectedFacings: p.expectedFacings, facings: p.facings, onList: true, mark };
  });
  const extra = unexpected.map((u): ScanRow => ({ ean: u.ean, name: u.name, brand: null, expectedFacings: null, facings: u.facings, onList: false, mark: 'unexpected' }));
  return [...listed, ...extra];
}

/** How many rows of each kind, for the section's heading. */
export function scanSummary(rows: readonly ScanRow[]): ScanSummary {
  const count = (mark: ScanMark) => rows.filter((r) => r.mark === mark).length;
  const listed = rows.filter((r) => r.onList);
  return {
    listed: listed.length,
    scanned: listed.filter((r) => r.facings !== null).length,
    missing: count('missing'),
    zeroFacing: count('zero_facing'),
    belowExpected: count('below_expected'),
    unexpected: count('unexpected'),
  };
}

/** Rows that need a look first (the order of the table otherwise kept). */
export function problemsFirst(rows: readonly ScanRow[]): ScanRow[] {
  return [...rows.filter((r) => r.mark !== null), ...rows.filter((r) => r.mark === null)];
}
