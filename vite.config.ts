import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import { VitePWA } from 'vite-plugin-pwa';
import { precompressPlugin } from './scripts/lib/precompress';
import { ROUTE_PRELOADS_FILE, routePreloads } from './scripts/lib/route-preloads';

const apiPort = process.env.PORT ?? '8080';

/** The chunks of the screens a page load opens on (and the language catalogs): see `modulePreload`. */
const FIRST_SCREENS = /(^|\/)(TaskListRoute|listScreen|TaskDetailRoute|LoginScreen|RegisterScreen|PasscodeScreen|WelcomeScreen|messages)-[\w-]+\.js$/;

/** A feature's public file: src/<feature>/index.ts. */
const PUBLIC_FILE = /\/src\/[A-Za-z]+\/index\.ts$/;

/**
 * The entry's stylesheet goes inline into index.html (~19 KB, ~5 KB compressed): the first paint
 * waits for no other request (Lighthouse: "render-blocking resources"). The server allows the
 * inline <style> by its hash (server/http/security.ts), no 'unsafe-inline'.
 */
function inlineEntryCss(): Plugin {
  const inlined = new Set<string>();
  return {
    name: 'shelfwork:inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        return html.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (tag, fileName: string) => {
          const asset = ctx.bundle?.[fileName];
          if (!asset || asset.type !== 'asset') return tag;
          const css = typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
          // `</style` inside the CSS would end the element early: keep the link then.
          if (/<\/style/i.test(css)) return tag;
          inlined.add(fileName);
          return `<style>${css.trim()}</style>`;
        });
      },
    },
    // Once every chunk is final: an inlined file no chunk names is not emitted (so not precached
    // twice). A chunk whose lazy imports preload it by URL needs the file, so that one stays.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const code = Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [item.code] : []));
        for (const fileName of inlined) if (!code.some((c) => c.includes(fileName))) delete bundle[fileName];
        inlined.clear();
      },
    },
  };
}

/**
 * The staff console (`vite build --mode console`, src/console): a build of its own into dist/staff,
 * served at /staff. Nothing of it is in the tasker app's chunks, its HTML or its service worker's
 * precache (that build ran first and never saw these files), so it adds no byte to the first screen.
 */
const here = fileURLToPath(new URL('.', import.meta.url));

const consoleConfig: UserConfig = {
  root: resolve(here, 'src/console'),
  base: '/staff/',
  publicDir: false,
  plugins: [react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }), lingui(), precompressPlugin()],
  build: {
    target: 'es2022',
    outDir: resolve(here, 'dist/staff'),
    emptyOutDir: true,
    sourcemap: process.env.SOURCEMAP === '1' ? 'hidden' : false,
  },
  server: {
    proxy: { '/api': `http://localhost:${apiPort}` },
  },
};

const appConfig: UserConfig = {
  plugins: [
    react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }),
    lingui(),
    inlineEntryCss(),
    routePreloads(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,mjs,css,html,svg,png,webp,ico,webmanifest,json}'],
        // Read by the server only (the Link header of a page load), never by the app.
        globIgnores: ['**/node_modules/**/*', ROUTE_PRELOADS_FILE],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
    // Last: brotli + gzip siblings of every compressible file, sw.js included (server/static.ts serves them).
    precompressPlugin(),
  ],
  worker: {
    format: 'es',
    plugins: () => [lingui()],
  },
  build: {
    target: 'es2022',
    // Source maps carry the sources: none in the build that gets deployed. SOURCEMAP=1 writes
    // them without the `sourceMappingURL` comment, for decoding stack traces on your side; the
    // server never serves *.map either way (server/static.ts).
    sourcemap: process.env.SOURCEMAP === '1' ? 'hidden' : false,
    modulePreload: {
      // Each lazy import in the first chunk carries the list of files it preloads with the chunk it
      // imports: 117 file names, ~4 KB of the first screen's JavaScript. The screens a page load can
      // open on keep their lists (no round trip more before their first paint); the others keep only
      // their stylesheets (which load only this way) and fetch their shared chunks as they import
      // them, from the service worker's precache after the first visit.
      resolveDependencies: (fileName, deps, { hostType }) =>
        hostType === 'html' || FIRST_SCREENS.test(fileName) ? deps : deps.filter((dep) => dep.endsWith('.css')),
    },
    rolldownOptions: {
      // A feature's public file (src/<feature>/index.ts) only re-exports (test/lint/publicFiles.test.ts
      // holds that): importing one name from it must not tie the chunk to every file it names. Left
      // to the default, the bundler follows all of a public file's re-exports, so a lazy screen that
      // imports one hook from src/execution loads the chunk of its other widgets too, and the chunks
      // shared by the first screen and the lazy routes were cut into many small files index.html
      // preloads. `undefined`: every other module keeps the bundler's own side-effect analysis.
      treeshake: { moduleSideEffects: (id: string) => (PUBLIC_FILE.test(id) ? false : undefined) },
      output: {
        codeSplitting: {
          // Everything the first screen imports statically is one chunk (with the entry): the app
          // starts from one request plus the runtime, whatever the shape of the import graph, and
          // the lazy routes import what they share with it from that chunk. Without it the bundler
          // keeps a chunk shared by the entry and some lazy routes apart whenever merging it into
          // the entry would make a chunk cycle, and index.html preloaded 21 files instead of 7.
          // The task lists' screen (and what it imports that the first chunk does not hold) is one
          // chunk more: it came as ~25 small files, and Lighthouse's slow 4G on HTTP/1.1 paid a round
          // trip per few of them before the list's first paint (LCP on /reservable ~0.6 s later).
          groups: [
            { name: 'index', tags: ['$initial'], priority: 3 },
            // What the access forms (login, register, passcode) and the lists both use, as one chunk
            // apart from the lists: the form fields, form drafts in the mirror (the Google
            // sign-in's ticks, the attendance dialog), a command's failure words and its
            // slow-network toast. Left to the list chunk, /login downloaded the lists' code for them;
            // as separate small files, each cost a round trip on a slow connection.
            { name: 'forms', test: /\/src\/(ui\/(TextField\.tsx|formikField\.ts)|shared\/(drafts|slowCommand)\.ts|i18n\/errorMessages\.ts|domain\/errorWords\.ts)$/, priority: 2 },
            // The form libraries, apart: every form screen (access, wizard, finishing) shares them.
            { name: 'formLibs', test: /\/node_modules\/(formik|yup)\//, priority: 2 },
            // The login screen and what it alone needs, one file (the register, passcode and Google
            // callback screens load their own besides it).
            { name: 'access', test: /\/src\/auth\/(LoginScreen|ConsentFields|GoogleSignIn|googleDraft|readAhead|authSchemas|mutations|useFieldErrorText)\.tsx?$|\/src\/auth\/auth\.css$/, priority: 1 },
            // Not the cancel dialog: it is loaded when opened, and its form library stays out.
            { name: 'listScreen', test: /\/src\/((tasks\/(?!CancelTaskDialog\.)|attendance\/|missions\/)[^/]+\.(tsx|css)|map\/MapToggle\.tsx|app\/TaskListRoute\.tsx)$/, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': `http://localhost:${apiPort}` },
  },
};

export default defineConfig(({ mode }) => (mode === 'console' ? consoleConfig : appConfig));
