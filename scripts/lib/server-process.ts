/**
 * The real API server as a child process, for scripts and tests that talk to it over HTTP
 * (scripts/bench-outbox.ts, test/server/restart-mid-drain.test.ts): a free port of 127.0.0.1,
 * `node --import tsx server/main.ts` with its own DATA_DIR, waiting for /api/health, and stopping
 * it (SIGKILL by default: the data folder is throwaway; SIGTERM for the graceful shutdown of
 * server/main.ts).
 *
 * The child gets NODE_ENV=test and, unless `databaseUrl` is given, neither DATABASE_URL nor
 * SMTP_URL from the environment: PGlite in DATA_DIR/pglite, demo seed, dev mailbox.
 * `node --import tsx` runs the server in this very process (no intermediate runner), so `pid` is
 * the server's and a signal reaches it directly.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

/** The repository root (the server is started from there, as `npm run serve` does). */
export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface ServerOptions {
  port: number;
  dataDir: string;
  /** PostgreSQL instead of PGlite (the child's DATABASE_URL); photo files still go to DATA_DIR. */
  databaseUrl?: string | null;
  /** More environment variables for the child. */
  env?: NodeJS.ProcessEnv;
}

export interface ServerExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  readonly child: ChildProcess;
  readonly pid: number;
  /** http://127.0.0.1:<port> */
  readonly origin: string;
  /** http://127.0.0.1:<port>/api/ */
  readonly apiBase: string;
  /** Resolves once the process has exited (never rejects). */
  readonly exited: Promise<ServerExit>;
  /** True until the process has exited. */
  running(): boolean;
  /** Everything the server printed so far (stdout and stderr, interleaved). */
  log(): string;
  /** Polls GET /api/health until it answers 2xx; throws if the server exits or the time runs out. */
  waitForHealth(options?: { timeoutMs?: number; pollMs?: number }): Promise<void>;
  /** Sends the signal (if still running) and resolves when the process has exited. */
  stop(signal?: NodeJS.Signals): Promise<ServerExit>;
}

export function startServer(options: ServerOptions): ServerProcess {
  const origin = `http://127.0.0.1:${options.port}`;
  const apiBase = `${origin}/api/`;
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(options.port), DATA_DIR: options.dataDir, NODE_ENV: 'test', HOST: '127.0.0.1', ...options.env };
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  let failed = false;
  const exited = new Promise<ServerExit>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    // A failed spawn emits 'error' and maybe no 'exit': count it as an exit.
    child.once('error', (err) => {
      failed = true;
      log += `\n[spawn error] ${err.message}\n`;
      resolve({ code: child.exitCode, signal: child.signalCode });
    });
  });
  const running = () => !failed && child.exitCode === null && child.signalCode === null;
  // Never leave a server behind (holding its port) when the parent ends without stopping it.
  const orphanGuard = () => {
    if (running()) child.kill('SIGKILL');
  };
  process.once('exit', orphanGuard);
  void exited.then(() => process.removeListener('exit', orphanGuard));

  return {
    child,
    pid: child.pid ?? -1,
    origin,
    apiBase,
    exited,
    running,
    log: () => log,
    async waitForHealth({ timeoutMs = 90_000, pollMs = 250 } = {}) {
      // A server that never answers says why: the error ends with the last lines it printed.
      const tail = () => `\n--- server output ---\n${log.split('\n').slice(-40).join('\n')}`;
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (!running()) throw new Error(`the server exited with ${child.exitCode ?? child.signalCode}${tail()}`);
        try {
          const res = await fetch(`${apiBase}health`);
          if (res.ok) return;
        } catch {
          // not up yet
        }
        await new Promise((r) => setTimeout(r, pollMs));
      }
      throw new Error(`the server did not become healthy in ${Math.round(timeoutMs / 1000)} s${tail()}`);
    },
    stop(signal = 'SIGKILL') {
      if (running()) child.kill(signal);
      return exited;
    },
  };
}
