/**
 * The worker's authenticated connection to the API: tokens from the mirror's `session` table,
 * the Geolocation and Accept-Language headers from `kv`, and the spec's 401 rule (section 7):
 * one token refresh, then one retry. Concurrent 401s share one refresh; a refused refresh ends the
 * session (`kv.sessionExpired`), a network failure does not.
 */
import { apiErrorOf, apiRequest, type ApiResult, type FetchImpl, type HttpMethod } from './http';
import { isAnswer } from './answers';
import { routePath, type AnswerOf, type BodyOf, type ParamsOf, type PathParts } from '#contracts/api/client';
import type { RouteDefinition } from '#contracts/api/common';
import { token as refreshTokenRoute } from '#contracts/api/auth';
import { CONNECTION_KEY, LOCALE_KEY, POSITION_KEY, SESSION_EXPIRED_KEY, readConnectionState, type ConnectionState } from '#contracts/kv';
import type { SessionRow, ShelfworkDb } from '#db/schema';
import type { AuthTokens } from '#domain/types';

/** Requests without an answer after this long count as a network failure (basement signal). */
export const REQUEST_TIMEOUT_MS = 30_000;
/** A photo upload (≤ 10 MB on a weak signal) gets longer before it counts as lost. */
export const UPLOAD_TIMEOUT_MS = 120_000;

export type Auth = 'required' | 'optional' | 'none';

export interface RequestOptions {
  body?: unknown;
  idempotencyKey?: string | null;
  /** An outbox record's recorded time (Shelfwork-Recorded-At). */
  recordedAt?: string | null;
  /** required: fail without a token; optional: send it when present; none: never (auth calls). */
  auth?: Auth;
}

/** A typed call of a route definition: its params and query build the path, its body is typed. */
export interface CallOptions<D extends RouteDefinition> extends Omit<RequestOptions, 'body'> {
  params?: ParamsOf<D>;
  query?: PathParts<D>['query'];
  body?: BodyOf<D>;
}

export interface SessionOptions {
  db: ShelfworkDb;
  fetchImpl?: FetchImpl;
  /** Resolves to the absolute API root once the page called init(). */
  apiBase: () => Promise<string>;
  locks: LockManager | null;
  /** Told after every request whether the API answered at all (any status) or nothing came back. */
  onAnswered?: (answered: boolean) => void;
  now?: () => Date;
}

type RefreshOutcome = { ok: true; token: string } | { ok: false; result: ApiResult<never> };

export const NOT_LOGGED_IN: ApiResult<never> = {
  ok: false,
  status: 401,
  error: { code: 'UNAUTHENTICATED', message: 'Not logged in' },
};

export class Session {
  private refreshing: Promise<RefreshOutcome> | null = null;

  constructor(private readonly options: SessionOptions) {}

  async tokens(): Promise<SessionRow | undefined> {
    return this.options.db.session.get('tokens');
  }

  /** Stores the tokens of a fresh login and clears the "session expired" notice. */
  async storeLogin(tokens: AuthTokens, email: string | null): Promise<void> {
    const { db } = this.options;
    await db.transaction('rw', db.session, db.kv, async () => {
      await db.session.put({ key: 'tokens', tokens: { token: tokens.token, refreshToken: tokens.refreshToken }, email });
      await db.kv.delete(SESSION_EXPIRED_KEY);
    });
  }

  /** The refresh token was refused: drop the tokens, let the UI say 'Session expired, please re-login'. */
  async expire(): Promise<void> {
    const { db } = this.options;
    await db.transaction('rw', db.session, db.kv, async () => {
      await db.session.delete('tokens');
      await db.kv.put({ key: SESSION_EXPIRED_KEY, value: true });
    });
  }

  /** One API call with the 401 rule applied. Never throws. */
  async request<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<ApiResult<T>> {
    const auth = options.auth ?? 'required';
    const row = auth === 'none' ? undefined : await this.tokens();
    if (auth === 'required' && !row) return NOT_LOGGED_IN;
    const token = row?.tokens.token ?? null;

    const first = await this.send<T>(method, path, options, token);
    if (first.ok || first.status !== 401 || !token) return first;

    const refreshed = await this.refreshAfter401(token);
    if (!refreshed.ok) return refreshed.result;
    return this.send<T>(method, path, options, refreshed.token);
  }

  /**
   * `request` for the route `def`: the path from its URL (params encoded, query appended), the
   * answer typed as its 2xx schema. The answer is not checked here: callers check it with
   * `isAnswer` (answers.ts) and decide what a malformed one means for them.
   */
  call<D extends RouteDefinition>(def: D, options: CallOptions<D> = {}): Promise<ApiResult<AnswerOf<D>>> {
    const { params, query, ...rest } = options;
    return this.request<AnswerOf<D>>(def.method as HttpMethod, routePath(def, { params, query } as PathParts<D>), rest);
  }

  /** The fetch this session sends with (the resumable uploads' own HTTP stack uses it too). */
  get fetchImpl(): FetchImpl {
    return this.options.fetchImpl ?? ((input, init) => fetch(input, init));
  }

  /** `url` (absolute, or an absolute path under the API's origin) as an absolute URL. */
  async absoluteUrl(url: string): Promise<string> {
    return new URL(url, await this.options.apiBase()).href;
  }

  /**
   * PUT a JPEG to a presigned upload URL (absolute, or an absolute path under the API's origin).
   * No bearer: the signed URL is the credential. Never throws; the answer is data like `request`.
   */
  async uploadJpeg<T>(url: string, blob: Blob): Promise<ApiResult<T>> {
    return this.noted(await this.putJpeg<T>(url, blob));
  }

  private async putJpeg<T>(url: string, blob: Blob): Promise<ApiResult<T>> {
    const base = await this.options.apiBase();
    const fetchImpl: FetchImpl = this.options.fetchImpl ?? ((input, init) => fetch(input, init));
    let response: Response;
    try {
      response = await fetchImpl(new URL(url, base).href, {
        method: 'PUT',
        headers: { 'Content-Type': 'image/jpeg', Accept: 'application/json' },
        body: blob,
        signal: typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(UPLOAD_TIMEOUT_MS) : undefined,
      });
    } catch (err) {
      return { ok: false, status: 0, error: { code: 'NETWORK', message: err instanceof Error ? err.message : String(err) } };
    }
    let body: unknown = null;
    try {
      const text = await response.text();
      body = text === '' ? null : (JSON.parse(text) as unknown);
    } catch (err) {
      if (response.ok) return { ok: false, status: 0, error: { code: 'NETWORK', message: err instanceof Error ? err.message : String(err) } };
    }
    if (response.ok) return { ok: true, status: response.status, body: body as T };
    return { ok: false, status: response.status, error: apiErrorOf(body, response.status) };
  }

  /** POST (no body, no bearer) a direct upload's confirmation URL (`completeUrl`, S3 storage). Never throws. */
  async confirmUpload<T>(url: string): Promise<ApiResult<T>> {
    return this.noted(await this.postConfirmation<T>(url));
  }

  private async postConfirmation<T>(url: string): Promise<ApiResult<T>> {
    const base = await this.options.apiBase();
    const fetchImpl: FetchImpl = this.options.fetchImpl ?? ((input, init) => fetch(input, init));
    let response: Response;
    let body: unknown = null;
    try {
      response = await fetchImpl(new URL(url, base).href, {
        method: 'POST',
        headers: { Accept: 'application/json' },
        signal: typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(REQUEST_TIMEOUT_MS) : undefined,
      });
      const text = await response.text();
      body = text === '' ? null : (JSON.parse(text) as unknown);
    } catch (err) {
      return { ok: false, status: 0, error: { code: 'NETWORK', message: err instanceof Error ? err.message : String(err) } };
    }
    if (response.ok) return { ok: true, status: response.status, body: body as T };
    return { ok: false, status: response.status, error: apiErrorOf(body, response.status) };
  }

  private async send<T>(method: HttpMethod, path: string, options: RequestOptions, token: string | null): Promise<ApiResult<T>> {
    const { db } = this.options;
    const [position, locale] = await db.kv.bulkGet([POSITION_KEY, LOCALE_KEY]);
    const base = await this.options.apiBase();
    const result = await apiRequest<T>({
      base,
      method,
      path,
      body: options.body,
      token,
      idempotencyKey: options.idempotencyKey ?? null,
      recordedAt: options.recordedAt ?? null,
      position: (position?.value as { latitude: number; longitude: number } | null | undefined) ?? null,
      locale: (locale?.value as string | undefined) ?? null,
      signal: typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(REQUEST_TIMEOUT_MS) : undefined,
      fetchImpl: this.options.fetchImpl,
    });
    return this.noted(result);
  }

  /**
   * Records whether `result` is an answer from the API (any status) or none came back, in the
   * mirror's `kv.connection` (written only when that changes) and to `onAnswered`.
   */
  private async noted<T>(result: ApiResult<T>): Promise<ApiResult<T>> {
    if (!result.ok && result.error.code === 'ABORTED') return result;
    const answered = result.ok || result.status !== 0;
    this.options.onAnswered?.(answered);
    const { db } = this.options;
    try {
      const stored = readConnectionState((await db.kv.get(CONNECTION_KEY))?.value);
      if (stored?.answered !== answered) {
        const value: ConnectionState = { answered, since: (this.options.now?.() ?? new Date()).toISOString() };
        await db.kv.put({ key: CONNECTION_KEY, value });
      }
    } catch (err) {
      // A full or closing database must not turn an answer into a failure: the notice just lags.
      console.warn('[sync] could not record the connection state', err);
    }
    return result;
  }

  /**
   * Every request that got a 401 for `failedToken` waits on the same refresh. The Web Lock extends
   * that to other tabs: refresh tokens rotate, and a second tab replaying the old one would make
   * the server revoke the whole family.
   */
  private refreshAfter401(failedToken: string): Promise<RefreshOutcome> {
    if (!this.refreshing) {
      const run = () => this.refresh(failedToken);
      const locks = this.options.locks;
      // lib.dom types request() as Promise<callback's return>; awaiting flattens the nesting.
      const locked: Promise<RefreshOutcome> = locks ? (async () => await locks.request('shelfwork-token-refresh', run))() : run();
      this.refreshing = locked.finally(() => {
        this.refreshing = null;
      });
    }
    return this.refreshing;
  }

  private async refresh(failedToken: string): Promise<RefreshOutcome> {
    const current = await this.tokens();
    if (!current) return { ok: false, result: NOT_LOGGED_IN };
    // Someone (another request, another tab) already refreshed since this request was sent.
    if (current.tokens.token !== failedToken) return { ok: true, token: current.tokens.token };

    const result = await this.send<unknown>(refreshTokenRoute.method as HttpMethod, routePath(refreshTokenRoute), { body: { refreshToken: current.tokens.refreshToken } }, null);
    if (result.ok) {
      if (!isAnswer(refreshTokenRoute, result.body)) {
        return { ok: false, result: { ok: false, status: result.status, error: { code: 'UNKNOWN', message: 'Malformed token answer' } } };
      }
      await this.options.db.session.put({ ...current, tokens: { token: result.body.token, refreshToken: result.body.refreshToken } });
      return { ok: true, token: result.body.token };
    }
    // No answer, or the server is struggling: keep the session, the caller retries later.
    if (result.status === 0 || result.status === 408 || result.status === 429 || result.status >= 500) {
      return { ok: false, result };
    }
    await this.expire();
    return { ok: false, result: { ok: false, status: 401, error: { code: 'SESSION_EXPIRED', message: result.error.message } } };
  }
}
