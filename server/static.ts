/**
 * Serves the built app from dist/ in the API process: files as they are, hashed assets
 * immutable, index.html and sw.js never cached (so a deploy is picked up), and the SPA fallback
 * (any non-/api GET that is not a file gets index.html; /staff and below get the staff console's
 * own page, dist/staff/index.html). Unknown /api routes answer JSON 404.
 *
 * Files come precompressed when the client accepts it (`<file>.br` / `<file>.gz`, written by the
 * build: scripts/lib/precompress.ts). Each file answer carries the app's Content-Security-Policy
 * (index.html's with the hashes of its inline style; PDFs the viewer's), see server/http/security.ts.
 * Source maps are never served: they carry the sources (the production build does not emit them).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { ApiErrorBody } from '#domain/types';
import { appCsp, inlineHashes, PDF_CSP } from './http/security';
import { preloadLocale, routePreloads } from './http/routePreloads';

const NO_CACHE = 'no-cache';
/** The staff console's page: every /staff path that is not a file gets it. */
const CONSOLE_INDEX = '/staff/index.html';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const PRECOMPRESSED = /\.(?:br|gz)$/;
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|ico)$/i;

function safeDecode(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

/** A source map, however the path is spelled (the file server decodes %xx before opening). */
function isSourceMap(pathname: string): boolean {
  const decoded = safeDecode(pathname);
  return decoded === null || /\.map\/*$/i.test(decoded);
}

/** The policy of index.html, with the hashes of its inline elements; re-read when the file changes (a deploy). */
function indexPolicy(root: string): () => string {
  let seen = '';
  let policy = appCsp();
  return () => {
    const path = resolve(root, 'index.html');
    try {
      const stat = statSync(path);
      const key = `${stat.mtimeMs}:${stat.size}`;
      if (key !== seen) {
        policy = appCsp(inlineHashes(readFileSync(path, 'utf8')));
        seen = key;
      }
    } catch {
      // Gone mid-deploy: keep the last policy.
    }
    return policy;
  };
}

export async function registerStatic(app: FastifyInstance, distDir: string): Promise<boolean> {
  const root = resolve(distDir);
  const hasDist = existsSync(resolve(root, 'index.html'));
  const hasConsole = existsSync(resolve(root, CONSOLE_INDEX.slice(1)));
  let preloadsFor: ReturnType<typeof routePreloads> = () => null;
  if (hasDist) {
    const indexCsp = indexPolicy(root);
    preloadsFor = routePreloads(root);
    const scriptCsp = appCsp();
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      index: 'index.html',
      cacheControl: false,
      preCompressed: true,
      allowedPath: (pathname) => !isSourceMap(pathname),
      setHeaders(res, path) {
        // The file sent may be the .br/.gz sibling: headers follow the original's name.
        const name = path.slice(root.length).replace(/\\/g, '/').replace(PRECOMPRESSED, '');
        if (COMPRESSIBLE.test(name)) res.setHeader('vary', 'accept-encoding');
        res.setHeader('content-security-policy', name.endsWith('.html') ? indexCsp() : name.endsWith('.pdf') ? PDF_CSP : scriptCsp);
        if (name === '/index.html' || name === CONSOLE_INDEX || name === '/sw.js' || name.endsWith('.webmanifest') || name.startsWith('/workbox-')) {
          res.setHeader('cache-control', NO_CACHE);
        } else if (name.startsWith('/assets/') || name.startsWith('/staff/assets/')) {
          res.setHeader('cache-control', IMMUTABLE);
        } else {
          res.setHeader('cache-control', 'public, max-age=3600');
        }
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // /metrics without METRICS_TOKEN (server/http/observe.ts): no metrics, a 404 like an API miss, never the app's page.
    if (path === '/api' || path.startsWith('/api/') || path === '/metrics' || !hasDist || (request.method !== 'GET' && request.method !== 'HEAD')) {
      const body: ApiErrorBody = { error: { code: 'NOT_FOUND', message: `No route ${request.method} ${path}` } };
      return reply.status(404).send(body);
    }
    // A missing file with an extension (e.g. /assets/old-hash.js) is a real 404, not the app.
    const decoded = safeDecode(path);
    if (decoded === null || (/\.[a-z0-9]{1,8}\/*$/i.test(decoded) && !/\.html\/*$/i.test(decoded))) {
      return reply.status(404).type('text/plain').send('Not found');
    }
    // The staff console is its own page (dist/staff, built by `vite build --mode console`).
    if (hasConsole && /^\/staff(\/|$)/.test(decoded)) {
      return reply.header('cache-control', NO_CACHE).header('content-security-policy', appCsp()).type('text/html').sendFile(CONSOLE_INDEX.slice(1));
    }
    // The first screen's chunks and the likely language's catalog, named so the browser fetches
    // them with the entry chunk.
    const search = request.url.slice(path.length);
    const link = preloadsFor(decoded, preloadLocale(decoded, search, request.headers.cookie, request.headers['accept-language']));
    if (link) reply.header('link', link);
    return reply.header('cache-control', NO_CACHE).type('text/html').sendFile('index.html');
  });
  return hasDist;
}
