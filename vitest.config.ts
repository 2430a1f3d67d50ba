import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';

export default defineConfig({
  plugins: [react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }), lingui()],
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'workers/**/*.test.ts', 'sw/**/*.test.ts', 'server/**/*.test.ts', 'test/unit/**/*.test.ts', 'test/server/**/*.test.ts', 'test/decoder/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { TZ: 'Europe/Vilnius' },
  },
});
