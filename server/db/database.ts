/**
 * Opens the database: PGlite in a data folder (default, nothing to install) or PostgreSQL through
 * a `pg` Pool when DATABASE_URL is set. Only the Kysely dialect differs; queries and migrations
 * are shared.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Database } from './schema';

export type Db = Kysely<Database>;

export interface OpenedDatabase {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Where the data lives, for the start banner (a folder or a redacted URL). */
  location: string;
  /** The PostgreSQL pool (kind 'postgres'), whose use the metrics show. */
  pool?: pg.Pool;
  /** The embedded database itself (kind 'pglite'), for its online snapshot (server/db/snapshot.ts). */
  pglite?: PGlite;
}

export interface OpenDatabaseOptions {
  databaseUrl?: string | null;
  /** PGlite data folder; `null` = in memory (tests). */
  dataDir?: string | null;
  poolSize?: number;
}

/**
 * Marks a hot statement to be prepared once per PostgreSQL connection (`.modifyFront(PREPARED)` on a
 * select): a named statement is parsed and planned on its first use and only executed afterwards,
 * which on the task list's viewer statement is most of PostgreSQL's work per request
 * (docs/performance.md). Only for statements whose SQL text takes few shapes (the values are
 * parameters): every distinct text is kept by each connection. On PGlite it is only a comment.
 * PREPARED_STATEMENTS=off turns it off (bench:api's old side).
 */
export const PREPARED = sql`/* prepared */`;
const PREPARED_MARK = '/* prepared */';

/** A `pg` client that sends marked statements as named (prepared) ones, named by their text. */
class PreparingClient extends pg.Client {
  // pg's query() has many overloads; Kysely's driver calls query(text, values) and awaits the promise.
  override query(...args: unknown[]): never {
    const query = super.query as unknown as (...a: unknown[]) => never;
    const [text, values] = args;
    if (args.length === 2 && typeof text === 'string' && Array.isArray(values) && text.includes(PREPARED_MARK)) {
      const config: pg.QueryConfig = { name: `p_${createHash('sha1').update(text).digest('base64url')}`, text, values };
      return query.call(this, config);
    }
    return query.apply(this, args);
  }
}

export function preparedStatementsEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return (env.PREPARED_STATEMENTS ?? '').trim().toLowerCase() !== 'off';
}

function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgresql://…';
  }
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<OpenedDatabase> {
  if (options.databaseUrl) {
    // A database that does not answer must fail calls (503), not queue them forever.
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 10_000,
      ...(preparedStatementsEnabled() ? { Client: PreparingClient } : {}),
    });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', (err) => console.error('[db] idle PostgreSQL client error:', err.message));
    // A client in use whose session ends (a database restart or failover, pg_terminate_backend, a
    // session timeout) fails its query and then reports the lost connection as an 'error' event
    // too: unheard, that event would end the process. The pool drops the client when it is released.
    pool.on('connect', (client) => client.on('error', (err) => console.error('[db] PostgreSQL connection lost:', err.message)));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', location: redactUrl(options.databaseUrl), pool };
  }
  let pglite: PGlite;
  let location = 'memory';
  if (options.dataDir) {
    const dir = resolve(options.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    pglite = new PGlite(dir);
    location = dir;
  } else {
    pglite = new PGlite();
  }
  await pglite.waitReady;
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return { db, kind: 'pglite', location, pglite };
}

/** True when the database answers a trivial query. */
export async function pingDatabase(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}

export interface DatabaseHealth {
  /** The database answers a query. */
  db: boolean;
  /** The database commits a write (false on a full disk, a read-only standby, a dead connection). */
  writes: boolean;
}

/** The prefix of the health probe's rows in server_secrets (a key-value table every database has). */
export const HEALTH_ROW = 'health_check';

/** The health probe's row: this many random bytes (as base64, hardly compressible), more than fits in a page's leftover room. */
const HEALTH_PROBE_BYTES = 6 * 1024;

/** Health checks give up after this long: a database that hangs is as down as one that refuses. */
export const HEALTH_TIMEOUT_MS = 5000;

function within<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * GET /api/health: a query, then a committed write that needs new space — a fresh row of a few kB
 * of random bytes (TOAST and WAL pages), then its removal — so a database that answers reads but
 * cannot write — a full disk, a read-only standby — shows as unhealthy, not only one whose
 * connection is gone. New space, because on a full disk an existing row can still be rewritten in
 * the free room of its page while every insert fails; committed, because a rolled-back write need
 * not reach the disk at all.
 */
export async function checkDatabase(db: Db, now: Date, timeoutMs = HEALTH_TIMEOUT_MS): Promise<DatabaseHealth> {
  const reads = await within(pingDatabase(db), timeoutMs, false);
  if (!reads) return { db: false, writes: false };
  const write = async (): Promise<boolean> => {
    try {
      const name = `${HEALTH_ROW}:${now.toISOString()}:${randomBytes(8).toString('hex')}`;
      await db.insertInto('server_secrets').values({ name, value: randomBytes(HEALTH_PROBE_BYTES).toString('base64') }).execute();
      // This probe's row, and any an interrupted probe left (the old single row too).
      await db.deleteFrom('server_secrets').where((eb) => eb.or([eb('name', '=', HEALTH_ROW), eb('name', 'like', `${HEALTH_ROW}:%`)])).execute();
      return true;
    } catch {
      return false;
    }
  };
  return { db: true, writes: await within(write(), timeoutMs, false) };
}
