/**
 * Prepared statements on PostgreSQL (server/db/database.ts PREPARED): the task list's
 * viewer statement — the one statement of a stored-answer hit — and a delta poll's change
 * statement are sent as named statements, so each connection parses and plans each once.
 * PREPARED_STATEMENTS=off sends them unnamed, as before.
 * Only on PostgreSQL (the postgres stage of `npm test`); PGlite has no such protocol difference.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, type Db } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrations';
import type { Viewer } from '../../server/tasks/queries';
import { currentSnapshot, loadViewerForList, readListChanges, type ListAnswerCheck } from '../../server/tasks/listChanges';
import { createEmptyPostgresDatabase } from './helpers';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  delete process.env.PREPARED_STATEMENTS;
});

/** A migrated database behind a pool of ONE connection: pg_prepared_statements is per connection. */
async function oneConnection(): Promise<Db> {
  const created = await createEmptyPostgresDatabase(process.env.DATABASE_URL as string);
  cleanups.push(created.drop);
  const opened = await openDatabase({ databaseUrl: created.url, poolSize: 1 });
  cleanups.push(() => opened.db.destroy());
  await migrateToLatest(opened.db);
  return opened.db;
}

async function prepared(db: Db): Promise<{ name: string; statement: string }[]> {
  const { rows } = await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements order by name`.execute(db);
  return rows;
}

describe.skipIf(!process.env.DATABASE_URL)('prepared statements (PostgreSQL)', () => {
  it("prepares the list's viewer statement once per connection, one per shape of its text", async () => {
    const db = await oneConnection();
    expect(await prepared(db)).toEqual([]);
    const userId = randomUUID();
    await loadViewerForList(db, userId, null);
    await loadViewerForList(db, randomUUID(), null);
    const once = await prepared(db);
    expect(once).toHaveLength(1);
    expect(once[0]?.name).toMatch(/^p_/);
    expect(once[0]?.statement).toContain('list_snapshot');
    // With a stored answer to check, the text has another shape (its snapshot is a parameter).
    const snapshot = await currentSnapshot(db);
    const viewer: Viewer = { id: userId, countryCode: 'LT', status: 'active', isApproved: true, canSeeTasks: true, doneTrainingIds: new Set(), reservationUsed: 0, reservationLimit: 600 };
    const check: ListAnswerCheck = { viewer, statuses: undefined, snapshot, clockFrom: new Date(), now: new Date() };
    await loadViewerForList(db, userId, check);
    await loadViewerForList(db, userId, { ...check, snapshot: await currentSnapshot(db) });
    expect(await prepared(db)).toHaveLength(2);
  });

  it("prepares a delta poll's change statement once per connection: a new cursor is a new value, not a new statement", async () => {
    const db = await oneConnection();
    const viewer: Viewer = { id: randomUUID(), countryCode: 'LT', status: 'active', isApproved: true, canSeeTasks: true, doneTrainingIds: new Set(), reservationUsed: 0, reservationLimit: 600 };
    const limits = { changed: 101, removed: 101 };
    const first = await readListChanges(db, viewer, ['available'], await currentSnapshot(db), new Date(Date.now() - 60_000), new Date(), limits);
    expect(first).toMatchObject({ changed: [], removed: [] });
    await readListChanges(db, viewer, ['available'], first.snapshot, new Date(Date.now() - 30_000), new Date(), limits);
    const named = (await prepared(db)).filter((p) => p.statement.includes('task_list_exits'));
    expect(named).toHaveLength(1);
    expect(named[0]?.name).toMatch(/^p_/);
  });

  it('sends it unnamed with PREPARED_STATEMENTS=off', async () => {
    process.env.PREPARED_STATEMENTS = 'off';
    const db = await oneConnection();
    await loadViewerForList(db, randomUUID(), null);
    expect(await prepared(db)).toEqual([]);
  });
});
