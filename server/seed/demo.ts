/**
 * The demo seed, loaded on the first start of an empty database. Deterministic (a fixed PRNG)
 * and relative to the seeding time, so windows, deadlines and "new" flags make sense whenever
 * it runs. Guarded by an advisory lock so several processes starting together seed once.
 * One transaction writes the whole demo world in dependency order: the reference data
 * (reference.ts), the accounts (accounts.ts), the tasks (tasks.ts), then money and missions
 * (server/money/seed.ts); their data tables are in server/db/seed-data.ts. The seed sits above
 * the features whose rules it uses (password hashing, referral codes, checklists, money).
 */
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { seedMoneyDemo } from '../money/seed';
import { seedAccounts } from './accounts';
import { seedReference } from './reference';
import { seedStaff } from './staff';
import { createRandom, DAY } from './support';
import { seedTasks } from './tasks';

export { DEMO_ACCOUNTS, type DemoAccount } from './accounts';
export { DEMO_STAFF } from './staff';

export interface SeedSummary {
  tasks: number;
  places: number;
  users: number;
}

/** Seeds the demo data unless the database already has countries. Returns null when it skipped. */
export async function seedIfEmpty(db: Db, now: Date): Promise<SeedSummary | null> {
  return db.transaction().execute(async (trx) => {
    // One seeder at a time across processes; the others find the data and skip.
    await sql`select pg_advisory_xact_lock(424242)`.execute(trx);
    const existing = await trx.selectFrom('countries').select('code').limit(1).execute();
    if (existing.length > 0) return null;
    const summary = await seedDemo(trx, now);
    // Fresh statistics so the planner uses the task indexes from the first request.
    await sql`analyze`.execute(trx);
    return summary;
  });
}

export async function seedDemo(db: Db, now: Date): Promise<SeedSummary> {
  const rnd = createRandom(20_261_121);
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  const { places, productsByCountry } = await seedReference(db, rnd, ago);
  const { userIds, crowd, users } = await seedAccounts(db, rnd, ago);
  const tasks = await seedTasks(db, rnd, now, { places, productsByCountry, userIds, crowd });
  await seedMoneyDemo(db, now); // missions and payout adjustments (server/money/seed.ts)
  await seedStaff(db, now); // the console's demo staff (server/seed/staff.ts)
  return { tasks, places: places.length, users };
}
