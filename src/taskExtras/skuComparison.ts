/**
 * SKUs entered versus the task's matching products (spec section 2, historical task view): each
 * product with the facings entered for its EAN (the latest entry wins; null when none), and the
 * entries whose EAN matches no product. Pure.
 */
import type { Product, ScannedItem } from '#domain/types';

export interface SkuComparison {
  matched: { ean: string; name: string; facings: number | null }[];
  unmatched: { ean: string; facings: number }[];
  /** Products with facings entered. */
  entered: number;
}

export function skuComparison(products: readonly Pick<Product, 'ean' | 'name'>[], scans: readonly Pick<ScannedItem, 'ean' | 'facings' | 'timestamp'>[]): SkuComparison {
  const latest = new Map<string, Pick<ScannedItem, 'ean' | 'facings' | 'timestamp'>>();
  for (const s of scans) {
    const seen = latest.get(s.ean);
    if (!seen || s.timestamp >= seen.timestamp) latest.set(s.ean, s);
  }
  const productEans = new Set(products.map((p) => p.ean));
  const matched = products.map((p) => ({ ean: p.ean, name: p.name, facings: latest.get(p.ean)?.facings ?? null }));
  const unmatched = [...latest.values()].filter((s) => !productEans.has(s.ean)).map((s) => ({ ean: s.ean, facings: s.facings }));
  return { matched, unmatched, entered: matched.filter((m) => m.facings !== null).length };
}
