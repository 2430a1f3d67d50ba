/**
 * Opens the database: PGlite in a data folder (default, nothing to install) or PostgreSQL through
 * a `pg` Pool when DATABASE_URL is set. Only the Kysely dialect differs; queries and migrations
 * are shared.
 */
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
}

export interface OpenDatabaseOptions {
  databaseUrl?: string | null;
  /** PGlite data folder; `null` = in memory (tests). */
  dataDir?: string | null;
  poolSize?: number;
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
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', (err) => console.error('[db] idle PostgreSQL client error:', err.message));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', location: redactUrl(options.databaseUrl) };
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
  return { db, kind: 'pglite', location };
}

/** True when the database answers a trivial query (GET /api/health). */
export async function pingDatabase(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
