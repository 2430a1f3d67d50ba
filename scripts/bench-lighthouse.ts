/**
 * `npm run bench:lighthouse` — Lighthouse 12 (mobile preset: simulated slow 4G, 4× CPU slowdown,
 * Moto G power screen) on the real server, in the system Chromium:
 *   1. `/login`, a first visit (Lighthouse clears the origin's storage before each run);
 *   2. the task list (`/reservable`), logged in as the LT demo tasker: the session lives in
 *      IndexedDB (docs/decisions/0002), so the script logs in once through the login form in the
 *      same Chromium profile, opens the list once so the device remembers the tasker's language,
 *      and each run keeps IndexedDB but starts with an empty HTTP cache, no service worker and
 *      no Cache Storage — the first load of a returning, logged-in tasker.
 * Goal: performance ≥ 0.95 and LCP ≤ 2.5 s on both, accessibility 1.0. Prints every
 * run and the median run (by performance score); records nothing by itself (docs/performance.md).
 *
 * Builds dist/ first when it is missing or older than the sources. DIST_DIR=<dir> serves another
 * build (never rebuilt). BENCH_RUNS (default 3) runs per page. CHROME_PATH / CHROMIUM_PATH pick
 * the browser (else scripts/ensure-chromium.sh finds or installs Debian's chromium).
 * LH_REPORT_DIR=<dir> also writes each run's JSON report there.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { chromium, type BrowserContext } from 'playwright-core';
import { freePort, REPO_ROOT, startServer } from './lib/server-process';
import { CHROMIUM_ARGS } from './lib/chromium';

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const REPORT_DIR = process.env.LH_REPORT_DIR?.trim() || null;
const GOAL = { performance: 0.95, lcpMs: 2500, accessibility: 1 };

// ---------------------------------------------------------------------------------------------
// The build

/** Newest modification time under `path` (a file or a folder), 0 when it does not exist. */
function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const entry of readdirSync(path)) max = Math.max(max, newest(join(path, entry)));
  return max;
}

function ensureBuild(): string {
  const given = process.env.DIST_DIR?.trim();
  if (given) {
    const dir = resolve(given);
    if (!existsSync(join(dir, 'index.html'))) throw new Error(`DIST_DIR=${dir} has no index.html: build it first (npx vite build --outDir ${dir})`);
    return dir;
  }
  const dir = join(REPO_ROOT, 'dist');
  const built = existsSync(join(dir, 'index.html')) ? statSync(join(dir, 'index.html')).mtimeMs : 0;
  const sources = Math.max(
    ...['src', 'workers', 'sw', 'public', 'index.html', 'vite.config.ts', 'scripts/lib/precompress.ts', 'package-lock.json'].map((p) => newest(join(REPO_ROOT, p))),
  );
  if (built === 0 || sources > built) {
    console.log(built === 0 ? 'No build in dist/: building (vite build)…' : 'dist/ is older than the sources: rebuilding (vite build)…');
    const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: REPO_ROOT, stdio: 'inherit' });
    if (result.status !== 0) throw new Error('vite build failed');
  }
  return dir;
}

function chromiumPath(): string {
  const given = process.env.CHROME_PATH?.trim() || process.env.CHROMIUM_PATH?.trim();
  if (given) return given;
  return execFileSync('bash', [join(REPO_ROOT, 'scripts/ensure-chromium.sh')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim();
}

// ---------------------------------------------------------------------------------------------
// Reading a report

interface RunFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  transferKb: number;
  lcpElement: string;
  opportunities: string[];
  problems: string[];
}

const score = (lhr: Result, id: string) => lhr.categories[id]?.score ?? NaN;
const numeric = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? NaN;

function figures(lhr: Result): RunFigures {
  const opportunities: string[] = [];
  for (const audit of Object.values(lhr.audits)) {
    const details = audit.details as { type?: string; overallSavingsMs?: number; overallSavingsBytes?: number } | undefined;
    const ms = details?.overallSavingsMs ?? 0;
    const bytes = details?.overallSavingsBytes ?? 0;
    if ((audit.score ?? 1) < 1 && (ms >= 50 || bytes >= 10_240)) {
      opportunities.push(`${audit.id}: ${ms ? `${Math.round(ms)} ms` : ''}${ms && bytes ? ', ' : ''}${bytes ? `${Math.round(bytes / 1024)} KB` : ''}`);
    }
  }
  const problems: string[] = [];
  for (const [id, ref] of Object.entries(lhr.categories)) {
    if (id === 'performance') continue;
    for (const auditRef of ref.auditRefs) {
      const audit = lhr.audits[auditRef.id];
      if (audit && audit.score !== null && audit.score < 1 && auditRef.weight > 0) problems.push(`${id}/${audit.id}: ${audit.title}`);
    }
  }
  // Console errors include Content-Security-Policy violations: worth seeing in full.
  const consoleErrors = lhr.audits['errors-in-console']?.details as { items?: { description?: string }[] } | undefined;
  for (const item of consoleErrors?.items ?? []) problems.push(`console: ${String(item.description).slice(0, 200)}`);
  const lcpDetails = lhr.audits['largest-contentful-paint-element']?.details as { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined;
  const lcpElement = lcpDetails?.items?.[0]?.items?.[0]?.node?.snippet ?? '?';
  return {
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    bestPractices: score(lhr, 'best-practices'),
    fcpMs: numeric(lhr, 'first-contentful-paint'),
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    tbtMs: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    speedIndexMs: numeric(lhr, 'speed-index'),
    transferKb: numeric(lhr, 'total-byte-weight') / 1024,
    lcpElement: lcpElement.slice(0, 100),
    opportunities,
    problems,
  };
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
function line(f: RunFigures): string {
  return (
    `performance ${f.performance.toFixed(2)}  accessibility ${f.accessibility.toFixed(2)}  best practices ${f.bestPractices.toFixed(2)}  ` +
    `FCP ${s(f.fcpMs)}  LCP ${s(f.lcpMs)}  TBT ${Math.round(f.tbtMs)} ms  CLS ${f.cls.toFixed(3)}  SI ${s(f.speedIndexMs)}  ` +
    `transfer ${f.transferKb.toFixed(0)} KB`
  );
}

/** The run with the median performance score (ties: the median LCP among them). */
function medianRun(runs: RunFigures[]): RunFigures {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance || b.lcpMs - a.lcpMs);
  return sorted[Math.floor((sorted.length - 1) / 2)] as RunFigures;
}

// ---------------------------------------------------------------------------------------------
// Running

const loadAtStart = loadavg();
const distDir = ensureBuild();
const executablePath = chromiumPath();
const port = await freePort();
const debuggingPort = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'shelfwork-lighthouse-'));
const profileDir = join(dataDir, 'chromium-profile');
if (REPORT_DIR) mkdirSync(REPORT_DIR, { recursive: true });

const server = startServer({
  port,
  dataDir: join(dataDir, 'server'),
  env: { DIST_DIR: distDir, RUN_JOBS: '0', SEND_CODE_LIMIT_PER_EMAIL: '1000', SEND_CODE_LIMIT_PER_IP: '1000' },
});
let context: BrowserContext | null = null;
try {
  await server.waitForHealth();
  // One persistent profile, reachable by Lighthouse on a debugging port: the session the script
  // logs in with is the one the task-list runs use.
  context = await chromium.launchPersistentContext(profileDir, {
    executablePath,
    headless: true,
    args: [
      `--remote-debugging-port=${debuggingPort}`,
      ...CHROMIUM_ARGS,
    ],
    viewport: { width: 412, height: 823 },
    permissions: ['geolocation', 'background-sync'],
    geolocation: { latitude: 54.6872, longitude: 25.2797 },
  });
  const flags = (keepStorage: boolean): Flags => ({
    port: debuggingPort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
    disableStorageReset: keepStorage,
  });

  async function measure(name: string, path: string, keepStorage: boolean, beforeRun?: () => Promise<void>): Promise<RunFigures> {
    const url = `${server.origin}${path}`;
    const runs: RunFigures[] = [];
    console.log(`\n${name}: ${url}  (${RUNS} runs, Lighthouse mobile preset)`);
    for (let i = 0; i < RUNS; i++) {
      await beforeRun?.();
      const result = await lighthouse(url, flags(keepStorage));
      if (!result) throw new Error('Lighthouse returned no result');
      const lhr = result.lhr;
      if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      if (REPORT_DIR) writeFileSync(join(REPORT_DIR, `${name.replace(/\W+/g, '-')}-${i + 1}.json`), JSON.stringify(lhr));
      const f = figures(lhr);
      if (lhr.finalDisplayedUrl && !lhr.finalDisplayedUrl.startsWith(url.split('?')[0] as string)) {
        console.log(`  note: the page ended at ${lhr.finalDisplayedUrl}`);
      }
      runs.push(f);
      console.log(`  run ${i + 1}: ${line(f)}`);
    }
    const median = medianRun(runs);
    console.log(`  median: ${line(median)}`);
    console.log(`  LCP element: ${median.lcpElement}`);
    if (median.opportunities.length) console.log(`  opportunities: ${median.opportunities.join('; ')}`);
    for (const problem of median.problems) console.log(`  ${problem}`);
    const met = median.performance >= GOAL.performance && median.lcpMs <= GOAL.lcpMs && median.accessibility >= GOAL.accessibility;
    console.log(`  goal (performance ≥ ${GOAL.performance}, LCP ≤ ${s(GOAL.lcpMs)}, accessibility ${GOAL.accessibility}): ${met ? 'met' : 'NOT met'}`);
    return median;
  }

  // 1. /login, first visit.
  await measure('login', '/login', false);

  // 2. Log in through the form (tokens go to IndexedDB), then measure the task list.
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${server.origin}/login?lng=en`);
  await page.getByRole('button', { name: /sign in with password/i }).click();
  await page.getByLabel('Email', { exact: true }).fill('lt@demo.shelfwork.app');
  await page.getByLabel('Password', { exact: true }).fill('demo1234');
  for (const box of await page.getByRole('checkbox').all()) await box.check();
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL(/in_progress|reserved|reservable/, { timeout: 60_000 });
  // The form was filled in English (`?lng=en`, kept by this tab). A returning tasker's device last
  // showed their own language, which the app loads first on its next start: open the list once in
  // a tab of its own, without `?lng=`, so that language (Lithuanian, the tasker's market) is the
  // one the device remembers, as it would be on the tasker's phone.
  await page.close();
  const page2 = await context.newPage();
  await page2.goto(`${server.origin}/reservable`);
  await page2.locator('a[href^="/task/"]').first().waitFor({ timeout: 60_000 });
  await page2.waitForFunction(() => document.documentElement.lang === 'lt', undefined, { timeout: 30_000 });
  // The app registers its service worker once the first screen is shown: let it finish here, so
  // the clearing before each run removes it (else it could serve the first run from its precache).
  await page2.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const cdp = await context.newCDPSession(page2);
  // Each run: the session and mirror stay (IndexedDB); the HTTP cache, the service worker and
  // its caches go, so every byte of the app is downloaded again.
  const coldButLoggedIn = async () => {
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Storage.clearDataForOrigin', { origin: server.origin, storageTypes: 'cache_storage,service_workers' });
  };
  await page2.goto('about:blank');
  await measure('task list (logged in)', '/reservable', true, coldButLoggedIn);
} finally {
  await context?.close().catch(() => {});
  await server.stop('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
  const load = (xs: number[]) => xs.map((n) => n.toFixed(1)).join(' ');
  console.log(`\nmachine: ${cpus().length} cores (${cpus()[0]?.model ?? '?'}); load average ${load(loadAtStart)} at start, ${load(loadavg())} at end`);
  console.log(`build: ${distDir}`);
}
