/**
 * Security headers, caching and compression of every answer ("Headers and assets"):
 * the API (JSON, errors, photo files) and the built app (index.html, SPA fallback, assets, the
 * service worker, letters of authority), served from a temporary dist/ made like `vite build`
 * makes it (precompressed .br/.gz next to the files, source maps).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, copyFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../scripts/lib/precompress';
import { loadConfig } from '../../server/config';
import { API_CSP, BARE_ANSWER_HEADERS } from '../../server/http/security';
import { startTestServer, type TestServer } from './helpers';
import { getJson, jpegBytes, newId, postJson, putJpeg, taskInStatus } from './execution-fixtures';
import type { Photo, PhotoUploadTarget } from '#domain/types';

const INLINE_STYLE = 'html,body{background:#0f7a4f;margin:0}.boot{display:flex}';
const INDEX_HTML = `<!doctype html><html lang="en"><head><title>Shelfwork</title><style>${INLINE_STYLE}</style>
<script type="module" crossorigin src="/assets/index-4f3a9c.js"></script></head>
<body><div id="root"></div>${'<!-- padding so the page is worth compressing -->\n'.repeat(40)}</body></html>`;
/** A JavaScript asset big enough to be precompressed (Vite's entry chunk is ~270 KB). */
const APP_JS = Array.from({ length: 400 }, (_, i) => `export const value${i} = () => console.log("shelfwork ${i}");`).join('\n');

let server: TestServer;
let dist: string;
let tasker: { id: string; token: string };

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'shelfwork-headers-dist-'));
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, 'letters'));
  writeFileSync(join(dist, 'index.html'), INDEX_HTML);
  writeFileSync(join(dist, 'sw.js'), `self.addEventListener("install", () => {});\n${APP_JS}\n//# sourceMappingURL=sw.js.map`);
  writeFileSync(join(dist, 'sw.js.map'), '{"version":3,"sources":["../sw/sw.ts"],"sourcesContent":["secret source"]}');
  writeFileSync(join(dist, 'assets', 'index-4f3a9c.js'), APP_JS);
  writeFileSync(join(dist, 'assets', 'index-4f3a9c.js.map'), '{"version":3,"sources":["../src/main.tsx"],"sourcesContent":["secret source"]}');
  writeFileSync(join(dist, 'assets', 'tiny-1a2b3c.css'), '.a{color:red}');
  copyFileSync(join(process.cwd(), 'public', 'letters', 'maxima.pdf'), join(dist, 'letters', 'maxima.pdf'));
  await precompressDir(dist);
  server = await startTestServer({ distDir: dist });
  const created = await taskInStatus(server);
  tasker = created.tasker;
});

afterAll(async () => {
  await server?.close();
  if (dist) rmSync(dist, { recursive: true, force: true });
});

/** Parses a Content-Security-Policy header into directive → sources. */
function csp(res: LightMyRequestResponse): Map<string, string[]> {
  const header = res.headers['content-security-policy'];
  expect(typeof header, `CSP of ${res.raw.req.url}`).toBe('string');
  const map = new Map<string, string[]>();
  for (const part of String(header).split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name, sources);
  }
  return map;
}

function expectCommonHeaders(res: LightMyRequestResponse, what: string): void {
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['x-frame-options'], what).toBe('DENY');
  expect(res.headers['referrer-policy'], what).toBe('no-referrer');
  expect(csp(res).get('frame-ancestors'), what).toEqual(["'none'"]);
  // Plain HTTP without TLS configuration: no HSTS.
  expect(res.headers['strict-transport-security'], what).toBeUndefined();
}

const gzipAccepted = { 'accept-encoding': 'gzip' };

describe('API answers', () => {
  it('carry nosniff, frame protection, Referrer-Policy and a CSP that allows nothing', async () => {
    const answers: [string, LightMyRequestResponse][] = [
      ['health', await server.request({ method: 'GET', url: '/api/health' })],
      ['user', await server.request({ method: 'GET', url: '/api/user', token: tasker.token })],
      ['task list', await server.request({ method: 'GET', url: '/api/task?status=available&first=5', token: tasker.token })],
      ['401', await server.request({ method: 'GET', url: '/api/user' })],
      ['404', await server.request({ method: 'GET', url: '/api/nope' })],
      ['400 bad JSON', await server.request({ method: 'POST', url: '/api/auth/password-login', headers: { 'content-type': 'application/json' }, payload: '{' })],
      ['bad URL', await server.request({ method: 'GET', url: '/api/task/%E0%A4%A' })],
    ];
    for (const [what, res] of answers) {
      expectCommonHeaders(res, what);
      const policy = csp(res);
      expect(policy.get('default-src'), what).toEqual(["'none'"]);
    }
  });

  it('are never stored by a cache: no-store on personal answers, errors and the health check', async () => {
    const answers: [string, LightMyRequestResponse][] = [
      ['user', await server.request({ method: 'GET', url: '/api/user', token: tasker.token })],
      ['task list', await server.request({ method: 'GET', url: '/api/task?status=available&first=5', token: tasker.token })],
      ['reserved list', await server.request({ method: 'GET', url: '/api/task?status=in_progress', token: tasker.token })],
      ['trainings', await server.request({ method: 'GET', url: '/api/training', token: tasker.token })],
      ['login', await server.request({ method: 'POST', url: '/api/auth/password-login', payload: { username: 'lt@demo.shelfwork.app', password: 'demo1234' } })],
      ['401', await server.request({ method: 'GET', url: '/api/task?status=available' })],
      ['health', await server.request({ method: 'GET', url: '/api/health' })],
      ['404', await server.request({ method: 'GET', url: '/api/nope' })],
    ];
    for (const [what, res] of answers) {
      expect(res.statusCode, what).toBeLessThan(500);
      expect(res.headers['cache-control'], what).toBe('no-store');
    }
  });

  it('compress JSON with gzip or brotli when the client accepts it, and leave small answers alone', async () => {
    const plain = await server.request({ method: 'GET', url: '/api/task?status=available&first=50', token: tasker.token });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(2048);

    const gzipped = await server.request({ method: 'GET', url: '/api/task?status=available&first=50', token: tasker.token, headers: gzipAccepted });
    expect(gzipped.statusCode).toBe(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toMatch(/accept-encoding/i);
    expect(gzipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString('utf8'))).toEqual(plain.json());

    const br = await server.request({ method: 'GET', url: '/api/task?status=available&first=50', token: tasker.token, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());

    const small = await server.request({ method: 'GET', url: '/api/health', headers: gzipAccepted });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ ok: true });
  });

  it('does not read compressed request bodies (no unbounded inflation before the body limit)', async () => {
    const res = await server.request({
      method: 'POST',
      url: '/api/auth/password-login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: Buffer.from([0x1f, 0x8b, 0x08, 0x00]),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });

  it('serves photo files uncompressed (JPEG) with their own private caching and the strict headers', async () => {
    const { taskId, tasker: owner } = await taskInStatus(server);
    const id = newId();
    const created = await postJson(server, `/api/task/${taskId}/photos`, owner.token, { photos: [{ id }] });
    const [target] = created.json<{ data: PhotoUploadTarget[] }>().data as [PhotoUploadTarget];
    const bytes = jpegBytes(20_000);
    expect((await putJpeg(server, target.presignedUrl, bytes)).statusCode).toBe(200);
    const photo = (await getJson(server, `/api/task/${taskId}/photos`, owner.token)).json<{ data: Photo[] }>().data[0] as Photo;
    const file = await server.request({ method: 'GET', url: photo.url as string, headers: { 'accept-encoding': 'gzip, br' } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['content-encoding']).toBeUndefined();
    expect(file.rawPayload.equals(bytes)).toBe(true);
    expect(file.headers['cache-control']).toMatch(/^private, max-age=\d+, immutable$/);
    expectCommonHeaders(file, 'photo file');
  });
});

describe('the built app', () => {
  it('index.html and deep links carry a strict CSP that still allows the app, its workers and MapLibre', async () => {
    const styleHash = `'sha256-${createHash('sha256').update(INLINE_STYLE).digest('base64')}'`;
    for (const url of ['/', '/index.html', '/reservable', '/task/123?x=1']) {
      const res = await server.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expectCommonHeaders(res, url);
      const policy = csp(res);
      expect(policy.get('default-src'), url).toEqual(["'self'"]);
      expect(policy.get('script-src'), url).toEqual(["'self'"]);
      expect(policy.get('script-src-attr'), url).toEqual(["'none'"]);
      // The boot splash's inline <style>, allowed by its hash rather than 'unsafe-inline'.
      expect(policy.get('style-src'), url).toEqual(["'self'", styleHash]);
      // Sync and scanner workers (same origin), MapLibre's blob: worker.
      expect(policy.get('worker-src'), url).toEqual(["'self'", 'blob:']);
      expect(policy.get('child-src'), url).toEqual(["'self'", 'blob:']);
      // Photos: signed same-origin URLs and local blob: previews; MapLibre's data:/blob: images.
      expect(policy.get('img-src'), url).toEqual(["'self'", 'data:', 'blob:']);
      expect(policy.get('connect-src'), url).toContain("'self'");
      expect(policy.get('object-src'), url).toEqual(["'none'"]);
      expect(policy.get('base-uri'), url).toEqual(["'self'"]);
      expect(policy.get('form-action'), url).toEqual(["'self'"]);
      expect(policy.get('manifest-src'), url).toEqual(["'self'"]);
      for (const sources of policy.values()) expect(sources, url).not.toContain("'unsafe-inline'");
      for (const sources of policy.values()) expect(sources, url).not.toContain("'unsafe-eval'");
    }
  });

  it('JavaScript (the service worker and worker scripts) carries the app policy: a worker is governed by its own script answer', async () => {
    for (const url of ['/sw.js', '/assets/index-4f3a9c.js']) {
      const res = await server.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expectCommonHeaders(res, url);
      const policy = csp(res);
      expect(policy.get('connect-src'), url).toContain("'self'");
      expect(policy.get('script-src'), url).toEqual(["'self'"]);
    }
  });

  it('a letter of authority opens in the browser’s PDF viewer (no CSP that blocks the viewer) but cannot be framed', async () => {
    const letter = await server.request({ method: 'GET', url: '/letters/maxima.pdf' });
    expect(letter.statusCode).toBe(200);
    expect(letter.headers['content-type']).toBe('application/pdf');
    expectCommonHeaders(letter, 'letter');
    const policy = csp(letter);
    expect(policy.has('default-src')).toBe(false);
    expect(policy.has('object-src')).toBe(false);
    expect(policy.has('style-src')).toBe(false);
  });

  it('serves the precompressed brotli/gzip files when accepted, byte-equal to the originals once decoded', async () => {
    expect(existsSync(join(dist, 'assets', 'index-4f3a9c.js.br'))).toBe(true);
    expect(existsSync(join(dist, 'assets', 'index-4f3a9c.js.gz'))).toBe(true);
    const br = await server.request({ method: 'GET', url: '/assets/index-4f3a9c.js', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(br.headers['content-length'])).toBe(readFileSync(join(dist, 'assets', 'index-4f3a9c.js.br')).length);
    expect(br.rawPayload.length).toBeLessThan(APP_JS.length / 4);
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(APP_JS);

    const gz = await server.request({ method: 'GET', url: '/assets/index-4f3a9c.js', headers: gzipAccepted });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(APP_JS);

    // A client without Accept-Encoding gets the file itself.
    const plain = await server.request({ method: 'GET', url: '/assets/index-4f3a9c.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(APP_JS);
  });

  it('index.html, the SPA fallback and sw.js come precompressed too and keep no-cache and their CSP', async () => {
    for (const url of ['/', '/index.html', '/reservable', '/sw.js']) {
      const res = await server.request({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(csp(res).get('script-src'), url).toEqual(["'self'"]);
      const text = brotliDecompressSync(res.rawPayload).toString('utf8');
      expect(text, url).toBe(readFileSync(join(dist, url === '/sw.js' ? 'sw.js' : 'index.html'), 'utf8'));
    }
  });

  it('never serves source maps (they carry the sources)', async () => {
    const spellings = ['/sw.js.map', '/assets/index-4f3a9c.js.map', '/assets/index-4f3a9c.js.map?v=1', '/sw.js.m%61p', '/sw.js.%6Dap', '//sw.js.map', '/./sw.js.map', '/assets/../sw.js.map', '/assets/index-4f3a9c.js.map/'];
    for (const url of spellings) {
      for (const headers of [{}, { 'accept-encoding': 'br, gzip' }]) {
        const res = await server.request({ method: 'GET', url, headers });
        expect(res.statusCode, url).toBe(404);
        expect(res.body, url).not.toContain('secret source');
        expect(res.body, url).not.toContain('<div id="root">');
      }
    }
  });

  it('precompresses only what is worth it: compressible types, smaller than the original, never source maps', () => {
    expect(existsSync(join(dist, 'index.html.br'))).toBe(true);
    expect(existsSync(join(dist, 'sw.js.br'))).toBe(true);
    expect(existsSync(join(dist, 'sw.js.map.br'))).toBe(false);
    expect(existsSync(join(dist, 'assets', 'index-4f3a9c.js.map.gz'))).toBe(false);
    expect(existsSync(join(dist, 'assets', 'tiny-1a2b3c.css.br'))).toBe(false);
    expect(existsSync(join(dist, 'letters', 'maxima.pdf.br'))).toBe(false);
  });
});

describe('HSTS', () => {
  it('is configured by HSTS: unset/auto, 1/always, 0/off', () => {
    expect(loadConfig({}).hsts).toBe('auto');
    expect(loadConfig({ HSTS: '1' }).hsts).toBe('always');
    expect(loadConfig({ HSTS: 'always' }).hsts).toBe('always');
    expect(loadConfig({ HSTS: '0' }).hsts).toBe('off');
    expect(() => loadConfig({ HSTS: 'maybe' })).toThrow(/HSTS/);
  });

  it('is sent only over TLS: HSTS=1 (always behind TLS), or a trusted proxy saying https', async () => {
    const always = await server.withConfig({ hsts: 'always' });
    for (const url of ['/api/health', '/index.html']) {
      const res = await always.inject({ method: 'GET', url });
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000');
    }

    const proxied = await server.withConfig({ trustProxy: true, hsts: 'auto' });
    const viaHttps = await proxied.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(viaHttps.headers['strict-transport-security']).toBe('max-age=31536000');
    const viaHttp = await proxied.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'http' } });
    expect(viaHttp.headers['strict-transport-security']).toBeUndefined();

    // Without TRUST_PROXY a client cannot claim https.
    const untrusted = await server.withConfig({ trustProxy: false, hsts: 'auto' });
    const spoofed = await untrusted.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();

    const off = await server.withConfig({ trustProxy: true, hsts: 'off' });
    const res = await off.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('answers no hook sees', () => {
  it('a URL the router cannot parse still gets every security header helmet sets on other answers', async () => {
    const normal = await server.request({ method: 'GET', url: '/api/health' });
    for (const name of Object.keys(BARE_ANSWER_HEADERS)) expect(normal.headers[name], name).toBe(BARE_ANSWER_HEADERS[name]);
    // Nothing helmet sets is missing from the list.
    const known = new Set(['content-type', 'content-length', 'date', 'connection', 'cache-control', 'content-security-policy', 'vary', 'keep-alive', 'x-request-id']);
    for (const name of Object.keys(normal.headers)) if (!known.has(name)) expect(BARE_ANSWER_HEADERS, name).toHaveProperty(name);

    for (const url of ['/api/task/%E0%A4%A', '/%E0%A4%A']) {
      const bad = await server.request({ method: 'GET', url });
      expect(bad.statusCode, url).toBe(400);
      for (const [name, value] of Object.entries(BARE_ANSWER_HEADERS)) expect(bad.headers[name], `${url} ${name}`).toBe(value);
      expect(bad.headers['content-security-policy'], url).toBe(API_CSP);
      expect(bad.headers['cache-control'], url).toBe('no-store');
      expect(bad.headers['x-request-id'], url).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});
