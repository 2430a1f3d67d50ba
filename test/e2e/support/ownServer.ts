/**
 * A server of the spec's own, for end-to-end tests that kill it: `node --import tsx server/main.ts`
 * (scripts/lib/server-process.ts) with the environment scripts/test-e2e.sh gives its servers
 * (NODE_ENV=test for the dev mailbox, HOST=127.0.0.1, generous login and send-code limits), a
 * fresh DATA_DIR (PGlite, seeded with the demo data on the first start) and the built app of
 * dist/. `kill()` SIGKILLs it (no shutdown of any kind); `restart()` starts it again on the same
 * port and data, as a supervisor would after a crash. Start one per spec file: the first start
 * migrates and seeds (several seconds on 2 cores).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, type APIRequestContext } from '@playwright/test';
import { REPO_ROOT, freePort, startServer, type ServerProcess } from '../../../scripts/lib/server-process';
import { FaultProxy } from './faultProxy';

/** The limits scripts/test-e2e.sh raises: every login of a run comes from 127.0.0.1. */
const GENEROUS_LIMITS: NodeJS.ProcessEnv = {
  SEND_CODE_LIMIT_PER_EMAIL: '1000',
  SEND_CODE_LIMIT_PER_IP: '1000',
  AUTH_RATE_LIMIT_PER_IP: '100000',
  LOGIN_LIMIT_PER_ACCOUNT: '100000',
  LOGIN_LIMIT_PER_IP: '100000',
};

export class OwnServer {
  private process: ServerProcess;
  /** Everything earlier processes printed (a restart starts a new log). */
  private earlierLogs = '';

  private constructor(
    readonly port: number,
    readonly dataDir: string,
  ) {
    this.process = OwnServer.spawn(port, dataDir);
  }

  private static spawn(port: number, dataDir: string): ServerProcess {
    return startServer({ port, dataDir, env: GENEROUS_LIMITS });
  }

  /**
   * Starts a server on a free port with a fresh data folder and waits until it is healthy.
   * `prepare` runs first on the empty data folder, while no server holds it (PGlite is
   * single-process): e.g. the staff CLI adding the first admin (`runStaffCli`). Whatever it
   * writes, the server still seeds the demo data on its first start (the seed looks at the
   * markets, which the CLI's migration leaves empty).
   */
  static async start(options: { prepare?: (dataDir: string) => Promise<void> } = {}): Promise<OwnServer> {
    const dataDir = mkdtempSync(join(tmpdir(), 'shelfwork-e2e-own-'));
    if (options.prepare) {
      try {
        await options.prepare(dataDir);
      } catch (err) {
        rmSync(dataDir, { recursive: true, force: true });
        throw err;
      }
    }
    const server = new OwnServer(await freePort(), dataDir);
    await server.healthy();
    return server;
  }

  /** http://127.0.0.1:<port> */
  get origin(): string {
    return this.process.origin;
  }

  running(): boolean {
    return this.process.running();
  }

  /** Everything the server processes printed, for a failure's report. */
  log(): string {
    return this.earlierLogs + this.process.log();
  }

  private async healthy(): Promise<void> {
    try {
      await this.process.waitForHealth({ timeoutMs: 120_000 });
    } catch (err) {
      throw new Error(`${(err as Error).message}\n--- server log ---\n${this.log().slice(-4000)}`);
    }
  }

  /** SIGKILL: the process ends at once, mid-request and mid-transaction. Resolves once it is gone. */
  async kill(): Promise<void> {
    await this.process.stop('SIGKILL');
  }

  /** Starts the server again on the same port and data folder and waits until it is healthy. */
  async restart(): Promise<void> {
    if (this.process.running()) await this.process.stop('SIGKILL');
    this.earlierLogs += `${this.process.log()}\n--- restarted ---\n`;
    this.process = OwnServer.spawn(this.port, this.dataDir);
    await this.healthy();
  }

  /** Stops the server and removes its data folder. */
  async stop(): Promise<void> {
    await this.process.stop('SIGKILL');
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/**
 * `npm run staff -- <args>` (server/staff/cli.ts) on `dataDir`, as an operator runs it on a
 * stopped installation: the server's environment for that folder (PGlite in it, no
 * DATABASE_URL). Resolves with what it printed; rejects with its output when it fails.
 */
export function runStaffCli(dataDir: string, args: readonly string[]): Promise<string> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test' };
  delete env.DATABASE_URL;
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--import', 'tsx', 'server/staff/cli.ts', ...args], { cwd: REPO_ROOT, env, timeout: 120_000 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`staff CLI ${args.join(' ')} failed: ${error.message}\n${stdout}\n${stderr}`));
      else resolve(stdout);
    });
  });
}

/** A spec file's own server and the fault proxy the browser reaches it through. */
export interface OwnStack {
  server: OwnServer;
  proxy: FaultProxy;
}

export interface OwnStackFixtures {
  /** API requests straight to the server, past the proxy's faults: for arranging and checking. */
  direct: APIRequestContext;
}

export interface OwnStackWorkerFixtures {
  /** The file's server and proxy. */
  stack: OwnStack;
}

/**
 * `test` for a spec file with its own server and proxy: a worker fixture (given up to 3 min: the
 * first start seeds), so the file runs in a worker of its own (its worker fixtures differ from the
 * other files') and both stop, the data folder removed, when that worker ends. Every test's
 * `baseURL` (the page and Playwright's `request`) is the proxy's origin.
 */
export function ownStackTest() {
  return base.extend<OwnStackFixtures, OwnStackWorkerFixtures>({
    stack: [
      // eslint-disable-next-line no-empty-pattern -- Playwright's fixture signature
      async ({}, use) => {
        const server = await OwnServer.start();
        const proxy = await FaultProxy.start(server.port);
        try {
          await use({ server, proxy });
        } finally {
          await proxy.close();
          await server.stop();
        }
      },
      { scope: 'worker', timeout: 180_000 },
    ],
    baseURL: async ({ stack }, use) => use(stack.proxy.origin),
    direct: async ({ playwright, stack }, use) => {
      const context = await playwright.request.newContext({ baseURL: stack.server.origin });
      await use(context);
      await context.dispose();
    },
  });
}
