/**
 * The outbox benchmark's workload, shared by scripts/bench-outbox.ts (one server) and
 * scripts/bench-hosts.ts (two hosts behind HAProxy): the sync engine in Node over a fake-indexeddb
 * mirror (the caller imports 'fake-indexeddb/auto' first), logged in as the LT demo tasker, a
 * 'defects' task made by staff at one of that tasker's stores and started there, then
 * `mutations` records queued offline — `photos` real JPEGs (test cards of test/support/images.ts),
 * checklist states, scan lists, defect sets and the completion — and afterwards the server's GET
 * endpoints and photo files compared with the last local state, and the same outbox replayed.
 */
import { ShelfworkDb, type OutboxRecord, type PhotoRow, type TaskRow } from '#db/schema';
import { withCheckDigit } from '#domain/ean';
import type { Defect, Photo, ScannedItem, TaskStatus } from '#domain/types';
import { performance } from 'node:perf_hooks';
import type { FetchImpl } from '../../workers/sync/http';
import { SyncEngine } from '../../workers/sync/app';
import { encodeJpeg, testPattern } from '../../test/support/images';

export const BENCH_EMAIL = 'lt@demo.shelfwork.app';
export const BENCH_PASSWORD = 'demo1234';

/**
 * `count` distinct real JPEGs, 1280×960 as the app uploads them: frames of a test card (moving
 * bars, a ramp, the frame number, faint noise; ~50 KB each, like ffmpeg's testsrc at -q:v 6).
 */
export function makeJpegs(count: number): Uint8Array<ArrayBuffer>[] {
  return Array.from({ length: count }, (_, frame) => {
    const file = encodeJpeg(testPattern(1280, 960, frame, { noise: 2 }), 70);
    return new Uint8Array(file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength)) as Uint8Array<ArrayBuffer>;
  });
}

/** A valid EAN-13 for n (GS1 check digit). */
export function ean13(n: number): string {
  return withCheckDigit(`200${String(n).padStart(9, '0')}`);
}

export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

export interface BenchTask {
  db: ShelfworkDb;
  engine: SyncEngine;
  task: TaskRow;
  /** The task's checklist item ids, in order. */
  checklist: string[];
  /** The task's regular defect ids. */
  regular: string[];
}

/**
 * A fresh mirror and engine (`fetchImpl` for every request it makes), the demo tasker's login and
 * first sync, then a 'defects' task made by staff (STAFF_TOKEN `staffToken`) at the store of one of
 * the tasker's in-progress tasks, window open now (the demo tasker's in-progress tasks have no
 * regular defects), reserved and started there by the engine, and its task pack pulled.
 */
export async function prepareBenchTask(options: {
  apiBase: string;
  fetchImpl: FetchImpl;
  staffToken: string;
  warn: (message: string) => void;
  say: (message: string) => void;
}): Promise<BenchTask> {
  const { apiBase, fetchImpl, staffToken, say } = options;
  const db = new ShelfworkDb(`bench-${crypto.randomUUID()}`);
  const engine = new SyncEngine({ db, apiBase, fetchImpl, locks: null, imageCache: null, warn: options.warn });

  const login = await engine.loginWithPassword(BENCH_EMAIL, BENCH_PASSWORD);
  if (!login.ok) throw new Error(`login failed: ${JSON.stringify(login.error)}`);
  await engine.syncNow('start', true);
  await engine.idle();
  const own = (await db.tasks.where('status').equals('in_progress' satisfies TaskStatus).toArray())[0];
  if (!own) throw new Error(`${BENCH_EMAIL} has no in-progress task`);
  // Like test/server/restart-mid-drain.test.ts: the window opened in the last quarter hour.
  const windowStart = Math.floor((Date.now() - 15 * 60_000) / (15 * 60_000)) * 15 * 60_000;
  const created = await fetch(`${apiBase}staff/tasks`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${staffToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      placeId: own.place.id,
      taskTypeId: 'defects',
      timeWindowStart: new Date(windowStart).toISOString(),
      timeWindowEnd: new Date(windowStart + 4 * 3600_000).toISOString(),
      expectedDuration: 30,
      reward: '9.50',
      title: 'Outbox benchmark',
    }),
  });
  if (created.status !== 201) throw new Error(`staff task: ${created.status} ${await created.text()}`);
  const taskId = ((await created.json()) as { id: string }).id;
  const reserved = await engine.reserveTask(taskId);
  if (!reserved.ok) throw new Error(`reserve failed: ${JSON.stringify(reserved.error)}`);
  const startedTask = await engine.startTask(taskId, own.place.coordinates, new Date().toISOString());
  if (!startedTask.ok) throw new Error(`start failed: ${JSON.stringify(startedTask.error)}`);
  await engine.idle();
  const task = await db.tasks.get(taskId);
  if (task?.status !== 'in_progress') throw new Error(`the benchmark task is ${task?.status ?? 'missing'}, not in progress`);
  const pack = await engine.pullTaskPack(task.id);
  say(`task ${task.id} (${task.title}); pack: ${pack.ok ? 'complete' : `incomplete (${pack.error.code}; images are not cached in Node)`}`);
  const checklist = (await db.checklistItems.where('taskId').equals(task.id).sortBy('position')).map((i) => i.id);
  const regular = (await db.taskDefects.where('taskId').equals(task.id).toArray()).filter((d) => d.type === 'regular').map((d) => d.id);
  if (checklist.length === 0) throw new Error('the task has no checklist items');
  if (regular.length === 0) say('the task has no regular defects: no defect sets are queued');
  return { db, engine, task, checklist, regular };
}

export interface QueuedWorkload {
  jpegs: Uint8Array<ArrayBuffer>[];
  photoIds: string[];
  lastTicks: string[];
  scans: ScannedItem[];
  lastDefects: string[];
  /** Commands given (each a mutation). */
  commands: number;
  /** Outbox records pending after queuing. */
  queued: number;
  /** The outbox and photo rows as queued, for the replay. */
  snapshot: { outbox: OutboxRecord[]; photos: PhotoRow[] };
}

/**
 * Queues the workload while the caller's fetch fails (offline): `mutations` commands in all,
 * `photos` of them photos, the last the completion. Each record is marked as tried once before the
 * next command (a flaky signal): otherwise the full-replacement kinds would coalesce into one
 * record each and there would be nothing to measure.
 */
export async function queueOffline(bench: BenchTask, options: { photos: number; mutations: number; say: (message: string) => void }): Promise<QueuedWorkload> {
  const { db, engine, task, checklist, regular } = bench;
  const { photos, mutations, say } = options;
  const jpegs = makeJpegs(photos);
  say(`${jpegs.length} photos, ${Math.round(jpegs.reduce((sum, j) => sum + j.length, 0) / 1024)} KB in all`);
  // Newest first, stopping at the first record already tried (they are all older).
  const markTried = async () => {
    const fresh = await db.outbox
      .where('[state+createdAt]')
      .between(['pending', ''], ['pending', '\uffff'])
      .reverse()
      .until((r) => r.attempts > 0)
      .toArray();
    await Promise.all(fresh.filter((r) => r.attempts === 0).map((r) => db.outbox.update(r.id, { attempts: 1 })));
  };
  const rest = mutations - photos - 1;
  // Logging an empty defect set is avoided when the task has no regular defect (see docs/performance.md).
  const kinds = regular.length > 0 ? 3 : 2;
  let lastTicks: string[] = [];
  const scans: ScannedItem[] = [];
  let lastDefects: string[] = [];
  const photoIds: string[] = [];
  let commands = 0;
  const check = (what: string, result: { ok: boolean; error?: unknown }) => {
    if (!result.ok) throw new Error(`${what} failed: ${JSON.stringify(result.error)}`);
    commands++;
  };
  const queueStart = performance.now();
  for (let i = 0; i < rest; i++) {
    const slot = i % kinds;
    if (slot === 0) {
      lastTicks = checklist.filter((_, j) => (i + j) % 2 === 0);
      check('tick', await engine.setChecklistDone(task.id, lastTicks));
    } else if (slot === 1) {
      scans.push({ id: crypto.randomUUID(), ean: ean13(i), facings: i % 100, timestamp: new Date().toISOString() });
      check('scan', await engine.saveScannedItems(task.id, [...scans]));
    } else {
      lastDefects = regular.filter((_, j) => (i + j) % 2 === 1);
      check('defects', await engine.setTaskDefects(task.id, lastDefects));
    }
    if (i % Math.ceil(rest / photos) === 0 && photoIds.length < photos) {
      const id = crypto.randomUUID();
      photoIds.push(id);
      const bytes = jpegs[photoIds.length - 1]!;
      check('photo', await engine.addPhoto(task.id, { id, blob: new Blob([bytes], { type: 'image/jpeg' }), width: 1280, height: 960, comment: `photo ${photoIds.length}`, tags: ['after'] }));
    }
    await markTried();
  }
  while (photoIds.length < photos) {
    const id = crypto.randomUUID();
    photoIds.push(id);
    check('photo', await engine.addPhoto(task.id, { id, blob: new Blob([jpegs[photoIds.length - 1]!], { type: 'image/jpeg' }), width: 1280, height: 960, comment: '', tags: ['after'] }));
    await markTried();
  }
  check('complete', await engine.completeTask(task.id, { outcome: 'complete', taskerComment: 'bench' }));
  await engine.idle();
  await markTried();
  const queued = await db.outbox.where('state').anyOf(['pending', 'sending']).count();
  const snapshot = { outbox: await db.outbox.toArray(), photos: await db.photos.toArray() };
  say(`queued ${commands} mutations offline as ${queued} outbox records in ${((performance.now() - queueStart) / 1000).toFixed(1)} s`);
  return { jpegs, photoIds, lastTicks, scans, lastDefects, commands, queued, snapshot };
}

/** Drains until the outbox is empty, `ignoreBackoff`, for at most `limitMs`; how many records are still unsent. */
export async function drainUntilEmpty(bench: BenchTask, limitMs: number): Promise<number> {
  const { db, engine } = bench;
  const t0 = performance.now();
  const left = () => db.outbox.where('state').anyOf(['pending', 'sending']).count();
  while ((await left()) > 0 && performance.now() - t0 < limitMs) await engine.drain({ ignoreBackoff: true });
  return left();
}

/** GET `path` of the API with the tasker's token (plain fetch: the checks never go through the engine). */
async function tokenOf(bench: BenchTask): Promise<string> {
  return (await bench.db.session.get('tokens'))?.tokens.token ?? '';
}

async function getJson<T>(apiBase: string, token: string, path: string): Promise<T> {
  const res = await fetch(`${apiBase}${path}`, { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } });
  if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * The server's state against the last local state: task status, ticks, scans once each, the last
 * defect set, every photo once and its file byte-equal (fetched from the photo's URL: a file of
 * the API, or a 302 to the bucket with STORAGE=s3), the local blobs dropped.
 */
export async function verifyOnServer(bench: BenchTask, work: QueuedWorkload, at: { apiBase: string; origin: string }): Promise<Record<string, boolean>> {
  const { db, task } = bench;
  const { apiBase, origin } = at;
  const photos = work.photoIds.length;
  const token = await tokenOf(bench);
  const get = <T>(path: string) => getJson<T>(apiBase, token, path);
  const serverTask = await get<{ status: string; doneChecklistItemIds: string[] }>(`task/${task.id}`);
  const serverScans = (await get<{ data: ScannedItem[] }>(`task/${task.id}/scanned-items`)).data;
  const serverDefects = (await get<{ data: Defect[] }>(`task/${task.id}/defects`)).data.filter((d) => d.checked).map((d) => d.id);
  const serverPhotos = (await get<{ data: Photo[] }>(`task/${task.id}/photos`)).data.filter((p) => work.photoIds.includes(p.id));
  let photoBytesOk = 0;
  for (const photo of serverPhotos) {
    if (!photo.url) continue;
    const res = await fetch(new URL(photo.url, origin));
    const bytes = new Uint8Array(await res.arrayBuffer());
    if (res.ok && sameBytes(bytes, work.jpegs[work.photoIds.indexOf(photo.id)]!)) photoBytesOk++;
  }
  return {
    'task awaiting_confirmation': serverTask.status === 'awaiting_confirmation',
    'ticks = last state': JSON.stringify([...serverTask.doneChecklistItemIds].sort()) === JSON.stringify([...work.lastTicks].sort()),
    [`scans = ${work.scans.length} items, once each`]: serverScans.length === work.scans.length && new Set(serverScans.map((s) => s.id)).size === work.scans.length,
    'defects = last set': JSON.stringify([...serverDefects].sort()) === JSON.stringify([...work.lastDefects].sort()),
    [`${photos} photos, no duplicate`]: serverPhotos.length === photos,
    [`${photos} photo files byte-equal`]: photoBytesOk === photos,
    'local blobs dropped': (await db.photos.filter((p) => p.blob !== null).count()) === 0,
  };
}

/**
 * Puts the queued outbox back (same idempotency keys) and drains it again: nothing may change on
 * the server, and nothing is refused. Its time and the checks.
 */
export async function replaySame(
  bench: BenchTask,
  work: QueuedWorkload,
  at: { apiBase: string; rejectedBefore: number },
): Promise<{ elapsed: number; checks: Record<string, boolean> }> {
  const { db, task } = bench;
  const photos = work.photoIds.length;
  await db.outbox.bulkPut(work.snapshot.outbox.map((r) => ({ ...r, state: 'pending' as const, nextAttemptAt: null })));
  await db.photos.bulkPut(work.snapshot.photos);
  const r0 = performance.now();
  await drainUntilEmpty(bench, 60_000);
  const elapsed = (performance.now() - r0) / 1000;
  const token = await tokenOf(bench);
  const get = <T>(path: string) => getJson<T>(at.apiBase, token, path);
  const afterPhotos = (await get<{ data: Photo[] }>(`task/${task.id}/photos`)).data.filter((p) => work.photoIds.includes(p.id));
  const afterScans = (await get<{ data: ScannedItem[] }>(`task/${task.id}/scanned-items`)).data;
  const afterTask = await get<{ status: string }>(`task/${task.id}`);
  return {
    elapsed,
    checks: {
      'replay: same photos': afterPhotos.length === photos,
      'replay: same scans': afterScans.length === work.scans.length,
      'replay: still awaiting_confirmation': afterTask.status === 'awaiting_confirmation',
      'replay: no rejection': (await db.outbox.where('state').equals('rejected').count()) === at.rejectedBefore,
    },
  };
}
