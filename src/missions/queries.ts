/**
 * The tasker's missions as the mirror holds them (kv `money:missions`, GET mission/my, pulled by
 * the sync worker when the offerings or missions screen opens and with the account pulls; the spec
 * gives missions no periodic refresh). Sorted as spec section 4 says (src/domain/missions.ts).
 * Also the names the objectives count: trainings from the mirror's trainings, task types from the
 * mirrored tasks that carry them.
 */
import { useEffect } from 'react';
import { MISSIONS_KEY } from '#contracts/kv';
import { getDb, type ShelfworkDb, type SyncMeta } from '#db/schema';
import { sortMissions, type Mission } from '#domain/missions';
import { sendSignal } from '../sync/commands';
import { prefetchAnswer, useCachedLiveQuery } from '../shared/cachedLiveQuery';

export interface MissionsView {
  /** Sorted; null when never pulled. */
  missions: Mission[] | null;
  meta: SyncMeta | null;
  /** Names of the task types and trainings the objectives count, by id (those the mirror knows). */
  itemNames: Record<string, string>;
}

let watchers = 0;

/** Tells the worker a missions screen is open (it pulls them as it opens). */
function useMissionsWatch(): void {
  useEffect(() => {
    watchers += 1;
    if (watchers === 1) void sendSignal('watch(missions)', (api) => api.watch({ missions: true }));
    return () => {
      watchers -= 1;
      if (watchers === 0) void sendSignal('watch(missions)', (api) => api.watch({ missions: false }));
    };
  }, []);
}

export function readMissions(value: unknown): Mission[] | null {
  if (!Array.isArray(value)) return null;
  return value
    .filter((m): m is Mission => !!m && typeof m === 'object' && typeof (m as Mission).id === 'string' && typeof (m as Mission).name === 'string')
    .map((m) => ({ ...m, objectives: Array.isArray(m.objectives) ? m.objectives : [] }));
}

/**
 * The missions, their sync meta and the names their objectives count. A task type's name comes
 * from one mirrored task of that type (an index lookup per type), not from walking every task of
 * those types: with hundreds of tasks of one type that cursor was hundreds of IndexedDB round
 * trips on the offerings' first render (docs/performance.md, "Lists on a slow phone").
 */
export async function readMissionsView(db: ShelfworkDb): Promise<MissionsView> {
  const [row, meta] = await Promise.all([db.kv.get(MISSIONS_KEY), db.meta.get('missions')]);
  const missions = readMissions(row?.value);
  const itemNames: Record<string, string> = {};
  const wanted = [...new Set((missions ?? []).flatMap((m) => m.objectives.flatMap((o) => o.allowedItems)))];
  if (wanted.length > 0) {
    const [trainings, tasks] = await Promise.all([
      db.trainings.bulkGet(wanted),
      Promise.all(wanted.map((id) => db.tasks.where('taskTypeId').equals(id).first())),
    ]);
    for (const training of trainings) if (training) itemNames[training.id] = training.title;
    for (const task of tasks) if (task) itemNames[task.taskTypeId] ??= task.taskType.title;
  }
  return { missions: missions ? sortMissions(missions) : null, meta: meta ?? null, itemNames };
}

/** Cached across screens (the offerings' widget and the missions screen): see cachedLiveQuery.ts. */
export function useMissions(): MissionsView | undefined {
  useMissionsWatch();
  return useCachedLiveQuery('missions', () => readMissionsView(getDb()), []);
}

/** Reads the missions into the cache before the offerings open (their widget renders at once). */
export function prefetchMissions(): Promise<void> {
  return prefetchAnswer('missions', () => readMissionsView(getDb()));
}
