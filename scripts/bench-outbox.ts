/**
 * Outbox benchmark (`npm run bench:outbox`): 500 mutations queued offline — 20 photos
 * (real JPEGs, test cards made by test/support/images.ts), 160 checklist states, 160 scan lists, 159 defect sets and the
 * completion — drained against the REAL local server once the network returns.
 *
 * - Starts the server like scripts/test-e2e.sh (fresh DATA_DIR, embedded database, demo seed,
 *   `node --import tsx server/main.ts` on a free port of 127.0.0.1).
 * - The sync engine runs in Node over a fake-indexeddb mirror, logs in as lt@demo.shelfwork.app
 *   with the password, pulls the lists and the task pack, and picks one of that tasker's
 *   in-progress tasks.
 * - Offline (a fetch that fails), every mutation goes through the engine's commands. Each record
 *   is marked as tried once before the next command (a flaky signal): otherwise the full-
 *   replacement kinds would coalesce into one record each and there would be nothing to measure.
 * - Network on: one `syncNow('online')`, timed until the outbox is empty. Then the server's GET
 *   endpoints and the photo files are compared with the last local state, and the same outbox is
 *   replayed (same keys) to show that nothing changes the second time.
 *
 * Prints when the outbox was empty (the last record delivered and its answer written), when the
 * sync was done (the drain and the pulls it made due: engine.syncNow + idle), records per second,
 * and the count delivered exactly once.
 *
 * Old vs new in one run: the same benchmark against a server with BATCH_PER_RECORD=1
 * and EXECUTION_FULL_WRITES=1 ('old': each record of a batch in its own transaction, scan lists
 * and defect sets written whole, as before) and without them
 * ('one transaction': server/http/batch.ts), alternating, BENCH_ROUNDS times (1), on the embedded
 * database; with BENCH_POSTGRES=1 also on a throwaway PostgreSQL cluster (scripts/lib/postgres.ts;
 * a fresh database per run). A third side, 'batches', is the new server
 * with the client before photos had their own lane (`batchDelivery.photoLane = false`: a photo
 * cuts its task's queue, as in session 19). 'lanes' is the new client with the server as it was
 * then: deferred writes off (BATCH_DEFERRED_WRITES=off: every record of a segment written when it
 * runs) and every record through app.inject (BATCH_DIRECT=off); 'deferred' turns the first on;
 * 'direct' both (server/http/batch.ts, server/http/directWrites.ts). 'new' adds the client's
 * answers written behind (`batchDelivery.writeBehind`: a batch's answers written in one
 * transaction while the next requests go; off, each in its own transaction before the next batch)
 * and three photos of the task at once (`batchDelivery.photoCreatesAtOnce`, their metadata posts
 * in turn; 1 on the other sides).
 * BENCH_MODES=new (or old, batches, lanes, deferred, direct) runs some sides only.
 * Env: BENCH_PHOTOS (20), BENCH_MUTATIONS (500), BENCH_KEEP=1 keeps the data folder,
 * BENCH_DEBUG=1 prints every request (with its start during the drain), BENCH_PROFILE_FILE=<prefix>
 * writes a CPU profile of the engine's process during each drain.
 */
import 'fake-indexeddb/auto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FetchImpl } from '../workers/sync/http';
import { ShelfworkDb } from '#db/schema';
import { withCheckDigit } from '#domain/ean';
import type { Defect, Photo, ScannedItem, TaskStatus } from '#domain/types';
import { encodeJpeg, testPattern } from '../test/support/images';
import { SyncEngine } from '../workers/sync/app';
import { batchDelivery } from '../workers/sync/outbox';
import { startPostgres } from './lib/postgres';
import { freePort, startServer } from './lib/server-process';

const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 20);
const MUTATIONS = Number(process.env.BENCH_MUTATIONS ?? 500);
const EMAIL = 'lt@demo.shelfwork.app';
const PASSWORD = 'demo1234';
/** Given to the benchmark's own server process for the staff API. */
const STAFF_TOKEN = 'bench-outbox-staff-token';

function say(message: string): void {
  console.log(`[bench:outbox] ${message}`);
}

/**
 * `count` distinct real JPEGs, 1280×960 as the app uploads them: frames of a test card (moving
 * bars, a ramp, the frame number, faint noise; ~50 KB each, like ffmpeg's testsrc at -q:v 6).
 */
function makeJpegs(count: number): Uint8Array<ArrayBuffer>[] {
  return Array.from({ length: count }, (_, frame) => {
    const file = encodeJpeg(testPattern(1280, 960, frame, { noise: 2 }), 70);
    return new Uint8Array(file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength)) as Uint8Array<ArrayBuffer>;
  });
}

/** A valid EAN-13 for n (GS1 check digit). */
function ean13(n: number): string {
  return withCheckDigit(`200${String(n).padStart(9, '0')}`);
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

interface RunResult {
  label: string;
  load: number;
  elapsed: number;
  /** Drain start → the last record deleted from the outbox (delivered and written). */
  emptied: number;
  requests: number;
  wireMs: number;
  delivered: string;
  replay: number;
  ok: boolean;
}

/** One benchmark run: a fresh server (per-record or one-transaction batches), queue, drain, check, replay. */
async function runOnce(
  label: string,
  perRecord: boolean,
  client: { photoLane: boolean; writeBehind: boolean; photoCreatesAtOnce: number },
  serverEnv: Record<string, string>,
  databaseUrl: string | null,
): Promise<RunResult> {
  batchDelivery.photoLane = client.photoLane;
  batchDelivery.writeBehind = client.writeBehind;
  batchDelivery.photoCreatesAtOnce = client.photoCreatesAtOnce;
  const load = loadavg()[0] ?? 0;
  const dataDir = mkdtempSync(join(tmpdir(), 'shelfwork-bench-outbox.'));
  const port = await freePort();
  say(`--- ${label} (load ${load.toFixed(1)}): server on port ${port} with DATA_DIR=${dataDir}`);
  // Embedded database unless databaseUrl (SMTP_URL is not passed on), demo seed, NODE_ENV=test.
  // Old = the server before batching: per-record transactions and whole-list writes.
  const server = startServer({
    port,
    dataDir,
    databaseUrl,
    env: { STAFF_TOKEN, BATCH_PER_RECORD: perRecord ? '1' : '', EXECUTION_FULL_WRITES: perRecord ? '1' : '', ...serverEnv },
  });
  const result: RunResult = { label, load, elapsed: NaN, emptied: NaN, requests: 0, wireMs: 0, delivered: '-', replay: NaN, ok: false };
  const { origin, apiBase } = server;
  const stop = () => {
    // The server shuts down gracefully on SIGTERM, which may take a while: SIGKILL, it is throwaway.
    void server.stop('SIGKILL');
    if (process.env.BENCH_KEEP !== '1') rmSync(dataDir, { recursive: true, force: true });
  };
  const onSignal = () => {
    stop();
    process.exit(130);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, onSignal);
  try {
    // Migrations and the demo seed on PGlite take minutes when other jobs load the machine.
    await server.waitForHealth({ timeoutMs: 300_000 });

    let online = true;
    const debug = process.env.BENCH_DEBUG === '1';
    /**
     * Time spent waiting for the server — wall time with at least one request in flight (request
     * sent → answer read; the photo lane and the batches overlap), and the request count.
     */
    const wire = { ms: 0, requests: 0, inFlight: 0, busySince: 0 };
    /** BENCH_DEBUG: when the drain started, to print each request's start. */
    let drainStart: number | null = null;
    const fetchImpl: FetchImpl = async (input, init) => {
      if (!online) throw new TypeError('Failed to fetch (offline)');
      const started = performance.now();
      if (wire.inFlight++ === 0) wire.busySince = started;
      try {
        const res = await fetch(input, init);
        // Read the body here so its transfer counts as server time, then hand back an equal Response.
        const body = await res.arrayBuffer();
        const took = performance.now() - started;
        if (debug) {
          const at = drainStart === null ? '' : `@${(started - drainStart).toFixed(0)} ms `;
          say(`${at}${init.method ?? 'GET'} ${input.replace(origin, '').replace(/uploads\/[^/?]+/, 'uploads/…')} → ${res.status} in ${took.toFixed(0)} ms`);
        }
        return new Response(res.status === 204 ? null : body, { status: res.status, statusText: res.statusText, headers: res.headers });
      } finally {
        if (--wire.inFlight === 0) wire.ms += performance.now() - wire.busySince;
        wire.requests += 1;
      }
    };
    const warnings: string[] = [];
    const db = new ShelfworkDb(`bench-${crypto.randomUUID()}`);
    const engine = new SyncEngine({ db, apiBase, fetchImpl, locks: null, imageCache: null, warn: (m) => warnings.push(m) });

    const login = await engine.loginWithPassword(EMAIL, PASSWORD);
    if (!login.ok) throw new Error(`login failed: ${JSON.stringify(login.error)}`);
    await engine.syncNow('start', true);
    await engine.idle();
    const own = (await db.tasks.where('status').equals('in_progress' satisfies TaskStatus).toArray())[0];
    if (!own) throw new Error(`${EMAIL} has no in-progress task`);
    // The demo tasker's in-progress tasks have no regular defects: staff make a 'defects' task at
    // the same store (window open now, like test/server/restart-mid-drain.test.ts), and the engine
    // reserves and starts it there, so defect sets are queued and checked too.
    const windowStart = Math.floor((Date.now() - 15 * 60_000) / (15 * 60_000)) * 15 * 60_000;
    const created = await fetch(`${apiBase}staff/tasks`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${STAFF_TOKEN}`, 'Content-Type': 'application/json' },
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

    const jpegs = makeJpegs(PHOTOS);
    say(`${jpegs.length} photos, ${Math.round(jpegs.reduce((sum, j) => sum + j.length, 0) / 1024)} KB in all`);

    // ---- offline: queue ---------------------------------------------------------------------
    online = false;
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
    const rest = MUTATIONS - PHOTOS - 1;
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
      if (i % Math.ceil(rest / PHOTOS) === 0 && photoIds.length < PHOTOS) {
        const id = crypto.randomUUID();
        photoIds.push(id);
        const bytes = jpegs[photoIds.length - 1]!;
        check('photo', await engine.addPhoto(task.id, { id, blob: new Blob([bytes], { type: 'image/jpeg' }), width: 1280, height: 960, comment: `photo ${photoIds.length}`, tags: ['after'] }));
      }
      await markTried();
    }
    while (photoIds.length < PHOTOS) {
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

    // ---- online: drain ----------------------------------------------------------------------
    online = true;
    await db.outbox.toCollection().modify({ nextAttemptAt: null });
    const t0 = performance.now();
    drainStart = t0;
    // Each record leaves the outbox in the transaction that writes its answer (workers/sync/outbox.ts).
    let lastDeleted = t0;
    db.outbox.hook('deleting', () => {
      lastDeleted = performance.now();
    });
    // Progress, and a live handle: fake-indexeddb schedules with setImmediate only.
    const progress = setInterval(() => {
      void db.outbox
        .where('state')
        .anyOf(['pending', 'sending'])
        .count()
        .then((n) => say(`draining… ${n} records left`));
    }, 5_000);
    wire.ms = 0;
    wire.requests = 0;
    if (wire.inFlight > 0) wire.busySince = performance.now();
    // BENCH_PROFILE_FILE=<prefix>: a CPU profile of this process (the engine) during the drain.
    const profiler = process.env.BENCH_PROFILE_FILE ? new (await import('node:inspector/promises')).Session() : null;
    if (profiler) {
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.setSamplingInterval', { interval: 200 });
      await profiler.post('Profiler.start');
    }
    await engine.syncNow('online');
    await engine.idle();
    // Records the server keeps answering 5xx would be retried forever: give up after 60 s.
    while ((await db.outbox.where('state').anyOf(['pending', 'sending']).count()) > 0 && performance.now() - t0 < 60_000) {
      await engine.drain({ ignoreBackoff: true });
    }
    const elapsed = (performance.now() - t0) / 1000;
    const emptied = (lastDeleted - t0) / 1000;
    const drainWire = { ...wire };
    if (profiler) {
      const { profile } = await profiler.post('Profiler.stop');
      const file = `${process.env.BENCH_PROFILE_FILE}.${label.replace(/[^a-z0-9]+/gi, '-')}.cpuprofile`;
      writeFileSync(file, JSON.stringify(profile));
      profiler.disconnect();
      say(`CPU profile of the drain: ${file}`);
    }
    clearInterval(progress);
    const rejected = await db.outbox.where('state').equals('rejected').toArray();
    const stuck = await db.outbox.where('state').anyOf(['pending', 'sending']).toArray();
    const delivered = queued - rejected.length - stuck.length;
    if (stuck.length > 0) say(`${stuck.length} records still unsent after 60 s (first: ${stuck[0]?.kind} ${stuck[0]?.path}, attempts ${stuck[0]?.attempts})`);

    // ---- verify against the server -------------------------------------------------------------
    const token = (await db.session.get('tokens'))?.tokens.token ?? '';
    const get = async <T>(path: string): Promise<T> => {
      const res = await fetch(`${apiBase}${path}`, { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } });
      if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    };
    const serverTask = await get<{ status: string; doneChecklistItemIds: string[] }>(`task/${task.id}`);
    const serverScans = (await get<{ data: ScannedItem[] }>(`task/${task.id}/scanned-items`)).data;
    const serverDefects = (await get<{ data: Defect[] }>(`task/${task.id}/defects`)).data.filter((d) => d.checked).map((d) => d.id);
    const serverPhotos = (await get<{ data: Photo[] }>(`task/${task.id}/photos`)).data.filter((p) => photoIds.includes(p.id));
    let photoBytesOk = 0;
    for (const photo of serverPhotos) {
      if (!photo.url) continue;
      const res = await fetch(new URL(photo.url, origin));
      const bytes = new Uint8Array(await res.arrayBuffer());
      if (res.ok && sameBytes(bytes, jpegs[photoIds.indexOf(photo.id)]!)) photoBytesOk++;
    }
    const checks = {
      'task awaiting_confirmation': serverTask.status === 'awaiting_confirmation',
      'ticks = last state': JSON.stringify([...serverTask.doneChecklistItemIds].sort()) === JSON.stringify([...lastTicks].sort()),
      [`scans = ${scans.length} items, once each`]: serverScans.length === scans.length && new Set(serverScans.map((s) => s.id)).size === scans.length,
      'defects = last set': JSON.stringify([...serverDefects].sort()) === JSON.stringify([...lastDefects].sort()),
      [`${PHOTOS} photos, no duplicate`]: serverPhotos.length === PHOTOS,
      [`${PHOTOS} photo files byte-equal`]: photoBytesOk === PHOTOS,
      'local blobs dropped': (await db.photos.filter((p) => p.blob !== null).count()) === 0,
    };

    // ---- replay the same outbox (same keys): nothing may change ----------------------------------
    await db.outbox.bulkPut(snapshot.outbox.map((r) => ({ ...r, state: 'pending' as const, nextAttemptAt: null })));
    await db.photos.bulkPut(snapshot.photos);
    const r0 = performance.now();
    while ((await db.outbox.where('state').anyOf(['pending', 'sending']).count()) > 0 && performance.now() - r0 < 60_000) await engine.drain({ ignoreBackoff: true });
    const replayElapsed = (performance.now() - r0) / 1000;
    const afterPhotos = (await get<{ data: Photo[] }>(`task/${task.id}/photos`)).data.filter((p) => photoIds.includes(p.id));
    const afterScans = (await get<{ data: ScannedItem[] }>(`task/${task.id}/scanned-items`)).data;
    const afterTask = await get<{ status: string }>(`task/${task.id}`);
    checks['replay: same photos'] = afterPhotos.length === PHOTOS;
    checks['replay: same scans'] = afterScans.length === scans.length;
    checks['replay: still awaiting_confirmation'] = afterTask.status === 'awaiting_confirmation';
    checks['replay: no rejection'] = (await db.outbox.where('state').equals('rejected').count()) === rejected.length;

    say(`delivered ${queued} records (${PHOTOS} photos, ${jpegs.reduce((n, b) => n + b.length, 0)} JPEG bytes): the outbox empty after ${emptied.toFixed(2)} s — ${(queued / emptied).toFixed(0)} records/s`);
    say(`the sync (the drain, then the pulls it made due) done after ${elapsed.toFixed(2)} s`);
    say(
      `of which with a request in flight: ${(drainWire.ms / 1000).toFixed(2)} s over ${drainWire.requests} requests; ` +
        `the rest (${(elapsed - drainWire.ms / 1000).toFixed(2)} s) is the engine and its IndexedDB alone (fake-indexeddb in Node)`,
    );
    say(`delivered exactly once: ${delivered}/${queued} records; rejected: ${rejected.length}${rejected.length ? ` (${rejected.map((r) => `${r.kind}: ${r.error?.code}`).slice(0, 5).join(', ')})` : ''}`);
    say(`replay of the same ${snapshot.outbox.length} records took ${replayElapsed.toFixed(2)} s`);
    for (const [name, ok] of Object.entries(checks)) say(`${ok ? 'ok  ' : 'FAIL'} ${name}`);
    if (warnings.length) say(`engine warnings: ${[...new Set(warnings)].slice(0, 5).join(' | ')}`);
    db.close();
    Object.assign(result, {
      elapsed,
      emptied,
      requests: drainWire.requests,
      wireMs: drainWire.ms,
      delivered: `${delivered}/${queued}`,
      replay: replayElapsed,
      ok: Object.values(checks).every(Boolean) && rejected.length === 0 && stuck.length === 0,
    });
  } catch (err) {
    console.error(err);
    console.error(server.log().split('\n').slice(-40).join('\n'));
  } finally {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.removeListener(signal, onSignal);
    stop();
  }
  return result;
}

async function main(): Promise<void> {
  const rounds = Number(process.env.BENCH_ROUNDS ?? 1);
  const modes = (process.env.BENCH_MODES ?? 'old,batches,new').split(',').map((m) => m.trim());
  const results: RunResult[] = [];
  const side = async (db: string, url: (() => Promise<string>) | null) => {
    for (let round = 1; round <= rounds; round++) {
      for (const mode of modes) {
        const perRecord = mode === 'old';
        const photoLane = mode === 'lanes' || mode === 'deferred' || mode === 'direct' || mode === 'new';
        const what =
          {
            old: 'old: per-record, whole writes',
            batches: 'one transaction, diff writes',
            lanes: '+ photos in their own lane',
            deferred: '+ deferred writes',
            direct: '+ direct writes',
            new: 'new: + answers written behind, 3 photos at once',
          }[mode] ?? mode;
        // The server's later levers, off for the sides before them (server/http/batch.ts).
        const serverEnv = {
          BATCH_DEFERRED_WRITES: mode === 'deferred' || mode === 'direct' || mode === 'new' ? '' : 'off',
          BATCH_DIRECT: mode === 'direct' || mode === 'new' ? '' : 'off',
        };
        const label = `${db}, ${what}${rounds > 1 ? ` #${round}` : ''}`;
        results.push(await runOnce(label, perRecord, { photoLane, writeBehind: mode === 'new', photoCreatesAtOnce: mode === 'new' ? 3 : 1 }, serverEnv, url ? await url() : null));
      }
    }
  };
  await side('embedded', null);
  if (process.env.BENCH_POSTGRES === '1') {
    const pg = await startPostgres({ tmpPrefix: 'shelfwork-bench-outbox-pg.' });
    say(`PostgreSQL from ${pg.bin} on 127.0.0.1:${pg.port}`);
    try {
      let n = 0;
      await side('PostgreSQL', async () => {
        return pg.createDatabase(`bench_outbox_${process.pid}_${++n}`);
      });
    } finally {
      pg.stop();
    }
  }
  say('');
  say('| run | load (1 min) | outbox empty after | sync done after | requests | a request in flight | delivered once | replay | checks |');
  say('|---|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    say(
      `| ${r.label} | ${r.load.toFixed(1)} | **${r.emptied.toFixed(2)} s** | ${r.elapsed.toFixed(2)} s | ${r.requests} | ${(r.wireMs / 1000).toFixed(2)} s | ${r.delivered} | ${r.replay.toFixed(2)} s | ${r.ok ? 'all ok' : 'FAILED'} |`,
    );
  }
  if (results.some((r) => !r.ok)) process.exitCode = 1;
}

await main();
