/**
 * A task's product list as staff write it: EANs checked with the domain's GS1 rule
 * (src/domain/ean.ts), a name, and the facings expected on the shelf. Products are one row per
 * EAN for every task (products.ean is unique): writing a list adds the unknown EANs and renames
 * the known ones. The tasker's scanner and the review compare scans with this list (task_products).
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database';
import { classifyEan, FACINGS_MAX, FACINGS_MIN } from '#domain/ean';

export interface ProductInput {
  ean: string;
  name: string;
  expectedFacings: number | null;
}

export interface TaskProduct {
  ean: string;
  name: string;
  brand: string;
  expectedFacings: number | null;
}

export const MAX_TASK_PRODUCTS = 500;
export const PRODUCT_NAME_MAX_LENGTH = 200;
/** The symbologies a product is identified by (add-ons and application identifiers are not product codes). */
const PRODUCT_KINDS = new Set(['EAN_8', 'EAN_13', 'UPC_A', 'UPC_E', 'GTIN_14']);

/** An EAN of a product list: trimmed, and a product code with a right check digit (else EAN_INVALID). */
export function readProductEan(value: unknown): { value: string | null; error: string | null } {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return { value: null, error: 'REQUIRED' };
  if (typeof value !== 'string') return { value: null, error: 'EAN_INVALID' };
  const ean = value.trim();
  const kind = classifyEan(ean);
  return kind && PRODUCT_KINDS.has(kind) ? { value: ean, error: null } : { value: null, error: 'EAN_INVALID' };
}

/** The `products` body field: codes collected in `fields` under `<prefix>.<n>.<field>`. */
export function readProducts(value: unknown, fields: Record<string, string>, prefix = 'products'): ProductInput[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    fields[prefix] = 'INVALID';
    return [];
  }
  if (value.length > MAX_TASK_PRODUCTS) {
    fields[prefix] = 'TOO_MANY';
    return [];
  }
  const out: ProductInput[] = [];
  const seen = new Set<string>();
  value.forEach((raw, n) => {
    const at = `${prefix}.${n}`;
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      fields[at] = 'INVALID';
      return;
    }
    const { ean: rawEan, name: rawName, expectedFacings } = raw as Record<string, unknown>;
    const ean = readProductEan(rawEan);
    if (ean.error) fields[`${at}.ean`] = ean.error;
    else if (seen.has(ean.value as string)) fields[`${at}.ean`] = 'DUPLICATE';
    else seen.add(ean.value as string);
    let name: string | null = null;
    if (typeof rawName !== 'string' || rawName.trim() === '') fields[`${at}.name`] = rawName === undefined || rawName === null || typeof rawName === 'string' ? 'REQUIRED' : 'INVALID';
    else if (rawName.trim().length > PRODUCT_NAME_MAX_LENGTH) fields[`${at}.name`] = 'TOO_LONG';
    else name = rawName.trim();
    let facings: number | null = null;
    if (expectedFacings !== undefined && expectedFacings !== null && expectedFacings !== '') {
      if (typeof expectedFacings === 'number' && Number.isInteger(expectedFacings) && expectedFacings >= FACINGS_MIN && expectedFacings <= FACINGS_MAX) facings = expectedFacings;
      else fields[`${at}.expectedFacings`] = 'FACINGS_INVALID';
    }
    if (ean.value && name) out.push({ ean: ean.value, name, expectedFacings: facings });
  });
  return out;
}

/**
 * Adds unknown EANs to the catalog and answers the product ids by EAN. A known EAN keeps its
 * catalog name: the catalog is shared by every market's tasks and reviews, so one task's list
 * (a market-limited author's) must not rename a product for the others.
 */
async function upsertProducts(db: Db, products: readonly ProductInput[]): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  if (products.length === 0) return ids;
  await db
    .insertInto('products')
    .values(products.map((p) => ({ id: randomUUID(), ean: p.ean, name: p.name, brand: '' })))
    .onConflict((oc) => oc.column('ean').doNothing())
    .execute();
  const rows = await db.selectFrom('products').select(['id', 'ean']).where('ean', 'in', products.map((p) => p.ean)).execute();
  for (const row of rows) ids.set(row.ean, row.id);
  return ids;
}

/** Replaces the task's product list. */
export async function replaceTaskProducts(db: Db, taskId: string, products: readonly ProductInput[]): Promise<void> {
  await db.deleteFrom('task_products').where('task_id', '=', taskId).execute();
  if (products.length === 0) return;
  const ids = await upsertProducts(db, products);
  await db
    .insertInto('task_products')
    .values(products.map((p) => ({ task_id: taskId, product_id: ids.get(p.ean) as string, expected_facings: p.expectedFacings })))
    .execute();
}

/** Attaches known products (by EAN) to a task, without names (the CSV import's product column). */
export async function attachKnownProducts(db: Db, taskId: string, eans: readonly string[]): Promise<void> {
  if (eans.length === 0) return;
  const rows = await db.selectFrom('products').select('id').where('ean', 'in', [...eans]).execute();
  if (rows.length === 0) return;
  await db
    .insertInto('task_products')
    .values(rows.map((r) => ({ task_id: taskId, product_id: r.id, expected_facings: null })))
    .onConflict((oc) => oc.columns(['task_id', 'product_id']).doNothing())
    .execute();
}

/** The EANs of `eans` that are known products. */
export async function knownEans(db: Db, eans: readonly string[]): Promise<Set<string>> {
  if (eans.length === 0) return new Set();
  const rows = await db.selectFrom('products').select('ean').where('ean', 'in', [...eans]).execute();
  return new Set(rows.map((r) => r.ean));
}

export async function taskProducts(db: Db, taskId: string): Promise<TaskProduct[]> {
  const rows = await db
    .selectFrom('task_products as tp')
    .innerJoin('products as p', 'p.id', 'tp.product_id')
    .select(['p.ean', 'p.name', 'p.brand', 'tp.expected_facings'])
    .where('tp.task_id', '=', taskId)
    .orderBy('p.name')
    .orderBy('p.ean')
    .execute();
  return rows.map((r) => ({ ean: r.ean, name: r.name, brand: r.brand, expectedFacings: r.expected_facings }));
}
