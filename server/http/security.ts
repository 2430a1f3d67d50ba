/**
 * Security headers, caching default and compression for every answer ("Headers and
 * assets"). Registered once at the root, before any route, so no route and no spelling of a URL
 * escapes it; decisions are made per answer, never by matching the request URL:
 *
 * - @fastify/helmet: `X-Content-Type-Options: nosniff`, `X-Frame-Options: DENY`,
 *   `Referrer-Policy: no-referrer`, Cross-Origin-Opener/Resource-Policy `same-origin` and the
 *   rest of helmet's defaults. Its CSP and HSTS are off here: both are decided per answer below.
 * - Content-Security-Policy: the app's files set their own policy (server/static.ts: `appCsp`
 *   for the app and its scripts, `PDF_CSP` for letters); every other answer — the API, errors,
 *   photo files — gets `API_CSP`, which allows nothing.
 * - Cache-Control: an answer that did not set one gets `no-store` (API answers are personal:
 *   user, task lists, tokens). A route that may be cached says so itself (photo files: private;
 *   static files: immutable / no-cache).
 * - Strict-Transport-Security: config.hsts ('auto': only on requests that came over TLS, which
 *   behind a proxy needs TRUST_PROXY; 'always'; 'off').
 * - @fastify/compress: JSON (and other compressible types) above 1 KB in brotli or gzip when the
 *   client accepts it. JPEG photos are not compressible types and pass untouched; built assets
 *   come precompressed from the build (scripts/lib/precompress.ts), so the plugin sees their
 *   Content-Encoding and leaves them alone. Request bodies are never inflated (no compressed
 *   uploads; a small gzip body must not expand past the body limit).
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import { mapConfigFromEnv, s3ConfigFromEnv, s3Origin, type ServerConfig } from '../config';

/** Strict-Transport-Security value: one year, this host only (subdomains may not have TLS). */
export const HSTS_VALUE = 'max-age=31536000';

/**
 * Origins besides our own that the app loads data or images from: the map's tile service
 * (MAP_STYLE_URL's origin and MAP_ORIGINS, server/config.ts; none by default: the offline basemap
 * is our own), and a CDN if task images ever come from one. They go to connect-src (MapLibre and
 * the sync worker fetch them) and img-src.
 */
export const EXTRA_ORIGINS: readonly string[] = extraOrigins(process.env);

/** The map's origins, and the photo bucket's when STORAGE=s3 (presigned PUTs and GETs go straight to it). */
export function extraOrigins(env: NodeJS.ProcessEnv): string[] {
  const s3 = s3ConfigFromEnv(env);
  return [...new Set([...mapConfigFromEnv(env).origins, ...(s3 ? [s3Origin(s3)] : [])])];
}

/** Every answer that is not one of the app's files: JSON, errors, photo files. Nothing may run. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * Letters of authority (PDF) open in the browser's PDF viewer, which a fetch/style/object
 * restriction on the PDF's own answer breaks (Chromium builds the viewer page under that
 * policy). They still may not be framed.
 */
export const PDF_CSP = "frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export interface InlineHashes {
  /** CSP hash sources ('sha256-…') of inline <style> elements. */
  styles: readonly string[];
  /** CSP hash sources of inline <script> elements. */
  scripts: readonly string[];
}

const NO_INLINE: InlineHashes = { styles: [], scripts: [] };

/**
 * The policy of the app's own files (index.html, its scripts and workers, the service worker):
 * a script or worker answer carries it too, since a worker runs under the policy of its own
 * script's answer. Scripts only from our origin (no inline script, no eval); inline styles
 * only by hash (the boot splash in index.html); React's `style` props go through the CSSOM,
 * which style-src does not govern. Workers: the sync and scanner workers and the service worker
 * (same origin), MapLibre's blob: worker. Images: our own (logos, signed photo URLs), blob:
 * (photos taken on the phone, before upload) and data:/blob: (MapLibre).
 */
export function appCsp(inline: InlineHashes = NO_INLINE): string {
  const extra = EXTRA_ORIGINS;
  const directives: [string, readonly string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...inline.scripts]],
    ['script-src-attr', ["'none'"]],
    ['style-src', ["'self'", ...inline.styles]],
    ['img-src', ["'self'", 'data:', 'blob:', ...extra]],
    ['connect-src', ["'self'", ...extra]],
    ['worker-src', ["'self'", 'blob:']],
    ['child-src', ["'self'", 'blob:']],
    ['frame-src', ["'none'"]],
    ['manifest-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

const hashSource = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The CSP hashes of an HTML page's inline <style> and <script> elements (not of src= scripts). */
export function inlineHashes(html: string): InlineHashes {
  const styles: string[] = [];
  const scripts: string[] = [];
  for (const match of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)) styles.push(hashSource(match[1] ?? ''));
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(match[1] ?? '')) continue;
    scripts.push(hashSource(match[2] ?? ''));
  }
  return { styles, scripts };
}

/**
 * What helmet sets with the options below, for the few answers no hook sees: Fastify answers a
 * URL its router cannot parse (frameworkErrors) before any hook runs. A test keeps this list equal
 * to helmet's actual output.
 */
export const BARE_ANSWER_HEADERS: Readonly<Record<string, string>> = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

function finishHeaders(request: FastifyRequest, reply: FastifyReply, config: ServerConfig): void {
  if (reply.getHeader('content-security-policy') === undefined) reply.header('content-security-policy', API_CSP);
  if (reply.getHeader('cache-control') === undefined) reply.header('cache-control', 'no-store');
  if (config.hsts === 'always' || (config.hsts === 'auto' && request.protocol === 'https')) {
    reply.header('strict-transport-security', HSTS_VALUE);
  }
}

/** The security headers of an answer sent outside the hooks (app.ts frameworkErrors). */
export function secureBareAnswer(request: FastifyRequest, reply: FastifyReply, config: ServerConfig): void {
  for (const [name, value] of Object.entries(BARE_ANSWER_HEADERS)) reply.header(name, value);
  finishHeaders(request, reply, config);
}

/** Registers the headers and compression; call right after creating the app, before any route. */
export async function registerHttpSecurity(app: FastifyInstance, config: ServerConfig): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: false,
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  });
  // Before @fastify/static (its files must see the hook); fastify-plugin makes it global.
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
  });

  app.addHook('onSend', async (request, reply, payload) => {
    finishHeaders(request, reply, config);
    return payload;
  });
}
