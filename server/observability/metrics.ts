/**
 * The process's Prometheus metrics (prom-client), served by `GET /metrics` (server/http/observe.ts)
 * only when METRICS_TOKEN is set. While metrics are off nothing is collected: every count function
 * below is a no-op until `enableMetrics` made the registry, so the code that counts (the batch
 * route, idempotency, uploads, jobs, push) calls them unconditionally.
 *
 * One registry per process (not prom-client's global one). In cluster mode (API_PROCESSES > 1)
 * each worker hands its registry to prom-client's cluster aggregation and the primary answers for
 * all of them on METRICS_PORT (server/main.ts): a scrape of the shared PORT would reach one random
 * worker and read only its numbers.
 */
import cluster from 'node:cluster';
import { AggregatorRegistry, Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** What a `pg` Pool tells about its connections (PostgreSQL only; PGlite has no pool). */
export interface PoolUse {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/** How an outbox record (a write with an Idempotency-Key) ended. */
export type OutboxOutcome = 'delivered' | 'replayed' | 'refused' | 'failed';
/** How a photo's bytes came: a PUT through the API, tus chunks, or straight to the bucket (presigned PUT). */
export type UploadVia = 'put' | 'tus' | 'presigned';
export type PushOutcome = 'sent' | 'gone' | 'retried' | 'failed' | 'refused';

const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const pools: PoolUse[] = [];
  return {
    registry,
    pools,
    httpRequests: new Counter({
      name: 'shelfwork_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern (unmatched: no route) and status class',
      labelNames: ['method', 'route', 'status_class'] as const,
      registers: [registry],
    }),
    httpDuration: new Histogram({
      name: 'shelfwork_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method and route pattern',
      labelNames: ['method', 'route'] as const,
      buckets: SECONDS_BUCKETS,
      registers: [registry],
    }),
    outbox: new Counter({
      name: 'shelfwork_outbox_records_total',
      help: 'Writes with an Idempotency-Key (outbox records), by kind (the route operationId) and outcome: delivered, replayed (a repeat answered from its key), refused (4xx), failed (not stored)',
      labelNames: ['kind', 'outcome'] as const,
      registers: [registry],
    }),
    batchSize: new Histogram({
      name: 'shelfwork_batch_records',
      help: 'Records per POST /api/batch',
      buckets: [1, 2, 5, 10, 20, 50, 100, 200],
      registers: [registry],
    }),
    uploadBytes: new Counter({
      name: 'shelfwork_upload_bytes_total',
      help: 'Photo and document bytes received, by way: put (through the API), tus (resumable chunks), presigned (straight to the bucket, counted when completed)',
      labelNames: ['via'] as const,
      registers: [registry],
    }),
    jobRuns: new Counter({
      name: 'shelfwork_job_runs_total',
      help: 'Background job runs, by job and outcome (ok, failed)',
      labelNames: ['job', 'outcome'] as const,
      registers: [registry],
    }),
    jobDuration: new Histogram({
      name: 'shelfwork_job_run_duration_seconds',
      help: 'Time a background job run took, by job',
      labelNames: ['job'] as const,
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
      registers: [registry],
    }),
    pushDeliveries: new Counter({
      name: 'shelfwork_push_deliveries_total',
      help: 'Web push delivery attempts, by outcome: sent, gone (subscription removed), retried, failed (given up), refused (destination not allowed)',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    pool: new Gauge({
      name: 'shelfwork_db_pool_clients',
      help: 'PostgreSQL pool: its connections (state total), the idle ones (idle), and queries waiting for one (waiting); no samples on PGlite',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        // No pool (PGlite): no samples at all, rather than zeros that would look like a pool.
        this.reset();
        if (pools.length === 0) return;
        const sum = (read: (p: PoolUse) => number) => pools.reduce((total, p) => total + read(p), 0);
        this.set({ state: 'total' }, sum((p) => p.totalCount));
        this.set({ state: 'idle' }, sum((p) => p.idleCount));
        this.set({ state: 'waiting' }, sum((p) => p.waitingCount));
      },
    }),
  };
}

type Metrics = ReturnType<typeof createMetrics>;

let active: Metrics | null = null;
let holders = 0;

/**
 * Turns metrics on for this process (an app built with METRICS_TOKEN); returns the release, which
 * turns them off again when no app holds them (tests build and close many apps in one process).
 */
export function enableMetrics(): () => void {
  if (!active) {
    active = createMetrics();
    if (cluster.isWorker) {
      // The primary's AggregatorRegistry asks each worker for this registry (prom-client's cluster IPC).
      AggregatorRegistry.setRegistries([active.registry]);
      new AggregatorRegistry();
    }
  }
  holders += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holders -= 1;
    if (holders <= 0) {
      holders = 0;
      active = null;
    }
  };
}

export function metricsEnabled(): boolean {
  return active !== null;
}

/** The metrics in Prometheus text format, or null when off. */
export async function metricsText(): Promise<{ contentType: string; text: string } | null> {
  if (!active) return null;
  return { contentType: active.registry.contentType, text: await active.registry.metrics() };
}

/** Reads `pool` at every scrape (main.ts, with DATABASE_URL); returns the release. */
export function observePool(pool: PoolUse): () => void {
  const metrics = active;
  if (!metrics) return () => {};
  metrics.pools.push(pool);
  return () => {
    const i = metrics.pools.indexOf(pool);
    if (i >= 0) metrics.pools.splice(i, 1);
  };
}

function statusClass(status: number): string {
  return status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : 'other';
}

export function observeRequest(method: string, route: string, status: number, seconds: number): void {
  if (!active) return;
  active.httpRequests.inc({ method, route, status_class: statusClass(status) });
  active.httpDuration.observe({ method, route }, seconds);
}

export function countOutboxRecord(kind: string, outcome: OutboxOutcome): void {
  active?.outbox.inc({ kind, outcome });
}

const heldOutbox = new WeakMap<object, Array<[string, OutboxOutcome]>>();

/**
 * An outbox record answered inside a batch segment's transaction (server/http/batch.ts): counted
 * only once the segment commits (`settleOutboxRecords`), since a segment that rolls back and runs
 * again, or fails, answers its records again or not at all.
 */
export function holdOutboxRecord(segment: object, kind: string, outcome: OutboxOutcome): void {
  if (!active) return;
  const held = heldOutbox.get(segment) ?? [];
  held.push([kind, outcome]);
  heldOutbox.set(segment, held);
}

/** Counts (committed) or drops what `holdOutboxRecord` held for `segment`. */
export function settleOutboxRecords(segment: object, committed: boolean): void {
  const held = heldOutbox.get(segment);
  heldOutbox.delete(segment);
  if (committed) for (const [kind, outcome] of held ?? []) countOutboxRecord(kind, outcome);
}

export function observeBatchSize(records: number): void {
  active?.batchSize.observe(records);
}

export function countUploadBytes(via: UploadVia, bytes: number): void {
  if (bytes > 0) active?.uploadBytes.inc({ via }, bytes);
}

/** One run of a background job (server/jobs/runner.ts, or whatever runs the jobs). */
export function countJobRun(job: string, outcome: 'ok' | 'failed', seconds: number): void {
  if (!active) return;
  active.jobRuns.inc({ job, outcome });
  active.jobDuration.observe({ job }, seconds);
}

export function countPushDelivery(outcome: PushOutcome): void {
  active?.pushDeliveries.inc({ outcome });
}

/** The cluster primary's answer: every worker's registry, aggregated (prom-client's cluster IPC). */
export function clusterMetricsRegistry(): AggregatorRegistry<'text/plain; version=0.0.4; charset=utf-8'> {
  return new AggregatorRegistry();
}
