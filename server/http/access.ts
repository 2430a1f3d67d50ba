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
 * - `staff`: a staff member's access token (server/staffAuth), or the automation key (STAFF_TOKEN,
 *   compared in constant time); the guard leaves the member on the request (`staff`) and refuses
 *   one without any of the route's roles (403 STAFF_ROLE_REQUIRED). Every staff route declares
 *   its roles in its definition (`roles`, src/contracts/api); the app refuses to start otherwise.
 * - `signed-url`: no bearer; the route checks its own signed token (photo upload and read URLs).
 *
 * `registerAccessControl` refuses to start the app if any /api route was registered without an
 * access (a new route cannot slip out unguarded by forgetting a hook).
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { AppContext } from '../context';
import { STAFF_ROLES, staffMayActIn, type StaffRole } from '#domain/staff';
import { verifyAccessToken, verifyStaffAccessToken } from './accessTokens';
import { ApiError } from './errors';

export type Access = 'public' | 'tasker' | 'staff' | 'signed-url';

/** Who is acting on a staff route: a member's account, or the automation key. */
export interface StaffActor {
  /** The staff account's id; null for the automation key. */
  id: string | null;
  /** The member's e-mail, or the automation key's audit name (config.staffAutomationName). */
  name: string;
  roles: readonly StaffRole[];
  /** The markets the actor may act in; empty: every market. */
  markets: readonly string[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** A staff route's roles, from its definition (server/http/contract.ts). */
    roles?: readonly StaffRole[];
  }
  interface FastifyRequest {
    /** The authenticated tasker's id on `tasker` routes (set by the scope's hook), else null. */
    taskerId: string | null;
    /** The staff member acting on a `staff` route (set by the scope's hook), else null. */
    staff: StaffActor | null;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

function isAutomationKey(expected: Buffer, token: string): boolean {
  const given = Buffer.from(token);
  return expected.length > 0 && given.length === expected.length && timingSafeEqual(given, expected);
}

/** The active staff account of a verified staff token, as an actor; 401 when gone or deactivated. */
async function staffMember(ctx: AppContext, staffId: string): Promise<StaffActor> {
  const row = await ctx.db.selectFrom('staff_accounts').select(['id', 'email', 'roles', 'markets', 'active']).where('id', '=', staffId).executeTakeFirst();
  if (!row || !row.active) throw new ApiError(401, 'UNAUTHORIZED', 'Staff account not active');
  return { id: row.id, name: row.email, roles: row.roles.filter((r): r is StaffRole => (STAFF_ROLES as readonly string[]).includes(r)), markets: row.markets };
}

function staffGuard(ctx: AppContext) {
  const expected = Buffer.from(ctx.config.staffToken);
  const automation: StaffActor = { id: null, name: ctx.config.staffAutomationName, roles: STAFF_ROLES, markets: [] };
  return async (request: FastifyRequest): Promise<void> => {
    const token = bearerToken(request);
    if (!token) throw new ApiError(401, 'UNAUTHORIZED', 'Staff sign-in required');
    const actor = isAutomationKey(expected, token) ? automation : await staffMember(ctx, await verifyStaffAccessToken(ctx.tokens, token, ctx.clock.now()));
    const roles = request.routeOptions.config?.roles ?? [];
    if (roles.length > 0 && !roles.some((role) => actor.roles.includes(role))) {
      throw new ApiError(403, 'STAFF_ROLE_REQUIRED', `This needs one of the roles: ${roles.join(', ')}`);
    }
    request.staff = actor;
  };
}

/** The staff member a `staff` route's hook let in; a route outside the staff scope gets 401. */
export function staffOf(request: FastifyRequest): StaffActor {
  if (!request.staff) throw new ApiError(401, 'UNAUTHORIZED', 'Staff sign-in required');
  return request.staff;
}

/** Refuses (403 STAFF_MARKET_REFUSED) an actor limited to other markets than `country`. */
export function assertStaffMarket(actor: StaffActor, country: string): void {
  if (!staffMayActIn(actor.markets, country)) throw new ApiError(403, 'STAFF_MARKET_REFUSED', `Not allowed in the market ${country}`);
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
  app.decorateRequest('staff', null);
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
    const roleless = routes.filter((r) => r.config?.access === 'staff' && !r.config.roles).map((r) => `${String(r.method)} ${r.url}`);
    if (roleless.length > 0) throw new Error(`Staff routes registered without roles: ${roleless.join(', ')}`);
  });
}

/** The tasker id a `tasker` route's hook verified; a route outside the tasker scope gets 401. */
export function taskerIdOf(request: FastifyRequest): string {
  if (!request.taskerId) throw new ApiError(401, 'UNAUTHORIZED', 'Authentication required');
  return request.taskerId;
}
