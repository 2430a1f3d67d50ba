/**
 * API benchmark (`npm run bench:api`): the task list (`GET /api/task`, logged-in tasker) at a fixed
 * rate against a real PostgreSQL, as the DESIGN.md budget states it (p99 ≤ 50 ms at 300 req/s on
 * 2 cores, zero 5xx).
 *
 * - Starts a throwaway PostgreSQL cluster (initdb in a temp dir, like scripts/test-postgres.sh;
 *   as root it runs as the system user shelfwork-pg), then the server as a separate process
 *   (`tsx server/main.ts`, demo seed, jobs on) on a free port of 127.0.0.1.
 * - Logs in as lt@demo.shelfwork.app, warms up for 3 s, then sends requests on a fixed schedule
 *   (open loop: request i is due at t0 + i/rate) over keep-alive connections from one bounded
 *   loop (at most MAX_IN_FLIGHT outstanding; a request that cannot be sent on time counts as late).
 * - Prints p50/p95/p99/max of the response time (from when the request was due, so a stalled
 *   server is not hidden) and of the service time (from when it was sent), the 5xx and error
 *   counts, and the achieved rate. Everything is stopped and removed at the end.
 *
 * - Delta sync (issue 15, docs/decisions/0009-delta-sync.md), before the rate run: the available
 *   list as the sync worker pulls it, old (every page of the full list) vs new (`since=<cursor>`),
 *   one request after another: bytes, requests, API and PostgreSQL CPU per idle poll; then per
 *   change (staff adds a task, then one poll): bytes and CPU of that poll. After the rate run of
 *   BENCH_PATH, the same rate of idle delta polls.
 *
 * Options (env): BENCH_RATE (300), BENCH_SECONDS (20), BENCH_PATH (/api/task?status=available&first=50),
 * BENCH_PROCESSES (1: the server's API_PROCESSES), BENCH_CPU_PROF (a folder for the API process's
 * CPU profile), PG_BIN (PostgreSQL bin folder), BENCH_DELTA_POLLS (300: polls per delta
 * measurement; 0 skips the delta part and the idle-poll rate run).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { freePort } from './lib/server-process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, chownSync } from 'node:fs';
import http from 'node:http';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';

const RATE = Number(process.env.BENCH_RATE ?? 300);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const PATH = process.env.BENCH_PATH ?? '/api/task?status=available&first=50';
/** API processes (the server's API_PROCESSES). */
const PROCESSES = Number(process.env.BENCH_PROCESSES ?? 1);
const MAX_IN_FLIGHT = 256;
const DELTA_POLLS = Number(process.env.BENCH_DELTA_POLLS ?? 300);
const STAFF = { authorization: 'Bearer dev-staff-token', 'content-type': 'application/json' };
const PG_USER = 'shelfwork-pg';

function findPgBin(): string {
  const fromEnv = process.env.PG_BIN;
  if (fromEnv && existsSync(join(fromEnv, 'initdb'))) return fromEnv;
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
    for (const v of versions) if (existsSync(join(root, v, 'bin', 'initdb'))) return join(root, v, 'bin');
  }
  throw new Error('PostgreSQL binaries not found (set PG_BIN, or apt-get install postgresql)');
}


function run(cmd: string, args: string[], asPg: boolean): void {
  const full = asPg ? ['runuser', '-u', PG_USER, '--', cmd, ...args] : [cmd, ...args];
  const r = spawnSync(full[0] as string, full.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
  if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr.toString()}${r.stdout.toString()}`);
}

/** [ppid, user + system CPU ms] of a process, from /proc (Linux); null when it is gone. */
function procStat(pid: number): [number, number] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return [Number(fields[1]), ((Number(fields[11]) + Number(fields[12])) * 1000) / 100];
  } catch {
    return null;
  }
}

/** CPU time (user + system, ms) the server has used so far: the process and its children (API_PROCESSES workers). */
function cpuMs(pid: number | undefined): number {
  if (!pid) return NaN;
  const own = procStat(pid);
  if (!own) return NaN;
  let total = own[1];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const child = procStat(Number(entry));
    if (child && child[0] === pid) total += child[1];
  }
  return total;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

interface Sample {
  status: number;
  fromDue: number;
  fromSent: number;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function get(port: number, path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method: 'GET', headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function postJson(port: number, path: string, payload: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(payload);
    const req = http.request(
      { host: '127.0.0.1', port, path, method: 'POST', agent, headers: { 'content-type': 'application/json', ...headers, 'content-length': Buffer.byteLength(data) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

async function drive(port: number, token: string, rate: number, seconds: number, path = PATH): Promise<{ samples: Sample[]; errors: number; late: number; elapsed: number }> {
  const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };
  const total = Math.round(rate * seconds);
  const interval = 1000 / rate;
  const samples: Sample[] = [];
  let errors = 0;
  let late = 0;
  let inFlight = 0;
  const t0 = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = t0 + i * interval;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    if (inFlight >= MAX_IN_FLIGHT) {
      late++;
      continue;
    }
    inFlight++;
    const sent = performance.now();
    pending.push(
      get(port, path, headers)
        .then((res) => {
          const end = performance.now();
          samples.push({ status: res.status, fromDue: end - due, fromSent: end - sent });
        })
        .catch(() => {
          errors++;
        })
        .finally(() => {
          inFlight--;
        }),
    );
  }
  await Promise.all(pending);
  return { samples, errors, late, elapsed: (performance.now() - t0) / 1000 };
}

function report(label: string, result: Awaited<ReturnType<typeof drive>>): void {
  const fromDue = result.samples.map((s) => s.fromDue).sort((a, b) => a - b);
  const fromSent = result.samples.map((s) => s.fromSent).sort((a, b) => a - b);
  const fivexx = result.samples.filter((s) => s.status >= 500).length;
  const non200 = result.samples.filter((s) => s.status !== 200).length;
  const f = (n: number) => n.toFixed(1).padStart(7);
  console.log(`\n${label}: ${result.samples.length} responses in ${result.elapsed.toFixed(1)} s (${(result.samples.length / result.elapsed).toFixed(0)} req/s)`);
  console.log(`  response time (from due)  p50 ${f(percentile(fromDue, 50))} ms  p95 ${f(percentile(fromDue, 95))} ms  p99 ${f(percentile(fromDue, 99))} ms  max ${f(fromDue[fromDue.length - 1] ?? NaN)} ms`);
  console.log(`  service time (from sent)  p50 ${f(percentile(fromSent, 50))} ms  p95 ${f(percentile(fromSent, 95))} ms  p99 ${f(percentile(fromSent, 99))} ms`);
  console.log(`  5xx: ${fivexx}   non-200: ${non200}   network errors: ${result.errors}   not sent (over ${MAX_IN_FLIGHT} in flight): ${result.late}`);
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

/**
 * Delta sync (issue 15): the available list as the worker pulls it, old (every page, whole) vs new
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
  const bin = findPgBin();
  const isRoot = process.getuid?.() === 0;
  if (isRoot && spawnSync('id', ['-u', PG_USER]).status !== 0) run('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', PG_USER], false);
  const tmp = mkdtempSync(join(tmpdir(), 'shelfwork-bench-'));
  const data = join(tmp, 'data');
  if (isRoot) {
    const uid = Number(spawnSync('id', ['-u', PG_USER]).stdout.toString().trim());
    const gid = Number(spawnSync('id', ['-g', PG_USER]).stdout.toString().trim());
    chownSync(tmp, uid, gid);
  }
  const pgPort = await freePort();
  let server: ChildProcess | null = null;
  const cleanup = () => {
    if (server && server.exitCode === null) server.kill('SIGTERM');
    if (existsSync(join(data, 'postmaster.pid'))) {
      try {
        run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop'], isRoot);
      } catch {
        /* already down */
      }
    }
    rmSync(tmp, { recursive: true, force: true });
  };
  process.on('SIGINT', () => {
    cleanup();
    process.exit(130);
  });
  try {
    console.log(`bench-api: PostgreSQL from ${bin} on 127.0.0.1:${pgPort}`);
    run(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C.UTF-8'], isRoot);
    run(
      join(bin, 'pg_ctl'),
      ['-D', data, '-l', join(tmp, 'pg.log'), '-w', '-t', '30', '-o', `-p ${pgPort} -k ${tmp} -c listen_addresses=127.0.0.1 -c max_connections=100 -c shared_buffers=128MB`, 'start'],
      isRoot,
    );
    const port = await freePort();
    // BENCH_CPU_PROF=<dir>: the API process writes a V8 CPU profile there when it exits.
    const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
    server = spawn(process.execPath, [...profile, '--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: `postgresql://postgres@127.0.0.1:${pgPort}/postgres`,
        PORT: String(port),
        HOST: '127.0.0.1',
        NODE_ENV: 'development',
        SEED_DEMO: 'true',
        DIST_DIR: join(tmp, 'no-dist'),
        LOG_REQUESTS: '',
        API_PROCESSES: String(PROCESSES),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let started = false;
    server.stdout?.on('data', (c: Buffer) => {
      if (!started && c.toString().includes('Shelfwork is running')) started = true;
    });
    for (let i = 0; i < 600 && !started; i++) {
      if (server.exitCode !== null) throw new Error('server exited during start');
      await new Promise((r) => setTimeout(r, 100));
    }
    if (!started) throw new Error('server did not start within 60 s');
    const login = await postJson(port, '/api/auth/password-login', { username: 'lt@demo.shelfwork.app', password: 'demo1234' });
    if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.body}`);
    const { token } = JSON.parse(login.body) as { token: string };
    const probe = await get(port, PATH, { authorization: `Bearer ${token}` });
    const count = (JSON.parse(probe.body) as { data?: unknown[] }).data?.length ?? 0;
    console.log(`bench-api: server on 127.0.0.1:${port}; GET ${PATH} → ${probe.status}, ${count} tasks, ${probe.body.length} bytes`);
    const pgPid = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const pids = { api: server.pid, pg: pgPid };
    const idleCursor = DELTA_POLLS > 0 ? await measureDelta(port, token, pids) : null;
    report('warm-up', await drive(port, token, Math.min(RATE, 150), 3));
    const rateRun = async (path: string) => {
      const cpuBefore = cpuMs(server?.pid);
      const pgBefore = cpuMs(pgPid);
      const result = await drive(port, token, RATE, SECONDS, path);
      const cpuAfter = cpuMs(server?.pid);
      const pgAfter = cpuMs(pgPid);
      report(`GET ${path.length > 90 ? `${path.slice(0, 90)}…` : path} at ${RATE} req/s for ${SECONDS} s`, result);
      const n = Math.max(1, result.samples.length);
      console.log(
        `  server CPU (${PROCESSES} API process${PROCESSES > 1 ? 'es' : ''}): ${((cpuAfter - cpuBefore) / n).toFixed(2)} ms per request (user+system); PostgreSQL: ${((pgAfter - pgBefore) / n).toFixed(2)} ms per request`,
      );
    };
    await rateRun(PATH);
    // The same rate of idle delta polls (every request with the same cursor: nothing changed since).
    if (idleCursor) await rateRun(`/api/task?status=available&first=50&since=${idleCursor}`);
    console.log(`  machine load average (1 min) at the end: ${os.loadavg()[0]?.toFixed(2)} on ${os.cpus().length} cores — other work on the machine skews latency`);
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
