/**
 * A task's product list as the author edits it: rows of EAN, name and expected facings, checked
 * live with the domain's GS1 rule (src/domain/ean.ts, the same rule the scanner and the server
 * apply), and a paste of many codes at once turned into rows. Pure: no React, no DOM.
 */
import { classifyEan, validateFacings } from '#domain/ean';

export interface ProductRow {
  /** A key for React and for the draft; never sent. */
  key: string;
  ean: string;
  name: string;
  /** As typed: '' for none, else an integer 0–99. */
  expectedFacings: string;
}

/** The wire shape of one product (PUT /api/staff/tasks/:id/products, POST /api/staff/tasks). */
export interface ProductInput {
  ean: string;
  name: string;
  expectedFacings?: number;
}

export type ProductFieldError = 'REQUIRED' | 'EAN_INVALID' | 'DUPLICATE' | 'FACINGS_INVALID' | 'TOO_LONG';

export interface ProductRowErrors {
  ean?: ProductFieldError;
  name?: ProductFieldError;
  expectedFacings?: ProductFieldError;
}

export const PRODUCT_NAME_MAX_LENGTH = 200;

let keySeq = 0;
/** A fresh row key (unique within the page's life). */
export function newProductKey(): string {
  keySeq += 1;
  return `p${Date.now().toString(36)}${keySeq.toString(36)}`;
}

export function emptyProductRow(): ProductRow {
  return { key: newProductKey(), ean: '', name: '', expectedFacings: '' };
}

/**
 * The EAN rule for a product list: required, a valid GS1 code (EAN-8/13, UPC-A/E, GTIN-14, with
 * check digit). Only the digits are kept for comparison, so '4006381333931' and ' 4006381333931'
 * are the same product.
 */
export function productEanError(ean: string): ProductFieldError | null {
  const v = ean.trim();
  if (v === '') return 'REQUIRED';
  const kind = classifyEan(v);
  return kind == null || kind === 'EMPTY' ? 'EAN_INVALID' : null;
}

/** Errors of every row, by key (rows without errors are absent). A repeated EAN marks every row after the first. */
export function productListErrors(rows: readonly ProductRow[]): Record<string, ProductRowErrors> {
  const errors: Record<string, ProductRowErrors> = {};
  const seen = new Set<string>();
  for (const row of rows) {
    const e: ProductRowErrors = {};
    const ean = row.ean.trim();
    const eanError = productEanError(ean);
    if (eanError) e.ean = eanError;
    else if (seen.has(ean)) e.ean = 'DUPLICATE';
    if (ean !== '') seen.add(ean);
    const name = row.name.trim();
    if (name === '') e.name = 'REQUIRED';
    else if (name.length > PRODUCT_NAME_MAX_LENGTH) e.name = 'TOO_LONG';
    if (row.expectedFacings.trim() !== '' && validateFacings(row.expectedFacings) != null) e.expectedFacings = 'FACINGS_INVALID';
    if (e.ean || e.name || e.expectedFacings) errors[row.key] = e;
  }
  return errors;
}

/** Rows with nothing typed in them: left out of the body instead of refused. */
export function isBlankProductRow(row: ProductRow): boolean {
  return row.ean.trim() === '' && row.name.trim() === '' && row.expectedFacings.trim() === '';
}

/** The rows as the API takes them (blank rows left out; call productListErrors first). */
export function toProductInputs(rows: readonly ProductRow[]): ProductInput[] {
  return rows
    .filter((row) => !isBlankProductRow(row))
    .map((row) => {
      const facings = row.expectedFacings.trim();
      return { ean: row.ean.trim(), name: row.name.trim(), ...(facings === '' ? {} : { expectedFacings: Number(facings) }) };
    });
}

/** The API's products as editable rows. */
export function fromProductInputs(products: readonly { ean: string; name: string; expectedFacings?: number | null }[]): ProductRow[] {
  return products.map((p) => ({
    key: newProductKey(),
    ean: p.ean,
    name: p.name,
    expectedFacings: p.expectedFacings == null ? '' : String(p.expectedFacings),
  }));
}

/**
 * Rows from pasted text: one product per line, its cells separated by a tab (a spreadsheet's
 * copy), a semicolon or a comma: `EAN[, name[, facings]]`. A line of codes only (separated by
 * spaces, commas or semicolons) gives one row per code with the name left to fill in. Codes
 * already in `existing` are skipped, so pasting the same list twice adds nothing.
 */
export function rowsFromPaste(text: string, existing: readonly ProductRow[] = []): ProductRow[] {
  const have = new Set(existing.map((r) => r.ean.trim()).filter((e) => e !== ''));
  const rows: ProductRow[] = [];
  const add = (ean: string, name = '', facings = '') => {
    const code = ean.trim();
    if (code === '' || have.has(code)) return;
    have.add(code);
    rows.push({ key: newProductKey(), ean: code, name: name.trim(), expectedFacings: facings.trim() });
  };
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '') continue;
    const cells = line.split(/\t|;/).length > 1 ? line.split(/\t|;/) : line.split(',');
    const [first = '', ...rest] = cells.map((c) => c.trim());
    // A line of codes only: every cell (and every space-separated word) is a code.
    const codesOnly = cells.every((c) => /^[\d\s()-]*$/.test(c.trim())) && !/^\d{1,2}$/.test(rest[rest.length - 1] ?? 'x');
    if (codesOnly) {
      for (const code of line.split(/[\s,;]+/)) add(code);
    } else {
      add(first, rest[0] ?? '', rest[1] ?? '');
    }
  }
  return rows;
}
