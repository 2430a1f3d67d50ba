/**
 * Roles on every staff route: each route definition under /api/staff/ (except sign-in) that any
 * module in src/contracts/api exports — routes added later included — is called by a member
 * holding only one role, for each role, and by a member with none. A role the route does not
 * name is refused with 403 STAFF_ROLE_REQUIRED; a role it names (or any role, when it names
 * none) passes the guard: whatever the route answers then (404 for a made-up id, 400, 420), it is
 * neither a 401 nor a role refusal.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';
import { bearer, insertStaff, type TestStaff } from './staff-auth-fixtures';
import { STAFF_ROLES, type StaffRole } from '#domain/staff';
import type { RouteDefinition } from '#contracts/api/common';

const CONTRACTS = join(__dirname, '../../src/contracts/api');

function isDefinition(value: unknown): value is RouteDefinition {
  if (!value || typeof value !== 'object') return false;
  const v = value as Partial<RouteDefinition>;
  return typeof v.method === 'string' && typeof v.url === 'string' && typeof v.operationId === 'string' && typeof v.schema === 'object';
}

/** Every staff route definition (not sign-in) exported by a module of src/contracts/api, once each. */
async function staffRouteDefinitions(): Promise<RouteDefinition[]> {
  const files = readdirSync(CONTRACTS).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts'));
  const found = new Map<string, RouteDefinition>();
  for (const file of files) {
    const module = (await import(pathToFileURL(join(CONTRACTS, file)).href)) as Record<string, unknown>;
    for (const value of Object.values(module)) {
      if (!isDefinition(value)) continue;
      if (!value.url.startsWith('/api/staff/') || value.url.startsWith('/api/staff/auth/')) continue;
      found.set(`${value.method} ${value.url}`, value);
    }
  }
  return [...found.values()].sort((a, b) => `${a.url} ${a.method}`.localeCompare(`${b.url} ${b.method}`));
}

/**
 * A plausible query for routes whose handler needs one before it answers at all (the audit trail:
 * a non-admin reads one entity's history).
 */
const PLAUSIBLE_QUERY: Record<string, () => string> = {
  '/api/staff/audit': () => `entity=task&entityId=${randomUUID()}`,
};

/** A URL for a route: made-up ids, a real market and a Monday for the market and week segments. */
function urlOf(definition: RouteDefinition): string {
  const query = PLAUSIBLE_QUERY[definition.url]?.();
  return `${pathOf(definition)}${query ? `?${query}` : ''}`;
}

function pathOf(definition: RouteDefinition): string {
  return definition.url.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    if (/^country/i.test(name)) return 'LT';
    if (/^week/i.test(name)) return '2026-03-02';
    return randomUUID();
  });
}

/** Definitions the test app does not register: the dev clock exists only on an OffsetClock outside production (server/devClock.ts). */
const NOT_IN_TEST_APP = new Set(['POST /api/staff/dev/clock']);

let server: TestServer;
/** Every staff route definition, and those the test app registers (the ones called). */
let allDefinitions: RouteDefinition[];
let definitions: RouteDefinition[];
const members = new Map<StaffRole | 'none', TestStaff>();
beforeAll(async () => {
  server = await startTestServer();
  allDefinitions = await staffRouteDefinitions();
  await server.app.ready();
  definitions = allDefinitions.filter((d) => server.app.hasRoute({ method: d.method, url: d.url }));
  for (const role of STAFF_ROLES) members.set(role, await insertStaff(server, [role], { prefix: `only-${role}` }));
  members.set('none', await insertStaff(server, [], { prefix: 'no-role' }));
}, 60_000);
afterAll(async () => {
  await server?.close();
});

async function call(definition: RouteDefinition, member: TestStaff) {
  const write = definition.method !== 'GET' && definition.method !== 'HEAD';
  return server.request({
    method: definition.method,
    url: urlOf(definition),
    headers: { ...bearer(member.token), ...(write ? { 'idempotency-key': randomUUID() } : {}) },
    ...(write && !definition.consumes ? { payload: {} } : {}),
  });
}

describe('staff route roles', () => {
  it('finds the staff routes of every contract module, each naming its roles', () => {
    expect(definitions.length).toBeGreaterThan(25);
    const urls = allDefinitions.map((d) => `${d.method} ${d.url}`);
    for (const known of ['GET /api/staff/me', 'GET /api/staff/accounts', 'GET /api/staff/audit', 'POST /api/staff/payouts/run', 'GET /api/staff/users']) expect(urls).toContain(known);
    const roleless = allDefinitions.filter((d) => !Array.isArray(d.roles)).map((d) => `${d.method} ${d.url}`);
    expect(roleless).toEqual([]);
    // Every role named is a known role.
    for (const d of allDefinitions) for (const role of d.roles ?? []) expect(STAFF_ROLES).toContain(role);
  });

  it('calls every staff route the contracts define: each is registered by the app', () => {
    const unregistered = allDefinitions.map((d) => `${d.method} ${d.url}`).filter((key) => !NOT_IN_TEST_APP.has(key) && !definitions.some((d) => `${d.method} ${d.url}` === key));
    expect(unregistered).toEqual([]);
  });

  it('refuses each role a route does not name (403 STAFF_ROLE_REQUIRED) and lets each role it names through', async () => {
    const wrong: string[] = [];
    for (const definition of definitions) {
      const roles = definition.roles ?? [];
      for (const [role, member] of members) {
        const allowed = roles.length === 0 || (role !== 'none' && roles.includes(role));
        const res = await call(definition, member);
        const code = res.headers['content-type']?.toString().includes('json') ? (res.json<{ error?: { code?: string } }>().error?.code ?? null) : null;
        const refusedForRole = res.statusCode === 403 && code === 'STAFF_ROLE_REQUIRED';
        if (allowed && (res.statusCode === 401 || refusedForRole)) wrong.push(`${definition.method} ${definition.url} as ${role}: ${res.statusCode} ${code}, expected to pass`);
        if (!allowed && !refusedForRole) wrong.push(`${definition.method} ${definition.url} as ${role}: ${res.statusCode} ${code}, expected 403 STAFF_ROLE_REQUIRED`);
      }
    }
    expect(wrong).toEqual([]);
  }, 300_000);

  it('answers an allowed role without a server error, also for a made-up id and an empty body', async () => {
    const failed: string[] = [];
    for (const definition of definitions) {
      const roles = definition.roles ?? [];
      const role = roles[0] ?? 'admin';
      const res = await call(definition, members.get(role) as TestStaff);
      if (res.statusCode >= 500) failed.push(`${definition.method} ${definition.url} as ${role}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    expect(failed).toEqual([]);
  }, 300_000);

  it('refuses every staff route without a token, or with a tasker token (401)', async () => {
    const definition = definitions.find((d) => d.url === '/api/staff/me') as RouteDefinition;
    expect((await server.request({ method: 'GET', url: definition.url })).statusCode).toBe(401);
    for (const d of definitions) {
      const res = await server.request({ method: d.method, url: urlOf(d), headers: bearer(await server.tokenFor(randomUUID())) });
      expect(res.statusCode, `${d.method} ${d.url}`).toBe(401);
    }
  }, 120_000);
});
