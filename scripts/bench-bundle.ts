/**
 * Measures the JavaScript the first screen downloads: the entry chunk of dist/index.html plus
 * every chunk it statically imports (modulepreload), gzipped and brotli-compressed. Budget: ≤ 150 KB
 * gzipped (DESIGN.md allows 170; 150 keeps room for the next features). Exits with 1 when over.
 * Run after `vite build`: `npm run bench:bundle`.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = join(process.cwd(), 'dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const initial = new Set<string>();
for (const m of html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="\/?([^"]+\.js)"/g)) {
  if (m[1]) initial.add(m[1]);
}

const BUDGET_KB = 150;
const kb = (n: number) => (n / 1024).toFixed(1);
let initialGz = 0;
let initialBr = 0;
console.log('Initial JavaScript of the first screen (gzip level 9 / brotli quality 11):');
for (const file of initial) {
  const source = readFileSync(join(dist, file));
  const gz = gzipSync(source, { level: 9 }).length;
  const br = brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  initialGz += gz;
  initialBr += br;
  console.log(`  ${file.padEnd(50)} ${kb(gz).padStart(8)} KB gzip ${kb(br).padStart(8)} KB brotli`);
}
const within = initialGz <= BUDGET_KB * 1024;
console.log(`  ${'total'.padEnd(50)} ${kb(initialGz).padStart(8)} KB gzip ${kb(initialBr).padStart(8)} KB brotli  (budget ${BUDGET_KB} KB gzip: ${within ? 'within' : 'OVER'})`);
if (!within) process.exitCode = 1;

let lazyGz = 0;
const assets = join(dist, 'assets');
for (const f of readdirSync(assets)) {
  const rel = `assets/${f}`;
  if (!f.endsWith('.js') || initial.has(rel) || !statSync(join(assets, f)).isFile()) continue;
  lazyGz += gzipSync(readFileSync(join(assets, f)), { level: 9 }).length;
}
console.log(`Lazily loaded JavaScript (workers, catalogs, later screens): ${kb(lazyGz)} KB gzipped`);
