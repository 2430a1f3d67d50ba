/**
 * The scans of a task against its product list: each listed product with the facings scanned of
 * it (summed when its code was scanned more than once) and its state — scanned, missing (listed,
 * never scanned) or zero_facing (scanned with 0 facings) — and the scanned codes that are not on
 * the list (unexpected), with their summed facings.
 */
export interface ListedProduct {
  ean: string;
  name: string;
  brand: string;
  expectedFacings: number | null;
}

export interface Scan {
  ean: string;
  facings: number;
}

export type ScanState = 'scanned' | 'missing' | 'zero_facing';

export interface ComparedScans {
  listed: (ListedProduct & { facings: number | null; state: ScanState })[];
  unexpected: { ean: string; facings: number; zeroFacing: boolean }[];
}

export function compareScans(products: readonly ListedProduct[], scans: readonly Scan[]): ComparedScans {
  const scanned = new Map<string, number>();
  for (const s of scans) scanned.set(s.ean, (scanned.get(s.ean) ?? 0) + s.facings);
  const onList = new Set(products.map((p) => p.ean));
  const listed = products.map((p) => {
    const facings = scanned.has(p.ean) ? (scanned.get(p.ean) as number) : null;
    const state: ScanState = facings === null ? 'missing' : facings === 0 ? 'zero_facing' : 'scanned';
    return { ...p, facings, state };
  });
  const unexpected = [...scanned]
    .filter(([ean]) => !onList.has(ean))
    .map(([ean, facings]) => ({ ean, facings, zeroFacing: facings === 0 }));
  return { listed, unexpected };
}
