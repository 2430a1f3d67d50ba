// ESLint flat config (ESLint 9 + typescript-eslint + react-hooks). `npx eslint .` lints the app,
// workers, service worker, server, tests and scripts. Type errors are tsc's job (npm test runs it
// first), so linting is syntax-aware only and stays fast on 2 cores. The architecture rules of
// DESIGN.md that a linter can check are enforced here: src/domain is pure, components never fetch,
// and every folder of the app, the workers, the service worker and the server is an element type
// that may import only the types its allow-list names (boundaries, below).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import boundaries from 'eslint-plugin-boundaries';
import { fileURLToPath } from 'node:url';

/** Ways to reach the network without naming the `fetch` global. */
const fetchProperties = ['window', 'globalThis', 'self'].map((object) => ({
  object,
  property: 'fetch',
  message: 'Screens and domain rules never call fetch: the sync worker owns the network (DESIGN.md, "The read path").',
}));

const componentFetchMessage =
  'Components never fetch: read the mirror with the live-query hooks and send commands through the sync worker (DESIGN.md).';

const UI_PACKAGES = ['react', 'react-dom', 'react-router', '@lingui/react', 'dexie-react-hooks', 'formik', 'maplibre-gl', 'react-map-gl'];
const workerImportMessage = 'Workers import no React or UI packages.';
const swImportMessage = 'The service worker imports Workbox, not the UI, Dexie or Comlink.';
const serverImportMessage = 'The server imports no UI, Dexie or Comlink.';

/** The page's features (src/<feature>): each reads another only through its index.ts. */
const FEATURES = [
  'attendance', 'auth', 'execution', 'help', 'history', 'invite', 'map', 'missions', 'money', 'notifications',
  'onboarding', 'profile', 'scanner', 'settings', 'suggestions', 'support', 'taskExtras', 'tasks', 'trainings', 'welcome',
];
/** What any page code above the kit may import. */
const PAGE_BASE = ['domain', 'contracts', 'db', 'ui'];
/** The page infrastructure under the features and the shell. */
const PAGE_INFRASTRUCTURE = [...PAGE_BASE, 'shared', 'pwa', 'sync', 'i18n'];

/**
 * The server's features, lowest layer first (docs/architecture.md, "Server"): a feature imports its
 * own folder and the features of the layers below it, never one of its own layer or above.
 */
const SERVER_FEATURE_LAYERS = [
  ['auth'],
  ['storage'],
  ['notifications'],
  ['users', 'catalog', 'missions'],
  ['tasks', 'support'],
  ['sync'],
  ['execution', 'staff'],
  ['money', 'attendance', 'staffAuth', 'review', 'authoring'],
];
const SERVER_FEATURES = SERVER_FEATURE_LAYERS.flat();
/** What every server layer may import besides the server: the domain rules and the contracts. */
const SERVER_SHARED = ['domain', 'contracts'];

/** boundaries/dependencies policies: `to(...types)` lists what a type may import. */
const to = (...types) => types.map((type) => ({ to: { element: { type } } }));
const allowFrom = (type, allow) => ({ from: { element: { type } }, allow });

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
      'src/console/locales/**/*.ts',
      'src/console/locales/**/*.js',
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
  // Components never fetch: they send commands through their feature's mutation hooks
  // (src/<feature>/mutations.ts on src/sync/commands.ts). Who may import the sync worker's client
  // (src/sync/commands.ts and main.tsx only) is a boundary below.
  {
    files: ['src/**/*.tsx'],
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
  // Dedicated workers (sync, scanner, photo quality): no React, no UI packages; which folders they
  // may import is a boundary below.
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
        },
      ],
    },
  },
  // Layers and boundaries: every folder of src/, workers/, sw/ and server/ is one element type
  // (an unclassified file is an error), and each type imports only what its allow-list names.
  // The page, bottom to top: domain → contracts, db → ui → shared → pwa → sync client → sync →
  // i18n → chrome → features → the shell (src/app, src/main.tsx). A feature reads another only
  // through its public file (src/<feature>/index.ts); a widget of another feature reaches it
  // through the shell (slots, src/tasks/slots.tsx). The server, bottom to top: base (clock, config,
  // db) → services (jobs, mail) → context → http → its features (SERVER_FEATURE_LAYERS) → top (seed,
  // app, entries, the staff CLI). docs/architecture.md draws both.
  {
    files: ['src/**/*.{ts,tsx}', 'workers/**/*.ts', 'sw/**/*.ts', 'server/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { [fileURLToPath(new URL('./eslint-resolver.cjs', import.meta.url))]: {} },
      'boundaries/include': ['src/**', 'workers/**', 'sw/**', 'server/**'],
      'boundaries/legacy-warnings': false,
      // Tests and their fixtures may reach anywhere they test.
      'boundaries/ignore': ['**/*.test.ts', '**/*.test.tsx', '**/__fixtures__/**', 'src/test-support/**', 'src/**/testFixtures.ts', 'src/tasks/fixtures.ts', 'src/locales/**', 'src/console/locales/**'],
      'boundaries/elements': [
        // Single files are elements by `mode: 'file'` (deprecated in v7 without a replacement for an
        // element made of one file; legacy-warnings is off for it).
        { type: 'sync-client', pattern: 'src/sync/client.ts', mode: 'file' },
        { type: 'shell', pattern: 'src/main.tsx', mode: 'file' },
        { type: 'shell', pattern: 'src/app' },
        { type: 'domain', pattern: 'src/domain' },
        { type: 'contracts', pattern: 'src/contracts' },
        { type: 'db', pattern: 'src/db' },
        { type: 'ui', pattern: 'src/ui' },
        { type: 'shared', pattern: 'src/shared' },
        { type: 'pwa', pattern: 'src/pwa' },
        { type: 'sync', pattern: 'src/sync' },
        { type: 'i18n', pattern: 'src/i18n' },
        { type: 'chrome', pattern: 'src/chrome' },
        { type: 'feature', pattern: `src/{${FEATURES.join(',')}}`, capture: ['feature'] },
        // The staff console: a page of its own (src/console/index.html, its own build and catalog).
        // No other type's allow-list names it, so tasker code, workers and the service worker never import it.
        { type: 'console', pattern: 'src/console' },
        // One type per dedicated worker folder (workers/sync with its features/<feature>/…, workers/scanner…).
        { type: 'worker', pattern: 'workers/*', capture: ['worker'] },
        { type: 'sw', pattern: 'sw' },
        // The server, bottom to top: base (clock, config, db) → services (jobs, mail, observability) → context →
        // http → the features in SERVER_FEATURE_LAYERS → top (the seed, the app, the processes'
        // entries and the staff CLI, which compose the features). A server folder or top-level
        // file not named here is unclassified, an error.
        { type: 'server-base', pattern: 'server/{clock,config}.ts', mode: 'file' },
        { type: 'server-context', pattern: 'server/context.ts', mode: 'file' },
        { type: 'server-top', pattern: 'server/{app,main,static,devClock}.ts', mode: 'file' },
        // The staff CLI's entry and dispatcher run every feature's commands (money, attendance too).
        { type: 'server-top', pattern: 'server/staff/{cli,commands}.ts', mode: 'file' },
        { type: 'server-base', pattern: 'server/db' },
        { type: 'server-services', pattern: 'server/{jobs,mail,observability}' },
        { type: 'server-http', pattern: 'server/http' },
        { type: 'server-feature', pattern: `server/{${SERVER_FEATURES.join(',')}}`, capture: ['feature'] },
        { type: 'server-top', pattern: 'server/seed' },
      ],
    },
    rules: {
      'boundaries/no-unknown-files': 'error',
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            allowFrom('domain', to('domain')),
            allowFrom('contracts', [
              ...to('domain', 'contracts', 'db'),
              // The sync worker's feature definitions name the page's command API (src/contracts/sync.ts):
              // their types only, never their code.
              {
                to: { element: { type: 'worker', captured: { worker: 'sync' }, fileInternalPath: 'features/{index.ts,*/index.ts}' } },
                dependency: { kind: 'type' },
              },
            ]),
            allowFrom('db', to('domain', 'contracts', 'db')),
            allowFrom('ui', to('domain', 'ui')),
            allowFrom('shared', to(...PAGE_BASE, 'shared')),
            allowFrom('pwa', to(...PAGE_BASE, 'shared', 'pwa')),
            allowFrom('sync-client', to('domain', 'contracts', 'db', 'pwa')),
            // Page code reaches the worker only through src/sync/commands.ts (typed results).
            allowFrom('sync', to('domain', 'contracts', 'db', 'sync', 'sync-client')),
            allowFrom('i18n', to(...PAGE_BASE, 'pwa', 'sync', 'i18n')),
            allowFrom('chrome', to(...PAGE_INFRASTRUCTURE, 'chrome')),
            allowFrom('feature', [
              ...to(...PAGE_INFRASTRUCTURE, 'chrome'),
              // Its own files; of another feature only the public file. Never its stylesheets: a style
              // two features share lives in src/ui (or src/shared), or comes with the public component
              // that uses it.
              { to: { element: { type: 'feature', captured: { feature: '{{ from.feature }}' } } } },
              { to: { element: { type: 'feature', captured: { feature: '!{{ from.feature }}' }, fileInternalPath: 'index.ts' } } },
            ]),
            // The shell composes: any file of a feature (the lazy routes), and main.tsx starts the worker.
            allowFrom('shell', to(...PAGE_INFRASTRUCTURE, 'chrome', 'feature', 'shell', 'sync-client')),
            // A worker: the domain, the contracts, the mirror schema and its own folder, never page code.
            allowFrom('worker', [...to('domain', 'contracts', 'db'), { to: { element: { type: 'worker', captured: { worker: '{{ from.worker }}' } } } }]),
            // The console: the domain, the contracts, the UI kit and the language list, never tasker screens or the sync worker.
            allowFrom('console', to('domain', 'contracts', 'ui', 'i18n', 'console')),
            allowFrom('sw', to('contracts', 'sw')),
            // The server: the domain and the contracts (src/contracts/api: the HTTP routes' shared
            // definitions), no page code; each layer its own and the ones below.
            allowFrom('server-base', to(...SERVER_SHARED, 'server-base')),
            allowFrom('server-services', to(...SERVER_SHARED, 'server-base', 'server-services')),
            allowFrom('server-context', to(...SERVER_SHARED, 'server-base', 'server-services', 'server-context')),
            allowFrom('server-http', to(...SERVER_SHARED, 'server-base', 'server-services', 'server-context', 'server-http')),
            ...SERVER_FEATURE_LAYERS.flatMap((layer, index) =>
              layer.map((feature) => ({
                from: { element: { type: 'server-feature', captured: { feature } } },
                allow: [
                  ...to(...SERVER_SHARED, 'server-base', 'server-services', 'server-context', 'server-http'),
                  { to: { element: { type: 'server-feature', captured: { feature: `{${[feature, ...SERVER_FEATURE_LAYERS.slice(0, index).flat()].join(',')}}` } } } },
                ],
              })),
            ),
            allowFrom('server-top', to(...SERVER_SHARED, 'server-base', 'server-services', 'server-context', 'server-http', 'server-feature', 'server-top')),
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
  // The import resolver of the boundaries above is CommonJS (eslint-module-utils requires it).
  {
    files: ['eslint-resolver.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
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
