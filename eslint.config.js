// ESLint flat config (ESLint 9 + typescript-eslint + react-hooks). `npx eslint .` lints the app,
// workers, service worker, server, tests and scripts. Type errors are tsc's job (npm test runs it
// first), so linting is syntax-aware only and stays fast on 2 cores. The architecture rules of
// DESIGN.md that a linter can check are enforced here: src/domain is pure, components never fetch.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

/** Ways to reach the network without naming the `fetch` global. */
const fetchProperties = ['window', 'globalThis', 'self'].map((object) => ({
  object,
  property: 'fetch',
  message: 'Screens and domain rules never call fetch: the sync worker owns the network (DESIGN.md, "The read path").',
}));

const componentFetchMessage =
  'Components never fetch: read the mirror with the live-query hooks and send commands through the sync worker (DESIGN.md).';

const screenClientMessage =
  'Screens never call the sync worker client: use the feature\'s mutation hooks (src/<feature>/mutations.ts), which turn every call into a typed result (src/sync/commands.ts).';

const UI_PACKAGES = ['react', 'react-dom', 'react-router', '@lingui/react', 'dexie-react-hooks', 'formik', 'maplibre-gl', 'react-map-gl'];
/** The page's folders (src/*): which of them a runtime may import is decided below. */
const APP_FOLDERS = readdirSync(new URL('./src', import.meta.url), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
const appFolder = (name) => [`**/src/${name}`, `**/src/${name}/**`];
const workerImportMessage = 'Workers import no React or UI: the domain, the contracts, the mirror schema and their own modules.';
const swImportMessage = 'The service worker imports only the contracts (src/contracts) and Workbox.';
const serverImportMessage = 'The server imports only src/domain and src/contracts of the app.';

const domainImportMessage = 'src/domain is pure TypeScript shared with the server: no React, DOM, Dexie or Comlink.';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dev-dist/**',
      'node_modules/**',
      'data/**',
      '.data*/**',
      '.tmp/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      // Compiled Lingui catalogs (generated, git-ignored).
      'src/locales/**/*.ts',
      'src/locales/**/*.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // Type-only imports stay type-only (verbatimModuleSyntax in tsconfig.json relies on it).
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // STYLE: `any` needs a comment saying why, so it needs a disable directive too.
      '@typescript-eslint/no-explicit-any': 'error',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-var': 'error',
      'prefer-const': 'error',
    },
  },

  // The page: React + hooks, browser globals.
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs['recommended-latest'].rules },
  },
  // Components never fetch, nor call the sync worker's client: they send commands through their
  // feature's mutation hooks (src/<feature>/mutations.ts on src/sync/commands.ts). main.tsx boots it.
  {
    files: ['src/**/*.tsx'],
    ignores: ['src/main.tsx'],
    rules: {
      'no-restricted-globals': ['error', { name: 'fetch', message: componentFetchMessage }],
      'no-restricted-properties': ['error', ...fetchProperties],
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/sync/client', '**/sync/client.ts'], message: screenClientMessage }] },
      ],
    },
  },
  {
    files: ['src/main.tsx'],
    rules: {
      'no-restricted-globals': ['error', { name: 'fetch', message: componentFetchMessage }],
      'no-restricted-properties': ['error', ...fetchProperties],
    },
  },
  // src/domain is pure: compiled into the app and the server alike.
  {
    files: ['src/domain/**/*.{ts,tsx}'],
    ignores: ['src/domain/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['react', 'react-dom', 'dexie', 'dexie-react-hooks', 'comlink'].map((name) => ({
            name,
            message: domainImportMessage,
          })),
          patterns: [
            { group: ['react/*', 'react-dom/*', 'dexie/*', 'dexie-react-hooks/*', 'comlink/*'], message: domainImportMessage },
            { group: ['**/db/*', '**/sync/*', '**/ui/*', '**/pwa/*'], message: domainImportMessage },
            { regex: '^#(db|ui)/', message: domainImportMessage },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'src/domain never touches the network.' },
        { name: 'XMLHttpRequest', message: 'src/domain never touches the network.' },
        { name: 'window', message: 'src/domain runs on the server too: no DOM.' },
        { name: 'document', message: 'src/domain runs on the server too: no DOM.' },
        { name: 'localStorage', message: 'src/domain runs on the server too: no storage.' },
        { name: 'indexedDB', message: 'src/domain runs on the server too: no storage.' },
      ],
      'no-restricted-properties': ['error', ...fetchProperties],
    },
  },
  // Dedicated workers (sync, scanner): no React, no UI, no screens.
  {
    files: ['workers/**/*.ts'],
    languageOptions: { globals: { ...globals.worker } },
  },
  {
    files: ['workers/**/*.ts'],
    ignores: ['workers/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: UI_PACKAGES.map((name) => ({ name, message: workerImportMessage })),
          patterns: [
            { group: UI_PACKAGES.map((name) => `${name}/*`), message: workerImportMessage },
            { regex: '^#ui/', message: workerImportMessage },
            { group: [...['ui', 'app', 'auth', 'tasks', 'execution', 'scanner', 'history', 'settings', 'onboarding', 'suggestions', 'i18n', 'pwa', 'profile', 'trainings'].flatMap(appFolder)], message: workerImportMessage },
          ],
        },
      ],
    },
  },
  // The service worker: Workbox and the contracts only.
  {
    files: ['sw/**/*.ts'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    files: ['sw/**/*.ts'],
    ignores: ['sw/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [...UI_PACKAGES, 'dexie', 'comlink'].map((name) => ({ name, message: swImportMessage })),
          patterns: [
            { group: [...APP_FOLDERS.filter((f) => f !== 'contracts').flatMap(appFolder), '**/workers/**', '**/server/**'], message: swImportMessage },
            { regex: '^#(?!contracts/)', message: swImportMessage },
          ],
        },
      ],
    },
  },
  // The server: the domain rules and the contracts of the app, nothing else of it.
  {
    files: ['server/**/*.ts'],
    ignores: ['server/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [...UI_PACKAGES, 'dexie', 'comlink'].map((name) => ({ name, message: serverImportMessage })),
          patterns: [
            { group: [...APP_FOLDERS.filter((f) => f !== 'contracts' && f !== 'domain').flatMap(appFolder), '**/workers/**', '**/sw/**'], message: serverImportMessage },
            { regex: '^#(?!domain/|contracts/)', message: serverImportMessage },
          ],
        },
      ],
    },
  },
  // Node: server, scripts, configs, test runners.
  {
    files: ['server/**/*.ts', 'scripts/**/*.{ts,js,mjs}', '*.config.{ts,js,mjs}', 'test/**/*.ts'],
    languageOptions: { globals: { ...globals.node } },
  },
  // End-to-end specs also contain callbacks that run in the page (page.evaluate).
  {
    files: ['test/e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  // Unit tests of page code run in Node with fake-indexeddb but use browser types.
  {
    files: ['**/*.test.{ts,tsx}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
