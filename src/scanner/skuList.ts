/**
 * The scanner screen's working list of SKUs (pure): the duplicate-EAN rule, the device-local cache
 * `skusCache:{taskId}` (spec section 7) that keeps unsaved changes (added, changed, removed SKUs:
 * src/domain/scans.ts) across a reload, which of the task's products have been entered, the
 * product search, and the check before saving (spec section 5, "A SKU needs ean and numeric
 * facings to save").
 */
import { validateScannedItem } from '#domain/ean';
import type { ScanChange } from '#domain/scans';
import type { Product, ScannedItem } from '#domain/types';

/** Spec section 2: "A search list shows when there are more than 5 products." */
export const PRODUCT_SEARCH_THRESHOLD = 5;

/** Spec section 2: facings are chosen with buttons 0–8, or typed with "Other". */
export const FACINGS_BUTTONS: readonly number[] = [0, 1, 2, 3, 4, 5, 6, 7, 8];

/** Spec section 7: the local-storage key of the unsaved list. */
export function skusCacheKey(taskId: string): string {
  return `skusCache:${taskId}`;
}

/** The item with the same EAN (the spec's duplicate), compared after trimming. */
export function findDuplicate(items: readonly ScannedItem[], ean: string): ScannedItem | null {
  const wanted = ean.trim();
  return items.find((item) => item.ean.trim() === wanted) ?? null;
}

/** Ids of the items that may not be saved (any rule of validateScannedItem fails). */
export function invalidItemIds(items: readonly ScannedItem[]): string[] {
  return items.filter((item) => validateScannedItem(item).length > 0).map((item) => item.id);
}

function isItemShaped(value: unknown): value is ScannedItem {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.id === 'string' && typeof v.ean === 'string' && typeof v.facings === 'number' && typeof v.timestamp === 'string';
}

const itemOf = ({ id, ean, facings, timestamp }: ScannedItem): ScannedItem => ({ id, ean, facings, timestamp });

function changeOf(value: unknown): ScanChange | null {
  const v = value as { op?: unknown; item?: unknown; id?: unknown } | null;
  if (v?.op === 'put' && isItemShaped(v.item)) return { op: 'put', item: itemOf(v.item) };
  if (v?.op === 'remove' && typeof v.id === 'string') return { op: 'remove', id: v.id };
  return null;
}

/**
 * The cached unsaved changes, in the order they were made, or null when there are none or they
 * cannot be read (a damaged value is ignored, not fatal: the saved list still shows). Entries of
 * the wrong shape are dropped; items that break the EAN or facings rules are kept, so the save
 * refuses them visibly instead of losing them. A whole list cached by an earlier version (an
 * array, or `{ items }`) is read as its items added.
 */
export function parseSkusCache(raw: string | null): ScanChange[] | null {
  if (raw == null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    const changes = (parsed as { changes?: unknown } | null)?.changes;
    if (Array.isArray(changes)) return changes.map(changeOf).filter((c): c is ScanChange => c !== null);
    const list = Array.isArray(parsed) ? parsed : (parsed as { items?: unknown } | null)?.items;
    if (!Array.isArray(list)) return null;
    return list.filter(isItemShaped).reverse().map((item) => ({ op: 'put', item: itemOf(item) }));
  } catch {
    return null;
  }
}

export function serializeSkusCache(changes: readonly ScanChange[]): string {
  return JSON.stringify({ changes: changes.map((c) => (c.op === 'put' ? { op: 'put', item: itemOf(c.item) } : { op: 'remove', id: c.id })) });
}

export interface ProductMatch<P extends Product = Product> {
  product: P;
  /** The entered item with this product's EAN, if any. */
  item: ScannedItem | null;
}

/** The task's products with the entered item of each (spec: "SKUs entered versus matching products"). */
export function matchProducts<P extends Product>(products: readonly P[], items: readonly ScannedItem[]): ProductMatch<P>[] {
  const byEan = new Map<string, ScannedItem>();
  for (const item of items) if (!byEan.has(item.ean.trim())) byEan.set(item.ean.trim(), item);
  return products.map((product) => ({ product, item: byEan.get(product.ean.trim()) ?? null }));
}

/** The product an entered EAN belongs to, if it is one of the task's. */
export function productOf<P extends Product>(products: readonly P[], ean: string): P | null {
  const wanted = ean.trim();
  return products.find((p) => p.ean.trim() === wanted) ?? null;
}

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
}

/**
 * Products whose name, brand or EAN contain every word of the query (case and accents ignored,
 * so 'zalgiris' finds 'Žalgiris'). An empty query keeps them all.
 */
export function searchProducts<P extends Product>(products: readonly P[], query: string): P[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...products];
  return products.filter((p) => {
    const haystack = fold(`${p.name} ${p.brand} ${p.ean}`);
    return words.every((w) => haystack.includes(w));
  });
}
