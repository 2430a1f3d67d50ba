/**
 * Backup and restore of a Shelfwork installation (scripts/backup.ts, scripts/restore.ts, and the
 * restore drill test/server/restore-drill.test.ts): the database and the filesystem photo store,
 * with a manifest.
 *
 * A backup is a folder `shelfwork-<UTC time>/`:
 *   manifest.json          what was backed up, when, sizes and sha256, the migration level
 *   database.pglite.tar.gz PGlite: a consistent copy of DATA_DIR/pglite (server/db/snapshot.ts)
 *   database.pgdump        PostgreSQL: `pg_dump --format=custom` (one consistent snapshot)
 *   photos/                STORAGE=fs: the photo files (PHOTO_DIR), copied after the database
 *
 * Order: the database first, then the photos. Photo files are written whole under their final
 * name (temp file + rename) before their row is committed, and never changed, so every photo
 * row of the database copy has its file in the photo copy unless it was deleted in between;
 * files newer than the database copy are extra files no row names (harmless). Resumable uploads
 * in progress (`.tus`), staged uploads (`.staging`) and temp files are left out.
 *
 * A restore checks the manifest's sizes and sha256 first, refuses a backup whose database has
 * migrations this code does not know (a backup of a newer release), moves what it replaces aside
 * (never deletes it), opens the restored database once to read its migration level back and
 * gives it a new data epoch (server/db/dataEpoch.ts: the phones' list cursors from before the
 * restore no longer count).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { MIGRATIONS } from '../../server/db/migrations';
import type { Database } from '../../server/db/schema';
import { appliedMigrations, serverPidPath, snapshotPglite, snapshotSocketPath, type DatabaseSnapshot } from '../../server/db/snapshot';
import { openDatabase } from '../../server/db/database';
import { renewDataEpoch } from '../../server/db/dataEpoch';

export const MANIFEST = 'manifest.json';
const PGLITE_FILE = 'database.pglite.tar.gz';
const PGDUMP_FILE = 'database.pgdump';
/** A backup holds the server's secrets (server_secrets) and personal data: only its owner reads it. */
const DIR_MODE = 0o700;
const FILE_MODE = 0o600;

/** Where the installation keeps its data, read from the server's own environment variables. */
export interface Installation {
  /** DATA_DIR (PGlite in DATA_DIR/pglite). */
  dataDir: string;
  /** DATABASE_URL: PostgreSQL instead of PGlite. */
  databaseUrl: string | null;
  /** PHOTO_DIR, else DATA_DIR/photos (STORAGE=fs). */
  photoDir: string;
  /** STORAGE=s3: the bucket (its files are not copied: see docs/operations.md). */
  s3Bucket: string | null;
}

export function installationFromEnv(env: NodeJS.ProcessEnv = process.env): Installation {
  const dataDir = env.DATA_DIR?.trim() || './data';
  const s3 = (env.STORAGE?.trim() || 'fs').toLowerCase() === 's3';
  return {
    dataDir,
    databaseUrl: env.DATABASE_URL?.trim() || null,
    photoDir: env.PHOTO_DIR?.trim() || join(dataDir, 'photos'),
    s3Bucket: s3 ? env.S3_BUCKET?.trim() || '(S3_BUCKET unset)' : null,
  };
}

export interface FileEntry {
  /** Path inside photos/ ('/'-separated). */
  path: string;
  bytes: number;
  sha256: string;
}

export interface BackupManifest {
  format: 'shelfwork-backup';
  version: 1;
  /** When the backup started. */
  createdAt: string;
  database: {
    kind: 'pglite' | 'postgres';
    /** online: asked the running server (PGlite); offline: opened with the server stopped; pg_dump. */
    method: 'online-snapshot' | 'offline-snapshot' | 'pg_dump';
    file: string;
    bytes: number;
    sha256: string;
    /** The moment the database copy shows. */
    takenAt: string;
    /** The applied migrations in the copy, oldest first. */
    migrations: string[];
  };
  photos:
    | { kind: 'fs'; dir: 'photos'; files: number; bytes: number; entries: FileEntry[]; copiedAt: string }
    | { kind: 's3'; bucket: string; copied: false; note: string };
}

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function stamp(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
}

/** Whether the process DATA_DIR/server.pid names lives (and is not this one). */
function pidFileNamesLiveServer(dataDir: string): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(serverPidPath(dataDir), 'utf8').trim());
  } catch {
    return false;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it lives, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether a server owns the PGlite data folder now: its pid file names a live process (written
 * whether or not its backup socket works), or something answers on DATA_DIR/backup.sock.
 */
export function serverOwnsDataDir(dataDir: string): Promise<boolean> {
  if (pidFileNamesLiveServer(dataDir)) return Promise.resolve(true);
  const path = snapshotSocketPath(dataDir);
  if (!existsSync(path)) return Promise.resolve(false);
  return new Promise((done) => {
    const socket = net.connect(path);
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}

/** Asks the running server for a snapshot over DATA_DIR/backup.sock (protocol: server/db/snapshot.ts). */
export function requestSnapshot(dataDir: string, timeoutMs = 120_000): Promise<DatabaseSnapshot> {
  const path = snapshotSocketPath(dataDir);
  return new Promise((resolveSnap, reject) => {
    const socket = net.connect(path);
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no snapshot from the server within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    socket.on('connect', () => socket.write('snapshot\n'));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      const why = error.code === 'ENOENT' || error.code === 'ECONNREFUSED' ? `no server answers on ${path} (is the server running on this DATA_DIR? With the server stopped: npm run backup -- --offline)` : error.message;
      reject(new Error(why));
    });
    socket.on('end', () => {
      clearTimeout(timer);
      const all = Buffer.concat(chunks);
      const newline = all.indexOf(0x0a);
      if (newline < 0) return reject(new Error('the server closed the backup socket without an answer'));
      let header: { ok: boolean; error?: string; bytes?: number; migrations?: string[]; takenAt?: string };
      try {
        header = JSON.parse(all.subarray(0, newline).toString('utf8')) as typeof header;
      } catch {
        return reject(new Error('the server answered on the backup socket with a garbled header'));
      }
      if (!header.ok) return reject(new Error(`the server refused the snapshot: ${header.error}`));
      const body = all.subarray(newline + 1);
      if (body.byteLength !== header.bytes) return reject(new Error(`snapshot cut short: ${body.byteLength} of ${header.bytes} bytes`));
      resolveSnap({ tarGz: new Uint8Array(body), migrations: header.migrations ?? [], takenAt: header.takenAt ?? new Date().toISOString() });
    });
  });
}

/** Opens a PGlite snapshot in memory and reads its migration level: the copy opens, and shows what it says. */
async function migrationsOfPgliteCopy(tarGz: Uint8Array): Promise<string[]> {
  const pglite = new PGlite({ loadDataDir: new Blob([tarGz as Uint8Array<ArrayBuffer>], { type: 'application/x-gzip' }) });
  await pglite.waitReady;
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  try {
    return await appliedMigrations(db);
  } finally {
    await db.destroy();
  }
}

function pgTool(name: 'pg_dump' | 'pg_restore' | 'psql'): string {
  const bin = process.env.PG_BIN?.trim();
  return bin ? join(bin, name) : name;
}

/**
 * DATABASE_URL for pg_dump / pg_restore without its password, which goes in the child's PGPASSWORD
 * instead: a command line is visible to every user (ps).
 */
export function pgToolConnection(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const userinfo = /^([a-z][a-z0-9+.-]*:\/\/[^:@/?#]*):([^@/?#]*)@/i.exec(url);
  if (!userinfo) return { url, env: process.env };
  return { url: `${userinfo[1]}@${url.slice(userinfo[0].length)}`, env: { ...process.env, PGPASSWORD: decodeURIComponent(userinfo[2] ?? '') } };
}

function runTool(name: 'pg_dump' | 'pg_restore' | 'psql', args: string[], env: NodeJS.ProcessEnv = process.env): string {
  const r = spawnSync(pgTool(name), args, { stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 256 * 1024 * 1024, env });
  if (r.error) throw new Error(`${name}: ${r.error.message} (install Debian's postgresql-client, or set PG_BIN)`);
  if (r.status !== 0) throw new Error(`${name} failed (${r.status}): ${r.stderr.toString().trim()}`);
  return r.stdout.toString();
}

/** The migration names in a pg_dump file (the data of its kysely_migration table, read with pg_restore). */
function migrationsOfPgDump(file: string): string[] {
  const text = runTool('pg_restore', ['--data-only', '--table=kysely_migration', '--file=-', file]);
  const names: string[] = [];
  let inCopy = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('COPY ') && line.includes('kysely_migration ')) inCopy = true;
    else if (inCopy && line === '\\.') inCopy = false;
    else if (inCopy && line) names.push(line.split('\t')[0] ?? '');
  }
  return names.sort();
}

/** Every photo file under `root`, without the upload machinery's folders (`.tus`, `.staging`) and temp files. */
function photoFiles(root: string): string[] {
  if (!existsSync(root)) return [];
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.name.endsWith('.tmp')) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) out.push(path);
    }
  };
  walk(root);
  return out.sort();
}

function copyPhotos(from: string, to: string): FileEntry[] {
  const entries: FileEntry[] = [];
  for (const file of photoFiles(from)) {
    const rel = relative(from, file);
    const target = join(to, rel);
    mkdirSync(dirname(target), { recursive: true, mode: DIR_MODE });
    copyFileSync(file, target);
    chmodSync(target, FILE_MODE);
    const bytes = readFileSync(target);
    entries.push({ path: rel.split(sep).join('/'), bytes: bytes.byteLength, sha256: sha256(bytes) });
  }
  return entries;
}

export interface BackupOptions {
  installation: Installation;
  /** The folder that receives `shelfwork-<time>/`. */
  outDir: string;
  /** PGlite with the server stopped: open the data folder here instead of asking the server. */
  offline?: boolean;
  now?: () => Date;
  log?: (line: string) => void;
}

/** Takes a backup; returns its folder and manifest. A failed backup leaves no folder behind. */
export async function takeBackup(options: BackupOptions): Promise<{ dir: string; manifest: BackupManifest }> {
  const createdAt = (options.now ?? (() => new Date()))();
  const dir = resolve(options.outDir, `shelfwork-${stamp(createdAt)}`);
  if (existsSync(dir)) throw new Error(`${dir} exists already`);
  mkdirSync(options.outDir, { recursive: true });
  mkdirSync(dir, { mode: DIR_MODE });
  try {
    return await backupInto(dir, createdAt, options);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

async function backupInto(dir: string, createdAt: Date, options: BackupOptions): Promise<{ dir: string; manifest: BackupManifest }> {
  const { installation } = options;
  const now = options.now ?? (() => new Date());
  const log = options.log ?? (() => {});

  let database: BackupManifest['database'];
  if (installation.databaseUrl) {
    const file = join(dir, PGDUMP_FILE);
    const takenAt = now().toISOString();
    writeFileSync(file, '', { mode: FILE_MODE });
    const connection = pgToolConnection(installation.databaseUrl);
    runTool('pg_dump', ['--format=custom', `--file=${file}`, connection.url], connection.env);
    chmodSync(file, FILE_MODE);
    const bytes = readFileSync(file);
    database = { kind: 'postgres', method: 'pg_dump', file: PGDUMP_FILE, bytes: bytes.byteLength, sha256: sha256(bytes), takenAt, migrations: migrationsOfPgDump(file) };
  } else {
    let snap: DatabaseSnapshot;
    if (options.offline) {
      if (await serverOwnsDataDir(installation.dataDir)) throw new Error(`a server is running on ${installation.dataDir} (its server.pid names a live process, or it answers on its backup socket): back up online without --offline, or stop it first`);
      const folder = resolve(installation.dataDir, 'pglite');
      if (!existsSync(join(folder, 'PG_VERSION'))) throw new Error(`no PGlite database in ${folder}`);
      const pglite = new PGlite(folder);
      await pglite.waitReady;
      const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
      try {
        snap = await snapshotPglite(db, pglite, now);
      } finally {
        await db.destroy();
      }
    } else {
      snap = await requestSnapshot(installation.dataDir);
    }
    const verified = await migrationsOfPgliteCopy(snap.tarGz);
    if (verified.join() !== snap.migrations.join()) throw new Error(`the copy reads back other migrations (${verified.join(', ')}) than the server reported (${snap.migrations.join(', ')})`);
    writeFileSync(join(dir, PGLITE_FILE), snap.tarGz, { mode: FILE_MODE });
    database = {
      kind: 'pglite',
      method: options.offline ? 'offline-snapshot' : 'online-snapshot',
      file: PGLITE_FILE,
      bytes: snap.tarGz.byteLength,
      sha256: sha256(snap.tarGz),
      takenAt: snap.takenAt,
      migrations: snap.migrations,
    };
  }
  log(`database (${database.kind}, ${database.method}): ${database.bytes} bytes, ${database.migrations.length} migrations, latest ${database.migrations.at(-1) ?? 'none'}`);

  let photos: BackupManifest['photos'];
  if (installation.s3Bucket) {
    photos = {
      kind: 's3',
      bucket: installation.s3Bucket,
      copied: false,
      note: 'photo files in S3 are not copied: keep bucket versioning and replication on (docs/operations.md, Backup and restore)',
    };
    log(`photos: in the bucket ${installation.s3Bucket}, not copied (bucket versioning / replication)`);
  } else {
    const entries = copyPhotos(installation.photoDir, join(dir, 'photos'));
    photos = { kind: 'fs', dir: 'photos', files: entries.length, bytes: entries.reduce((n, e) => n + e.bytes, 0), entries, copiedAt: now().toISOString() };
    log(`photos: ${photos.files} files, ${photos.bytes} bytes from ${installation.photoDir}`);
  }

  const manifest: BackupManifest = { format: 'shelfwork-backup', version: 1, createdAt: createdAt.toISOString(), database, photos };
  writeFileSync(join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: FILE_MODE });
  return { dir, manifest };
}

export function readManifest(backupDir: string): BackupManifest {
  const path = join(backupDir, MANIFEST);
  if (!existsSync(path)) throw new Error(`${path} not found: not a Shelfwork backup folder`);
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as BackupManifest;
  if (manifest.format !== 'shelfwork-backup' || manifest.version !== 1) throw new Error(`${path}: unknown backup format`);
  // The manifest is read, not trusted: a path it names must not lead out of the backup folder (or,
  // restoring, out of the photo folder).
  if (manifest.database?.file !== PGLITE_FILE && manifest.database?.file !== PGDUMP_FILE) throw new Error(`${path}: refused, unknown database file ${JSON.stringify(manifest.database?.file)}`);
  if (manifest.photos?.kind === 'fs') {
    if (manifest.photos.dir !== 'photos') throw new Error(`${path}: refused, photo folder ${JSON.stringify(manifest.photos.dir)} is not "photos"`);
    const root = resolve(backupDir, 'photos');
    for (const e of manifest.photos.entries) if (!insideOf(root, e.path)) throw new Error(`${path}: refused, photo path ${JSON.stringify(e.path)} leads outside the photo folder`);
  }
  return manifest;
}

/** Whether the '/'-separated relative path `rel` names something inside `base` (not base itself). */
function insideOf(base: string, rel: string): boolean {
  if (typeof rel !== 'string' || rel === '' || rel.startsWith('/')) return false;
  const root = resolve(base);
  return resolve(root, ...rel.split('/')).startsWith(root + sep);
}

/** The backup's migrations this code does not know (empty: the code can run on it). */
export function unknownMigrations(manifest: BackupManifest, known: readonly string[] = Object.keys(MIGRATIONS)): string[] {
  return manifest.database.migrations.filter((name) => !known.includes(name));
}

/** Every file the manifest names, with its size and sha256 as recorded; a list of what differs. */
export function verifyBackup(backupDir: string, manifest: BackupManifest): string[] {
  const problems: string[] = [];
  const check = (path: string, bytes: number, hash: string) => {
    if (!existsSync(path)) return problems.push(`${path}: missing`);
    const data = readFileSync(path);
    if (data.byteLength !== bytes || sha256(data) !== hash) problems.push(`${path}: size or sha256 differs from the manifest`);
  };
  const outside = (rel: string) => problems.push(`${rel}: refused, leads outside the backup folder`);
  if (insideOf(backupDir, manifest.database.file)) check(join(backupDir, manifest.database.file), manifest.database.bytes, manifest.database.sha256);
  else outside(manifest.database.file);
  if (manifest.photos.kind === 'fs') {
    const photos = join(backupDir, manifest.photos.dir);
    for (const e of manifest.photos.entries) {
      if (insideOf(photos, e.path)) check(join(photos, ...e.path.split('/')), e.bytes, e.sha256);
      else outside(e.path);
    }
  }
  return problems;
}

export interface RestoreOptions {
  installation: Installation;
  backupDir: string;
  /** PostgreSQL: restore although other sessions are connected to the database. */
  force?: boolean;
  now?: () => Date;
  /** The migrations this code knows (tests pass a shorter list); default: server/db/migrations.ts. */
  knownMigrations?: readonly string[];
  log?: (line: string) => void;
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** The migration level read back from the restored database. */
  migrations: string[];
  /** Where what was replaced went (moved aside, or a pg_dump of it). */
  keptAside: string[];
  /** The restored database's new data epoch (server/db/dataEpoch.ts). */
  dataEpoch: string;
}

/** Restores a backup into the installation; the server must be stopped (checked where it can be). */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const { installation, backupDir } = options;
  const now = options.now ?? (() => new Date());
  const log = options.log ?? (() => {});
  const manifest = readManifest(backupDir);
  const problems = verifyBackup(backupDir, manifest);
  if (problems.length > 0) throw new Error(`the backup is damaged, nothing restored:\n  ${problems.join('\n  ')}`);
  const unknown = unknownMigrations(manifest, options.knownMigrations);
  if (unknown.length > 0) {
    throw new Error(`the backup's database is newer than this code (migrations it does not know: ${unknown.join(', ')}); restore it with the release that has them. Nothing restored.`);
  }
  const expectedKind = installation.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database.kind !== expectedKind) throw new Error(`the backup holds a ${manifest.database.kind} database, this installation uses ${expectedKind}. Nothing restored.`);
  // Every photo lands inside the photo folder, checked before anything changes.
  if (manifest.photos.kind === 'fs') {
    const target = resolve(installation.photoDir);
    const escaping = manifest.photos.entries.find((e) => !insideOf(target, e.path));
    if (escaping) throw new Error(`the backup names a photo path leading outside ${target} (${JSON.stringify(escaping.path)}), refused. Nothing restored.`);
  }
  const suffix = `before-restore-${stamp(now())}`;
  const keptAside: string[] = [];
  let migrations: string[];
  let dataEpoch: string;

  if (installation.databaseUrl) {
    const url = installation.databaseUrl;
    const tool = pgToolConnection(url);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const others = await client.query<{ n: string }>('select count(*)::text as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
      const n = Number(others.rows[0]?.n ?? 0);
      if (n > 0 && !options.force) throw new Error(`${n} other session(s) are connected to the database: stop every API process first (or --force). Nothing restored.`);
      // What is replaced stays restorable: a pg_dump of it beside the backup.
      const safety = resolve(dirname(resolve(backupDir)), `${suffix}.pgdump`);
      writeFileSync(safety, '', { mode: FILE_MODE });
      runTool('pg_dump', ['--format=custom', `--file=${safety}`, tool.url], tool.env);
      chmodSync(safety, FILE_MODE);
      keptAside.push(safety);
      log(`the database as it was: ${safety}`);
      // Empty the schema, then restore into it in one transaction (tables a newer migration added go too).
      await client.query('drop schema public cascade; create schema public');
    } finally {
      await client.end();
    }
    runTool('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${tool.url}`, join(backupDir, manifest.database.file)], tool.env);
    const restored = await openDatabase({ databaseUrl: url, poolSize: 1 });
    try {
      migrations = await appliedMigrations(restored.db);
      dataEpoch = await renewDataEpoch(restored.db);
    } finally {
      await restored.db.destroy();
    }
  } else {
    if (await serverOwnsDataDir(installation.dataDir)) throw new Error(`a server is running on ${installation.dataDir} (its server.pid names a live process, or it answers on its backup socket): stop it first. Nothing restored.`);
    const folder = resolve(installation.dataDir, 'pglite');
    if (existsSync(folder)) {
      const aside = `${folder}.${suffix}`;
      renameSync(folder, aside);
      keptAside.push(aside);
      log(`the database as it was: ${aside}`);
    }
    mkdirSync(folder, { recursive: true });
    const tarGz = readFileSync(join(backupDir, manifest.database.file));
    const pglite = new PGlite(folder, { loadDataDir: new Blob([tarGz], { type: 'application/x-gzip' }) });
    await pglite.waitReady;
    const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
    try {
      migrations = await appliedMigrations(db);
      dataEpoch = await renewDataEpoch(db);
    } finally {
      await db.destroy();
    }
  }
  log(`new data epoch ${dataEpoch}: the phones' list cursors from before the restore are refused once (server/db/dataEpoch.ts)`);
  if (migrations.join() !== manifest.database.migrations.join()) throw new Error(`the restored database reads back migrations ${migrations.join(', ')}, the manifest says ${manifest.database.migrations.join(', ')}`);
  log(`database restored: ${migrations.length} migrations, latest ${migrations.at(-1) ?? 'none'} (the server runs newer ones at its next start)`);

  if (manifest.photos.kind === 'fs') {
    const target = resolve(installation.photoDir);
    if (existsSync(target)) {
      const aside = `${target}.${suffix}`;
      renameSync(target, aside);
      keptAside.push(aside);
      log(`the photo files as they were: ${aside}`);
    }
    mkdirSync(target, { recursive: true });
    for (const e of manifest.photos.entries) {
      const to = join(target, ...e.path.split('/'));
      mkdirSync(dirname(to), { recursive: true });
      copyFileSync(join(backupDir, manifest.photos.dir, ...e.path.split('/')), to);
    }
    log(`photos restored: ${manifest.photos.files} files, ${manifest.photos.bytes} bytes into ${target}`);
  } else {
    log(`photos: in the bucket ${manifest.photos.bucket}, not part of this backup (restore them from the bucket's versions if needed)`);
  }
  return { manifest, migrations, keptAside, dataEpoch };
}

/**
 * After a restore made another way (PostgreSQL point-in-time recovery, pg_restore by hand): a new
 * data epoch, so the phones' list cursors from before it are refused once. Server stopped.
 */
export async function markRestored(installation: Installation): Promise<string> {
  if (installation.databaseUrl) {
    const opened = await openDatabase({ databaseUrl: installation.databaseUrl, poolSize: 1 });
    try {
      return await renewDataEpoch(opened.db);
    } finally {
      await opened.db.destroy();
    }
  }
  if (await serverOwnsDataDir(installation.dataDir)) throw new Error(`a server is running on ${installation.dataDir} (its server.pid names a live process, or it answers on its backup socket): stop it first.`);
  const opened = await openDatabase({ dataDir: installation.dataDir });
  try {
    return await renewDataEpoch(opened.db);
  } finally {
    await opened.db.destroy();
  }
}

/** For a listing: total size of a backup folder's files. */
export function backupSize(dir: string): number {
  let total = 0;
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, entry.name);
      if (entry.isDirectory()) walk(p);
      else total += statSync(p).size;
    }
  };
  walk(dir);
  return total;
}
