/**
 * Several hosts, for real (`npm run bench:hosts`): two API hosts behind HAProxy, one of them
 * killed with SIGKILL in the middle of the outbox drain.
 *
 *   client (sync engine in Node) ──► HAProxy :lb ──┬──► host a  node server/main.ts :pa  (DATA_DIR a/, PHOTO_DIR a/photos)
 *        │                          round robin,   └──► host b  node server/main.ts :pb  (DATA_DIR b/, PHOTO_DIR b/photos)
 *        │                          readiness checks             │ both: jobs on, STORAGE=s3
 *        └── photo bytes: presigned PUT/GET ──► s3rver ◄─────────┤
 *                                                 PostgreSQL ◄───┘ (throwaway cluster)
 *
 * - PostgreSQL: a throwaway cluster (scripts/lib/postgres.ts); this process migrates and seeds it
 *   (demo data), then prepares work for the jobs: a push subscription for every user, pointing at a
 *   receiver (a process of its own) that answers 201 and counts the POSTs per subscription; and reserved
 *   tasks of other taskers moved into the past (BENCH_OVERDUE, 20) for the expiry job. The weekly
 *   payout job finds last week's work of the demo data.
 * - s3rver (a process of its own) is the photo store: both hosts run with STORAGE=s3, the client PUTs
 *   the JPEGs to presigned URLs and reads them back through the API's 302 to the bucket.
 * - Two hosts, `node --import tsx server/main.ts` (scripts/lib/server-process.ts), started at the
 *   same moment with the jobs on (so the expiry, payout and push jobs start concurrently on both),
 *   each with its own DATA_DIR and PHOTO_DIR: nothing shared but PostgreSQL and S3.
 * - HAProxy (Debian's package, scripts/ensure-haproxy.sh) in the foreground with a configuration
 *   written to the temp folder (haproxyConfig below), its log on stdout, a stats socket.
 * - The workload of bench:outbox (scripts/lib/outbox-workload.ts): 500 records queued offline, 20
 *   of them photos, then drained through HAProxy; once BENCH_KILL_AFTER (150) records have been
 *   delivered, host a gets SIGKILL as soon as HAProxy shows it a request in flight. The drain goes
 *   on until the outbox is empty.
 *
 * Prints: the records delivered exactly once (the server's GET endpoints against the last local
 * state, and a replay of the same outbox that changes nothing), the photos byte-equal through S3,
 * the requests that failed over (HAProxy's retries and redispatches from its stats socket, the
 * requests its log shows retried, and what reached the client as an error), the records the client
 * sent more than once, the time; then what each job did on which host, checked against the
 * database: each overdue task expired once (the hosts' logged counts add up to the tasks), each
 * market week run by one host and one payout per tasker and week, no push POSTed more often than
 * it was attempted; and what host b's GET /metrics counted of the outbox records (replayed = stored
 * before, its answer lost, answered again from its key).
 *
 * Everything (both hosts, HAProxy, s3rver, the receiver, PostgreSQL, the temp folder) is stopped
 * and removed on exit, on failure and on Ctrl-C. Env: BENCH_PHOTOS (20), BENCH_MUTATIONS (500),
 * BENCH_KILL_AFTER (150), BENCH_OVERDUE (20), BENCH_PUSHES (240), BENCH_RETRY_ON (HAProxy's
 * retry-on, 'conn-failure empty-response'), BENCH_KEEP=1 keeps the temp folder (logs, haproxy.cfg),
 * BENCH_DEBUG=1 prints HAProxy's log lines.
 */
import 'fake-indexeddb/auto';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { FetchImpl } from '../workers/sync/http';
import { openDatabase, type OpenedDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrations';
import { seedIfEmpty } from '../server/seed/demo';
import { drainUntilEmpty, prepareBenchTask, queueOffline, replaySame, verifyOnServer, BENCH_EMAIL } from './lib/outbox-workload';
import { startPostgres, type ThrowawayPostgres } from './lib/postgres';
import { freePort, REPO_ROOT, startServer, type ServerProcess } from './lib/server-process';

const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 20);
const MUTATIONS = Number(process.env.BENCH_MUTATIONS ?? 500);
const KILL_AFTER = Number(process.env.BENCH_KILL_AFTER ?? 150);
const OVERDUE = Number(process.env.BENCH_OVERDUE ?? 20);
const PUSHES = Number(process.env.BENCH_PUSHES ?? 240);
/** HAProxy's retry-on (below); BENCH_RETRY_ON='conn-failure' compares without the L7 retries. */
const RETRY_ON = process.env.BENCH_RETRY_ON?.trim() || 'conn-failure empty-response';
const STAFF_TOKEN = 'bench-hosts-staff-token';
const METRICS_TOKEN = 'bench-hosts-metrics-token';
const BUCKET = 'shelfwork-photos';

function say(message: string): void {
  console.log(`[bench:hosts] ${message}`);
}

/**
 * s3rver, the photo store, in a process of its own: in this one (busy with the engine) it answered
 * the hosts' readiness probes late, and HAProxy took both hosts out at once.
 *
 * Its filesystem store removes the folders a delete leaves empty; a PUT into the same folder at
 * that moment (between its mkdir and its open) fails with ENOENT on an unhandled stream error that
 * ends the process. The server deletes each confirmed photo's incoming object while the next
 * photos of the task are PUT there, so here deletes remove the object's files only (real S3 has
 * no folders). Prints its port.
 */
const S3RVER = `
const { rm } = require('node:fs/promises');
const S3rver = require('s3rver');
const Store = require('s3rver/lib/stores/filesystem');
Store.prototype.deleteObject = async function (bucket, key) {
  await Promise.all(['object', 'object.md5', 'metadata.json'].map((r) => rm(this.getResourcePath(bucket, key, r), { force: true })));
};
new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: process.env.S3_DIR, configureBuckets: [{ name: process.env.S3_BUCKET }] })
  .run()
  .then((address) => console.log(address.port));
`;

/** `script` run by `node -e` from the repository root (its node_modules); resolves with the port it prints first, and a stop. */
async function startChild(name: string, script: string, env: NodeJS.ProcessEnv = {}): Promise<{ port: number; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['-e', script], { cwd: REPO_ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout?.once('data', (d: Buffer) => resolve(Number(d.toString().trim())));
    child.once('exit', (code) => reject(new Error(`${name} exited (${code})`)));
  });
  return {
    port,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
    },
  };
}

/**
 * The HAProxy configuration as tested (docs/operations.md shows it):
 * - health checks: GET /api/health/ready (database, photo storage, migrations; /api/health on a
 *   server without it) every 2 s (1 s while a change is under way), down after 3 failures, up
 *   again after 2 successes; `timeout check 5s`, the server's own limit for its checks
 *   (HEALTH_TIMEOUT_MS), so a slow database shows as the server's 503, not as a check timeout.
 *   With a 2-s check timeout and 2 failures, both hosts of a machine at load 20 were marked down
 *   at once (Layer7 timeout) for half a second, and HAProxy answers 503 with no server up. A dead
 *   host's checks are refused at once, and requests do not wait for them (next point);
 * - round robin; `retries 2` with `option redispatch 1`: every retry goes to another server, so a
 *   connection refused by a dead host is sent to the live one before the checks have noticed;
 * - `retry-on conn-failure empty-response`: besides connections that failed, a request whose
 *   connection closed with no answer at all (the host died while it ran) is sent again — only
 *   where a second delivery is harmless: safe methods, requests with an Idempotency-Key,
 *   /api/batch (each record carries its key) and /api/uploads/ (a presigned PUT or an S3
 *   confirmation answers the same again; a tus PATCH at a moved offset gets 409 and the client
 *   asks for the offset); anything else gets the 502. The request must fit in
 *   one buffer (tune.bufsize, 16 kB by default) to be replayed; larger batches get a 502 and the
 *   client's outbox sends them again with the same keys;
 * - timeouts: connect 2 s (a dead host is given up quickly), client/server 60 s of inactivity (a
 *   photo upload through the API — tus chunks or the one-shot PUT with STORAGE=fs — on a slow
 *   mobile link keeps sending; S3 uploads do not pass here), http-request 15 s (request headers),
 *   keep-alive 10 s, queue 10 s.
 */
function haproxyConfig(options: { port: number; hosts: { name: string; port: number }[]; socket: string; check: string; retryOn: string }): string {
  return `global
  log stdout format raw local0 info
  stats socket ${options.socket} mode 600 level admin
  maxconn 2000

defaults
  mode http
  log global
  # status, retries (+ = redispatched), server, termination state, timers, request
  log-format "%ST %rc %b/%s %tsc %TR/%Tw/%Tc/%Tr/%Ta %HM %HP"
  option dontlognull
  option forwardfor
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout http-request 15s
  timeout http-keep-alive 10s
  timeout queue 10s
  timeout check 5s
  retries 2
  option redispatch 1
  retry-on ${options.retryOn}

frontend api
  bind 127.0.0.1:${options.port}
  default_backend hosts

backend hosts
  balance roundrobin
  option httpchk GET ${options.check}
  http-check expect status 200
  acl replay_safe method GET HEAD OPTIONS
  acl replay_safe req.hdr(idempotency-key) -m found
  acl replay_safe path /api/batch
  acl replay_safe path_beg /api/uploads/
  http-request disable-l7-retry unless replay_safe
  default-server check inter 2s fastinter 1s downinter 2s fall 3 rise 2
${options.hosts.map((h) => `  server ${h.name} 127.0.0.1:${h.port}`).join('\n')}
`;
}

/** `show stat` on the stats socket, as rows keyed by column name. */
async function haproxyStats(socket: string): Promise<Record<string, string>[]> {
  const text = await new Promise<string>((resolve, reject) => {
    let out = '';
    const conn = net.createConnection(socket, () => conn.write('show stat\n'));
    conn.on('data', (d: Buffer) => (out += d.toString()));
    conn.on('end', () => resolve(out));
    conn.on('error', reject);
  });
  const [header, ...lines] = text.trim().split('\n');
  const cols = (header ?? '').replace(/^# /, '').split(',');
  return lines.map((line) => Object.fromEntries(line.split(',').map((v, i) => [cols[i] ?? String(i), v])));
}

/**
 * The outbox records a host counted by outcome (`shelfwork_outbox_records_total` of its GET
 * /metrics: delivered, replayed = a repeat answered from its key, refused, failed); null when the
 * host serves no metrics.
 */
async function outboxOutcomes(port: number): Promise<Record<string, number> | null> {
  const res = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } }).catch(() => null);
  if (!res?.ok) return null;
  const out: Record<string, number> = {};
  for (const line of (await res.text()).split('\n')) {
    const m = /^shelfwork_outbox_records_total\{([^}]*)\} (\S+)/.exec(line);
    const outcome = m && /outcome="([^"]+)"/.exec(m[1] ?? '')?.[1];
    if (m && outcome) out[outcome] = (out[outcome] ?? 0) + Number(m[2]);
  }
  return out;
}

/**
 * The push service stand-in, in a process of its own (this one is busy with the engine: an answer
 * it gave late would pass the push job's 5-s timeout and count as a failed attempt): answers 201 to
 * every POST and counts them per path; GET /counts reads the counts.
 */
const RECEIVER = `
const http = require('node:http');
const posts = {};
const server = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    if (req.method === 'GET' && req.url === '/counts') return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(posts));
    if (req.method === 'POST') posts[req.url] = (posts[req.url] || 0) + 1;
    res.writeHead(201).end();
  });
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
`;

async function startPushReceiver(): Promise<{ port: number; counts(): Promise<Map<string, number>>; close(): Promise<void> }> {
  const child = await startChild('the push receiver', RECEIVER);
  return {
    port: child.port,
    async counts() {
      const res = await fetch(`http://127.0.0.1:${child.port}/counts`);
      return new Map(Object.entries((await res.json()) as Record<string, number>));
    },
    close: () => child.stop(),
  };
}

function sumMatches(log: string, pattern: RegExp): number {
  return [...log.matchAll(pattern)].reduce((n, m) => n + Number(m[1]), 0);
}

async function main(): Promise<void> {
  const loadAtStart = loadavg();
  const started = performance.now();
  const root = mkdtempSync(join(tmpdir(), 'shelfwork-bench-hosts.'));
  // Everything to stop, last started first.
  const cleanups: { name: string; run: () => unknown }[] = [];
  let cleaned = false;
  const cleanup = async () => {
    if (cleaned) return;
    cleaned = true;
    for (const c of cleanups.reverse()) {
      try {
        await c.run();
      } catch (error) {
        console.error(`[bench:hosts] stopping ${c.name}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    if (process.env.BENCH_KEEP === '1') say(`kept ${root}`);
    else rmSync(root, { recursive: true, force: true });
  };
  const onSignal = () => {
    void cleanup().then(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  // An error thrown outside the awaited work (a child's stream, s3rver) still stops everything.
  const onCrash = (error: unknown) => {
    console.error('[bench:hosts] crashed:', error);
    void cleanup().then(() => process.exit(1));
  };
  process.on('uncaughtException', onCrash);

  let ok = false;
  try {
    const haproxyBin = execFileSync('bash', [join(REPO_ROOT, 'scripts/ensure-haproxy.sh')], { stdio: ['ignore', 'pipe', 'inherit'] })
      .toString()
      .trim();
    const haproxyVersion = execFileSync(haproxyBin, ['-v']).toString().split('\n')[0] ?? '';

    // ---- PostgreSQL, S3, the push receiver ----------------------------------------------------
    const pg: ThrowawayPostgres = await startPostgres({ tmpPrefix: 'shelfwork-bench-hosts-pg.' });
    cleanups.push({ name: 'PostgreSQL', run: () => pg.stop() });
    const databaseUrl = pg.createDatabase('shelfwork');
    const s3dir = join(root, 's3');
    mkdirSync(s3dir);
    const s3server = await startChild('s3rver', S3RVER, { S3_DIR: s3dir, S3_BUCKET: BUCKET });
    const s3port = s3server.port;
    cleanups.push({ name: 's3rver', run: () => s3server.stop() });
    const receiver = await startPushReceiver();
    cleanups.push({ name: 'push receiver', run: () => receiver.close() });
    say(`PostgreSQL from ${pg.bin} on :${pg.port}; s3rver on :${s3port}; push receiver on :${receiver.port}; ${haproxyVersion}`);

    // ---- the database, and work for the jobs --------------------------------------------------
    const opened: OpenedDatabase = await openDatabase({ databaseUrl, dataDir: root, poolSize: 2 });
    cleanups.push({ name: 'the bench database pool', run: () => opened.db.destroy() });
    const db = opened.db;
    await migrateToLatest(db);
    await seedIfEmpty(db, new Date());
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const p256dh = ecdh.getPublicKey().toString('base64url');
    const auth = randomBytes(16).toString('base64url');
    const subscribed = await sql`
      insert into push_subscriptions (id, user_id, endpoint, p256dh, auth, expiration_time, locale, created_at, updated_at)
      select 'bench-' || id, id, ${`http://127.0.0.1:${receiver.port}/push/`} || id, ${p256dh}, ${auth}, null, 'en', now(), now()
      from users`.execute(db);
    const overdue = await sql<{ id: string }>`
      update tasks set time_window_start = now() - interval '3 hours', time_window_end = now() - interval '1 minute'
      where id in (
        select t.id from tasks t join users u on u.id = t.tasker_id
        where t.status = 'reserved' and u.email <> ${BENCH_EMAIL}
        order by t.id limit ${OVERDUE})
      returning id`.execute(db);
    const overdueIds = overdue.rows.map((r) => r.id);
    // A backlog of pushes, due now, spread over the subscriptions: more than one leased batch (50),
    // so both hosts' push jobs lease and send at the same time when they start.
    const queuedPushes = await sql`
      insert into push_deliveries (id, subscription_id, message, next_attempt_at, created_at)
      select gen_random_uuid()::text, s.id, ${JSON.stringify({ type: 'profile_approved', params: {}, resourceId: null, notificationId: null })}::jsonb, now(), now()
      from generate_series(1, ${PUSHES}) n
      join (select id, row_number() over (order by id) - 1 as i, count(*) over () as c from push_subscriptions) s on s.i = n % s.c`.execute(db);
    const before = await sql<{ runs: string; payouts: string }>`
      select (select count(*) from payout_runs) as runs, (select count(*) from payouts) as payouts`.execute(db);
    say(
      `database ready: ${Number(subscribed.numAffectedRows ?? 0)} push subscriptions with ${Number(queuedPushes.numAffectedRows ?? 0)} pushes due, ${overdueIds.length} reserved tasks overdue; ` +
        `before the hosts: ${before.rows[0]?.runs} payout runs, ${before.rows[0]?.payouts} payouts`,
    );

    // ---- two hosts, HAProxy --------------------------------------------------------------------
    const hostEnv = {
      STAFF_TOKEN,
      STORAGE: 's3',
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: `http://127.0.0.1:${s3port}`,
      S3_FORCE_PATH_STYLE: '1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_REGION: 'us-east-1',
      TRUST_PROXY: '1',
      RUN_JOBS: '1',
      METRICS_TOKEN,
    };
    const hosts: { name: string; server: ServerProcess; port: number }[] = [];
    for (const name of ['a', 'b']) {
      const dataDir = join(root, `host-${name}`);
      mkdirSync(join(dataDir, 'photos'), { recursive: true });
      const port = await freePort();
      const server = startServer({ port, dataDir, databaseUrl, env: { ...hostEnv, PHOTO_DIR: join(dataDir, 'photos') } });
      cleanups.push({ name: `host ${name}`, run: () => server.stop('SIGKILL') });
      hosts.push({ name, server, port });
    }
    await Promise.all(hosts.map((h) => h.server.waitForHealth({ timeoutMs: 180_000 })));
    const [hostA, hostB] = hosts as [(typeof hosts)[0], (typeof hosts)[0]];
    say(`hosts up: a on :${hostA.port} (pid ${hostA.server.pid}), b on :${hostB.port} (pid ${hostB.server.pid}), both with the jobs on`);

    const lbPort = await freePort();
    const socket = join(root, 'haproxy.sock');
    const cfgFile = join(root, 'haproxy.cfg');
    // Readiness where the server has it (the database, the bucket and the migrations), else liveness.
    const check = (await fetch(`${hostA.server.apiBase}health/ready`).then((r) => r.ok, () => false)) ? '/api/health/ready' : '/api/health';
    writeFileSync(cfgFile, haproxyConfig({ port: lbPort, hosts: hosts.map((h) => ({ name: h.name, port: h.port })), socket, check, retryOn: RETRY_ON }));
    execFileSync(haproxyBin, ['-c', '-q', '-f', cfgFile], { stdio: 'inherit' });
    const haproxy: ChildProcess = spawn(haproxyBin, ['-db', '-f', cfgFile], { stdio: ['ignore', 'pipe', 'pipe'] });
    let lbLog = '';
    /** HAProxy's server state changes (its raw log has no time): when they arrived, seconds since the bench started. */
    const lbStates: string[] = [];
    const debug = process.env.BENCH_DEBUG === '1';
    haproxy.stdout?.on('data', (d: Buffer) => {
      lbLog += d.toString();
      for (const line of d.toString().split('\n')) {
        const m = /^Server hosts\/(\w+) is (UP|DOWN), reason: ([^,]+)/.exec(line);
        if (m) lbStates.push(`${((performance.now() - started) / 1000).toFixed(1)} s ${m[1]} ${m[2]} (${m[3]})`);
      }
      if (debug) process.stdout.write(`[haproxy] ${d.toString()}`);
    });
    haproxy.stderr?.on('data', (d: Buffer) => (lbLog += d.toString()));
    const haproxyExited = new Promise<void>((resolve) => haproxy.once('exit', () => resolve()));
    cleanups.push({
      name: 'HAProxy',
      run: async () => {
        if (haproxy.exitCode === null && haproxy.signalCode === null) {
          haproxy.kill('SIGTERM');
          await haproxyExited;
        }
      },
    });
    const origin = `http://127.0.0.1:${lbPort}`;
    const apiBase = `${origin}/api/`;
    for (let i = 0; ; i++) {
      const up = await fetch(`${apiBase}health`).then((r) => r.ok, () => false);
      if (up && (await haproxyStats(socket)).filter((r) => r.svname === 'a' || r.svname === 'b').every((r) => r.status === 'UP')) break;
      if (i > 100) throw new Error(`HAProxy did not come up:\n${lbLog}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    say(`HAProxy on :${lbPort}, both servers UP (checked with GET ${check}; retry-on ${RETRY_ON})`);

    // ---- the client -----------------------------------------------------------------------------
    let online = true;
    /** Sends per idempotency key (header, or each record of a batch): a key sent twice is a record the client retried. */
    const sends = new Map<string, number>();
    const client = { requests: 0, networkErrors: 0, status5xx: new Map<number, number>(), failed: [] as string[] };
    const fetchImpl: FetchImpl = async (input, init) => {
      if (!online) throw new TypeError('Failed to fetch (offline)');
      const headers = new Headers(init.headers);
      const keys: string[] = [];
      const key = headers.get('idempotency-key');
      if (key) keys.push(key);
      if (typeof init.body === 'string' && input.endsWith('/api/batch')) {
        for (const r of (JSON.parse(init.body) as { records?: { idempotencyKey?: string }[] }).records ?? []) if (r.idempotencyKey) keys.push(r.idempotencyKey);
      }
      for (const k of keys) sends.set(k, (sends.get(k) ?? 0) + 1);
      client.requests++;
      try {
        const res = await fetch(input, init);
        if (res.status >= 500) {
          client.status5xx.set(res.status, (client.status5xx.get(res.status) ?? 0) + 1);
          client.failed.push(`${init.method ?? 'GET'} ${new URL(input).pathname.slice(0, 60)} → ${res.status} (${keys.length} records)`);
        }
        return res;
      } catch (error) {
        client.networkErrors++;
        const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
        client.failed.push(`${init.method ?? 'GET'} ${new URL(input).pathname.slice(0, 60)} → ${error instanceof Error ? error.message : String(error)}${cause} (${keys.length} records)`);
        throw error;
      }
    };
    const warnings: string[] = [];
    const bench = await prepareBenchTask({ apiBase, fetchImpl, staffToken: STAFF_TOKEN, warn: (m) => warnings.push(m), say });
    cleanups.push({ name: 'the mirror', run: () => bench.db.close() });

    online = false;
    const work = await queueOffline(bench, { photos: PHOTOS, mutations: MUTATIONS, say });
    const statsBefore = await haproxyStats(socket);
    const outcomesBefore = await outboxOutcomes(hostB.port);

    // ---- drain through HAProxy, host a killed midway ---------------------------------------------
    online = true;
    sends.clear();
    client.requests = 0;
    await bench.db.outbox.toCollection().modify({ nextAttemptAt: null });
    const t0 = performance.now();
    let delivered = 0;
    let lastDeleted = t0;
    let killedAt: number | null = null;
    /**
     * From BENCH_KILL_AFTER records delivered: host a gets SIGKILL as soon as HAProxy shows it a
     * request in flight (its stats' scur, polled), so the kill cuts a request; after 3 s of none,
     * anyway.
     */
    let killing: Promise<void> | null = null;
    let cutInFlight = 0;
    const killA = async () => {
      const since = performance.now();
      for (;;) {
        const a = (await haproxyStats(socket)).find((r) => r.pxname === 'hosts' && r.svname === 'a');
        cutInFlight = Number(a?.scur || 0);
        if (cutInFlight > 0 || performance.now() - since > 3000) break;
        await new Promise((r) => setTimeout(r, 10));
      }
      killedAt = performance.now();
      hostA.server.child.kill('SIGKILL');
      lbStates.push(`${((killedAt - started) / 1000).toFixed(1)} s a SIGKILL`);
      say(`SIGKILL to host a (pid ${hostA.server.pid}) with ${cutInFlight} request(s) in flight there, after ${delivered} records delivered, ${((killedAt - t0) / 1000).toFixed(2)} s into the drain`);
    };
    bench.db.outbox.hook('deleting', () => {
      delivered++;
      lastDeleted = performance.now();
      if (delivered >= KILL_AFTER && killing === null) killing = killA();
    });
    const progress = setInterval(() => {
      void bench.db.outbox
        .where('state')
        .anyOf(['pending', 'sending'])
        .count()
        .then((n) => say(`draining… ${n} records left`));
    }, 5_000);
    await bench.engine.syncNow('online');
    await bench.engine.idle();
    const stuck = await drainUntilEmpty(bench, 120_000);
    await killing;
    // The drain ended before the kill (fewer records than BENCH_KILL_AFTER): the check below fails.
    if (killedAt === null) hostA.server.child.kill('SIGKILL');
    clearInterval(progress);
    const emptied = (lastDeleted - t0) / 1000;
    const drainRequests = client.requests;
    const hostAExit = await hostA.server.exited;
    const rejected = await bench.db.outbox.where('state').equals('rejected').toArray();
    const drainStats = await haproxyStats(socket);
    const retriedKeys = [...sends.values()].filter((n) => n > 1).length;
    // Host b's count before the replay below: a record replayed here was stored by a (or by b)
    // before its answer was lost, and answered from its key when the client sent it again.
    const outcomesAfter = await outboxOutcomes(hostB.port);
    const outcomesB =
      outcomesAfter && Object.fromEntries(Object.entries(outcomesAfter).map(([k, v]) => [k, v - (outcomesBefore?.[k] ?? 0)] as const).filter(([, v]) => v > 0));

    // ---- exactly once, photos ------------------------------------------------------------------
    const checks: Record<string, boolean> = {
      [`host a was killed (${hostAExit.signal ?? hostAExit.code})`]: killedAt !== null && hostAExit.signal === 'SIGKILL',
      'outbox empty, nothing refused': stuck === 0 && rejected.length === 0,
    };
    Object.assign(checks, await verifyOnServer(bench, work, { apiBase, origin }));
    const replay = await replaySame(bench, work, { apiBase, rejectedBefore: rejected.length });
    Object.assign(checks, replay.checks);

    // ---- the jobs ------------------------------------------------------------------------------
    // The pushes the payouts queued are sent within seconds (push job every 5 s); retries wait 30 s.
    for (let i = 0; i < 60; i++) {
      const pending = await sql<{ n: string }>`select count(*) as n from push_deliveries where status = 'pending'`.execute(db);
      if (Number(pending.rows[0]?.n) === 0) break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    const logA = hostA.server.log();
    const logB = hostB.server.log();
    const expiredRows = await sql<{ n: string }>`select count(*) as n from tasks where id in (${sql.join(overdueIds.length ? overdueIds : [''])}) and status = 'expired'`.execute(db);
    const expiredA = sumMatches(logA, /\[expiry\] expired (\d+) task/g);
    const expiredB = sumMatches(logB, /\[expiry\] expired (\d+) task/g);
    const payoutLines = [...`${logA}\n${logB}`.matchAll(/\[payouts\] (\w+) week of (\S+): (\d+) payout/g)];
    const payoutsLoggedA = sumMatches(logA, /\[payouts\] \w+ week of \S+: (\d+) payout/g);
    const payoutsLoggedB = sumMatches(logB, /\[payouts\] \w+ week of \S+: (\d+) payout/g);
    const runWeeks = payoutLines.map((m) => `${m[1]} ${m[2]}`);
    const after = await sql<{ runs: string; payouts: string; dup_runs: string; dup_payouts: string }>`
      select (select count(*) from payout_runs) as runs, (select count(*) from payouts) as payouts,
             (select count(*) from (select 1 from payout_runs group by country_code, week_start having count(*) > 1) d) as dup_runs,
             (select count(*) from (select 1 from payouts group by user_id, week_start having count(*) > 1) d) as dup_payouts`.execute(db);
    const pushRows = await sql<{ subscription_id: string; endpoint: string; sent: string; attempts: string; pending: string; failed: string }>`
      select d.subscription_id, s.endpoint, count(*) filter (where d.status = 'sent') as sent, sum(d.attempts) as attempts,
             count(*) filter (where d.status = 'pending') as pending, count(*) filter (where d.status = 'failed') as failed
      from push_deliveries d join push_subscriptions s on s.id = d.subscription_id
      group by d.subscription_id, s.endpoint`.execute(db);
    const pushSent = pushRows.rows.reduce((n, r) => n + Number(r.sent), 0);
    const pushAttempts = pushRows.rows.reduce((n, r) => n + Number(r.attempts), 0);
    const posts = await receiver.counts();
    const pushPosts = [...posts.values()].reduce((a, b) => a + b, 0);
    // More POSTs than attempts would be a push sent twice; fewer, attempts that never reached the receiver.
    const pushMismatch = pushRows.rows.filter((r) => (posts.get(new URL(r.endpoint).pathname) ?? 0) > Number(r.attempts));
    const pushLoggedA = sumMatches(logA, /\[push\] sent (\d+)/g);
    const pushLoggedB = sumMatches(logB, /\[push\] sent (\d+)/g);
    const newPayouts = Number(after.rows[0]?.payouts) - Number(before.rows[0]?.payouts);
    const pushRetried = await sql<{ n: string; types: string | null }>`
      select count(*) as n, string_agg(distinct message->>'type', ', ') as types from push_deliveries where attempts > 1`.execute(db);
    Object.assign(checks, {
      [`expiry: ${overdueIds.length} overdue tasks expired`]: Number(expiredRows.rows[0]?.n) === overdueIds.length,
      'expiry: each expired by one host (logged counts add up)': expiredA + expiredB === overdueIds.length,
      'payouts: each market week run by one host': new Set(runWeeks).size === runWeeks.length && Number(after.rows[0]?.dup_runs) === 0,
      'payouts: one payout per tasker and week (logged counts add up)': Number(after.rows[0]?.dup_payouts) === 0 && newPayouts === payoutsLoggedA + payoutsLoggedB,
      'push: no more POSTs than attempts, per subscription (receiver vs database)': pushMismatch.length === 0 && pushPosts >= pushSent,
      'push: nothing left pending': pushRows.rows.every((r) => Number(r.pending) === 0),
      'push: sent count logged once (a + b = database)': pushLoggedA + pushLoggedB === pushSent,
    });

    // ---- failover figures ------------------------------------------------------------------------
    const num = (rows: Record<string, string>[], sv: string, col: string) => Number(rows.find((r) => r.pxname === 'hosts' && r.svname === sv)?.[col] || 0);
    const delta = (sv: string, col: string) => num(drainStats, sv, col) - num(statsBefore, sv, col);
    const lbLines = lbLog.split('\n').filter((l) => /^-?\d+ \+?\d+ hosts\//.test(l));
    // The second field is %rc: the retries, '+' in front when the request was redispatched.
    const retriedLines = lbLines.filter((l) => {
      const rc = l.split(' ')[1] ?? '0';
      return rc.startsWith('+') || Number(rc) > 0;
    });
    const lbErrors = lbLines.filter((l) => /^5\d\d /.test(l));
    // The termination state (4th field) is ---- for a request that ended normally.
    const lbAborted = lbLines.filter((l) => (l.split(' ')[3] ?? '----') !== '----');
    const served = (sv: string) => delta(sv, 'stot');

    const total = (performance.now() - started) / 1000;
    say('');
    say(`requests the client made during the drain: ${drainRequests} (S3 PUTs included); HAProxy sessions: host a ${served('a')} (before it died), host b ${served('b')}`);
    say(`failed over at HAProxy: ${delta('BACKEND', 'wretr')} retries, ${delta('BACKEND', 'wredis')} redispatched to the other host; ${retriedLines.length} requests logged with a retry`);
    for (const l of retriedLines.slice(0, 8)) say(`  haproxy: ${l}`);
    say(`errors HAProxy answered: ${lbErrors.length}${lbErrors.length ? ` (${lbErrors.slice(0, 5).join(' | ')})` : ''}; host a: ${delta('a', 'eresp')} response errors, ${delta('a', 'econ')} connection errors, ${delta('a', 'srv_abrt')} transfers aborted by the server, ${delta('a', 'cli_abrt')} by the client, status ${drainStats.find((r) => r.svname === 'a')?.status}`);
    say(`server states at HAProxy (s since the bench started; the drain from ${((t0 - started) / 1000).toFixed(1)} s): ${lbStates.join('; ') || 'no change'}`);
    for (const l of lbAborted.slice(0, 8)) say(`  haproxy, ended abnormally: ${l}`);
    say(`the client saw: ${client.networkErrors} network errors, ${[...client.status5xx].map(([s, n]) => `${n}× ${s}`).join(', ') || 'no 5xx'}; records it sent more than once: ${retriedKeys}`);
    for (const f of client.failed.slice(0, 8)) say(`  client: ${f}`);
    say(
      outcomesB
        ? `outbox records host b counted during the drain (its GET /metrics; host a's count died with it): ${Object.entries(outcomesB).map(([k, v]) => `${v} ${k}`).join(', ') || 'none'} — replayed = stored before, answered from its key`
        : `host b serves no /metrics: the replays are not counted`,
    );
    say(`delivered exactly once: ${work.queued - stuck - rejected.length}/${work.queued} records (${PHOTOS} photos through S3, ${work.jpegs.reduce((n, b) => n + b.length, 0)} bytes)`);
    say(`the outbox empty after ${emptied.toFixed(2)} s (host a killed at ${killedAt === null ? '-' : ((killedAt - t0) / 1000).toFixed(2)} s); replay of the same ${work.snapshot.outbox.length} records ${replay.elapsed.toFixed(2)} s`);
    say(`jobs: expiry a ${expiredA} + b ${expiredB} of ${overdueIds.length}; payouts a ${payoutsLoggedA} + b ${payoutsLoggedB} = ${newPayouts} new payouts (${runWeeks.join(', ') || 'no week due'}); push a ${pushLoggedA} + b ${pushLoggedB} sent = ${pushSent} deliveries, ${pushPosts} POSTs received, ${pushAttempts} attempts (${pushRetried.rows[0]?.n} deliveries tried more than once${pushRetried.rows[0]?.types ? `: ${pushRetried.rows[0].types}` : ''})`);
    for (const [name, pass] of Object.entries(checks)) say(`${pass ? 'ok  ' : 'FAIL'} ${name}`);
    if (pushMismatch.length) say(`push mismatches: ${pushMismatch.slice(0, 3).map((r) => `${r.endpoint} attempts ${r.attempts} POSTs ${posts.get(new URL(r.endpoint).pathname) ?? 0}`).join('; ')}`);
    if (warnings.length) say(`engine warnings: ${[...new Set(warnings)].slice(0, 5).join(' | ')}`);
    say(`machine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}; load ${loadAtStart.map((n) => n.toFixed(1)).join(' ')} at start, ${loadavg().map((n) => n.toFixed(1)).join(' ')} now; ${total.toFixed(0)} s in all`);
    ok = Object.values(checks).every(Boolean);
    if (!ok) {
      console.error('--- host a (last lines) ---\n' + logA.split('\n').slice(-30).join('\n'));
      console.error('--- host b (last lines) ---\n' + logB.split('\n').slice(-30).join('\n'));
    }
    if (process.env.BENCH_KEEP === '1') {
      writeFileSync(join(root, 'host-a.log'), logA);
      writeFileSync(join(root, 'host-b.log'), logB);
      writeFileSync(join(root, 'haproxy.log'), lbLog);
    }
  } catch (error) {
    console.error(error);
  } finally {
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
    await cleanup();
    process.removeListener('uncaughtException', onCrash);
  }
  process.exitCode = ok ? 0 : 1;
}

await main();
