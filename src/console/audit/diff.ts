/**
 * The readable difference of an audit row: the fields whose value changed between `before` and
 * `after`, by dotted path (nested objects are followed; arrays and scalars compared whole), in
 * a stable order. A creation (no before) lists every field of after; a deletion every field of before.
 */
export interface FieldChange {
  path: string;
  before: unknown;
  after: unknown;
}

const MISSING = undefined;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

function walk(before: unknown, after: unknown, path: string, out: FieldChange[]): void {
  if (isPlainObject(before) && isPlainObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    for (const key of keys) walk(before[key], after[key], path ? `${path}.${key}` : key, out);
    return;
  }
  if (isPlainObject(before) && (after === null || after === MISSING) && path === '') {
    walk(before, {}, path, out);
    return;
  }
  if (isPlainObject(after) && (before === null || before === MISSING) && path === '') {
    walk({}, after, path, out);
    return;
  }
  if (!same(before, after)) out.push({ path, before, after });
}

export function diffFields(before: unknown, after: unknown): FieldChange[] {
  const out: FieldChange[] = [];
  walk(before ?? null, after ?? null, '', out);
  return out;
}

/** A value as one short line: strings as they are, null/absent as '—', the rest as JSON. */
export function showValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value === '' ? '""' : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}
