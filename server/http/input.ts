/**
 * Small, strict readers for query strings and JSON bodies. They never throw on odd input types
 * (arrays, objects, huge numbers); they return a value or a field error code, so handlers can
 * answer 400 with per-field codes.
 */
import { badRequest } from './errors';
import { readTimestamp } from '#domain/time';

export type QueryValue = string | string[] | undefined;
export type Query = Record<string, QueryValue>;

/** The query object Fastify gives (values are strings or arrays of strings). */
export function asQuery(raw: unknown): Query {
  return raw !== null && typeof raw === 'object' ? (raw as Query) : {};
}

/** A single string value; repeated keys are an error. */
export function single(value: QueryValue): { value: string | undefined; error: string | null } {
  if (value === undefined) return { value: undefined, error: null };
  if (Array.isArray(value)) return { value: undefined, error: 'INVALID' };
  return { value, error: null };
}

export function parseIntParam(value: QueryValue, min: number, max: number): { value: number | undefined; error: string | null } {
  const s = single(value);
  if (s.error || s.value === undefined || s.value === '') return { value: undefined, error: s.error };
  if (!/^\d{1,6}$/.test(s.value.trim())) return { value: undefined, error: 'INVALID' };
  const n = Number(s.value.trim());
  if (n < min || n > max) return { value: undefined, error: 'OUT_OF_RANGE' };
  return { value: n, error: null };
}

export function parseBoolParam(value: QueryValue): { value: boolean | undefined; error: string | null } {
  const s = single(value);
  if (s.error || s.value === undefined || s.value === '') return { value: undefined, error: s.error };
  const v = s.value.trim().toLowerCase();
  if (v === 'true' || v === '1') return { value: true, error: null };
  if (v === 'false' || v === '0') return { value: false, error: null };
  return { value: undefined, error: 'INVALID' };
}

export function parseFloatParam(value: QueryValue): { value: number | undefined; error: string | null } {
  const s = single(value);
  if (s.error || s.value === undefined || s.value === '') return { value: undefined, error: s.error };
  if (!/^-?\d{1,3}(\.\d{1,15})?$/.test(s.value.trim())) return { value: undefined, error: 'INVALID' };
  return { value: Number(s.value.trim()), error: null };
}

/** A JSON body as a plain object, or null (arrays, strings, numbers and null are not bodies here). */
export function asBody(raw: unknown): Record<string, unknown> | null {
  return raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : null;
}

/** A trimmed string of bounded length, or a code. */
export function readString(value: unknown, options: { required?: boolean; max?: number; min?: number } = {}): { value: string | null; error: string | null } {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
    return { value: null, error: options.required ? 'REQUIRED' : null };
  }
  if (typeof value !== 'string') return { value: null, error: 'INVALID' };
  const v = value.trim();
  if (options.max !== undefined && v.length > options.max) return { value: null, error: 'TOO_LONG' };
  if (options.min !== undefined && v.length < options.min) return { value: null, error: 'TOO_SHORT' };
  return { value: v, error: null };
}

/** Safe id shape for path parameters (anything else is simply not found): the shared rule. */
export { isPlausibleId } from '#domain/validation';

/** The header an outbox record carries: when the phone recorded the work (ISO 8601). */
export const RECORDED_AT_HEADER = 'shelfwork-recorded-at';

/**
 * The `Shelfwork-Recorded-At` header: null when absent (work done now), a 400 with a field code
 * (`recordedAt`: INVALID, OUT_OF_RANGE) when malformed or outside 2000–2099. Only a claim: the
 * rules bound it (src/domain/lifecycle.ts, workTime).
 */
export function readRecordedAt(headers: Record<string, string | string[] | undefined>): Date | null {
  const raw = headers[RECORDED_AT_HEADER];
  if (raw === undefined || raw === '') return null;
  const at = readTimestamp(raw);
  if (at.error) throw badRequest({ recordedAt: at.error }, 'The Shelfwork-Recorded-At header is not an ISO 8601 time between 2000 and 2099');
  return at.value;
}

/** `text` as a literal inside a LIKE / ILIKE pattern: its `\`, `%` and `_` escaped. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A LIKE / ILIKE pattern matching values that contain `text`. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}
