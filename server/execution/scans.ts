/** A task's scanned items: the list, and the list replaced whole on the wire but written by difference. */
import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { ScannedItem } from '#domain/types';
import { deferredWrites } from '../db/segment';
import type { ParsedScannedItem } from './input';
import { execDb } from './tables';
import { fullWrites, iso, lockWritable, memoOf, type Writer } from './service';

const scansMemoKey = (taskId: string) => `execution:scans:${taskId}`;

export async function listScannedItems(db: Db, taskId: string): Promise<ScannedItem[]> {
  const rows = await execDb(db)
    .selectFrom('scanned_items')
    .select(['id', 'ean', 'facings', 'scanned_at'])
    .where('task_id', '=', taskId)
    .orderBy('position')
    .execute();
  return rows.map((r) => ({ id: r.id, ean: r.ean, facings: r.facings, timestamp: iso(r.scanned_at) }));
}

interface StoredScan {
  id: string;
  position: number;
  ean: string;
  facings: number;
  /** scanned_at in ms since the epoch. */
  at: number;
}

/**
 * Full replacement (the client always sends its whole list; a replay cannot duplicate), written by
 * difference: the task's rows are read (or, later in a batch segment, taken from what the segment
 * wrote: the task row lock keeps every other writer out), then only the rows that are new or whose
 * position, EAN, facings or time changed are upserted and the ones no longer listed deleted.
 * The answer is the list as `listScannedItems` would read it back: the items in the order sent
 * (position = index), each time as stored (a JavaScript Date: milliseconds, as timestamptz keeps it).
 */
export async function replaceScannedItems(trx: Db, writer: Writer, taskId: string, items: ParsedScannedItem[]): Promise<{ data: ScannedItem[] }> {
  await lockWritable(trx, writer, taskId);
  if (fullWrites()) return replaceScannedItemsWhole(trx, taskId, items);
  const memo = memoOf(trx);
  const key = scansMemoKey(taskId);
  const inDbKey = `execution:scans-db:${taskId}`;
  const memoised = memo?.get(key) as StoredScan[] | undefined;
  const current =
    memoised ??
    (await execDb(trx).selectFrom('scanned_items').select(['id', 'position', 'ean', 'facings', 'scanned_at']).where('task_id', '=', taskId).execute()).map(
      (r): StoredScan => ({ id: r.id, position: r.position, ean: r.ean, facings: r.facings, at: new Date(r.scanned_at).getTime() }),
    );
  const next: StoredScan[] = items.map((it, position) => ({ id: it.id, position, ean: it.ean, facings: it.facings, at: it.scannedAt.getTime() }));
  const answer = { data: next.map((r) => ({ id: r.id, ean: r.ean, facings: r.facings, timestamp: new Date(r.at).toISOString() })) };
  const deferred = deferredWrites(trx);
  if (deferred && memo) {
    // In a batch segment the list is written once, at the segment's flush (server/http/batch.ts):
    // the difference from what the database has (as read, or as the last flush left it).
    if (!memoised) memo.set(inDbKey, current);
    memo.set(key, next);
    deferred.set(`scans:${taskId}`, async (m) => {
      const now = m.get(key) as StoredScan[] | undefined;
      const inDb = m.get(inDbKey) as StoredScan[] | undefined;
      if (!now || !inDb) throw new Error('deferred scans without their memo');
      await writeScanDifference(trx, taskId, inDb, now);
      m.set(inDbKey, now);
    });
    return answer;
  }
  // Forget the memo first: if a write fails, the record rolls back and nothing stale is kept.
  memo?.delete(key);
  await writeScanDifference(trx, taskId, current, next);
  memo?.set(key, next);
  return answer;
}

/** Writes a task's scan list `next` over `current` (the rows as the database has them): the new or changed rows upserted, the ones no longer listed deleted. */
async function writeScanDifference(trx: Db, taskId: string, current: StoredScan[], next: StoredScan[]): Promise<void> {
  const db = execDb(trx);
  const before = new Map(current.map((r) => [r.id, r]));
  const changed = next.filter((r) => {
    const was = before.get(r.id);
    return !was || was.position !== r.position || was.ean !== r.ean || was.facings !== r.facings || was.at !== r.at;
  });
  const listed = new Set(next.map((r) => r.id));
  const gone = current.filter((r) => !listed.has(r.id)).map((r) => r.id);
  for (let i = 0; i < gone.length; i += 500) {
    await db.deleteFrom('scanned_items').where('task_id', '=', taskId).where('id', 'in', gone.slice(i, i + 500)).execute();
  }
  for (let i = 0; i < changed.length; i += 500) {
    await db
      .insertInto('scanned_items')
      .values(changed.slice(i, i + 500).map((r) => ({ task_id: taskId, id: r.id, position: r.position, ean: r.ean, facings: r.facings, scanned_at: new Date(r.at) })))
      .onConflict((oc) =>
        oc.columns(['task_id', 'id']).doUpdateSet({
          position: sql<number>`excluded.position`,
          ean: sql<string>`excluded.ean`,
          facings: sql<number>`excluded.facings`,
          scanned_at: sql<Date>`excluded.scanned_at`,
        }),
      )
      .execute();
  }
}

/** The old write (EXECUTION_FULL_WRITES=1): delete the task's list, insert it whole, read it back. */
async function replaceScannedItemsWhole(trx: Db, taskId: string, items: ParsedScannedItem[]): Promise<{ data: ScannedItem[] }> {
  const db = execDb(trx);
  await db.deleteFrom('scanned_items').where('task_id', '=', taskId).execute();
  for (let i = 0; i < items.length; i += 500) {
    await db
      .insertInto('scanned_items')
      .values(items.slice(i, i + 500).map((it, k) => ({ task_id: taskId, id: it.id, position: i + k, ean: it.ean, facings: it.facings, scanned_at: it.scannedAt })))
      .execute();
  }
  return { data: await listScannedItems(trx, taskId) };
}
