/**
 * EAN and scanned-item (SKU) rules, spec section 5 ("EAN is valid if empty or one of …", "Other
 * SKU rules") and section 2 ("A scanned value uses its last 13 characters"). Pure: shared by the
 * scanner screen, the scanner worker (UPC-E expansion) and the server, which re-validates every
 * item. Validators return error codes, never text; the UI maps them to the spec's words:
 *   EAN_INVALID      → 'Invalid EAN. Scan directly from the product or select it from the list.'
 *   any item error   → 'Could not save: some items are invalid'
 *
 * Interpretations (the spec is terse; each choice is the conservative reading):
 * - Check digit: GS1 — weights 3 and 1 alternate from the rightmost data digit (this is the spec's
 *   "weights 1 and 3" counted from the left for EAN-13), modulo 10. Every symbology below has one.
 * - 8 digits: valid as EAN-8, or as UPC-E (number system 0 or 1, 6 digits, check digit computed on
 *   the expanded UPC-A) — scanners (ZXing included) report UPC-E as these 8 digits.
 * - 7 digits ("UPC-E (7) with check digit"): the 6 UPC-E digits plus the check digit with number
 *   system 0 implied (the common short form; number system 1 needs the 8-digit form).
 * - Add-ons: the main code must itself be a valid EAN-13 or UPC-A, followed by 2 or 5 digits,
 *   either concatenated (14, 15, 17 or 18 digits) or after one space or hyphen. A 14-digit string
 *   is valid if it is a GTIN-14 or a UPC-A with a 2-digit add-on.
 * - GTIN-14: 14 digits with check digit, optionally preceded by the application identifier 01 or
 *   02, written '01…'/'02…' (16 digits) or '(01)…'/'(02)…', with an optional space after ')'.
 * - "Three special codes": the spec does not name them, so none is invented here. SPECIAL_EANS is
 *   empty; a deployment that learns the three codes passes them as `specialCodes` (and fills the
 *   constant), and they are then accepted verbatim.
 * - Surrounding whitespace is ignored (all strings are trimmed, spec section 5); no other
 *   characters are tolerated.
 */

export type EanErrorCode = 'EAN_INVALID';
export type FacingsErrorCode = 'FACINGS_REQUIRED' | 'FACINGS_INVALID';
export type ScannedItemErrorCode = 'EAN_REQUIRED' | EanErrorCode | FacingsErrorCode;

/** What kind of code a valid EAN field holds. */
export type EanKind =
  | 'EMPTY'
  | 'EAN_8'
  | 'EAN_13'
  | 'UPC_A'
  | 'UPC_E'
  | 'EAN_13_ADDON'
  | 'UPC_A_ADDON'
  | 'GTIN_14'
  | 'SPECIAL';

/** The spec's "three special codes" — not named by the spec, so none until they are known. */
export const SPECIAL_EANS: readonly string[] = [];

/** A scanned value uses its last 13 characters (spec section 2, Scanner). */
export const SCANNED_VALUE_LENGTH = 13;

export const FACINGS_MIN = 0;
export const FACINGS_MAX = 99;

export interface EanOptions {
  /** Codes accepted verbatim (the spec's special codes). Defaults to SPECIAL_EANS. */
  specialCodes?: readonly string[];
}

const DIGITS = /^\d+$/;

/**
 * GS1 check digit for the data digits (everything but the check digit): weights 3, 1, 3, …
 * from the right, sum modulo 10, complement to 10.
 */
export function gs1CheckDigit(data: string): number {
  if (!DIGITS.test(data)) throw new Error('gs1CheckDigit: digits only');
  let sum = 0;
  for (let i = data.length - 1, weight = 3; i >= 0; i--, weight = 4 - weight) {
    sum += (data.charCodeAt(i) - 48) * weight;
  }
  return (10 - (sum % 10)) % 10;
}

/** The data digits followed by their GS1 check digit (EAN-8/EAN-13/UPC-A/GTIN-14 from their bodies). */
export function withCheckDigit(data: string): string {
  return `${data}${gs1CheckDigit(data)}`;
}

/** True for a digit string whose last digit is the GS1 check digit of the others. */
export function hasValidCheckDigit(code: string): boolean {
  if (code.length < 2 || !DIGITS.test(code)) return false;
  return gs1CheckDigit(code.slice(0, -1)) === code.charCodeAt(code.length - 1) - 48;
}

/**
 * Expand a UPC-E code to its UPC-A form (12 digits). Accepts 8 digits (number system 0 or 1, six
 * digits, check digit) or 7 digits (number system 0 implied). Returns null when it is not UPC-E
 * shaped. The check digit is carried over, not verified (see isValidUpcE).
 */
export function expandUpcE(code: string): string | null {
  const full = code.length === 7 ? `0${code}` : code;
  if (full.length !== 8 || !DIGITS.test(full)) return null;
  const ns = full[0]!;
  if (ns !== '0' && ns !== '1') return null;
  const d = full.slice(1, 7);
  const check = full[7]!;
  const last = d[5]!;
  let body: string;
  switch (last) {
    case '0':
    case '1':
    case '2':
      body = `${d.slice(0, 2)}${last}0000${d.slice(2, 5)}`;
      break;
    case '3':
      body = `${d.slice(0, 3)}00000${d.slice(3, 5)}`;
      break;
    case '4':
      body = `${d.slice(0, 4)}00000${d[4]}`;
      break;
    default:
      body = `${d.slice(0, 5)}0000${last}`;
  }
  return `${ns}${body}${check}`;
}

/** UPC-E (7 or 8 digits) whose check digit is right for the expanded UPC-A. */
export function isValidUpcE(code: string): boolean {
  const upcA = expandUpcE(code);
  return upcA != null && hasValidCheckDigit(upcA);
}

const ADDON_SEPARATED = /^(\d{12,13})[ -](\d{2}|\d{5})$/;
const GTIN_AI = /^(?:\(0[12]\) ?|0[12])(\d{14})$/;

function mainWithAddOn(main: string): EanKind | null {
  if (!hasValidCheckDigit(main)) return null;
  if (main.length === 13) return 'EAN_13_ADDON';
  if (main.length === 12) return 'UPC_A_ADDON';
  return null;
}

/**
 * Which rule of spec section 5 makes `value` a valid EAN, or null when none does. Empty (after
 * trimming) is valid: whether an item may be saved without one is validateScannedItem's business.
 */
export function classifyEan(value: string, options: EanOptions = {}): EanKind | null {
  const v = value.trim();
  if (v === '') return 'EMPTY';
  if ((options.specialCodes ?? SPECIAL_EANS).includes(v)) return 'SPECIAL';

  const separated = ADDON_SEPARATED.exec(v);
  if (separated) return mainWithAddOn(separated[1]!);

  const ai = GTIN_AI.exec(v);
  if (ai) return hasValidCheckDigit(ai[1]!) ? 'GTIN_14' : null;

  if (!DIGITS.test(v)) return null;
  switch (v.length) {
    case 7:
      return isValidUpcE(v) ? 'UPC_E' : null;
    case 8:
      if (hasValidCheckDigit(v)) return 'EAN_8';
      return isValidUpcE(v) ? 'UPC_E' : null;
    case 12:
      return hasValidCheckDigit(v) ? 'UPC_A' : null;
    case 13:
      return hasValidCheckDigit(v) ? 'EAN_13' : null;
    case 14:
      // GTIN-14, or UPC-A + 2-digit add-on written together.
      if (hasValidCheckDigit(v)) return 'GTIN_14';
      return mainWithAddOn(v.slice(0, 12));
    case 15: // EAN-13 + 2
      return mainWithAddOn(v.slice(0, 13));
    case 17: // UPC-A + 5
      return mainWithAddOn(v.slice(0, 12));
    case 18: // EAN-13 + 5
      return mainWithAddOn(v.slice(0, 13));
    default:
      return null;
  }
}

/** Field validator: null when valid (empty included), 'EAN_INVALID' otherwise. */
export function validateEan(value: unknown, options: EanOptions = {}): EanErrorCode | null {
  if (value == null) return null;
  if (typeof value !== 'string') return 'EAN_INVALID';
  return classifyEan(value, options) == null ? 'EAN_INVALID' : null;
}

/** AIM symbology identifier a scanner may put in front of the data (']E0', ']E4', ']C1', …). */
const AIM_PREFIX = /^\][A-Za-z][0-9A-Za-z]/;

/**
 * The value to store for a scan: trimmed, without an AIM symbology identifier, and then its last
 * 13 characters (spec). For EAN-13 with ']E0' or a GTIN-14 with a leading 0 the last-13 rule alone
 * gives the EAN-13; stripping the identifier first also keeps an EAN-8 (']E4' + 8 digits) intact.
 * An add-on is not part of the scanned value (the decoder reports it separately).
 */
export function scannedValue(raw: string): string {
  const trimmed = raw.trim().replace(AIM_PREFIX, '');
  return trimmed.length > SCANNED_VALUE_LENGTH ? trimmed.slice(-SCANNED_VALUE_LENGTH) : trimmed;
}

/**
 * Facings: an integer from 0 to 99. Accepts a number or the text of a manual entry ('12', ' 7 ').
 * Empty → FACINGS_REQUIRED; anything else that is not such an integer → FACINGS_INVALID.
 */
export function validateFacings(value: unknown): FacingsErrorCode | null {
  if (value == null || (typeof value === 'string' && value.trim() === '')) return 'FACINGS_REQUIRED';
  let n: number;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string' && DIGITS.test(value.trim())) n = Number(value.trim());
  else return 'FACINGS_INVALID';
  return Number.isInteger(n) && n >= FACINGS_MIN && n <= FACINGS_MAX ? null : 'FACINGS_INVALID';
}

/** The saved shape of a scanned item as far as the rules care. */
export interface ScannedItemInput {
  ean: unknown;
  facings: unknown;
}

/**
 * Every rule an item must pass to be saved (spec: "A SKU needs ean and numeric facings to save").
 * Returns all failing codes (empty array: the item may be saved). Any code here means the save
 * shows 'Could not save: some items are invalid'.
 */
export function validateScannedItem(item: ScannedItemInput, options: EanOptions = {}): ScannedItemErrorCode[] {
  const errors: ScannedItemErrorCode[] = [];
  if (item.ean == null || (typeof item.ean === 'string' && item.ean.trim() === '')) errors.push('EAN_REQUIRED');
  else {
    const ean = validateEan(item.ean, options);
    if (ean) errors.push(ean);
  }
  const facings = validateFacings(item.facings);
  if (facings) errors.push(facings);
  return errors;
}
