/**
 * `GET /api/health/ready` (readiness, for a load balancer or an orchestrator deciding whether to
 * send this process traffic), apart from `GET /api/health` (liveness and room to write, which the
 * sync worker also probes for connectivity): ready when the database answers, the photo storage
 * answers (S3: the bucket with these credentials; the filesystem: a read under PHOTO_DIR), and
 * every migration this code knows is recorded as applied. Else 503 naming the failed checks.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../context';
import { HEALTH_TIMEOUT_MS, pingDatabase, type Db } from '../db/database';
import { MIGRATIONS } from '../db/migrations';
import { OUTAGE_RETRY_AFTER_SECONDS } from '../http/errors';
import { serve } from '../http/contract';
import type { PhotoStorage } from '../storage/photo-storage';
import * as catalog from '#contracts/api/catalog';

/** A key no stored file has (files live under `<id>/…`); a working store answers it with null. */
const PROBE_KEY = 'readiness-probe';

/** `check` within the health timeout: a store that hangs is as unready as one that refuses. */
async function passes(check: () => Promise<unknown>, timeoutMs = HEALTH_TIMEOUT_MS): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
    timer.unref();
  });
  const run = check().then(
    () => true,
    () => false,
  );
  return Promise.race([run, timeout]).finally(() => clearTimeout(timer));
}

/** Every migration of MIGRATIONS recorded in Kysely's table. */
async function migrationsApplied(db: Db): Promise<void> {
  const rows = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  const applied = new Set(rows.rows.map((r) => r.name));
  const missing = Object.keys(MIGRATIONS).filter((name) => !applied.has(name));
  if (missing.length > 0) throw new Error(`migrations not applied: ${missing.join(', ')}`);
}

export function registerReadinessRoute(app: FastifyInstance, ctx: AppContext, storage: PhotoStorage): void {
  serve(app, catalog.ready)(async (_request, reply) => {
    const [database, store] = await Promise.all([
      passes(async () => {
        if (!(await pingDatabase(ctx.db))) throw new Error('database');
      }),
      passes(() => (storage.probe ? storage.probe() : storage.get(PROBE_KEY))),
    ]);
    const migrations = database && (await passes(() => migrationsApplied(ctx.db)));
    const checks = { database, storage: store, migrations };
    const failed = (['database', 'storage', 'migrations'] as const).filter((name) => !checks[name]);
    if (failed.length > 0) void reply.header('retry-after', String(OUTAGE_RETRY_AFTER_SECONDS));
    return reply.status(failed.length === 0 ? 200 : 503).send({ ok: failed.length === 0, checks, failed });
  });
}
