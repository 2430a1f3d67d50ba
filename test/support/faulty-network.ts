/**
 * The network between the sync worker and the real server, for worker tests: a `fetchImpl` that
 * forwards every request to an upstream fetch (the in-process server, test/support/sync-server.ts)
 * and records it, unless a fault is set for it. Faults are transport failures only — no signal,
 * a connection cut before or after the server handled the request, a 5xx from in front of the
 * server, a delay — never an answer a business rule would give: those come from the server.
 */
import type { FetchImpl } from '../../workers/sync/http';

/** A request as it left the device, and what came back (null when no answer arrived). */
export interface SentRequest {
  method: string;
  /** Path under /api without the query string, e.g. 'task' or 'task/t1/start'. */
  path: string;
  query: URLSearchParams;
  /** Header names lower-cased. */
  headers: Record<string, string>;
  /** The JSON body, parsed; null for none. */
  body: unknown;
  /** The bytes of a binary body (a photo PUT), else null. */
  raw: Uint8Array | null;
  /** True when the request reached the server (it may have changed something there). */
  reachedServer: boolean;
  /** The answer (a gateway's 5xx, or the server's — kept even when it was lost on the way back); null when none. */
  response: { status: number; headers: Headers; body: unknown } | null;
  /** False when no answer reached the device (no signal, a cut connection). */
  answered: boolean;
}

export type Fault =
  /** The connection fails before the request reaches the server. */
  | { kind: 'network-error' }
  /** The server handles the request (its effect commits), then the connection drops: no answer. */
  | { kind: 'lost-response' }
  /** A gateway in front of the server answers 5xx; the server never sees the request. */
  | { kind: 'gateway-error'; status: 500 | 502 | 503 | 504 }
  /** The request waits for `until` before it goes on to the server. */
  | { kind: 'hold-request'; until: Promise<unknown> }
  /** The server answers at once; the answer is delivered only after `until`. */
  | { kind: 'hold-response'; until: Promise<unknown> };

export interface FaultRule {
  method: string;
  /** Exact path under /api (no query), or a pattern. */
  path: string | RegExp;
  /** Further narrows the requests (e.g. one list status). */
  where?: (request: SentRequest) => boolean;
  fault: Fault;
  /** How many matching requests it hits; unlimited when absent. */
  times?: number;
  /** Requests it has hit so far. */
  hits: number;
}

/** Convenience: a gate a test opens by hand (for the hold faults). */
export function gate(): { until: Promise<void>; open: () => void } {
  let open: () => void = () => undefined;
  const until = new Promise<void>((resolve) => (open = resolve));
  return { until, open };
}

export class FaultyNetwork {
  readonly requests: SentRequest[] = [];
  private rules: FaultRule[] = [];
  private readonly basePath: string;

  /** No signal at all: every request fails on the device and is not recorded. */
  offline = false;

  constructor(
    private readonly upstream: FetchImpl,
    private readonly apiBase: string,
  ) {
    this.basePath = new URL(apiBase).pathname;
  }

  /**
   * Sets a fault for matching requests (first matching rule wins, in the order set); returns the
   * rule so a test can read `hits` or remove it with `heal`.
   */
  fail(method: string, path: string | RegExp, fault: Fault, options: { times?: number; where?: (request: SentRequest) => boolean } = {}): FaultRule {
    if (fault.kind === 'gateway-error' && fault.status < 500) throw new Error('gateway errors are 5xx: business answers come from the server');
    const rule: FaultRule = { method, path, fault, hits: 0, ...options };
    this.rules.push(rule);
    return rule;
  }

  /** Removes one rule, or every rule for a method and path, or all of them. */
  heal(target?: FaultRule | { method: string; path: string | RegExp }): void {
    if (!target) this.rules = [];
    else if ('fault' in target) this.rules = this.rules.filter((r) => r !== target);
    else this.rules = this.rules.filter((r) => !(r.method === target.method && String(r.path) === String(target.path)));
  }

  /** Requests to one route (exact path), in order. */
  calls(method: string, path: string): SentRequest[] {
    return this.requests.filter((r) => r.method === method && r.path === path);
  }

  /** Requests the server carried out (2xx, not an `Idempotent-Replayed` answer, answered or lost), in order: `METHOD path`. */
  effects(): string[] {
    return this.requests
      .filter((r) => r.reachedServer && r.response && r.response.status < 300 && r.response.headers.get('idempotent-replayed') !== 'true')
      .map((r) => `${r.method} ${r.path}`);
  }

  private match(request: SentRequest): FaultRule | undefined {
    return this.rules.find(
      (r) =>
        r.method === request.method &&
        (typeof r.path === 'string' ? r.path === request.path : r.path.test(request.path)) &&
        (r.times === undefined || r.hits < r.times) &&
        (!r.where || r.where(request)),
    );
  }

  readonly fetch: FetchImpl = async (input, init) => {
    if (this.offline) throw new TypeError('Failed to fetch (offline)');
    const url = new URL(input);
    if (!url.href.startsWith(this.apiBase) && !url.pathname.startsWith(this.basePath)) throw new TypeError(`unexpected URL ${url.href}`);
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, key) => {
      headers[key] = value;
    });
    const raw = init.body instanceof Blob ? new Uint8Array(await init.body.arrayBuffer()) : null;
    const request: SentRequest = {
      method: init.method ?? 'GET',
      path: url.pathname.slice(this.basePath.length),
      query: url.searchParams,
      headers,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : null,
      raw,
      reachedServer: false,
      response: null,
      answered: false,
    };
    this.requests.push(request);
    const rule = this.match(request);
    if (rule) rule.hits += 1;
    const fault = rule?.fault;
    if (fault?.kind === 'network-error') throw new TypeError('Failed to fetch');
    if (fault?.kind === 'gateway-error') {
      request.response = { status: fault.status, headers: new Headers({ 'content-type': 'text/html' }), body: null };
      request.answered = true;
      return new Response('<html><body>Bad gateway</body></html>', { status: fault.status, headers: { 'content-type': 'text/html' } });
    }
    if (fault?.kind === 'hold-request') await fault.until;
    // The body was read above when it was a Blob; hand the bytes on.
    const forwarded: RequestInit = raw ? { ...init, body: new Blob([raw as Uint8Array<ArrayBuffer>], { type: headers['content-type'] ?? '' }) } : init;
    request.reachedServer = true;
    const response = await this.upstream(input, forwarded);
    const bytes = await response.arrayBuffer();
    const text = new TextDecoder().decode(bytes);
    let body: unknown = null;
    try {
      body = text === '' ? null : (JSON.parse(text) as unknown);
    } catch {
      body = text;
    }
    request.response = { status: response.status, headers: response.headers, body };
    if (fault?.kind === 'lost-response') throw new TypeError('Failed to fetch (connection reset)');
    if (fault?.kind === 'hold-response') await fault.until;
    request.answered = true;
    return new Response(response.status === 204 ? null : bytes, { status: response.status, headers: response.headers });
  };
}
