/**
 * `npm run backup [-- --out <folder>] [--offline]`: backs up the database and the photo files of
 * the installation this environment describes (DATA_DIR, DATABASE_URL, PHOTO_DIR, STORAGE — the
 * server's own variables) into `<folder>/shelfwork-<UTC time>/` (default folder: ./backups), with a
 * manifest (scripts/lib/backup.ts; docs/operations.md, "Backup and restore").
 *
 * - PostgreSQL (DATABASE_URL): `pg_dump --format=custom` (Debian's postgresql-client; PG_BIN picks
 *   another bin folder), while the API keeps running.
 * - PGlite: asks the running server for a consistent copy over DATA_DIR/backup.sock
 *   (server/db/snapshot.ts); nothing stops. With the server stopped: `--offline` opens the data
 *   folder here instead (refused while DATA_DIR/server.pid names a live process or a server
 *   answers on the socket). The backup folder is 0700 and its files 0600 (secrets, personal data).
 * - Photos: STORAGE=fs copies PHOTO_DIR after the database; STORAGE=s3 copies nothing (bucket
 *   versioning and replication are the photo backup there).
 */
import { installationFromEnv, takeBackup } from './lib/backup';

function usage(): never {
  console.error('usage: npm run backup [-- --out <folder>] [--offline]');
  process.exit(2);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  let outDir = './backups';
  let offline = false;
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i];
    if (arg === '--out') outDir = args[++i] ?? usage();
    else if (arg === '--offline') offline = true;
    else usage();
  }
  const installation = installationFromEnv();
  const started = Date.now();
  const { dir, manifest } = await takeBackup({ installation, outDir, offline, log: (line) => console.log(`backup: ${line}`) });
  console.log(`backup: done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${dir}`);
  console.log(`backup: the database as of ${manifest.database.takenAt}, migration level ${manifest.database.migrations.at(-1) ?? 'none'}`);
}

main().catch((error: unknown) => {
  console.error(`backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
