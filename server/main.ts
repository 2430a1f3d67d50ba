/**
 * Server entry (`npm start` / `npx tsx server/main.ts`): reads the environment, opens the
 * database (PGlite in DATA_DIR, or PostgreSQL at DATABASE_URL), runs migrations, seeds an empty
 * database with the demo data, listens on PORT, and prints how to log in.
 *
 * API_PROCESSES=n (with DATABASE_URL): the API is stateless, so it scales out as processes. The
 * primary prepares the database once (migrations, seed), then forks n workers that share PORT
 * (node:cluster hands each connection to one of them) and replaces one that dies. A PGlite data
 * folder belongs to one process, so without DATABASE_URL there is always exactly one.
 */
import cluster from 'node:cluster';
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import { loadConfig, type ServerConfig } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrations';
import { DEMO_ACCOUNTS, DEMO_STAFF, seedIfEmpty } from './seed/demo';
import { buildApp } from './app';
import { OffsetClock, systemClock } from './clock';
import { startExpiryJob } from './jobs/expiry';
import { startTaskExitsPruneJob } from './sync/taskDelta';
import { startTusCleanupJob } from './storage/tus';
import { startPayoutJob } from './money/job';
import { startAttendanceJob } from './attendance/job';
import { startPushJob } from './notifications/push';
import { jobLog } from './observability/log';
import { clusterMetricsRegistry } from './observability/metrics';
import type { LoggerSetting } from './http/observe';
import { snapshotPglite, startSnapshotSocket, writeServerPidFile } from './db/snapshot';

function banner(config: ServerConfig, url: string, dbInfo: string, mailKind: string): string {
  const lines = [
    '',
    `Shelfwork is running at ${url}  (API under ${url}/api)`,
    `Database: ${dbInfo}`,
    `Mail: ${mailKind === 'smtp' ? 'SMTP' : `dev mailbox (codes at ${url}/api/dev/mailbox?email=…${logSetting() ? '; the JSON log never prints them' : ', and printed here'})`}`,
    '',
    'Demo accounts (password login, or email code login):',
    ...DEMO_ACCOUNTS.map((a) => `  ${a.email.padEnd(32)} password ${a.password}   ${a.description}`),
    '',
    `Staff console: ${url}/staff  (sign in with an e-mail below and the code from the dev mailbox)`,
    ...DEMO_STAFF.map((s) => `  ${s.email.padEnd(40)} ${s.description}`),
    '  First admin of a new database: npm run staff -- accounts add <email> --role admin',
    ...(config.staffToken
      ? [
          `Automation key (STAFF_TOKEN, audited as "${config.staffAutomationName}"): Authorization: Bearer ${config.staffTokenIsDefault ? `${config.staffToken}   (dev default)` : '<STAFF_TOKEN from the environment>'}`,
        ]
      : []),
    '  CLI: npm run staff -- --help',
    '',
  ];
  return lines.join('\n');
}

/**
 * The JSON log (server/http/observe.ts): on at LOG_LEVEL (default info) for `npm start` and
 * production alike; LOG_LEVEL=silent turns it off. LOG_REQUESTS: one line per request unless set
 * to anything but 1/true/yes (LOG_REQUESTS=0: only jobs, push and errors).
 */
function logSetting(): LoggerSetting {
  const level = process.env.LOG_LEVEL?.trim().toLowerCase() || 'info';
  if (level === 'silent' || level === 'off' || level === '0') return false;
  const requests = process.env.LOG_REQUESTS;
  return { level, requests: requests === undefined || /^(1|true|yes)$/i.test(requests.trim()) };
}

/**
 * Cluster mode's metrics: the primary answers GET /metrics on METRICS_PORT (default 9464) with
 * every worker's registry aggregated (prom-client's AggregatorRegistry asks them over the cluster
 * IPC): a scrape of the shared PORT would reach one random worker and read only its numbers.
 * Only with METRICS_TOKEN, and only its bearer (compared in constant time).
 */
function serveClusterMetrics(config: ServerConfig): { close(): void } | null {
  if (!config.metricsToken) return null;
  const port = Number(process.env.METRICS_PORT?.trim() || 9464);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`METRICS_PORT must be a port number (got "${process.env.METRICS_PORT}").`);
  const expected = createHash('sha256').update(config.metricsToken).digest();
  const registry = clusterMetricsRegistry();
  const server = createServer((request, response) => {
    const given = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1] ?? null;
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') return void response.writeHead(404).end();
    if (given === null || !timingSafeEqual(createHash('sha256').update(given).digest(), expected)) return void response.writeHead(401, { 'www-authenticate': 'Bearer' }).end();
    registry.clusterMetrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' }).end(text),
      (error: unknown) => response.writeHead(503).end(error instanceof Error ? error.message : 'metrics unavailable'),
    );
  });
  // A taken port costs the metrics, never the API processes: without a listener the primary would throw.
  server.on('error', (error) => console.error(`[cluster] metrics off: cannot listen on ${port}: ${error.message}`));
  server.listen(port, config.host, () => console.log(`[cluster] metrics of all API processes at http://localhost:${port}/metrics`));
  return { close: () => server.close() };
}

/** API_PROCESSES: 1 (default) to 32. */
function apiProcesses(config: ServerConfig): number {
  const raw = process.env.API_PROCESSES?.trim();
  const n = raw ? Number(raw) : 1;
  if (!Number.isInteger(n) || n < 1 || n > 32) throw new Error(`API_PROCESSES must be a whole number from 1 to 32 (got "${raw}").`);
  if (n > 1 && !config.databaseUrl) throw new Error('API_PROCESSES > 1 needs DATABASE_URL: a PGlite data folder (DATA_DIR) belongs to one process.');
  return n;
}

async function prepareDatabase(config: ServerConfig) {
  const opened = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(opened.db);
  if (config.seedDemo) {
    const seeded = await seedIfEmpty(opened.db, systemClock.now());
    if (seeded) console.log(`Seeded demo data: ${seeded.tasks} tasks, ${seeded.places} stores, ${seeded.users} users.`);
  }
  return opened;
}

/** The primary of API_PROCESSES > 1: prepares the database, forks the workers, keeps them up. */
async function runPrimary(config: ServerConfig, processes: number): Promise<void> {
  const prepared = await prepareDatabase(config);
  await prepared.db.destroy();
  let closing = false;
  const fork = () => cluster.fork({ SHELFWORK_DB_PREPARED: '1' });
  cluster.on('exit', (worker, code, signal) => {
    if (closing) return;
    console.error(`[cluster] API process ${worker.process.pid} exited (${signal ?? code}); starting another`);
    fork();
  });
  for (let i = 0; i < processes; i += 1) fork();
  const metrics = serveClusterMetrics(config);
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: closing ${processes} API processes…`);
    metrics?.close();
    const workers = Object.values(cluster.workers ?? {});
    let left = workers.length;
    if (left === 0) process.exit(0);
    for (const worker of workers) {
      worker?.once('exit', () => {
        left -= 1;
        if (left === 0) process.exit(0);
      });
      worker?.process.kill('SIGTERM');
    }
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

async function main(): Promise<void> {
  let config: ServerConfig;
  let processes: number;
  try {
    config = loadConfig();
    processes = apiProcesses(config);
  } catch (error) {
    console.error(`Cannot start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  if (processes > 1 && cluster.isPrimary) return runPrimary(config, processes);
  // A cluster worker finds the database prepared by its primary.
  const opened =
    cluster.isWorker && process.env.SHELFWORK_DB_PREPARED === '1'
      ? await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
      : await prepareDatabase(config);
  // PGlite: DATA_DIR/server.pid while this process has the folder open (offline backup and restore refuse then).
  const pidFile = opened.pglite ? writeServerPidFile(config.dataDir) : null;
  // Outside production the API's clock can be moved by a test (server/devClock.ts); the jobs below keep the real one.
  const clock = config.production ? systemClock : new OffsetClock();
  const logger = logSetting();
  const { app, context } = await buildApp({
    db: opened.db,
    config,
    clock,
    logger,
    pool: opened.pool ?? null,
    // With the JSON log on, the dev mailer's line names neither the address nor the code: read them at /api/dev/mailbox.
    ...(logger ? { log: (line: string) => console.log(line.replace(/^\[dev-mail\] to .*$/, '[dev-mail] a message is in the dev mailbox (GET /api/dev/mailbox?email=…)')) } : {}),
  });
  const address = await app.listen({ port: config.port, host: config.host });
  const port = new URL(address).port;
  if (cluster.isWorker && cluster.worker?.id !== 1) console.log(`[cluster] API process ${process.pid} listening`);
  else console.log(banner(config, `http://localhost:${port}`, `${opened.kind} (${opened.location})${cluster.isWorker ? `, ${processes} API processes` : ''}`, context.mailer.kind));
  // Scheduled work runs in every process; the job itself is safe to run concurrently (see jobs/expiry.ts).
  const expiry = process.env.RUN_JOBS === '0' ? null : startExpiryJob(opened.db, systemClock, jobLog);
  const payouts = process.env.RUN_JOBS === '0' ? null : startPayoutJob(opened.db, systemClock, config.maxDeductionRateBp, jobLog); // see money/job.ts
  const attendance = process.env.RUN_JOBS === '0' ? null : startAttendanceJob(opened.db, systemClock, jobLog); // see attendance/job.ts
  const push = process.env.RUN_JOBS === '0' ? null : startPushJob(opened.db, systemClock, config, jobLog); // see notifications/push.ts
  const taskExits = process.env.RUN_JOBS === '0' ? null : startTaskExitsPruneJob(opened.db, systemClock, jobLog); // see sync/taskDelta.ts
  const tusCleanup = process.env.RUN_JOBS === '0' ? null : startTusCleanupJob(config, jobLog); // see storage/tus.ts
  // PGlite: `npm run backup` asks this process for a consistent copy over DATA_DIR/backup.sock (see db/snapshot.ts).
  const pglite = opened.pglite;
  const snapshots = pglite ? await startSnapshotSocket({ dataDir: config.dataDir, snapshot: () => snapshotPglite(opened.db, pglite) }) : null;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: closing…`);
    await app.close();
    await snapshots?.close();
    await expiry?.stop();
    await payouts?.stop();
    await attendance?.stop();
    await push?.stop();
    await taskExits?.stop();
    await tusCleanup?.stop();
    await opened.db.destroy();
    pidFile?.remove();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('Cannot start:', error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
