/**
 * The `Link` header that names a first screen's files when the server answers index.html for its
 * path (dist/route-preloads.json, written by the build: scripts/lib/route-preloads.ts). The browser
 * fetches them alongside the entry chunk instead of after it has run. With them, the catalog of the
 * language the page will most likely show (dist/catalog-preloads.json; `preloadLocale`), which the
 * boot otherwise starts only once the entry has run. Re-read when a file changes (a deploy); no
 * file, or a path that is no first screen: no header.
 */
import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { languageOf, LAST_LOCALE_KEY, queryLocale } from '#domain/locale';
import type { Locale } from '#domain/types';
import { localeOf } from './messages';

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

/** A JSON object file of the build, read again when it changes; `{}` until there is one. */
function buildFile<T extends object>(file: string): () => T {
  let seen = '';
  let value = {} as T;
  return () => {
    try {
      const stat = statSync(file);
      const key = `${stat.mtimeMs}:${stat.size}`;
      if (key !== seen) {
        const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
        value = (parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : {}) as T;
        seen = key;
      }
    } catch {
      // No file (a build before this one) or unreadable mid-deploy: keep what was read last.
    }
    return value;
  };
}

/**
 * The language a page load will most likely show, as the app's boot guesses it before the mirror
 * is read: the `?lng=` the link names (not on the maps), else the language the app last showed on
 * this device (the `lng-last` cookie, src/i18n/i18n.ts; the rules of #domain/locale), else the browser's (Accept-Language).
 * Only used to start the right catalog early: a wrong guess costs one catalog's download.
 */
export function preloadLocale(path: string, search: string, cookieHeader: string | undefined, acceptLanguage: string | string[] | undefined): Locale {
  const query = queryLocale(path, search);
  if (query) return query;
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    const last = name === LAST_LOCALE_KEY ? languageOf(value) : null;
    if (last) return last;
  }
  return localeOf(acceptLanguage);
}

/**
 * `(path, locale) => Link header value or null`, from `<root>/route-preloads.json` and
 * `<root>/catalog-preloads.json`: a first screen's files and the catalog of `locale`.
 */
export function routePreloads(root: string): (path: string, locale?: Locale) => string | null {
  const routes = buildFile<Table>(resolve(root, 'route-preloads.json'));
  const catalogs = buildFile<Record<string, string>>(resolve(root, 'catalog-preloads.json'));
  return (path, locale) => {
    const screen = linkHeader(routes(), path);
    if (!screen) return null;
    const catalog = locale ? catalogs()[locale] : undefined;
    return catalog && SAFE_FILE.test(catalog) && catalog.endsWith('.js') ? `${screen}, <${catalog}>; rel=modulepreload` : screen;
  };
}
