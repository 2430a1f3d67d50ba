/**
 * A database that cannot write, or is gone: /api/health answers 503 (it commits a tiny write, so
 * a full disk shows, not only a dead connection), and every call during the outage answers
 * `503 SERVICE_UNAVAILABLE` with `Retry-After` in the standard error body — never a 500, never a
 * crash — and nothing is lost: an idempotent write refused by the outage runs once it is over.
 *
 * The full disk is simulated with a trigger that raises SQLSTATE 53100 (disk_full), what
 * PostgreSQL (and PGlite) raise when a write cannot extend a file; the dead database with a PGlite
 * closed under the app and with a pg pool pointed at a closed port.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_TIME, startTestServer, type TestServer } from './helpers';
import { newId, postJson, getJson, taskInStatus } from './execution-fixtures';
import { buildApp } from '../../server/app';
import { FixedClock } from '../../server/clock';
import { testConfig } from '../../server/config';
import { openDatabase, type Db } from '../../server/db/database';
import type { Database } from '../../server/db/schema';
import { signAccessToken } from '../../server/http/accessTokens';
import { isOutageError } from '../../server/http/errors';
import type { ApiErrorBody, ScannedItem } from '#domain/types';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
  if (server) rmSync(server.config.photoDir, { recursive: true, force: true });
});

/** Makes every insert/update of `table` fail as on a full disk (SQLSTATE 53100), until `heal`. */
async function fillDisk(db: Db, table: string): Promise<{ heal: () => Promise<void> }> {
  const name = `disk_full_${table}`;
  await sql
    .raw(
      `CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'could not extend file: No space left on device' USING ERRCODE = 'disk_full'; END $$ LANGUAGE plpgsql`,
    )
    .execute(db);
  await sql.raw(`CREATE TRIGGER ${name} BEFORE INSERT OR UPDATE ON ${table} FOR EACH ROW EXECUTE FUNCTION ${name}()`).execute(db);
  return {
    heal: async () => {
      await sql.raw(`DROP TRIGGER ${name} ON ${table}`).execute(db);
      await sql.raw(`DROP FUNCTION ${name}()`).execute(db);
    },
  };
}

function expectUnavailable(res: { statusCode: number; body: string; headers: Record<string, unknown> }, what: string): void {
  expect(res.statusCode, `${what} → ${res.body}`).toBe(503);
  expect(String(res.headers['retry-after']), what).toMatch(/^[1-9]\d*$/);
  const body = JSON.parse(res.body) as ApiErrorBody;
  expect(body.error.code, what).toBe('SERVICE_UNAVAILABLE');
  expect(typeof body.error.message, what).toBe('string');
}

describe('a database that cannot write', () => {
  it('health commits a tiny write: 503 with Retry-After while writes fail (the disk is full), 200 again after', async () => {
    const ok = await server.request({ method: 'GET', url: '/api/health' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ ok: true, db: true });

    const disk = await fillDisk(server.db, 'server_secrets');
    try {
      const full = await server.request({ method: 'GET', url: '/api/health' });
      expect(full.statusCode, full.body).toBe(503);
      expect(full.json()).toEqual({ ok: false, db: true, writes: false });
      expect(String(full.headers['retry-after'])).toMatch(/^[1-9]\d*$/);
    } finally {
      await disk.heal();
    }
    const healed = await server.request({ method: 'GET', url: '/api/health' });
    expect(healed.statusCode).toBe(200);
    expect(healed.json()).toEqual({ ok: true, db: true, writes: true });
  });

  it('health needs new space: a database that rewrites existing rows but takes no new one answers writes: false', async () => {
    expect((await server.request({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    // A full disk still lets a row be rewritten in place (free room in its page), not added.
    await sql
      .raw(
        `CREATE OR REPLACE FUNCTION no_new_rows() RETURNS trigger AS $$ BEGIN IF EXISTS (SELECT 1 FROM server_secrets WHERE name = NEW.name) THEN RETURN NEW; END IF; RAISE EXCEPTION 'could not extend file: No space left on device' USING ERRCODE = 'disk_full'; END $$ LANGUAGE plpgsql`,
      )
      .execute(server.db);
    await sql.raw(`CREATE TRIGGER no_new_rows BEFORE INSERT ON server_secrets FOR EACH ROW EXECUTE FUNCTION no_new_rows()`).execute(server.db);
    try {
      const full = await server.request({ method: 'GET', url: '/api/health' });
      expect(full.statusCode, full.body).toBe(503);
      expect(full.json()).toMatchObject({ ok: false, db: true, writes: false });
    } finally {
      await sql.raw(`DROP TRIGGER no_new_rows ON server_secrets`).execute(server.db);
      await sql.raw(`DROP FUNCTION no_new_rows()`).execute(server.db);
    }
    expect((await server.request({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('health writes a file where photos go: 503 writes: false while the photo folder takes no new file', async () => {
    expect((await server.request({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    // A file where the health probe's folder should be: every write there fails, as on a full disk.
    const probeDir = join(server.config.photoDir, '.staging');
    rmSync(probeDir, { recursive: true, force: true });
    mkdirSync(server.config.photoDir, { recursive: true });
    writeFileSync(probeDir, '');
    try {
      const full = await server.request({ method: 'GET', url: '/api/health' });
      expect(full.statusCode, full.body).toBe(503);
      expect(full.json()).toEqual({ ok: false, db: true, writes: false });
      expect(String(full.headers['retry-after'])).toMatch(/^[1-9]\d*$/);
    } finally {
      rmSync(probeDir, { force: true });
    }
    expect((await server.request({ method: 'GET', url: '/api/health' })).json()).toEqual({ ok: true, db: true, writes: true });
  });

  it('a write that hits the full disk answers 503 SERVICE_UNAVAILABLE + Retry-After (not 500), stores nothing, and succeeds with the same key once there is room', async () => {
    const { taskId, tasker } = await taskInStatus(server);
    const items: ScannedItem[] = [{ id: newId(), ean: '4006381333931', facings: 3, timestamp: SEED_TIME }];
    const key = newId();
    const disk = await fillDisk(server.db, 'scanned_items');
    try {
      expectUnavailable(await postJson(server, `/api/task/${taskId}/scanned-items`, tasker.token, { items }, key), 'scan on a full disk');
    } finally {
      await disk.heal();
    }
    expect((await getJson(server, `/api/task/${taskId}/scanned-items`, tasker.token)).json()).toEqual({ data: [] });
    // The outage was not stored as the key's answer: the sync worker's retry goes through.
    const retry = await postJson(server, `/api/task/${taskId}/scanned-items`, tasker.token, { items }, key);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect((await getJson(server, `/api/task/${taskId}/scanned-items`, tasker.token)).json()).toEqual({ data: items });
  });
});

/** The calls a phone makes, each of which needs the database. */
async function everyKindOfCall(app: FastifyInstance, token: string): Promise<void> {
  const bearer = { authorization: `Bearer ${token}` };
  const calls = [
    { method: 'GET' as const, url: '/api/country' },
    { method: 'POST' as const, url: '/api/auth/password-login', payload: { username: 'lt@demo.shelfwork.app', password: 'demo1234' } },
    { method: 'POST' as const, url: '/api/auth/send-email-code', payload: { email: 'lt@demo.shelfwork.app' } },
    { method: 'POST' as const, url: '/api/auth/token', payload: { refreshToken: 'x'.repeat(43) } },
    { method: 'GET' as const, url: '/api/user', headers: bearer },
    { method: 'GET' as const, url: '/api/task', headers: bearer },
    { method: 'POST' as const, url: '/api/task/some-task/scanned-items', headers: { ...bearer, 'idempotency-key': newId() }, payload: { items: [] } },
    { method: 'GET' as const, url: '/api/staff/users', headers: { authorization: 'Bearer test-staff-token' } },
  ];
  for (const call of calls) expectUnavailable(await app.inject(call), `${call.method} ${call.url}`);
  const health = await app.inject({ method: 'GET', url: '/api/health' });
  expect(health.statusCode).toBe(503);
  expect(health.json()).toEqual({ ok: false, db: false, writes: false });
  expect(String(health.headers['retry-after'])).toMatch(/^[1-9]\d*$/);
}

describe('the database is down', () => {
  it('PGlite closed under the running app: every call answers 503 + Retry-After, health 503', async () => {
    const pglite = new PGlite();
    await pglite.waitReady;
    const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
    const clock = new FixedClock(SEED_TIME);
    const { app, context } = await buildApp({ db, config: testConfig(), clock });
    try {
      await app.ready();
      await pglite.close();
      await everyKindOfCall(app, await signAccessToken(context.tokens, 'some-user', clock.now()));
    } finally {
      await app.close();
    }
  });

  it('PostgreSQL unreachable (a pool pointed at a closed port): every call answers 503 + Retry-After, health 503', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
    });
    const opened = await openDatabase({ databaseUrl: `postgresql://nobody@127.0.0.1:${port}/nothing`, poolSize: 2 });
    const clock = new FixedClock(SEED_TIME);
    const { app, context } = await buildApp({ db: opened.db, config: testConfig(), clock });
    try {
      await everyKindOfCall(app, await signAccessToken(context.tokens, 'some-user', clock.now()));
    } finally {
      await app.close();
      await opened.db.destroy();
    }
  });
});

describe('isOutageError', () => {
  const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });
  it('knows outage errors by SQLSTATE class, Node error code, driver message, and through causes', () => {
    for (const error of [
      withCode('53100'),
      withCode('53300'),
      withCode('57P01'),
      withCode('57P03'),
      withCode('08006'),
      withCode('25006'),
      withCode('58030'),
      withCode('ECONNREFUSED'),
      withCode('ENOSPC'),
      withCode('EROFS'),
      new Error('PGlite is closed'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Cannot use a pool after calling end on the pool'),
      new Error('driver has already been destroyed'),
      new AggregateError([withCode('ECONNREFUSED')], 'connect failed'),
      new Error('wrapped', { cause: withCode('53100') }),
    ]) {
      expect(isOutageError(error), String(error.message) + String((error as { code?: string }).code)).toBe(true);
    }
  });

  it('does not take bugs and bad input for outages', () => {
    for (const error of [new Error('boom'), new TypeError('x is undefined'), withCode('23505'), withCode('22007'), withCode('42P01'), withCode('ENOENT'), null, 'text']) {
      expect(isOutageError(error), String(error)).toBe(false);
    }
  });
});
