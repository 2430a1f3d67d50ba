/**
 * Playwright configuration for the end-to-end suite (test/e2e). Run it through
 * `bash scripts/test-e2e.sh`, which builds the app, starts the real server on a free port with a
 * fresh data folder, finds Chromium and sets E2E_BASE_URL / CHROMIUM_PATH.
 */
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, DEFAULT_GEOLOCATION, PERMISSIONS, VIEWPORT, chromiumPath } from './test/e2e/support/browser';

/** Where results go: scripts/test-e2e.sh gives each shard its own (test-results/shard-N). */
const outputDir = process.env.E2E_OUTPUT_DIR || 'test-results';

export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  outputDir,
  // One browser per run, tests in file order; scripts/test-e2e.sh runs the suite in two shards, each
  // with its own server (docs/testing.md).
  workers: 1,
  fullyParallel: false,
  // A flaky end-to-end test is a bug to fix. Under CI, on 2 shared cores at load 10–14, a test
  // now and then misses a wait (the fake camera not opening in 20 s, a map zoom animation): one
  // retry there, and scripts/test-e2e.sh names every test that needed it at the end of the log
  // (scripts/lib/e2e-failures.ts), so it is seen and fixed, not hidden. A test that fails twice
  // fails the run. Locally: no retry.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // results.json is what scripts/test-e2e.sh reads to name the failed tests at the end of its output.
  reporter: [['list'], ['json', { outputFile: `${outputDir}/results.json` }]],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    browserName: 'chromium',
    headless: true,
    viewport: VIEWPORT,
    deviceScaleFactor: 1,
    isMobile: false,
    hasTouch: true,
    locale: 'en-US',
    timezoneId: 'Europe/Vilnius',
    permissions: PERMISSIONS,
    geolocation: DEFAULT_GEOLOCATION,
    serviceWorkers: 'allow',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
  },
});
