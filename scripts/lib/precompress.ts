/**
 * Build-time compression of the built app ("Nothing is compressed"): every compressible
 * file of dist/ gets a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) sibling, which
 * server/static.ts serves (`@fastify/static` preCompressed) to clients that accept them. Done
 * once at build time, so the server spends no CPU on assets and brotli can use its slowest,
 * smallest setting.
 *
 * Skipped: types that are already compressed (images, PDFs, fonts), files under MIN_BYTES
 * (a header costs more than it saves), source maps (never served) and any variant that would
 * not be smaller than the original.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|ico)$/i;
const MIN_BYTES = 1024;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

export interface PrecompressResult {
  files: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

/** Writes `.br` and `.gz` next to each compressible file of `dir` (recursively). */
export async function precompressDir(dir: string): Promise<PrecompressResult> {
  const result: PrecompressResult = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  const jobs: Promise<void>[] = [];
  for await (const path of files(dir)) {
    if (!COMPRESSIBLE.test(path)) continue;
    jobs.push(
      (async () => {
        if ((await stat(path)).size < MIN_BYTES) return;
        const source = await readFile(path);
        const [br, gzipped] = await Promise.all([
          brotli(source, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
            },
          }),
          gz(source, { level: constants.Z_BEST_COMPRESSION }),
        ]);
        if (br.length < source.length) await writeFile(`${path}.br`, br);
        if (gzipped.length < source.length) await writeFile(`${path}.gz`, gzipped);
        result.files += 1;
        result.bytes += source.length;
        result.brotliBytes += Math.min(br.length, source.length);
        result.gzipBytes += Math.min(gzipped.length, source.length);
      })(),
    );
  }
  await Promise.all(jobs);
  return result;
}

/**
 * Vite plugin: precompresses the output folder once everything is written — after
 * vite-plugin-pwa's own closeBundle has built sw.js and injected the precache manifest (which
 * lists the originals only; the browser decodes, the cache stores the decoded file).
 */
export function precompressPlugin(): Plugin {
  let outDir = 'dist';
  let log: (message: string) => void = () => {};
  return {
    name: 'shelfwork:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      log = (message) => config.logger.info(message);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const r = await precompressDir(outDir);
        const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
        log(`precompressed ${r.files} files: ${kb(r.bytes)} → brotli ${kb(r.brotliBytes)}, gzip ${kb(r.gzipBytes)}`);
      },
    },
  };
}
