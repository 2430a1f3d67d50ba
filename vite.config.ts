import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import { VitePWA } from 'vite-plugin-pwa';
import { precompressPlugin } from './scripts/lib/precompress';

const apiPort = process.env.PORT ?? '8080';

export default defineConfig({
  plugins: [
    react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }),
    lingui(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,mjs,css,html,svg,png,webp,ico,webmanifest,json}'],
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
  },
  server: {
    proxy: { '/api': `http://localhost:${apiPort}` },
  },
});
