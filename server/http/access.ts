/**
 * Who may call a route is decided by where the route is registered, never by reading the request
 * URL. Each feature's routes are registered inside an access scope (`accessScope`), which stamps
 * its access on every route's config; one onRequest hook runs the guard of the route the router
 * matched, so every spelling of a path that reaches a handler (percent-encoded letters, `//`,
 * trailing slash…) passes the same guard: the router matches the decoded path, and so does the
 * guard, because it never looks at the URL at all.
 *
 * - `public`: anyone (auth, country list, health, last week's earnings).
 * - `tasker`: a valid access token; the guard verifies it once and leaves the user id on the
 *   request (`taskerId`), so handlers load the row they need.
 * - `staff`: the STAFF_TOKEN bearer, compared in constant time.
 * - `signed-url`: no bearer; the route checks its own signed token (photo upload and read URLs).
 *
 * `registerAccessControl` refuses to start the app if any /api route was registered without an
 * access (a new route cannot slip out unguarded by forgetting a hook).
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { AppContext } from '../context';
import { verifyAccessToken } from './accessTokens';
import { ApiError } from './errors';

export type Access = 'public' | 'tasker' | 'staff' | 'signed-url';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** The authenticated tasker's id on `tasker` routes (set by the scope's hook), else null. */
    taskerId: string | null;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

function staffGuard(ctx: AppContext) {
  const expected = Buffer.from(ctx.config.staffToken);
  return async (request: FastifyRequest): Promise<void> => {
    const token = bearerToken(request);
    const given = Buffer.from(token ?? '');
    if (!token || expected.length === 0 || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new ApiError(401, 'UNAUTHORIZED', 'Staff token required');
    }
  };
}

function taskerGuard(ctx: AppContext) {
  return async (request: FastifyRequest): Promise<void> => {
    const token = bearerToken(request);
    if (!token) throw new ApiError(401, 'UNAUTHORIZED', 'Authentication required');
    request.taskerId = await verifyAccessToken(ctx.tokens, token, ctx.clock.now());
  };
}

/**
 * A Fastify plugin registering `register`'s routes with `access`. A route may set its own in its
 * options (`config: { access: 'signed-url' }`); the route's own config wins.
 */
export function accessScope(access: Access, register: (scope: FastifyInstance) => void | Promise<void>) {
  return async function scoped(scope: FastifyInstance): Promise<void> {
    scope.addHook('onRoute', (route) => {
      route.config = { access, ...(route.config ?? {}) };
    });
    await register(scope);
  };
}

/**
 * One onRequest hook for the whole app: it reads the access of the route the router matched and
 * runs that access's guard. Unmatched requests (404, static files) carry no access and reach no
 * API handler. Also refuses to start when an /api route was registered without an access.
 */
export function registerAccessControl(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('taskerId', null);
  const guards: Record<Access, ((request: FastifyRequest) => Promise<void>) | null> = {
    public: null,
    'signed-url': null,
    tasker: taskerGuard(ctx),
    staff: staffGuard(ctx),
  };
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    const guard = access ? guards[access] : null;
    if (guard) await guard(request);
  });
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  app.addHook('onReady', async () => {
    const unguarded = routes.filter((r) => r.url.startsWith('/api') && !r.config?.access).map((r) => `${String(r.method)} ${r.url}`);
    if (unguarded.length > 0) throw new Error(`Routes registered without an access scope: ${unguarded.join(', ')}`);
  });
}

/** The tasker id a `tasker` route's hook verified; a route outside the tasker scope gets 401. */
export function taskerIdOf(request: FastifyRequest): string {
  if (!request.taskerId) throw new ApiError(401, 'UNAUTHORIZED', 'Authentication required');
  return request.taskerId;
}
