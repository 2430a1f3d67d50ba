/**
 * API_PROCESSES (server/main.ts): more API processes on one PostgreSQL. Without DATABASE_URL it is
 * refused at start (a PGlite data folder belongs to one process). With DATABASE_URL (the postgres
 * stage of `npm test`) the primary prepares the database, forks the workers, which answer on the
 * shared port, replaces one that dies, and stops them all on SIGTERM.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startServer, type ServerProcess } from '../../scripts/lib/server-process';
import { createEmptyPostgresDatabase } from './helpers';

const dirs: string[] = [];
const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const s of servers) await s.stop('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'shelfwork-cluster-test.'));
  dirs.push(dir);
  return dir;
}

/** Pids whose parent is `pid` (Linux /proc). */
function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) out.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

async function until(what: string, check: () => boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('API_PROCESSES', () => {
  it('is refused without DATABASE_URL, and when it is not a whole number from 1 to 32', async () => {
    for (const [value, message] of [
      ['2', 'API_PROCESSES > 1 needs DATABASE_URL'],
      ['two', 'API_PROCESSES must be a whole number from 1 to 32'],
      ['0', 'API_PROCESSES must be a whole number from 1 to 32'],
    ] as const) {
      const server = startServer({ port: await freePort(), dataDir: tempDir(), env: { API_PROCESSES: value } });
      servers.push(server);
      expect(await server.exited, value).toEqual({ code: 1, signal: null });
      expect(server.log(), value).toContain(message);
    }
  });

  const adminUrl = process.env.DATABASE_URL?.trim() || null;
  it.skipIf(!adminUrl)('with PostgreSQL: two workers answer on one port, a dead one is replaced, SIGTERM stops all', { timeout: 180_000 }, async () => {
    const database = await createEmptyPostgresDatabase(adminUrl!);
    try {
      const metricsPort = await freePort();
      const server = startServer({
        port: await freePort(),
        dataDir: tempDir(),
        databaseUrl: database.url,
        env: { API_PROCESSES: '2', RUN_JOBS: '0', METRICS_TOKEN: 'cluster-metrics', METRICS_PORT: String(metricsPort) },
      });
      servers.push(server);
      await server.waitForHealth({ timeoutMs: 120_000, pollMs: 200 });
      await until('two API processes', () => childrenOf(server.pid).length === 2);
      const first = childrenOf(server.pid);
      // Both listen: a burst of requests is answered whichever worker takes it.
      const answers = await Promise.all(Array.from({ length: 20 }, () => fetch(`${server.apiBase}health`).then((r) => r.status)));
      expect(answers.every((s) => s === 200)).toBe(true);
      // The primary answers for both workers on METRICS_PORT: their counts summed, the pool of each.
      const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
      expect((await fetch(metricsUrl)).status).toBe(401);
      const text = await (await fetch(metricsUrl, { headers: { authorization: 'Bearer cluster-metrics' } })).text();
      const health = /^shelfwork_http_requests_total\{[^}]*route="\/api\/health"[^}]*\} (\d+)$/m.exec(text);
      expect(Number(health?.[1])).toBeGreaterThanOrEqual(20);
      expect(text).toMatch(/^shelfwork_db_pool_clients\{state="total"\} \d+$/m);

      process.kill(first[0]!, 'SIGKILL');
      await until('a replacement process', () => {
        const now = childrenOf(server.pid);
        return now.length === 2 && !now.includes(first[0]!);
      });
      await server.waitForHealth({ timeoutMs: 60_000, pollMs: 200 });
      expect(server.log()).toContain('exited (SIGKILL); starting another');

      const workers = childrenOf(server.pid);
      expect(await server.stop('SIGTERM')).toEqual({ code: 0, signal: null });
      await until('the workers to exit', () => workers.every((pid) => !readdirSync('/proc').includes(String(pid))));
    } finally {
      await database.drop();
    }
  });
});
