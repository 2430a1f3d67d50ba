/**
 * The `Link` header that names a first screen's files when the server answers index.html for its
 * path (dist/route-preloads.json, written by the build: scripts/lib/route-preloads.ts). The browser
 * fetches them alongside the entry chunk instead of after it has run. Re-read when the file changes
 * (a deploy); no file, or a path that is no first screen: no header.
 */
import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';

type Table = Record<string, string[]>;

const SAFE_FILE = /^\/assets\/[\w.-]+\.(?:js|css)$/;

/** Whether `path` matches `pattern` (`:name` is one non-empty segment; a trailing slash is ignored). */
export function matchesPattern(pattern: string, path: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const have = path.split('/').filter(Boolean);
  return want.length === have.length && want.every((segment, i) => (segment.startsWith(':') ? have[i] !== '' : segment === have[i]));
}

export function linkHeader(table: Table, path: string): string | null {
  for (const [pattern, files] of Object.entries(table)) {
    if (!matchesPattern(pattern, path)) continue;
    const links = files
      .filter((file) => SAFE_FILE.test(file))
      .map((file) => (file.endsWith('.css') ? `<${file}>; rel=preload; as=style` : `<${file}>; rel=modulepreload`));
    return links.length > 0 ? links.join(', ') : null;
  }
  return null;
}

/** `(path) => Link header value or null`, from `<root>/route-preloads.json`. */
export function routePreloads(root: string): (path: string) => string | null {
  const file = resolve(root, 'route-preloads.json');
  let seen = '';
  let table: Table = {};
  return (path) => {
    try {
      const stat = statSync(file);
      const key = `${stat.mtimeMs}:${stat.size}`;
      if (key !== seen) {
        const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
        table = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Table) : {};
        seen = key;
      }
    } catch {
      // No file (a build before this one) or unreadable mid-deploy: keep what was read last.
    }
    return linkHeader(table, path);
  };
}
