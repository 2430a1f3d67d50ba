/**
 * The database's data epoch: a random id in `server_secrets` (name `data_epoch`) that
 * `npm run restore` replaces after every restore (scripts/lib/backup.ts).
 *
 * Why: a phone keeps cursors that stand for "everything up to this database snapshot" (the task
 * lists' delta cursors, server/sync/taskDelta.ts: transaction ids). A restore takes the data back
 * to an earlier moment — and with PGlite, or PostgreSQL restored into a new cluster or to a point
 * in time, the transaction counter too — so such a cursor would claim to have seen changes the
 * restored database never made, and miss the ones it makes next (the restore drill,
 * test/server/restore-drill.test.ts: a reservation made after the backup stayed on the phone). The
 * epoch is part of every cursor's fingerprint: after a restore, every cursor is refused once and
 * the phone is sent the whole list again.
 *
 * Read once per process and database (a restore needs every API process restarted anyway).
 * No row (a database never restored): the epoch is ''.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from './schema';
import type { Db } from './database';

export const DATA_EPOCH_ROW = 'data_epoch';

const epochs = new WeakMap<object, Promise<string>>();

export function dataEpoch(db: Db): Promise<string> {
  let epoch = epochs.get(db);
  if (!epoch) {
    epoch = db
      .selectFrom('server_secrets')
      .select('value')
      .where('name', '=', DATA_EPOCH_ROW)
      .executeTakeFirst()
      .then((row) => row?.value ?? '');
    // A failed read is tried again by the next request.
    epoch.catch(() => epochs.delete(db));
    epochs.set(db, epoch);
  }
  return epoch;
}

/** Writes a new epoch (the restore does, into the database it restored); returns it. */
export async function renewDataEpoch(db: Kysely<Database>): Promise<string> {
  const value = randomBytes(12).toString('base64url');
  await db
    .insertInto('server_secrets')
    .values({ name: DATA_EPOCH_ROW, value })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value }))
    .execute();
  return value;
}
