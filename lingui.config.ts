import { defineConfig } from '@lingui/cli';

// Catalogs are .po files (the tasker app's, and the staff console's own); the Vite plugin compiles them at build time, so nothing generated is committed.
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'lt', 'pl', 'cs', 'ro'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      // The staff console has its own catalog: the tasker app never loads its texts.
      exclude: ['**/node_modules/**', '**/*.test.ts', '**/*.test.tsx', '<rootDir>/src/console/**'],
    },
    {
      // The staff console (src/console): its texts, the kit's it uses (src/ui), and the error words it shares with the server.
      path: '<rootDir>/src/console/locales/{locale}/messages',
      include: ['<rootDir>/src/console', '<rootDir>/src/ui', '<rootDir>/src/domain/errorWords.ts'],
      exclude: ['**/node_modules/**', '**/*.test.ts', '**/*.test.tsx'],
    },
  ],
  format: 'po',
});
