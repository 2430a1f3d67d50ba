/**
 * An online, consistent copy of the embedded database (PGlite in DATA_DIR) for `npm run backup`
 * (scripts/backup.ts), taken by the one process that owns the data folder.
 *
 * Why from inside the server: PGlite is PostgreSQL compiled to WebAssembly, running inside the
 * server's own Node process. Its data folder has no lock another process would respect, and
 * pages that PostgreSQL keeps in memory reach the files only at a checkpoint, so copying the
 * folder from outside while the server runs can give a copy that does not open. The server
 * instead, holding the database's only connection (the Kysely driver of PGlite serves one caller
 * at a time, so no transaction is open and none starts meanwhile), runs CHECKPOINT (every page on
 * disk) and reads the whole folder into a tar (PGlite's dumpDataDir) before it lets the next query
 * run. The API waits for that moment (well under a second for a small database); nothing stops.
 *
 * How the backup asks: a Unix socket in DATA_DIR (`backup.sock`, mode 0600). Only who may read
 * DATA_DIR itself reaches it — the same people who could copy the files — so it needs no token and
 * is never on the network. Protocol: the client writes `snapshot\n`; the server answers one line
 * of JSON (`{"ok":true,"bytes":N,"migrations":[…],"takenAt":"…"}` or `{"ok":false,"error":"…"}`)
 * followed by N bytes of a gzip'd tar of the data folder, then closes.
 */
import { existsSync, readFileSync, rmSync, chmodSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { sql } from 'kysely';
import type { PGlite } from '@electric-sql/pglite';
import type { Db } from './database';

/** The socket's file name inside DATA_DIR. */
export const SNAPSHOT_SOCKET = 'backup.sock';
/**
 * The server's pid inside DATA_DIR while it has the PGlite folder open, written whether or not the
 * backup socket works: `npm run backup -- --offline` and `npm run restore` refuse while that
 * process lives (scripts/lib/backup.ts, serverOwnsDataDir).
 */
export const SERVER_PID_FILE = 'server.pid';
/** Unix socket paths are limited to 107 bytes on Linux (104 on macOS). */
const MAX_SOCKET_PATH = 100;

export function snapshotSocketPath(dataDir: string): string {
  return resolve(dataDir, SNAPSHOT_SOCKET);
}

export function serverPidPath(dataDir: string): string {
  return resolve(dataDir, SERVER_PID_FILE);
}

/**
 * Writes DATA_DIR/server.pid; remove() (also run when the process exits) deletes it unless a
 * later server has written its own pid there since.
 */
export function writeServerPidFile(dataDir: string): { remove(): void } {
  const path = serverPidPath(dataDir);
  writeFileSync(path, `${process.pid}\n`);
  const remove = () => {
    process.off('exit', remove);
    try {
      if (readFileSync(path, 'utf8').trim() === String(process.pid)) rmSync(path, { force: true });
    } catch {
      // Already gone.
    }
  };
  process.on('exit', remove);
  return { remove };
}

export interface DatabaseSnapshot {
  /** A gzip'd tar of the PGlite data folder (what `new PGlite({ loadDataDir })` reads). */
  tarGz: Uint8Array;
  /** The applied migrations (kysely_migration), read in the same moment as the copy. */
  migrations: string[];
  takenAt: string;
}

/** Applied migration names, oldest first (empty when the migration table does not exist yet). */
export async function appliedMigrations(db: Db): Promise<string[]> {
  const exists = await sql<{ t: string | null }>`select to_regclass('public.kysely_migration')::text as t`.execute(db);
  if (!exists.rows[0]?.t) return [];
  const rows = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return rows.rows.map((r) => r.name);
}

/**
 * A consistent copy of a PGlite database: with its only connection held, CHECKPOINT, the
 * migration level, and every file of the data folder read at once; compressed after the
 * connection is released.
 */
export async function snapshotPglite(db: Db, pglite: PGlite, now: () => Date = () => new Date()): Promise<DatabaseSnapshot> {
  const taken = await db.connection().execute(async (conn) => {
    await sql`checkpoint`.execute(conn);
    const migrations = await appliedMigrations(conn);
    const tar = await pglite.dumpDataDir('none');
    return { tar, migrations, takenAt: now().toISOString() };
  });
  const tarGz = new Uint8Array(await promisify(gzip)(new Uint8Array(await taken.tar.arrayBuffer())));
  return { tarGz, migrations: taken.migrations, takenAt: taken.takenAt };
}

export interface SnapshotSocket {
  path: string;
  close(): Promise<void>;
}

/**
 * Listens on DATA_DIR/backup.sock for snapshot requests. Null (with a log line) when the path is
 * too long for a Unix socket or cannot be listened on: `npm run backup -- --offline` with the
 * server stopped is then the way.
 */
export async function startSnapshotSocket(options: { dataDir: string; snapshot: () => Promise<DatabaseSnapshot>; log?: (line: string) => void }): Promise<SnapshotSocket | null> {
  const log = options.log ?? ((line: string) => console.log(line));
  const path = snapshotSocketPath(options.dataDir);
  if (path.length > MAX_SOCKET_PATH) {
    log(`[backup] ${path} is too long for a Unix socket: online backups are off; for a backup stop the server first, then run npm run backup -- --offline`);
    return null;
  }
  // A socket left by a process that died: the data folder belongs to this process now.
  if (existsSync(path)) rmSync(path, { force: true });
  let busy = false;
  const server = net.createServer((socket) => {
    let received = '';
    socket.setEncoding('utf8');
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk: string) => {
      received += chunk;
      if (!received.includes('\n')) {
        if (received.length > 64) socket.destroy();
        return;
      }
      socket.removeAllListeners('data');
      const answer = (header: Record<string, unknown>, body?: Uint8Array) => {
        socket.write(`${JSON.stringify(header)}\n`);
        if (body) socket.write(body);
        socket.end();
      };
      if (received.trim() !== 'snapshot') return answer({ ok: false, error: 'unknown request (send "snapshot")' });
      if (busy) return answer({ ok: false, error: 'a snapshot is already being taken' });
      busy = true;
      options
        .snapshot()
        .then((snap) => {
          log(`[backup] database snapshot taken (${snap.tarGz.byteLength} bytes, ${snap.migrations.length} migrations)`);
          answer({ ok: true, bytes: snap.tarGz.byteLength, migrations: snap.migrations, takenAt: snap.takenAt }, snap.tarGz);
        })
        .catch((error: unknown) => {
          log(`[backup] database snapshot failed: ${error instanceof Error ? error.message : String(error)}`);
          answer({ ok: false, error: error instanceof Error ? error.message : String(error) });
        })
        .finally(() => {
          busy = false;
        });
    });
  });
  try {
    await new Promise<void>((resolveListen, reject) => {
      server.once('error', reject);
      // The socket file is created inside listen() (synchronously in this process) with the umask's
      // permissions: 0600 from the start, not only after the chmod below. The umask is put back at
      // once, before any other code of the server runs.
      let umask: number | null = null;
      try {
        umask = process.umask(0o177);
      } catch {
        // Worker threads cannot set the umask; the chmod below still applies.
      }
      try {
        server.listen(path, () => {
          server.off('error', reject);
          resolveListen();
        });
      } finally {
        if (umask !== null) process.umask(umask);
      }
    });
    chmodSync(path, 0o600);
  } catch (error) {
    // The API runs on without online backups rather than not at all.
    log(`[backup] cannot listen on ${path} (${error instanceof Error ? error.message : String(error)}): online backups are off; for a backup stop the server first, then run npm run backup -- --offline`);
    server.close();
    return null;
  }
  return {
    path,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        rmSync(path, { force: true });
      }),
  };
}
