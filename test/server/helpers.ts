/**
 * Test harness for the server suite: a fresh database per test file (in-memory PGlite, or a
 * new database on the PostgreSQL at DATABASE_URL), migrated and seeded at a fixed clock, and an
 * app built with buildApp. Requests go through `app.inject` (real HTTP handling, no socket).
 */
import { afterResponseIdle } from '../../server/http/afterResponse';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { Kysely } from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import { PGliteDialect } from 'kysely-pglite-dialect';
import type { Database } from '../../server/db/schema';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../server/app';
import { FixedClock } from '../../server/clock';
import { testConfig, type ServerConfig } from '../../server/config';
import { openDatabase, type Db } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrations';
import { seedDemo } from '../../server/seed/demo';
import type { AuthTokens } from '#domain/types';
import type { AppContext } from '../../server/context';
import { signAccessToken } from '../../server/http/accessTokens';

/** Tuesday 10 March 2026, 11:00 in Vilnius. */
export const SEED_TIME = '2026-03-10T09:00:00.000Z';

export interface TestDatabase {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Already migrated and seeded at SEED_TIME. */
  seeded: boolean;
  close(): Promise<void>;
}

/**
 * PGlite runs initdb on every start (seconds); a migrated and seeded data dir is cached as a
 * tarball keyed by the schema/seed sources, and later test files clone it (well under a second).
 */
function snapshotPath(): string {
  const hash = createHash('sha256');
  const inFolder = (dir: string) => readdirSync(join(process.cwd(), dir)).filter((f) => f.endsWith('.ts')).sort().map((f) => `${dir}/${f}`);
  const sources = ['server/db/migrations.ts', ...inFolder('server/db/migrations'), ...inFolder('server/seed'), 'server/db/seed-data.ts', 'server/db/seed-i18n.ts', 'server/tasks/checklists.ts', 'server/auth/passwords.ts', 'server/money/seed.ts'];
  for (const file of sources) {
    hash.update(readFileSync(join(process.cwd(), file)));
  }
  hash.update(SEED_TIME);
  const dir = join(tmpdir(), 'shelfwork-test-snapshots');
  mkdirSync(dir, { recursive: true });
  return join(dir, `${hash.digest('hex').slice(0, 16)}.tar.gz`);
}

async function createSeededPglite(): Promise<TestDatabase> {
  const path = snapshotPath();
  if (existsSync(path)) {
    const pglite = new PGlite({ loadDataDir: new Blob([readFileSync(path)], { type: 'application/x-gzip' }) });
    await pglite.waitReady;
    const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
    return { db, kind: 'pglite', seeded: true, close: () => db.destroy() };
  }
  const pglite = new PGlite();
  await pglite.waitReady;
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  await migrateToLatest(db);
  await seedDemo(db, new Date(SEED_TIME));
  const dump = await pglite.dumpDataDir('gzip');
  const tmp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
  renameSync(tmp, path);
  return { db, kind: 'pglite', seeded: true, close: () => db.destroy() };
}

/**
 * The cached migrated and seeded PGlite data folder (a gzip'd tar, made first if missing), for a
 * test that starts the server as a process on a DATA_DIR of its own (test/server/restore-drill.test.ts)
 * instead of having it run initdb and the seed.
 */
export async function seededPgliteTarball(): Promise<Blob> {
  const path = snapshotPath();
  if (!existsSync(path)) await (await createSeededPglite()).close();
  return new Blob([readFileSync(path)], { type: 'application/x-gzip' });
}

/** A new, empty database on the PostgreSQL at `adminUrl`: its URL, and how to drop it. */
export async function createEmptyPostgresDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `shelfwork_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  if (!url) return createSeededPglite();
  const created = await createEmptyPostgresDatabase(url);
  const opened = await openDatabase({ databaseUrl: created.url, poolSize: 4 });
  return {
    db: opened.db,
    kind: 'postgres',
    seeded: false,
    async close() {
      await opened.db.destroy();
      await created.drop();
    },
  };
}

export interface TestServer {
  app: FastifyInstance;
  db: Db;
  clock: FixedClock;
  config: ServerConfig;
  /** Mail lines the dev mailer printed. */
  printed: string[];
  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  login(email: string, password?: string): Promise<AuthTokens>;
  context: AppContext;
  /** An access token for a user id, valid at the current test clock (no password needed). */
  tokenFor(userId: string): Promise<string>;
  /** Another app on the same database (e.g. with other limits). */
  withConfig(overrides: Partial<ServerConfig>): Promise<FastifyInstance>;
  close(): Promise<void>;
}

export async function startTestServer(overrides: Partial<ServerConfig> = {}): Promise<TestServer> {
  const database = await createTestDatabase();
  if (!database.seeded) {
    await migrateToLatest(database.db);
    await seedDemo(database.db, new Date(SEED_TIME));
  }
  const clock = new FixedClock(SEED_TIME);
  const config = testConfig(overrides);
  const printed: string[] = [];
  // Every JSON answer is checked against its route's response schema (src/contracts/api).
  const { app, context } = await buildApp({ db: database.db, config, clock, log: (line) => printed.push(line), checkResponses: true });
  const extraApps: FastifyInstance[] = [];
  const server: TestServer = {
    app,
    db: database.db,
    clock,
    config,
    printed,
    context,
    tokenFor: (userId) => signAccessToken(context.tokens, userId, clock.now()),
    request(options) {
      const { token, headers, ...rest } = options;
      return app.inject({ ...rest, headers: { ...(headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) } });
    },
    async login(email, password = 'demo1234') {
      const res = await app.inject({ method: 'POST', url: '/api/auth/password-login', payload: { username: email, password } });
      if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
      return res.json<AuthTokens>();
    },
    async withConfig(more) {
      const built = await buildApp({ db: database.db, config: { ...config, ...more }, clock, log: (line) => printed.push(line) });
      extraApps.push(built.app);
      return built.app;
    },
    async close() {
      await Promise.all([app.close(), ...extraApps.map((a) => a.close())]);
      await database.close();
    },
  };
  return server;
}

/** The newest login code in the dev mailbox for an email. */
export async function latestCode(server: TestServer, email: string): Promise<string> {
  // Some codes are mailed after the answer (staff sign-in): wait for that work first.
  await afterResponseIdle(server.context);
  const res = await server.request({ method: 'GET', url: `/api/dev/mailbox?email=${encodeURIComponent(email)}` });
  const messages = res.json<{ messages: { code: string }[] }>().messages;
  const last = messages[messages.length - 1];
  if (!last) throw new Error(`no mail for ${email}`);
  return last.code;
}
