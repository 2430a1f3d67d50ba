/**
 * `npm run restore -- <backup folder> [--force]`: restores a backup made by `npm run backup` into
 * the installation this environment describes (DATA_DIR, DATABASE_URL, PHOTO_DIR, STORAGE).
 * Stop the server (every API process) first (PGlite: refused while DATA_DIR/server.pid names a
 * live process or a server answers on DATA_DIR/backup.sock). Refused too when the manifest names
 * a file outside the backup folder or a photo outside the photo folder.
 *
 * Checks before it changes anything: every file's size and sha256 against the manifest, the
 * database kind, and that the backup has no migration this code does not know (a backup of a
 * newer release is refused). What it replaces is kept: the PGlite folder and the photo folder are
 * moved aside (`….before-restore-<time>`); a PostgreSQL database is first saved with pg_dump beside
 * the backup folder. PostgreSQL: refused while other sessions are connected, unless --force.
 * The restored database gets a new data epoch (server/db/dataEpoch.ts), so the phones' task-list
 * cursors from before the restore are refused once. After it, start the server: it runs the
 * migrations newer than the backup.
 *
 * `npm run restore -- --mark-restored`: only the new data epoch, after a restore made another
 * way (PostgreSQL point-in-time recovery, pg_restore by hand). Server stopped.
 */
import { installationFromEnv, markRestored, restoreBackup } from './lib/backup';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.length === 1 && args[0] === '--mark-restored') {
    const epoch = await markRestored(installationFromEnv());
    console.log(`restore: new data epoch ${epoch}; start the server.`);
    return;
  }
  const force = args.includes('--force');
  const rest = args.filter((a) => a !== '--force');
  if (rest.length !== 1 || rest[0]!.startsWith('-')) {
    console.error('usage: npm run restore -- <backup folder> [--force]\n       npm run restore -- --mark-restored   (after a point-in-time recovery or a pg_restore by hand)');
    process.exit(2);
  }
  const result = await restoreBackup({ installation: installationFromEnv(), backupDir: rest[0]!, force, log: (line) => console.log(`restore: ${line}`) });
  console.log(`restore: done; the database is as of ${result.manifest.database.takenAt}. Start the server.`);
  if (result.keptAside.length > 0) console.log(`restore: kept what was replaced: ${result.keptAside.join(', ')}`);
}

main().catch((error: unknown) => {
  console.error(`restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
