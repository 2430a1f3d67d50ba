import { openDatabase } from './server/db/database';
import { listTasks, loadViewerRow, orderSpec } from './server/tasks/queries';
import { toViewer } from './server/tasks/viewer';
import { toApiTask, toApiTaskType } from './server/tasks/map';
import { referenceCache } from './server/tasks/reference-cache';
import type { Task } from './src/domain/types';
const mode = process.argv[2];
const { db } = await openDatabase({ databaseUrl: 'postgresql://postgres@127.0.0.1:47111/postgres' });
const u = await db.selectFrom('users').select('id').where('email', '=', 'lt@demo.shelfwork.app').executeTakeFirstOrThrow();
async function once() {
  const vr = await loadViewerRow(db, u.id);
  const viewer = toViewer(vr!, 1200);
  const rows = await listTasks(db, viewer, { statuses: ['available'] }, orderSpec('time_window_start', null), null, 51, new Date());
  const now = new Date();
  if (mode === 'old') return JSON.stringify({ data: rows.map((r) => toApiTask(r, r.tt_trainings, viewer, now, null)) }).length;
  const cache = referenceCache(db);
  const parts = rows.map((r) => {
    const tt = cache.apiTaskType(r.task_type_id, () => toApiTaskType(r, r.tt_trainings));
    const task: Partial<Task> = toApiTask(r, r.tt_trainings, viewer, now, null, tt.value);
    task.taskType = undefined;
    return `${JSON.stringify(task).slice(0, -1)},"taskType":${tt.json}}`;
  });
  return `{"data":[${parts.join(',')}]}`.length;
}
for (let i = 0; i < 50; i++) await once();
const c0 = process.cpuUsage(); const t0 = performance.now();
for (let i = 0; i < 400; i++) await once();
const c = process.cpuUsage(c0);
console.log(mode, 'cpu ms/req', ((c.user + c.system) / 1000 / 400).toFixed(2), 'wall ms/req', ((performance.now() - t0) / 400).toFixed(2), 'bytes', await once());
await db.destroy();
