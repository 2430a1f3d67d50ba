/**
 * `npm run bench:app` — the app's own budgets in real Chromium (DESIGN.md, "Budgets"):
 *   1. warm start of the app with the network off: navigation → first task card painted (≤ 1 s);
 *   2. 500 tasks in the mirror: switching to the offerings list → its cards painted (≤ 100 ms).
 * Starts the real server on a free port with a fresh data folder and serves the built app (run
 * `vite build` first — the npm script does). Prints medians; records nothing by itself.
 *
 * The tab switch is timed from the click on the offerings tab (made once the reserved list is idle,
 * as a person taps a tab a moment after a screen shows, not within its first frames) to:
 *   - "first screen painted": the frame after the offerings' first card is in the DOM (the list
 *     renders its first screenful of cards first, the rest of the page right after it);
 *   - "first page in the DOM": the frame after one of the 500 added tasks is in the DOM — they sort
 *     after the seeded ones, so this is the whole first page of 50 cards rendered.
 *
 * `--cpu-throttle N` (e.g. `npm run bench:app -- --cpu-throttle 4`) slows the page's CPU N× through
 * the DevTools protocol (Emulation.setCPUThrottlingRate), as Chrome's DevTools does to stand in for
 * a mid-range phone, for the measurements (not the sign-in and seeding before them); every line
 * printed then names the slowdown.
 *
 * DIST_DIR (default dist/) is the build to serve, so a benchmark can use its own build while
 * something else uses dist/: `npx vite build --outDir /tmp/bench-dist && DIST_DIR=/tmp/bench-dist
 * npx tsx scripts/bench-app.ts`.
 *
 * It also prints the page's main-thread CPU time for the switch (CDP Performance.getMetrics
 * ThreadTime, click → first screen painted and click → first page in the DOM, plus the bench's own
 * checks and round trips): work done, which the machine's load moves much less than the wall times.
 *
 * BENCH_SETTLE_MS (default 0) waits that long after the reserved list shows before waiting for idle
 * and clicking: with 3000, the switch is measured once the app's start-up work (the sync worker's
 * start sync, the read-ahead) is over — the steady state — instead of a moment after a page load.
 * BENCH_SAMPLES=1 prints every sample, sorted. BENCH_PROFILE_FILE=<prefix> writes the page's CPU
 * profile of each offerings switch (click → first page in the DOM) to <prefix>-<build>-<run>.cpuprofile
 * (a build made with `--minify false` keeps the function names readable).
 *
 * `--base-dist DIR` compares: DIR (e.g. a build of the previous commit, `git worktree add /tmp/old
 * <ref> && (cd /tmp/old && npx vite build --outDir /tmp/old-dist)`) and DIST_DIR are each served by
 * their own server and measured in turns (base, then new, run by run), so both see the same load.
 */
import type { CDPSession, Page } from 'playwright-core';
import { rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fmt, launchChromium, machineLine, requireBuild, RUNS, signInDemoTasker, spawnBenchServer, waitForHealth, type BenchServer } from './lib/bench';

function argValue(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}
const CPU_THROTTLE = Number(argValue('--cpu-throttle') ?? 1);
if (!(CPU_THROTTLE >= 1)) {
  console.error('--cpu-throttle takes a slowdown factor ≥ 1, e.g. --cpu-throttle 4');
  process.exit(1);
}
/** Printed with every figure, so a throttled run is never mistaken for a plain one. */
const SLOWDOWN = CPU_THROTTLE === 1 ? 'CPU not throttled' : `CPU slowed ${CPU_THROTTLE}× (DevTools Emulation.setCPUThrottlingRate)`;
const EXTRA_TASKS = 500;
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 0);
const PROFILE_FILE = process.env.BENCH_PROFILE_FILE;
const loadAtStart = loadavg();
const DIST_DIR = requireBuild();
const baseArg = argValue('--base-dist');
const BASE_DIST = baseArg ? resolve(baseArg) : null;
if (BASE_DIST && BASE_DIST === DIST_DIR) console.warn('--base-dist is the same build as DIST_DIR');

interface Build {
  label: string;
  dist: string;
  server: BenchServer;
  page: Page;
  cdp: CDPSession;
  total: number;
  /** Main-thread CPU time of each switch, click → first page in the DOM (CDP ThreadTime). */
  cpu: number[];
  /** The same, click → first screen painted (plus the bench's own round trip to read it). */
  cpuFirstScreen: number[];
  warm: number[];
  painted: number[];
  firstPage: number[];
  cards: number;
  small: number[];
  inProgress: number;
}

const browser = await launchChromium();
const builds: Build[] = [];
try {
  for (const [label, dist] of BASE_DIST ? [['base', BASE_DIST], ['new', DIST_DIR]] : [['', DIST_DIR]]) {
    const server = await spawnBenchServer(dist!, 'shelfwork-bench-');
    builds.push({ label: label!, dist: dist!, server, page: null as unknown as Page, cdp: null as unknown as CDPSession, total: 0, cpu: [], cpuFirstScreen: [], warm: [], painted: [], firstPage: [], cards: 0, small: [], inProgress: 0 });
    const build = builds[builds.length - 1]!;
    const { base } = server;
    await waitForHealth(base);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, permissions: ['geolocation', 'background-sync'] });
    const page = await context.newPage();
    build.page = page;
    await signInDemoTasker(page, base);
    await page.goto(`${base}/reservable`);
    await page.locator('a[href^="/task/"]:visible').first().waitFor();
    // Let the service worker take control so the offline reload is served from the precache.
    await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, { timeout: 30_000 });

    // 500 more available tasks, cloned from a mirrored one, written straight into IndexedDB.
    build.total = await page.evaluate(async (extra) => {
      const db: IDBDatabase = await new Promise((res, rej) => {
        const r = indexedDB.open('shelfwork');
        r.onsuccess = () => res(r.result);
        r.onerror = () => rej(r.error);
      });
      const all: Array<Record<string, unknown>> = await new Promise((res) => {
        const r = db.transaction('tasks').objectStore('tasks').getAll();
        r.onsuccess = () => res(r.result as Array<Record<string, unknown>>);
      });
      const template = all.find((t) => t.status === 'available');
      if (!template) throw new Error('no available task to clone');
      const tx = db.transaction('tasks', 'readwrite');
      for (let i = 0; i < extra; i++) {
        tx.objectStore('tasks').put({ ...template, id: `bench-${i}`, title: `Bench task ${i}`, sortKey: 10_000 + i });
      }
      await new Promise((res) => (tx.oncomplete = res));
      return all.length + extra;
    }, EXTRA_TASKS);
    console.log(`build${label ? ` ${label}` : ''}: ${dist}`);
    console.log(`  mirror: ${build.total} tasks (${EXTRA_TASKS} added)`);

    build.cdp = await context.newCDPSession(page);
    await build.cdp.send('Performance.enable');
    if (CPU_THROTTLE !== 1) await build.cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
    await context.setOffline(true);
  }
  console.log(SLOWDOWN);
  if (SETTLE_MS > 0) console.log(`the tab switches are clicked ${SETTLE_MS} ms after the reserved list shows (BENCH_SETTLE_MS: after the start-up work)`);

  /** The page's main-thread CPU time so far, in ms (less moved by the machine's load than wall time). */
  const threadTime = async (cdp: CDPSession) => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return 1000 * (metrics.find((m) => m.name === 'ThreadTime')?.value ?? NaN);
  };
  /** Resolves when the page's main thread idles (at the latest after 3 s). */
  const IDLE = 'new Promise((resolve) => requestIdleCallback(() => resolve(0), { timeout: 3000 }))';

  for (let i = 0; i < RUNS; i++) {
    for (const build of builds) {
      const { page } = build;
      const { base } = build.server;
      await page.goto(`${base}/reservable`);
      await page.locator('a[href^="/task/"]:visible').first().waitFor();
      // Navigation start → the first card in the DOM, measured by the page's own clock.
      build.warm.push(await page.evaluate(() => performance.now()));

      await page.goto(`${base}/reserved`);
      await page.locator('a[href^="/task/"]:visible').first().waitFor();
      if (SETTLE_MS > 0) await page.waitForTimeout(SETTLE_MS);
      await page.evaluate(IDLE);
      if (PROFILE_FILE) {
        await build.cdp.send('Profiler.enable');
        await build.cdp.send('Profiler.setSamplingInterval', { interval: 100 });
        await build.cdp.send('Profiler.start');
      }
      const cpuBefore = await threadTime(build.cdp);
      // A string, not a function: tsx's name-keeping helpers do not exist in the page. The first
      // promise answers at the first screen (so the CPU time up to it can be read), the page keeps
      // checking for the first page on its own clock in window.__benchFirstPage.
      const painted = await page.evaluate<number>(`new Promise((resolve, reject) => {
        const visible = (selector) => [...document.querySelectorAll(selector)].some((el) => el.checkVisibility());
        const link = [...document.querySelectorAll('a[href="/reservable"]')].find((el) => el.checkVisibility());
        if (!link) return reject(new Error('no offerings tab'));
        for (const a of document.querySelectorAll('a[href^="/task/"]')) if (a.checkVisibility()) a.dataset.benchBefore = '1';
        const t0 = performance.now();
        let painted = 0;
        let resolveFirstPage;
        window.__benchFirstPage = new Promise((r) => (resolveFirstPage = r));
        link.click();
        const check = () => {
          const here = location.pathname === '/reservable';
          if (!painted && here && visible('a[href^="/task/"]:not([data-bench-before])')) {
            // The next frame is when the cards are painted.
            requestAnimationFrame(() => {
              painted = performance.now() - t0;
              resolve(painted);
            });
          }
          if (here && visible('a[href^="/task/bench-"]')) {
            requestAnimationFrame(() => {
              const firstPage = performance.now() - t0;
              if (!painted) resolve((painted = firstPage));
              resolveFirstPage(firstPage);
            });
          } else requestAnimationFrame(check);
        };
        check();
      })`);
      build.cpuFirstScreen.push((await threadTime(build.cdp)) - cpuBefore);
      const times = { painted, firstPage: await page.evaluate<number>('window.__benchFirstPage') };
      build.cpu.push((await threadTime(build.cdp)) - cpuBefore);
      if (PROFILE_FILE) {
        const { profile } = await build.cdp.send('Profiler.stop');
        writeFileSync(`${PROFILE_FILE}-${build.label || 'app'}-${i}.cpuprofile`, JSON.stringify(profile));
      }
      build.painted.push(times.painted);
      build.firstPage.push(times.firstPage);
      // DESIGN.md: lists are paged — the DOM holds one page of cards, not the mirror.
      build.cards = await page.locator('a[href^="/task/"]:visible').count();

      // For reference, the same switch to a list of a few tasks: what the tab switch costs without
      // the 500 tasks (routing, the screen's other queries, the worker's refresh).
      await page.goto(`${base}/reserved`);
      await page.locator('a[href^="/task/"]:visible').first().waitFor();
      if (SETTLE_MS > 0) await page.waitForTimeout(SETTLE_MS);
      await page.evaluate(IDLE);
      build.small.push(
        await page.evaluate<number>(`new Promise((resolve, reject) => {
          const visible = (selector) => [...document.querySelectorAll(selector)].some((el) => el.checkVisibility());
          const link = [...document.querySelectorAll('a[href="/in_progress"]')].find((el) => el.checkVisibility());
          if (!link) return reject(new Error('no in-progress tab'));
          for (const a of document.querySelectorAll('a[href^="/task/"]')) if (a.checkVisibility()) a.dataset.benchBefore = '1';
          const t0 = performance.now();
          link.click();
          const check = () => {
            if (location.pathname === '/in_progress' && visible('a[href^="/task/"]:not([data-bench-before]), .task-empty')) {
              requestAnimationFrame(() => resolve(performance.now() - t0));
            } else requestAnimationFrame(check);
          };
          check();
        })`),
      );
      build.inProgress = await page.locator('a[href^="/task/"]:visible').count();
    }
  }

  const slow = CPU_THROTTLE === 1 ? '' : `   [CPU ${CPU_THROTTLE}× slower]`;
  for (const build of builds) {
    if (build.label) console.log(`\n${build.label}: ${build.dist}`);
    console.log(`warm start offline, navigation → first card:       ${fmt(build.warm)}   budget 1000 ms${slow}`);
    console.log(`offerings list with ${build.total} tasks, tab → first screen painted: ${fmt(build.painted)}   budget 100 ms${slow}`);
    console.log(`  tab → first page in the DOM: ${fmt(build.firstPage)}   (${build.cards} cards)${slow}`);
    console.log(`  main-thread CPU time of the switch to the first screen painted: ${fmt(build.cpuFirstScreen)}${slow}`);
    console.log(`  main-thread CPU time of the switch (to the first page): ${fmt(build.cpu)}${slow}`);
    console.log(`  reference: in-progress list (${build.inProgress} tasks), tab → painted: ${fmt(build.small)}${slow}`);
  }
  console.log(machineLine(loadAtStart));
} finally {
  await browser.close();
  for (const build of builds) {
    build.server.server.kill();
    rmSync(build.server.dataDir, { recursive: true, force: true });
  }
}
