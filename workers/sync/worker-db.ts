/**
 * The sync worker's own connection to the mirror. When another runtime (a newer app version in
 * another tab) upgrades the schema, IndexedDB asks every open connection to close
 * (`versionchange`); the worker closes at once so the upgrade is not blocked, and — unlike the
 * page, which reloads — keeps auto-open on, so its next operation reopens the database lazily
 * (Dexie 4 opens a database of a newer version than it declares, as long as its tables exist).
 */
import { DB_NAME, ShelfworkDb } from '#db/schema';

export function openWorkerDb(name: string = DB_NAME): ShelfworkDb {
  const db = new ShelfworkDb(name);
  db.on('versionchange', () => {
    db.close({ disableAutoOpen: false });
    // false: do not run Dexie's default handler (which closes for good).
    return false;
  });
  return db;
}
