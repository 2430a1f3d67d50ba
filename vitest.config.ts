import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';

/** Server tests that replace a module with vi.mock: they need a module registry of their own. */
const MOCKING_SERVER_FILES = ['test/server/auth-throttle.test.ts', 'test/server/bad-input-all-routes.test.ts', 'test/server/cross-viewer.test.ts'];

export default defineConfig({
  plugins: [react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }), lingui()],
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Every core (vitest's default leaves one idle: on the 2-core CI machine that was one worker for
    // the whole suite).
    maxWorkers: availableParallelism(),
    env: { TZ: 'Europe/Vilnius' },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'sw/**/*.test.ts', 'server/**/*.test.ts', 'test/unit/**/*.test.ts', 'test/lint/**/*.test.ts', 'test/decoder/**/*.test.ts', ...MOCKING_SERVER_FILES],
        },
      },
      {
        // The server suite: each file builds its own app on its own database, and most of a file's
        // cost was loading the server's modules again. Without isolation a worker loads them once
        // for all the files it runs. Files that mock a module (vi.mock) keep their isolation above.
        extends: true,
        test: { name: 'server', include: ['test/server/**/*.test.ts'], exclude: MOCKING_SERVER_FILES, isolate: false },
      },
      {
        // The workers' tests run against the real server in-process (test/support/sync-server.ts).
        // Without module isolation the files one process runs share that server and its warm
        // code instead of each loading a database and starting cold; every test works in its own
        // world on it (docs/testing.md).
        extends: true,
        test: { name: 'workers', include: ['workers/**/*.test.ts'], isolate: false },
      },
    ],
  },
});
