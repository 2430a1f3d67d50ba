import { defineConfig } from '@lingui/cli';

// Catalogs are .po files; the Vite plugin compiles them at build time, so nothing generated is committed.
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'lt', 'pl', 'cs', 'ro'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: ['**/node_modules/**', '**/*.test.ts', '**/*.test.tsx'],
    },
  ],
  format: 'po',
});
