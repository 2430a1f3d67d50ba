/**
 * The safety rules of `npm run backup` / `npm run restore` (scripts/lib/backup.ts) that the restore
 * drill does not reach: a server found by its pid file when it has no backup socket, a manifest
 * that names paths outside the backup or the photo folder, who may read a backup, the password
 * kept off pg_dump's command line, and a garbled answer on the backup socket.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { markRestored, pgToolConnection, readManifest, requestSnapshot, serverOwnsDataDir, takeBackup, type BackupManifest, type Installation } from '../../scripts/lib/backup';
import { SERVER_PID_FILE, snapshotSocketPath, writeServerPidFile } from '../../server/db/snapshot';
import { seededPgliteTarball } from './helpers';

const sha256 = (bytes: string | Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const roots: string[] = [];
function tempRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'shelfwork-bsafe.'));
  roots.push(root);
  return root;
}
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function installationIn(root: string): Installation {
  return { dataDir: join(root, 'data'), databaseUrl: null, photoDir: join(root, 'data', 'photos'), s3Bucket: null };
}

/** A pid no process has: a child that has exited and been reaped. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  return child.pid!;
}

describe('a server on the data folder, found by its pid file', () => {
  it('a live pid that is not ours owns the folder; our own, a dead or a garbled pid does not', async () => {
    const dataDir = join(tempRoot(), 'data');
    mkdirSync(dataDir, { recursive: true });
    expect(await serverOwnsDataDir(dataDir)).toBe(false);
    const pidFile = join(dataDir, SERVER_PID_FILE);
    writeFileSync(pidFile, `${process.ppid}\n`);
    expect(await serverOwnsDataDir(dataDir)).toBe(true);
    writeFileSync(pidFile, `${process.pid}\n`);
    expect(await serverOwnsDataDir(dataDir)).toBe(false);
    writeFileSync(pidFile, `${deadPid()}\n`);
    expect(await serverOwnsDataDir(dataDir)).toBe(false);
    writeFileSync(pidFile, 'not a pid\n');
    expect(await serverOwnsDataDir(dataDir)).toBe(false);
  });

  it('an offline backup and --mark-restored refuse while the pid file names a live server', async () => {
    const root = tempRoot();
    const installation = installationIn(root);
    mkdirSync(installation.dataDir, { recursive: true });
    writeFileSync(join(installation.dataDir, SERVER_PID_FILE), `${process.ppid}\n`);
    await expect(takeBackup({ installation, outDir: join(root, 'backups'), offline: true })).rejects.toThrow(/server is running/);
    expect(readdirSync(join(root, 'backups'))).toEqual([]);
    await expect(markRestored(installation)).rejects.toThrow(/server is running/);
    expect(existsSync(join(installation.dataDir, 'pglite'))).toBe(false);
  });

  it('the server writes its pid file and removes it, and only its own', () => {
    const dataDir = join(tempRoot(), 'data');
    mkdirSync(dataDir, { recursive: true });
    const file = writeServerPidFile(dataDir);
    const path = join(dataDir, SERVER_PID_FILE);
    expect(Number(readFileSync(path, 'utf8').trim())).toBe(process.pid);
    file.remove();
    expect(existsSync(path)).toBe(false);
    // A newer server's pid file is not the old one's to remove.
    const old = writeServerPidFile(dataDir);
    writeFileSync(path, '12345\n');
    old.remove();
    expect(existsSync(path)).toBe(true);
  });
});

describe('a manifest names only paths inside the backup and the photo folder', () => {
  function backupWith(change: (m: BackupManifest) => void): string {
    const dir = join(tempRoot(), 'shelfwork-crafted');
    mkdirSync(join(dir, 'photos'), { recursive: true });
    writeFileSync(join(dir, 'database.pglite.tar.gz'), 'db');
    writeFileSync(join(dir, 'photos', 'a.jpg'), 'photo');
    const manifest: BackupManifest = {
      format: 'shelfwork-backup',
      version: 1,
      createdAt: new Date().toISOString(),
      database: { kind: 'pglite', method: 'offline-snapshot', file: 'database.pglite.tar.gz', bytes: 2, sha256: sha256('db'), takenAt: new Date().toISOString(), migrations: [] },
      photos: { kind: 'fs', dir: 'photos', files: 1, bytes: 5, entries: [{ path: 'a.jpg', bytes: 5, sha256: sha256('photo') }], copiedAt: new Date().toISOString() },
    };
    change(manifest);
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
    return dir;
  }
  const entry = (path: string) => (m: BackupManifest) => {
    if (m.photos.kind === 'fs') m.photos.entries = [{ path, bytes: 5, sha256: sha256('photo') }];
  };

  it('accepts a plain one', () => {
    expect(readManifest(backupWith(() => {})).photos.kind).toBe('fs');
  });

  it.each([
    ['a photo path with ..', entry('../../../../tmp/evil.jpg')],
    ['a photo path with .. inside', entry('ab/../../evil.jpg')],
    ['an absolute photo path', entry('/etc/cron.d/evil')],
    ['an empty photo path', entry('')],
    ['a photo folder other than photos', (m: BackupManifest) => {
      if (m.photos.kind === 'fs') (m.photos as { dir: string }).dir = '..';
    }],
    ['a database file outside the backup', (m: BackupManifest) => {
      m.database.file = '../../etc/shadow';
    }],
    ['a database file of another name', (m: BackupManifest) => {
      m.database.file = 'photos/a.jpg';
    }],
  ])('refuses %s', (_what, change) => {
    expect(() => readManifest(backupWith(change))).toThrow(/refused/);
  });
});

describe('who may read a backup', () => {
  it('the folder is 0700 and its files 0600', async () => {
    const root = tempRoot();
    const installation = installationIn(root);
    mkdirSync(join(installation.dataDir, 'pglite'), { recursive: true });
    const pglite = new PGlite(join(installation.dataDir, 'pglite'), { loadDataDir: await seededPgliteTarball() });
    await pglite.waitReady;
    await pglite.close();
    mkdirSync(join(installation.photoDir, 'task-1'), { recursive: true });
    writeFileSync(join(installation.photoDir, 'task-1', 'p.jpg'), 'photo', { mode: 0o644 });
    const { dir } = await takeBackup({ installation, outDir: join(root, 'backups'), offline: true });
    const mode = (path: string) => statSync(path).mode & 0o777;
    expect(mode(dir)).toBe(0o700);
    expect(mode(join(dir, 'photos'))).toBe(0o700);
    expect(mode(join(dir, 'photos', 'task-1'))).toBe(0o700);
    expect(mode(join(dir, 'manifest.json'))).toBe(0o600);
    expect(mode(join(dir, 'database.pglite.tar.gz'))).toBe(0o600);
    expect(mode(join(dir, 'photos', 'task-1', 'p.jpg'))).toBe(0o600);
  }, 60_000);
});

describe('the PostgreSQL password stays off the command line', () => {
  it('moves it from the URL to PGPASSWORD', () => {
    const withPassword = pgToolConnection('postgres://shelf:p%40ss%3Aw@db.example:5432/shelfwork?sslmode=require');
    expect(withPassword.url).toBe('postgres://shelf@db.example:5432/shelfwork?sslmode=require');
    expect(withPassword.env.PGPASSWORD).toBe('p@ss:w');
    const without = pgToolConnection('postgresql://shelf@db.example/shelfwork');
    expect(without.url).toBe('postgresql://shelf@db.example/shelfwork');
    expect(without.env.PGPASSWORD).toBe(process.env.PGPASSWORD);
  });
});

describe('a garbled answer on the backup socket', () => {
  it('fails the backup and leaves no folder', async () => {
    const root = tempRoot();
    const installation = installationIn(root);
    mkdirSync(installation.dataDir, { recursive: true });
    const sockets = new Set<net.Socket>();
    const server = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.end('{"ok": tru\n');
    });
    await new Promise<void>((done) => server.listen(snapshotSocketPath(installation.dataDir), done));
    try {
      await expect(requestSnapshot(installation.dataDir, 10_000)).rejects.toThrow(/garbled/);
      await expect(takeBackup({ installation, outDir: join(root, 'backups') })).rejects.toThrow(/garbled/);
      expect(readdirSync(join(root, 'backups'))).toEqual([]);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((done) => server.close(() => done()));
    }
  });
});
