/**
 * The console's API client. `staffCall(def, { params, query, body })` calls a route from its
 * definition (src/contracts/api) with the signed-in member's bearer and the console's language,
 * and answers the route's typed 2xx body; a refusal throws StaffApiError with the server's code,
 * message (in the console's language) and per-field codes, a failed fetch throws code 'NETWORK'.
 *
 * - An expired access token (401 TOKEN_EXPIRED) is renewed once with the refresh token (one
 *   refresh at a time for every call waiting on it) and the call sent again; when the refresh is
 *   refused the session ends (the App shows the sign-in).
 * - Every write carries an Idempotency-Key: a fresh one per call, or the caller's
 *   (`idempotencyKey`) to keep one key across retries of the same submit; the renewed-token resend
 *   uses the same key, so a write the server already applied is not applied twice.
 * - Network failures and recoveries are announced (`onConnectionChange`) for the banner, whose
 *   "Try again" asks every failed query to load again (`retryFailed`).
 */
import { useCallback, useEffect, useState } from 'react';
import { routePath, type AnswerOf, type BodyOf, type ParamsOf, type QueryOf, type QueryValue } from '#contracts/api/client';
import type { RouteDefinition } from '#contracts/api/common';
import { staffRefresh } from '#contracts/api/staffAuth';
import { reportConnection } from './connection';
import { consoleLocale } from './i18n';
import { getSession, setSession, type StaffSession } from './session';

export class StaffApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'StaffApiError';
  }
}

export interface CallInput<D> {
  params?: ParamsOf<D>;
  query?: QueryOf<D> | Record<string, QueryValue>;
  body?: BodyOf<D>;
  /** A write's Idempotency-Key to reuse across retries of one submit (default: a fresh one). */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

/** A new Idempotency-Key (for a form to keep across its retries). */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

// ---- connection state, for the banner -------------------------------------------------------

type ConnectionListener = (reachable: boolean) => void;
const connectionListeners = new Set<ConnectionListener>();
const retryListeners = new Set<() => void>();
let reachable = true;

function announce(now: boolean): void {
  reportConnection(now);
  if (now === reachable) return;
  reachable = now;
  for (const listener of connectionListeners) listener(now);
}

export function isServerReachable(): boolean {
  return reachable;
}

export function onConnectionChange(listener: ConnectionListener): () => void {
  connectionListeners.add(listener);
  return () => connectionListeners.delete(listener);
}

/**
 * The banner's "Try again": every query that failed loads again, and the server is asked whether
 * it answers (so the banner goes away even when only a write had failed; the write itself waits
 * for its form's own resend, with its draft and key).
 */
export function retryFailed(): void {
  for (const listener of [...retryListeners]) listener();
  void send('/api/health', { method: 'GET' }).catch(() => undefined);
}

// ---- transport ------------------------------------------------------------------------------

/** The fetch used (tests replace it). */
let fetchImpl: typeof fetch = (...args) => fetch(...args);
export function setFetchForTests(impl: typeof fetch): void {
  fetchImpl = impl;
}

async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    const res = await fetchImpl(url, init);
    announce(true);
    return res;
  } catch (error) {
    if (init.signal?.aborted) throw error;
    announce(false);
    throw new StaffApiError(0, 'NETWORK', 'The server cannot be reached');
  }
}

/** The API's refusal as a StaffApiError (a body that is not the error shape: its status). */
export async function refusalOf(res: Response): Promise<StaffApiError> {
  try {
    const body = (await res.json()) as { error?: { code?: unknown; message?: unknown; fields?: Record<string, string> } };
    if (body.error && typeof body.error.code === 'string') {
      return new StaffApiError(res.status, body.error.code, typeof body.error.message === 'string' ? body.error.message : body.error.code, body.error.fields);
    }
  } catch {
    // Not JSON: a proxy's page, an empty body.
  }
  return new StaffApiError(res.status, 'HTTP_' + res.status, `HTTP ${res.status}`);
}

let refreshing: Promise<StaffSession | null> | null = null;

/**
 * Renews the session with its refresh token; one request for all the calls that need it. Null
 * (and signed out) when the server refuses it; a network failure keeps the session and throws.
 */
export function refreshSession(): Promise<StaffSession | null> {
  refreshing ??= (async () => {
    const session = getSession();
    if (!session) return null;
    const res = await send('/api/' + routePath(staffRefresh), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': consoleLocale() },
      body: JSON.stringify({ refreshToken: session.refreshToken }),
    });
    if (res.status >= 500) {
      // A server restarting or out (502/503 during a deploy) is not a refused session: keep it, the call fails and can be retried.
      throw await refusalOf(res);
    }
    if (!res.ok) {
      // Only the session it tried to renew ends (another tab's sign-in meanwhile is kept).
      if (getSession() === session) setSession(null);
      return null;
    }
    const renewed = (await res.json()) as StaffSession;
    setSession(renewed);
    return renewed;
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** Sends with the bearer; renews the token once on 401 TOKEN_EXPIRED (same request again). */
async function authorized(url: string, init: RequestInit): Promise<Response> {
  const attempt = (token: string | undefined) => {
    const headers = new Headers(init.headers);
    if (token) headers.set('authorization', `Bearer ${token}`);
    headers.set('accept-language', consoleLocale());
    return send(url, { ...init, headers });
  };
  const session = getSession();
  const res = await attempt(session?.token);
  if (res.status !== 401 || !session) return res;
  const refusal = await refusalOf(res.clone());
  if (refusal.code !== 'TOKEN_EXPIRED') {
    // Any other 401 (revoked, deactivated): the session is over.
    if (getSession() === session) setSession(null);
    return res;
  }
  // Another call may have renewed it already.
  const current = getSession();
  const renewed = current && current.token !== session.token ? current : await refreshSession();
  if (!renewed) return res;
  return attempt(renewed.token);
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Keys of writes sent without a caller's key whose answer has not come (lost): reused when resent. */
const pendingKeys = new Map<string, string>();

/** Calls `def` and answers its typed 2xx body (undefined for 204). Throws StaffApiError. */
export async function staffCall<D extends RouteDefinition>(def: D, input: CallInput<D> = {}): Promise<AnswerOf<D>> {
  const url = '/api/' + routePath(def, { params: input.params, query: input.query });
  const headers: Record<string, string> = { accept: 'application/json' };
  let body: string | undefined;
  if (input.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(input.body);
  } else if (def.method !== 'GET' && def.method !== 'HEAD' && def.schema.body) {
    headers['content-type'] = 'application/json';
    body = '{}';
  }
  // A write without the caller's key keeps one per (method, URL, body) until the server answers:
  // the very same write sent again after a lost answer (a retry click) cannot act twice.
  const pending = `${def.method} ${url} ${body ?? ''}`;
  const write = WRITE_METHODS.has(def.method);
  if (write) {
    const key = input.idempotencyKey ?? pendingKeys.get(pending) ?? newIdempotencyKey();
    if (!input.idempotencyKey) pendingKeys.set(pending, key);
    headers['idempotency-key'] = key;
  }
  const res = await authorized(url, { method: def.method, headers, body, signal: input.signal });
  // An answer came (even a refusal): the next identical write is a new one.
  if (write) pendingKeys.delete(pending);
  if (!res.ok) throw await refusalOf(res);
  if (res.status === 204) return undefined as AnswerOf<D>;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as AnswerOf<D>;
}

/** A file behind the bearer (an export, a document image): its bytes as a Blob. `url` is absolute ('/api/…'). */
export async function staffDownload(url: string, signal?: AbortSignal): Promise<Blob> {
  const res = await authorized(url, { method: 'GET', signal });
  if (!res.ok) throw await refusalOf(res);
  return res.blob();
}

// ---- the query hook -------------------------------------------------------------------------

export interface StaffQuery<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

/**
 * Loads `def` with `input` when mounted and whenever the input changes (compared by value); the
 * previous data stays shown while the next loads. A failed load is retried by the banner's
 * "Try again" (retryFailed). `input === null` loads nothing (a screen waiting for a choice).
 */
export function useStaffQuery<D extends RouteDefinition>(def: D, input: CallInput<D> | null): StaffQuery<AnswerOf<D>> {
  // The language is part of the key: the server words some data (task type names) in it.
  const key = input === null ? null : JSON.stringify([def.url, input.params ?? null, input.query ?? null, consoleLocale()]);
  // `settled`: the load (key and round) the data or error come from; loading until it is the current one.
  const [state, setState] = useState<{ data: AnswerOf<D> | undefined; error: unknown; settled: string | null }>({
    data: undefined,
    error: null,
    settled: null,
  });
  const [round, setRound] = useState(0);
  const reload = useCallback(() => setRound((n) => n + 1), []);

  useEffect(() => {
    if (key === null) return;
    // The input as loaded: read back from its key, so the effect depends on the value only.
    const [, params, query] = JSON.parse(key) as [string, ParamsOf<D> | null, QueryOf<D> | null];
    const controller = new AbortController();
    staffCall(def, { params: params ?? undefined, query: query ?? undefined, signal: controller.signal }).then(
      (data) => {
        if (!controller.signal.aborted) setState({ data, error: null, settled: `${round}:${key}` });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState((s) => ({ ...s, error, settled: `${round}:${key}` }));
      },
    );
    return () => controller.abort();
    // `def` is a module constant; `key` stands for the input's value.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, round]);

  const loading = key !== null && state.settled !== `${round}:${key}`;
  const error = loading ? null : state.error;

  // A failed load joins the banner's "Try again".
  useEffect(() => {
    if (!error) return;
    retryListeners.add(reload);
    return () => {
      retryListeners.delete(reload);
    };
  }, [error, reload]);

  return { data: key === null ? undefined : state.data, error, loading, reload };
}
