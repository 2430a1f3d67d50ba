/**
 * Outbox benchmark (`npm run bench:outbox`): 500 mutations queued offline — 20 photos
 * (real JPEGs, test cards made by test/support/images.ts), 160 checklist states, 160 scan lists, 159 defect sets and the
 * completion — drained against the REAL local server once the network returns.
 *
 * - Starts the server like scripts/test-e2e.sh (fresh DATA_DIR, embedded database, demo seed,
 *   `node --import tsx server/main.ts` on a free port of 127.0.0.1).
 * - The workload is scripts/lib/outbox-workload.ts (shared with bench:hosts). The sync engine runs
 *   in Node over a fake-indexeddb mirror, logs in as lt@demo.shelfwork.app
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
import { batchDelivery } from '../workers/sync/outbox';
import { drainUntilEmpty, prepareBenchTask, queueOffline, replaySame, verifyOnServer } from './lib/outbox-workload';
import { startPostgres } from './lib/postgres';
import { freePort, startServer } from './lib/server-process';

const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 20);
const MUTATIONS = Number(process.env.BENCH_MUTATIONS ?? 500);
/** Given to the benchmark's own server process for the staff API. */
const STAFF_TOKEN = 'bench-outbox-staff-token';

function say(message: string): void {
  console.log(`[bench:outbox] ${message}`);
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
    const bench = await prepareBenchTask({ apiBase, fetchImpl, staffToken: STAFF_TOKEN, warn: (m) => warnings.push(m), say });
    const { db, engine } = bench;

    // ---- offline: queue ---------------------------------------------------------------------
    online = false;
    const work = await queueOffline(bench, { photos: PHOTOS, mutations: MUTATIONS, say });
    const { queued, jpegs, snapshot } = work;

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
    await drainUntilEmpty(bench, 60_000 - (performance.now() - t0));
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

    // ---- verify against the server, then replay the same outbox (same keys): nothing may change ----
    const checks = await verifyOnServer(bench, work, { apiBase, origin });
    const replay = await replaySame(bench, work, { apiBase, rejectedBefore: rejected.length });
    Object.assign(checks, replay.checks);
    const replayElapsed = replay.elapsed;

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
