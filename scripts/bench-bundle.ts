/**
 * Measures the JavaScript the first screen downloads: the entry chunk of dist/index.html plus
 * every chunk it statically imports (modulepreload), gzipped. Budget (DESIGN.md): ≤ 170 KB.
 * Run after `vite build`: `npm run bench:bundle`.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = join(process.cwd(), 'dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const initial = new Set<string>();
for (const m of html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="\/?([^"]+\.js)"/g)) {
  if (m[1]) initial.add(m[1]);
}

const kb = (n: number) => (n / 1024).toFixed(1);
let initialGz = 0;
console.log('Initial JavaScript of the first screen (gzip level 9):');
for (const file of initial) {
  const gz = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  initialGz += gz;
  console.log(`  ${file.padEnd(50)} ${kb(gz).padStart(8)} KB`);
}
console.log(`  ${'total'.padEnd(50)} ${kb(initialGz).padStart(8)} KB  (budget 170 KB: ${initialGz <= 170 * 1024 ? 'within' : 'OVER'})`);

let lazyGz = 0;
const assets = join(dist, 'assets');
for (const f of readdirSync(assets)) {
  const rel = `assets/${f}`;
  if (!f.endsWith('.js') || initial.has(rel) || !statSync(join(assets, f)).isFile()) continue;
  lazyGz += gzipSync(readFileSync(join(assets, f)), { level: 9 }).length;
}
console.log(`Lazily loaded JavaScript (workers, catalogs, later screens): ${kb(lazyGz)} KB gzipped`);
