/**
 * Staff CLI: the staff API's operations run directly against the database
 * (`npm run staff -- <command> [options]`; the commands: ./commands.ts). The first admin of a
 * new installation is added here (`accounts add <email> --role admin`); then staff sign in at
 * /staff with a mailed code. Uses DATABASE_URL or
 * DATA_DIR like the server, and PHOTO_DIR (default $DATA_DIR/photos, as server/config.ts) for
 * document files. Note: with PGlite the data folder is single-process; stop the server first, or
 * use the staff HTTP API while it runs.
 */
import { join } from 'node:path';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrations';
import { createFsPhotoStorage } from '../storage/photo-storage';
import { HELP_WITH_MONEY, runStaffCommand } from './commands';

async function main(argv: string[]): Promise<number> {
  const [command] = argv;
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    console.log(HELP_WITH_MONEY);
    return 0;
  }
  const dataDir = process.env.DATA_DIR?.trim() || './data';
  const photoDir = process.env.PHOTO_DIR?.trim() || join(dataDir, 'photos');
  const opened = await openDatabase({ databaseUrl: process.env.DATABASE_URL?.trim() || null, dataDir, poolSize: 2 });
  const db = opened.db;
  try {
    await migrateToLatest(db);
    return await runStaffCommand(argv, {
      db,
      storage: createFsPhotoStorage(photoDir),
      photoDir,
      now: new Date(),
      out: (text) => console.log(text),
      err: (text) => console.error(text),
    });
  } finally {
    await db.destroy();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
