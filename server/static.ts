/**
 * Serves the built app from dist/ in the API process: files as they are, hashed assets
 * immutable, index.html and sw.js never cached (so a deploy is picked up), and the SPA fallback
 * (any non-/api GET that is not a file gets index.html). Unknown /api routes answer JSON 404.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { ApiErrorBody } from '../src/domain/types';

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';

export async function registerStatic(app: FastifyInstance, distDir: string): Promise<boolean> {
  const root = resolve(distDir);
  const hasDist = existsSync(resolve(root, 'index.html'));
  if (hasDist) {
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      index: 'index.html',
      cacheControl: false,
      setHeaders(res, path) {
        const name = path.slice(root.length).replace(/\\/g, '/');
        if (name === '/index.html' || name === '/sw.js' || name.endsWith('.webmanifest') || name.startsWith('/workbox-')) {
          res.setHeader('cache-control', NO_CACHE);
        } else if (name.startsWith('/assets/')) {
          res.setHeader('cache-control', IMMUTABLE);
        } else {
          res.setHeader('cache-control', 'public, max-age=3600');
        }
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path === '/api' || path.startsWith('/api/') || !hasDist || (request.method !== 'GET' && request.method !== 'HEAD')) {
      const body: ApiErrorBody = { error: { code: 'NOT_FOUND', message: `No route ${request.method} ${path}` } };
      return reply.status(404).send(body);
    }
    // A missing file with an extension (e.g. /assets/old-hash.js) is a real 404, not the app.
    if (/\.[a-z0-9]{1,8}$/i.test(path) && !path.endsWith('.html')) {
      return reply.status(404).type('text/plain').send('Not found');
    }
    return reply.header('cache-control', NO_CACHE).type('text/html').sendFile('index.html');
  });
  return hasDist;
}
