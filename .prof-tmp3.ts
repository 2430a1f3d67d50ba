import { openDatabase } from './server/db/database';
import { referenceCache } from './server/tasks/reference-cache';
import { sql } from 'kysely';
const { db } = await openDatabase({ databaseUrl: 'postgresql://postgres@127.0.0.1:47111/postgres' });
const N = 400;
async function bench(name: string, f: () => Promise<unknown> | unknown) {
  for (let i = 0; i < 30; i++) await f();
  const c0 = process.cpuUsage();
  for (let i = 0; i < N; i++) await f();
  const c = process.cpuUsage(c0);
  console.log(name.padEnd(20), 'cpu', ((c.user + c.system) / 1000 / N).toFixed(2));
}
const ids = (await sql<{ task_type_id: string; place_id: string }>`select task_type_id, place_id from tasks limit 51`.execute(db)).rows;
const cache = referenceCache(db);
await bench('cache tt', () => cache.taskTypesFor(ids.map((r) => r.task_type_id)));
await bench('cache places', () => cache.placesFor(ids.map((r) => r.place_id)));
await bench('cache cur', () => cache.currencySymbol('LT'));
const tsRow = (await sql`select * from tasks limit 51`.execute(db));
await bench('kysely compile', () => db.selectFrom('tasks as t').select(['t.id', 't.status', 't.title', 't.time_window_start']).select(sql`t.reward::text`.as('r')).where((eb) => eb.and([sql<boolean>`t.status in (${sql.join(['available'])})`, sql<boolean>`(t.tasker_id = ${'x'} or (t.status = 'available' and t.country_code = ${'LT'}))`])).orderBy(sql`t.time_window_start asc`).limit(51).compile());
await db.destroy();
