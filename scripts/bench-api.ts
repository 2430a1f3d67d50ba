/**
 * API benchmark (`npm run bench:api`): the task list (`GET /api/task`, logged-in tasker) at a fixed
 * rate against a real PostgreSQL, as the DESIGN.md budget states it (p99 ≤ 50 ms at 300 req/s on
 * 2 cores, zero 5xx).
 *
 * - Starts a throwaway PostgreSQL cluster (scripts/lib/postgres.ts: initdb in a temp dir, like
 *   scripts/test-postgres.sh; as root it runs as the system user shelfwork-pg), then the server
 *   as a separate process (`tsx server/main.ts`, demo seed, jobs on) on a free port of 127.0.0.1.
 * - Logs in as lt@demo.shelfwork.app, warms up for 3 s, then sends requests on a fixed schedule
 *   (open loop: request i is due at t0 + i/rate) over keep-alive connections from one bounded
 *   loop (scripts/lib/http-load.ts: at most MAX_IN_FLIGHT outstanding; a request that cannot be
 *   sent on time counts as late).
 * - Prints p50/p95/p99/max of the response time (from when the request was due, so a stalled
 *   server is not hidden) and of the service time (from when it was sent), the 5xx and error
 *   counts, and the achieved rate. Everything is stopped and removed at the end.
 *
 * - Delta sync (docs/decisions/0009-delta-sync.md), before the rate run: the available
 *   list as the sync worker pulls it, old (every page of the full list) vs new (`since=<cursor>`),
 *   one request after another: bytes, requests, API and PostgreSQL CPU per idle poll; then per
 *   change (staff adds a task, then one poll): bytes and CPU of that poll. After each round's rate
 *   runs of BENCH_PATH, the same rate of idle delta polls against each server.
 * - BENCH_BASE_DIR=<a checkout of an earlier commit, with node_modules> adds the side `base`: that
 *   checkout's server with the new side's settings, so old and new code run in one invocation
 *   (e.g. `git worktree add /tmp/base HEAD~1 && ln -s $PWD/node_modules /tmp/base/`, then
 *   `BENCH_BASE_DIR=/tmp/base BENCH_MODES=base,new`). Both servers use one database, so the base
 *   must have the same migrations.
 *
 * Options (env): BENCH_RATE (300), BENCH_SECONDS (20), BENCH_PATH (/api/task?status=available&first=50),
 * BENCH_PROCESSES (1: the server's API_PROCESSES), BENCH_CPU_PROF (a folder for the API process's
 * CPU profile), PG_BIN (PostgreSQL bin folder), BENCH_DELTA_POLLS (300: polls per delta
 * measurement; 0 skips the delta part and the idle-poll rate runs), BENCH_MODES (old,new; also
 * unprepared, and base with BENCH_BASE_DIR), BENCH_ROUNDS (1), BENCH_WRITES_PER_S (0).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { startPostgres, type ThrowawayPostgres } from './lib/postgres';
import { ENCODING, agent, drive, get, percentile, postJson, report } from './lib/http-load';
import { freePort } from './lib/server-process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';

const RATE = Number(process.env.BENCH_RATE ?? 300);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const PATH = process.env.BENCH_PATH ?? '/api/task?status=available&first=50';
/** API processes (the server's API_PROCESSES). */
const PROCESSES = Number(process.env.BENCH_PROCESSES ?? 1);
const DELTA_POLLS = Number(process.env.BENCH_DELTA_POLLS ?? 300);
/**
 * Servers to compare, each run in turn: old = TASK_LIST_ANSWERS=off (every page built anew),
 * unprepared = stored answers but PREPARED_STATEMENTS=off (the viewer statement parsed and planned
 * by PostgreSQL on every request), new = both; base = new's settings on BENCH_BASE_DIR's code.
 */
const MODE_NAMES = ['old', 'unprepared', 'new', 'base'] as const;
type Mode = (typeof MODE_NAMES)[number];
const MODES: Mode[] = (process.env.BENCH_MODES ?? 'old,new')
  .split(',')
  .map((m) => m.trim())
  .filter((m): m is Mode => (MODE_NAMES as readonly string[]).includes(m));
const BASE_DIR = process.env.BENCH_BASE_DIR;
if (MODES.includes('base') && !(BASE_DIR && existsSync(join(BASE_DIR, 'server/main.ts')))) {
  console.error('bench-api: the side `base` needs BENCH_BASE_DIR, a checkout with server/main.ts (and node_modules)');
  process.exit(1);
}
const modeEnv = (mode: Mode) => ({ TASK_LIST_ANSWERS: mode === 'old' ? 'off' : 'on', PREPARED_STATEMENTS: mode === 'unprepared' ? 'off' : 'on' });
/** Rounds of old/new rate runs, alternating. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
/** Task writes per second during an extra run of each mode (0: no such run). */
const WRITES_PER_S = Number(process.env.BENCH_WRITES_PER_S ?? 0);
const STAFF = { authorization: 'Bearer dev-staff-token', 'content-type': 'application/json' };

/**
 * [ppid, user + system CPU ms, + that of its children already exited and reaped] of a process,
 * from /proc (Linux); null when it is gone. The reaped part keeps a sum steady when a child (a
 * PostgreSQL backend of a closed connection) exits between two readings.
 */
function procStat(pid: number): [number, number, number] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const own = ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
    return [Number(fields[1]), own, own + ((Number(fields[13]) + Number(fields[14])) * 1000) / 100];
  } catch {
    return null;
  }
}

/** CPU time (user + system, ms) the server has used so far: the process and its children (API_PROCESSES workers). */
function cpuMs(pid: number | undefined): number {
  if (!pid) return NaN;
  const own = procStat(pid);
  if (!own) return NaN;
  let total = own[2];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const child = procStat(Number(entry));
    if (child && child[0] === pid) total += child[1];
  }
  return total;
}

interface PollCost {
  polls: number;
  requests: number;
  bytes: number;
  apiCpuMs: number;
  pgCpuMs: number;
  wallMs: number;
}

/**
 * `polls` list pulls one after another, each as the worker makes it (`pull` returns the requests
 * and bytes of one), with the API's and PostgreSQL's CPU over the whole run; `between` (not
 * measured) runs before each poll.
 */
async function measurePolls(
  polls: number,
  pids: { api: number | undefined; pg: number | undefined },
  pull: () => Promise<{ requests: number; bytes: number }>,
  between?: () => Promise<void>,
): Promise<PollCost> {
  const cost: PollCost = { polls, requests: 0, bytes: 0, apiCpuMs: 0, pgCpuMs: 0, wallMs: 0 };
  for (let i = 0; i < polls; i++) {
    if (between) await between();
    const api0 = cpuMs(pids.api);
    const pg0 = cpuMs(pids.pg);
    const t0 = performance.now();
    const r = await pull();
    cost.wallMs += performance.now() - t0;
    cost.apiCpuMs += cpuMs(pids.api) - api0;
    cost.pgCpuMs += cpuMs(pids.pg) - pg0;
    cost.requests += r.requests;
    cost.bytes += r.bytes;
  }
  return cost;
}

function printPollCost(label: string, c: PollCost): void {
  const per = (n: number) => (n / Math.max(1, c.polls)).toFixed(2);
  console.log(
    `  ${label.padEnd(34)} ${per(c.requests).padStart(6)} req  ${(c.bytes / c.polls / 1024).toFixed(2).padStart(8)} KB  API CPU ${per(c.apiCpuMs).padStart(6)} ms  PostgreSQL CPU ${per(c.pgCpuMs).padStart(6)} ms  wall ${per(c.wallMs).padStart(6)} ms`,
  );
}

let placeForWrites: string | undefined;

/** Staff adds an available task in lt@demo's market (a write that changes its available list). */
async function staffCreateTask(port: number, token: string, n: number): Promise<void> {
  if (!placeForWrites) {
    const places = JSON.parse((await get(port, '/api/task/places?first=1', { authorization: `Bearer ${token}` })).body) as { data: { id: string }[] };
    placeForWrites = places.data[0]?.id;
  }
  const day = new Date(Date.now() + (2 + (n % 20)) * 86_400_000).toISOString().slice(0, 10);
  const res = await postJson(
    port,
    '/api/staff/tasks',
    { placeId: placeForWrites, taskTypeId: 'shelf-photo', timeWindowStart: `${day}T08:00:00Z`, timeWindowEnd: `${day}T12:00:00Z`, expectedDuration: 60, reward: '12.50' },
    STAFF,
  );
  if (res.status !== 201) throw new Error(`staff create task: ${res.status} ${res.body}`);
}

/**
 * Delta sync: the available list as the worker pulls it, old (every page, whole) vs new
 * (`since=<cursor>` chained poll to poll), idle and with one change (a new task) per poll.
 */
async function measureDelta(port: number, token: string, pids: { api: number | undefined; pg: number | undefined }): Promise<string> {
  const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };
  const list = '/api/task?status=available&first=50';
  const fullPull = async () => {
    let after: string | null = null;
    let requests = 0;
    let bytes = 0;
    for (;;) {
      const res = await get(port, after ? `${list}&after=${encodeURIComponent(after)}` : list, headers);
      requests++;
      bytes += Buffer.byteLength(res.body);
      if (res.status !== 200) throw new Error(`full list: ${res.status}`);
      const page = JSON.parse(res.body) as { pageInfo: { hasNext: boolean; endCursor: string | null } };
      if (!page.pageInfo.hasNext) return { requests, bytes };
      after = page.pageInfo.endCursor;
    }
  };
  const first = await get(port, `${list}&since=`, headers);
  let cursor = (JSON.parse(first.body) as { cursor?: string }).cursor;
  if (!cursor) throw new Error('the server answered since= without a cursor');
  let fullAnswers = 0;
  const deltaPull = async () => {
    const res = await get(port, `${list}&since=${cursor}`, headers);
    if (res.status !== 200) throw new Error(`delta: ${res.status} ${res.body}`);
    const body = JSON.parse(res.body) as { cursor?: string; changed?: unknown[] };
    if (!body.changed) fullAnswers++;
    cursor = body.cursor;
    return { requests: 1, bytes: Buffer.byteLength(res.body) };
  };
  const places = JSON.parse((await get(port, '/api/task/places?first=1', headers)).body) as { data: { id: string }[] };
  const placeId = places.data[0]?.id;
  let n = 0;
  const addTask = async () => {
    const day = new Date(Date.now() + (2 + (n++ % 20)) * 86_400_000).toISOString().slice(0, 10);
    const res = await postJson(
      port,
      '/api/staff/tasks',
      { placeId, taskTypeId: 'shelf-photo', timeWindowStart: `${day}T08:00:00Z`, timeWindowEnd: `${day}T12:00:00Z`, expectedDuration: 60, reward: '12.50' },
      STAFF,
    );
    if (res.status !== 201) throw new Error(`staff create task: ${res.status} ${res.body}`);
  };
  // Warm both paths (JIT, plans, reference cache).
  for (let i = 0; i < 20; i++) {
    await fullPull();
    await deltaPull();
  }
  const full = await measurePolls(Math.max(20, Math.round(DELTA_POLLS / 3)), pids, fullPull);
  const idle = await measurePolls(DELTA_POLLS, pids, deltaPull);
  const idleFull = fullAnswers;
  const fullAfterChange = await measurePolls(Math.max(20, Math.round(DELTA_POLLS / 6)), pids, fullPull, addTask);
  const changed = await measurePolls(Math.max(20, Math.round(DELTA_POLLS / 6)), pids, deltaPull, addTask);
  console.log(`
delta sync — the available list of lt@demo as the sync worker pulls it, one poll after another (bytes: JSON bodies, uncompressed):`);
  printPollCost('old, idle (every page, whole list)', full);
  printPollCost('new, idle (since=<cursor>)', idle);
  printPollCost('old, 1 new task per poll', fullAfterChange);
  printPollCost('new, 1 new task per poll', changed);
  console.log(`  delta polls answered in full instead: ${fullAnswers} (idle: ${idleFull}); CPU from /proc (10 ms ticks, summed over the run)`);
  if (!cursor) throw new Error('no cursor left');
  return cursor;
}

async function main(): Promise<void> {
  const servers: ChildProcess[] = [];
  let postgres: ThrowawayPostgres | null = null;
  const cleanup = () => {
    for (const server of servers) if (server.exitCode === null) server.kill('SIGTERM');
    postgres?.stop();
  };
  process.on('SIGINT', () => {
    cleanup();
    process.exit(130);
  });
  try {
    const cluster = await startPostgres({ tmpPrefix: 'shelfwork-bench-', settings: ['max_connections=100'] });
    postgres = cluster;
    console.log(`bench-api: PostgreSQL from ${cluster.bin} on 127.0.0.1:${cluster.port}`);
    const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
    const startServer = async (mode: Mode): Promise<{ child: ChildProcess; port: number }> => {
      const port = await freePort();
      // BENCH_CPU_PROF=<dir>: the API process writes a V8 CPU profile there when it exits.
      const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'server/main.ts'], {
        cwd: mode === 'base' ? BASE_DIR : process.cwd(),
        env: {
          ...process.env,
          DATABASE_URL: cluster.adminUrl,
          PORT: String(port),
          HOST: '127.0.0.1',
          NODE_ENV: 'development',
          SEED_DEMO: 'true',
          DIST_DIR: join(cluster.dir, 'no-dist'),
          LOG_REQUESTS: '',
          API_PROCESSES: String(PROCESSES),
          // old: every list page read, mapped, serialised and compressed per request; new: stored answers (server/sync/listAnswers.ts) and the prepared viewer statement.
          ...modeEnv(mode),
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      servers.push(child);
      let started = false;
      child.stdout?.on('data', (c: Buffer) => {
        if (!started && c.toString().includes('Shelfwork is running')) started = true;
      });
      for (let i = 0; i < 600 && !started; i++) {
        if (child.exitCode !== null) throw new Error('server exited during start');
        await new Promise((r) => setTimeout(r, 100));
      }
      if (!started) throw new Error('server did not start within 60 s');
      return { child, port };
    };
    // Both servers on the same PostgreSQL, one after the other (the second finds the database ready).
    const started: Partial<Record<Mode, { child: ChildProcess; port: number }>> = {};
    for (const mode of MODES) started[mode] = await startServer(mode);
    const any = started[MODES[0] as Mode] as { child: ChildProcess; port: number };
    const login = await postJson(any.port, '/api/auth/password-login', { username: 'lt@demo.shelfwork.app', password: 'demo1234' });
    if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.body}`);
    const { token } = JSON.parse(login.body) as { token: string };
    const pgPid = Number(readFileSync(join(cluster.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    for (const mode of MODES) {
      const { port } = started[mode] as { port: number };
      const probe = await get(port, PATH, { authorization: `Bearer ${token}` });
      const count = (JSON.parse(probe.body) as { data?: unknown[] }).data?.length ?? 0;
      console.log(
        `bench-api: ${mode} server (${Object.entries(modeEnv(mode)).map(([k, v]) => `${k}=${v}`).join(' ')}) on 127.0.0.1:${port}; GET ${PATH} → ${probe.status}, ${count} tasks, ${probe.body.length} bytes of JSON, ${probe.wire} on the wire (Content-Encoding: ${probe.headers['content-encoding'] ?? 'none'}; Accept-Encoding: ${ENCODING})`,
      );
    }
    const last = started[MODES[MODES.length - 1] as Mode] as { child: ChildProcess; port: number };
    const idleCursor = DELTA_POLLS > 0 ? await measureDelta(last.port, token, { api: last.child.pid, pg: pgPid }) : null;
    const rows: string[] = [];
    const rateRun = async (mode: Mode, path: string, label: string, writes = 0) => {
      const { child, port } = started[mode] as { child: ChildProcess; port: number };
      // BENCH_WRITES_PER_S: staff creates a task in lt@demo's market this often during the run,
      // so stored answers keep going out of date (each write changes the list).
      let stop = false;
      const writer = (async () => {
        if (writes <= 0) return 0;
        let n = 0;
        while (!stop) {
          await staffCreateTask(port, token, n++);
          await new Promise((r) => setTimeout(r, 1000 / writes));
        }
        return n;
      })();
      const cpuBefore = cpuMs(child.pid);
      const pgBefore = cpuMs(pgPid);
      const result = await drive(port, token, RATE, SECONDS, path);
      const cpuAfter = cpuMs(child.pid);
      const pgAfter = cpuMs(pgPid);
      stop = true;
      const written = await writer;
      report(`${mode}: GET ${path.length > 80 ? `${path.slice(0, 80)}…` : path} at ${RATE} req/s for ${SECONDS} s${writes > 0 ? `, ${written} task writes` : ''}`, result);
      const n = Math.max(1, result.samples.length);
      const api = (cpuAfter - cpuBefore) / n;
      const pg = (pgAfter - pgBefore) / n;
      console.log(
        `  server CPU (${PROCESSES} API process${PROCESSES > 1 ? 'es' : ''}): ${api.toFixed(2)} ms per request (user+system); PostgreSQL: ${pg.toFixed(2)} ms per request`,
      );
      const sorted = result.samples.map((x) => x.fromDue).sort((x, y) => x - y);
      const wire = result.samples.reduce((x, y) => x + y.wire, 0) / n / 1024;
      rows.push(
        `| ${label} | ${mode} | ${(result.samples.length / result.elapsed).toFixed(0)} | ${percentile(sorted, 50).toFixed(1)} | ${percentile(sorted, 95).toFixed(1)} | ${percentile(sorted, 99).toFixed(1)} | ${api.toFixed(2)} | ${pg.toFixed(2)} | ${wire.toFixed(1)} | ${result.samples.filter((x) => x.status >= 500).length} |`,
      );
    };
    for (const mode of MODES) {
      const { port } = started[mode] as { port: number };
      report(`${mode}: warm-up`, await drive(port, token, Math.min(RATE, 150), 3, PATH));
    }
    for (let round = 0; round < ROUNDS; round++) {
      for (const mode of MODES) await rateRun(mode, PATH, 'list page');
      if (WRITES_PER_S > 0) for (const mode of MODES) await rateRun(mode, PATH, `list page, ${WRITES_PER_S} writes/s`, WRITES_PER_S);
      // The same rate of idle delta polls (every request with the same cursor: nothing changed since).
      if (idleCursor) for (const mode of MODES) await rateRun(mode, `/api/task?status=available&first=50&since=${idleCursor}`, 'idle delta poll');
    }
    const load = os.loadavg();
    console.log(`\nsummary (${PROCESSES} API process${PROCESSES > 1 ? 'es' : ''}, ${RATE} req/s offered, ${SECONDS} s each, Accept-Encoding: ${ENCODING}):`);
    console.log('| run | server | req/s | p50 ms | p95 ms | p99 ms | API CPU ms/req | PostgreSQL CPU ms/req | KB on the wire | 5xx |');
    console.log('|---|---|---|---|---|---|---|---|---|---|');
    for (const r of rows) console.log(r);
    console.log(`  machine load average at the end: ${load.map((l) => l.toFixed(2)).join(' / ')} (1/5/15 min) on ${os.cpus().length} cores — other work on the machine skews latency`);
  } finally {
    agent.destroy();
    cleanup();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('bench-api failed:', error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
