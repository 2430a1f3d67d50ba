/** A throwaway PostgreSQL cluster for the benchmarks (scripts/bench-api.ts, scripts/bench-outbox.ts), started as scripts/test-postgres.sh does. */
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './server-process';

/** PostgreSQL refuses to run as root: as root, the cluster runs as this system user. */
const PG_USER = 'shelfwork-pg';

export interface ThrowawayPostgres {
  /** The PostgreSQL bin folder used. */
  bin: string;
  port: number;
  /** The cluster's temp folder (data/, the socket, pg.log): stop() removes it. */
  dir: string;
  /** The cluster's data folder (postmaster.pid holds the server's pid). */
  dataDir: string;
  /** postgresql://postgres@127.0.0.1:<port>/postgres (trust authentication). */
  adminUrl: string;
  /** CREATE DATABASE `name` (with psql); its URL. */
  createDatabase(name: string): string;
  /** Stops the cluster (immediate shutdown) and removes its folder. */
  stop(): void;
}

/** PG_BIN when it holds initdb, else the newest /usr/lib/postgresql/<version>/bin. */
function findPgBin(): string {
  const fromEnv = process.env.PG_BIN;
  if (fromEnv && existsSync(join(fromEnv, 'initdb'))) return fromEnv;
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
    for (const v of versions) if (existsSync(join(root, v, 'bin', 'initdb'))) return join(root, v, 'bin');
  }
  throw new Error('PostgreSQL binaries not found (set PG_BIN, or apt-get install postgresql)');
}

function run(cmd: string, args: string[], asPg: boolean): void {
  const full = asPg ? ['runuser', '-u', PG_USER, '--', cmd, ...args] : [cmd, ...args];
  const r = spawnSync(full[0] as string, full.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
  if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr.toString()}${r.stdout.toString()}`);
}

/**
 * initdb in a new temp folder (`tmpPrefix`…; trust authentication, no sync at initdb), then the
 * server on a free port of 127.0.0.1 with default durability (fsync and synchronous_commit on, as a
 * production server runs), shared_buffers=128MB and `settings` (`name=value`, each as `-c`).
 * When the start fails, the cluster is stopped and its folder removed before the error is thrown.
 */
export async function startPostgres(options: { tmpPrefix: string; settings?: readonly string[] }): Promise<ThrowawayPostgres> {
  const bin = findPgBin();
  const isRoot = process.getuid?.() === 0;
  if (isRoot && spawnSync('id', ['-u', PG_USER]).status !== 0) run('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', PG_USER], false);
  const tmp = mkdtempSync(join(tmpdir(), options.tmpPrefix));
  const dataDir = join(tmp, 'data');
  if (isRoot) {
    const uid = Number(spawnSync('id', ['-u', PG_USER]).stdout.toString().trim());
    const gid = Number(spawnSync('id', ['-g', PG_USER]).stdout.toString().trim());
    chownSync(tmp, uid, gid);
  }
  const port = await freePort();
  const stop = () => {
    if (existsSync(join(dataDir, 'postmaster.pid'))) {
      try {
        run(join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop'], isRoot);
      } catch {
        /* already down */
      }
    }
    rmSync(tmp, { recursive: true, force: true });
  };
  const settings = ['listen_addresses=127.0.0.1', ...(options.settings ?? []), 'shared_buffers=128MB'].map((s) => `-c ${s}`).join(' ');
  try {
    run(join(bin, 'initdb'), ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C.UTF-8'], isRoot);
    run(join(bin, 'pg_ctl'), ['-D', dataDir, '-l', join(tmp, 'pg.log'), '-w', '-t', '30', '-o', `-p ${port} -k ${tmp} ${settings}`, 'start'], isRoot);
  } catch (error) {
    stop();
    throw error;
  }
  const adminUrl = `postgresql://postgres@127.0.0.1:${port}/postgres`;
  const createDatabase = (name: string) => {
    const r = spawnSync('psql', [adminUrl, '-qc', `CREATE DATABASE ${name}`], { stdio: ['ignore', 'pipe', 'pipe'] });
    if (r.status !== 0) throw new Error(`CREATE DATABASE: ${r.stderr.toString()}`);
    return adminUrl.replace(/\/postgres$/, `/${name}`);
  };
  return { bin, port, dir: tmp, dataDir, adminUrl, createDatabase, stop };
}
