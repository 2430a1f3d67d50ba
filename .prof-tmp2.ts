import { openDatabase } from './server/db/database';
import { listTasks, loadViewerRow, orderSpec } from './server/tasks/queries';
import { toViewer } from './server/tasks/viewer';
import { sql } from 'kysely';
const { db } = await openDatabase({ databaseUrl: 'postgresql://postgres@127.0.0.1:47111/postgres' });
const u = await db.selectFrom('users').select('id').where('email', '=', 'lt@demo.shelfwork.app').executeTakeFirstOrThrow();
const vr = await loadViewerRow(db, u.id); const viewer = toViewer(vr!, 1200);
const N = 400;
async function bench(name: string, f: () => Promise<unknown>) {
  for (let i = 0; i < 30; i++) await f();
  const c0 = process.cpuUsage(); const t0 = performance.now();
  for (let i = 0; i < N; i++) await f();
  const c = process.cpuUsage(c0);
  console.log(name.padEnd(20), 'cpu', ((c.user + c.system) / 1000 / N).toFixed(2), 'wall', ((performance.now() - t0) / N).toFixed(2));
}
await bench('select 1', () => sql`select 1`.execute(db));
await bench('viewer', () => loadViewerRow(db, u.id));
await bench('listTasks', () => listTasks(db, viewer, { statuses: ['available'] }, orderSpec('time_window_start', null), null, 51, new Date()));
await bench('raw slim', () => sql`select t.id, t.status, t.title, t.time_window_start, t.time_window_end, t.reward::text from tasks t where t.status = 'available' and t.country_code = 'LT' order by t.time_window_start limit 51`.execute(db));
await bench('raw star', () => sql`select * from tasks t where t.status = 'available' and t.country_code = 'LT' order by t.time_window_start limit 51`.execute(db));
await db.destroy();
console.log('query ms', (globalThis as any).T1 / (N + 30), 'hydrate ms', (globalThis as any).T2 / (N + 30));
