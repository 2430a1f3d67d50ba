/**
 * `npm run bench:map` — the map's budget: map interactive ≤ 1.5 s on a warm start.
 * Starts the real server on a free port with a fresh data folder and serves the built app (the npm
 * script builds first; DIST_DIR picks another build), logs in the LT demo tasker in real Chromium
 * (WebGL through SwiftShader, the flags of scripts/lib/chromium.ts), opens /map/available once
 * (the service worker then holds the map's chunk, MapLibre's worker and the offline basemap; the
 * places are in the mirror), then reloads it BENCH_RUNS times online and offline and prints the
 * median of navigation start → map interactive: style drawn, places clustered and their HTML
 * markers in the DOM (MapScreen stamps <html data-map-interactive> with performance.now()).
 */
import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import type { Page } from 'playwright-core';
import { fmt, launchChromium, machineLine, requireBuild, RUNS, signInDemoTasker, spawnBenchServer, waitForHealth } from './lib/bench';

const loadAtStart = loadavg();
const DIST_DIR = requireBuild();
/** Vilnius at zoom 10: the LT demo stores, some clustered, some apart. */
const MAP_PATH = '/map/available?lat=54.69&lng=25.27&zoom=10';

const { base, dataDir, server } = await spawnBenchServer(DIST_DIR, 'shelfwork-bench-map-');
const browser = await launchChromium();

async function openMap(page: Page): Promise<{ interactive: number; markers: number }> {
  await page.goto(`${base}${MAP_PATH}`);
  await page.locator('.map-screen[data-map-ready]').waitFor({ timeout: 30_000 });
  await page.locator('[data-testid="map-marker"], [data-testid="map-cluster"]').first().waitFor({ timeout: 30_000 });
  return page.evaluate(() => ({
    interactive: Number(document.documentElement.dataset.mapInteractive),
    markers: document.querySelectorAll('[data-testid="map-marker"], [data-testid="map-cluster"]').length,
  }));
}

try {
  await waitForHealth(base);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, permissions: ['geolocation', 'background-sync'] });
  const page = await context.newPage();
  await signInDemoTasker(page, base);
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, { timeout: 30_000 });
  const cold = await openMap(page);
  console.log(`build: ${DIST_DIR}`);
  console.log(`first open (cold: chunk, worker and basemap fetched): ${cold.interactive.toFixed(0)} ms, ${cold.markers} markers`);

  const online: number[] = [];
  for (let i = 0; i < RUNS; i++) online.push((await openMap(page)).interactive);
  await context.setOffline(true);
  const offline: number[] = [];
  for (let i = 0; i < RUNS; i++) offline.push((await openMap(page)).interactive);
  console.log(`warm start online,  navigation → map interactive: ${fmt(online)}   budget 1500 ms`);
  console.log(`warm start offline, navigation → map interactive: ${fmt(offline)}   budget 1500 ms`);
  console.log(machineLine(loadAtStart));
} finally {
  await browser.close();
  server.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
