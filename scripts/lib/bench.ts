/**
 * What the browser benchmarks (scripts/bench-app.ts, scripts/bench-map.ts) share: the build to
 * serve (DIST_DIR, default dist/; exits when it has no index.html), the real server on a free port
 * with a fresh data folder (RUN_JOBS=0), Chromium with the flags of ./chromium, the LT demo
 * tasker's sign-in, and the printed figures (median/min/max, the load average line).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from './chromium';
import { freePort } from './server-process';

export const RUNS = Number(process.env.BENCH_RUNS ?? 7);

/** The build to serve (DIST_DIR, default dist/); exits 1 when there is none. */
export function requireBuild(): string {
  const distDir = resolve(process.env.DIST_DIR?.trim() || 'dist');
  if (!existsSync(join(distDir, 'index.html'))) {
    console.error(`No build in ${distDir}: run \`vite build\` (or \`vite build --outDir ${distDir}\`) first.`);
    process.exit(1);
  }
  return distDir;
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
export const fmt = (xs: number[]) =>
  `median ${median(xs).toFixed(0)} ms  (min ${Math.min(...xs).toFixed(0)}, max ${Math.max(...xs).toFixed(0)}, n=${xs.length})` +
  // BENCH_SAMPLES=1: every sample, sorted (where the spread comes from).
  (process.env.BENCH_SAMPLES === '1' ? `  [${[...xs].sort((a, b) => a - b).map((x) => x.toFixed(0)).join(' ')}]` : '');

/** The closing line: BENCH_NOTE (the machine) and the load average at start and now. */
export function machineLine(loadAtStart: number[]): string {
  const load = (xs: number[]) => xs.map((n) => n.toFixed(1)).join(' ');
  return `machine: ${process.env.BENCH_NOTE ?? 'see docs/performance.md'}; load average ${load(loadAtStart)} at start, ${load(loadavg())} at end`;
}

export interface BenchServer {
  base: string;
  dataDir: string;
  server: ChildProcess;
}

/** The real server on a free port of 127.0.0.1, serving distDir, with a fresh data folder. */
export async function spawnBenchServer(distDir: string, dataDirPrefix: string): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), dataDirPrefix));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DIST_DIR: distDir, NODE_ENV: 'test', RUN_JOBS: '0' },
    stdio: 'ignore',
  });
  return { base, dataDir, server };
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** Polls /api/health every 500 ms; throws after 120 s. */
export async function waitForHealth(base: string): Promise<void> {
  for (let i = 0; ; i++) {
    if (i > 240) throw new Error('server not healthy after 120 s');
    if (await fetch(`${base}/api/health`).then((r) => r.ok, () => false)) break;
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Signs the LT demo tasker in with the password (all consents checked) and waits for the task lists. */
export async function signInDemoTasker(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/login?lng=en`);
  await page.getByRole('button', { name: /sign in with password/i }).click();
  await page.getByLabel('Email').fill('lt@demo.shelfwork.app');
  await page.getByLabel('Password').fill('demo1234');
  for (const box of await page.getByRole('checkbox').all()) await box.check();
  await page.locator('form button[type=submit]').click();
  await page.waitForURL(/in_progress|reserved|reservable/);
}
