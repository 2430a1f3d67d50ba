import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import { VitePWA } from 'vite-plugin-pwa';
import { precompressPlugin } from './scripts/lib/precompress';

const apiPort = process.env.PORT ?? '8080';

/**
 * The entry's stylesheet goes inline into index.html (~19 KB, ~5 KB compressed): the first paint
 * waits for no other request (Lighthouse: "render-blocking resources"). The server allows the
 * inline <style> by its hash (server/http/security.ts), no 'unsafe-inline'.
 */
function inlineEntryCss(): Plugin {
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
          // Only index.html used the file: not emitted, so not precached twice.
          delete ctx.bundle?.[fileName];
          return `<style>${css.trim()}</style>`;
        });
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }),
    lingui(),
    inlineEntryCss(),
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
