/**
 * The one HTTP client of the app: builds a request to the Shelfwork API and turns every outcome
 * (answer, error answer, no answer) into data. Runtime-agnostic (sync worker, page, Node tests):
 * no DOM, no Dexie, `fetch` is injectable. Policy (refresh, retry, outbox) lives in workers/sync.
 */
import { readErrorCode, type ErrorCode } from '#domain/errors';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface ApiError {
  /** Server error code, or 'NETWORK' (no answer), 'ABORTED' (caller aborted), 'UNKNOWN' (not the API's error shape, or a code this app does not know). */
  code: ErrorCode;
  message: string;
  fields?: Record<string, string>;
}

export type ApiResult<T = unknown> =
  | { ok: true; status: number; body: T }
  | { ok: false; status: number; error: ApiError };

export type FetchImpl = (input: string, init: RequestInit) => Promise<Response>;

export interface ApiRequest {
  /** Absolute URL of the API root, e.g. 'http://localhost:8080/api/'. */
  base: string;
  method: HttpMethod;
  /** Path under the API root, with its query string, e.g. 'task?status=available&first=50'. */
  path: string;
  body?: unknown;
  token?: string | null;
  idempotencyKey?: string | null;
  /** When the phone recorded the work an outbox record carries, sent as `Shelfwork-Recorded-At`. */
  recordedAt?: string | null;
  /** Last known position, sent as `Geolocation: <lat>,<lng>` (spec section 7). */
  position?: { latitude: number; longitude: number } | null;
  /** Sent as Accept-Language so server messages (shown for 420) come in the tasker's language. */
  locale?: string | null;
  signal?: AbortSignal;
  fetchImpl?: FetchImpl;
}

/** Joins the API root and a relative path; tolerant of a missing trailing or an extra leading slash. */
export function apiUrl(base: string, path: string): string {
  const root = base.endsWith('/') ? base : `${base}/`;
  return new URL(path.replace(/^\/+/, ''), root).href;
}

/** The API's error shape (its code any string: the wire is not trusted; read it with `apiErrorOf`). */
export function isApiErrorBody(value: unknown): value is { error: { code: string; message: string; fields?: Record<string, string> } } {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}

function isAbort(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { name?: unknown }).name === 'AbortError';
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // Not JSON (a proxy's HTML error page, say): hand back the text for diagnostics.
    return text;
  }
}

export async function apiRequest<T = unknown>(req: ApiRequest): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (req.body !== undefined) headers['Content-Type'] = 'application/json';
  if (req.token) headers.Authorization = `Bearer ${req.token}`;
  if (req.idempotencyKey) headers['Idempotency-Key'] = req.idempotencyKey;
  if (req.recordedAt) headers['Shelfwork-Recorded-At'] = req.recordedAt;
  if (req.position) headers.Geolocation = `${req.position.latitude},${req.position.longitude}`;
  if (req.locale) headers['Accept-Language'] = req.locale;

  const fetchImpl: FetchImpl = req.fetchImpl ?? ((input, init) => fetch(input, init));
  let response: Response;
  try {
    response = await fetchImpl(apiUrl(req.base, req.path), {
      method: req.method,
      headers,
      body: req.body === undefined ? undefined : JSON.stringify(req.body),
      signal: req.signal,
    });
  } catch (err) {
    // An abort requested by the caller is not a connectivity problem; a timeout abort is.
    if (isAbort(err) && req.signal?.aborted && (req.signal.reason as { name?: string } | undefined)?.name !== 'TimeoutError') {
      return { ok: false, status: 0, error: { code: 'ABORTED', message: 'Request aborted' } };
    }
    return { ok: false, status: 0, error: { code: 'NETWORK', message: err instanceof Error ? err.message : String(err) } };
  }

  let body: unknown;
  try {
    body = response.status === 204 ? null : await readBody(response);
  } catch (err) {
    // The connection dropped while the body was streaming: as good as no answer.
    return { ok: false, status: 0, error: { code: 'NETWORK', message: err instanceof Error ? err.message : String(err) } };
  }

  if (response.ok) return { ok: true, status: response.status, body: body as T };
  return { ok: false, status: response.status, error: apiErrorOf(body, response.status) };
}

/** An error answer's body as an ApiError: its code when this app knows it (else UNKNOWN), its message and fields. */
export function apiErrorOf(body: unknown, status: number): ApiError {
  if (!isApiErrorBody(body)) return { code: 'UNKNOWN', message: `HTTP ${status}` };
  const { code, message, fields } = body.error;
  return fields ? { code: readErrorCode(code), message, fields } : { code: readErrorCode(code), message };
}
