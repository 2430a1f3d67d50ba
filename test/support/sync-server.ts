/**
 * The real API server for the sync worker's tests: the Fastify app of buildApp on an in-memory
 * PGlite (test/server/helpers.ts: a clone of the cached migrated and seeded database, a
 * FixedClock), reached through `app.inject` by a `fetchImpl` adapter — real routing, validation,
 * rules and SQL, no socket. One per test process: the worker tests run without module isolation
 * (vitest.config.ts, project 'workers'), so the files a process runs one after another share the
 * server the first one started, instead of each paying a database load and a cold start.
 */
import { beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { FetchImpl } from '../../workers/sync/http';
import { startTestServer, type TestServer } from '../server/helpers';

/** Where the worker believes the API is; only the path and query reach the app. */
export const API_BASE = 'http://shelfwork.test/api/';

/** Saturday 21 November 2026, 10:00 in Vilnius: the clock of every worker test starts here. */
export const START = new Date('2026-11-21T08:00:00.000Z');

/**
 * testConfig (auth limits out of the way) with two settings of its own: access tokens live a week,
 * so tests that move the clock by hours are not interrupted by refreshes (the refresh tests start
 * from a token issued long ago); and every test's code requests come from 127.0.0.1 at the same
 * clock into one shared database, so the per-address code limit (30 per window) is raised — the
 * limits themselves are tested in test/server/auth-throttle.test.ts.
 */
export const SYNC_SERVER_CONFIG = { accessTokenTtlSeconds: 7 * 24 * 3600, sendCodeLimitPerIp: 100_000 };

/** The worker's `fetch`, answered by `app.inject`. */
export function injectFetch(app: FastifyInstance): FetchImpl {
  return async (input, init) => {
    if (init.signal?.aborted) throw init.signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
    const url = new URL(input);
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, key) => {
      headers[key] = value;
    });
    let payload: string | Buffer | undefined;
    if (typeof init.body === 'string') payload = init.body;
    else if (init.body instanceof Blob) payload = Buffer.from(await init.body.arrayBuffer());
    else if (init.body !== undefined && init.body !== null) throw new Error('injectFetch: only string and Blob bodies');
    const method = (init.method ?? 'GET') as 'GET' | 'POST' | 'PUT' | 'DELETE';
    const res = await app.inject({ method, url: url.pathname + url.search, headers, ...(payload === undefined ? {} : { payload }) });
    const answerHeaders = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) answerHeaders.append(name, String(v));
    }
    const empty = res.statusCode === 204 || res.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers: answerHeaders });
  };
}

/** Kept on globalThis, so it outlives the module registry of one test file. */
const SHARED_SERVER = Symbol.for('shelfwork.test.syncServer');

/**
 * The server for the test file's tests (started before its first test, unless an earlier file in
 * this process started it). Files run one at a time in a process, and tests share the server by
 * working in their own world (test/support/sync-world.ts), each setting the clock when it starts.
 * It lives until the process ends (an in-memory database: nothing to clean up).
 */
export function useSyncServer(): () => TestServer {
  let server: TestServer | undefined;
  beforeAll(async () => {
    const scope = globalThis as { [SHARED_SERVER]?: Promise<TestServer> };
    scope[SHARED_SERVER] ??= startTestServer(SYNC_SERVER_CONFIG);
    server = await scope[SHARED_SERVER];
  });
  return () => {
    if (!server) throw new Error('the sync server has not started (useSyncServer must be called at the top of the test file)');
    return server;
  };
}
