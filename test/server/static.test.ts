/** Static serving of the built app from dist/: files, cache headers, SPA fallback, API 404s stay JSON. */
import { copyFileSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';

let server: TestServer;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'shelfwork-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Shelfwork</title><div id="root"></div>');
  writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("install", () => {});');
  writeFileSync(join(dist, 'assets', 'index-4f3a9c.js'), 'console.log("app");');
  writeFileSync(join(dist, 'route-preloads.json'), JSON.stringify({ '/task/:taskId': ['/assets/TaskDetailRoute-1a.js', '/assets/workPage-2b.css'] }));
  // Vite copies public/ into dist/, letters of authority included.
  mkdirSync(join(dist, 'letters'));
  copyFileSync(join(process.cwd(), 'public', 'letters', 'maxima.pdf'), join(dist, 'letters', 'maxima.pdf'));
  server = await startTestServer({ distDir: dist });
});
afterAll(async () => {
  await server?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('static app', () => {
  it('serves index.html and sw.js with no-cache and hashed assets as immutable', async () => {
    const sw = await server.request({ method: 'GET', url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['cache-control']).toBe('no-cache');
    const asset = await server.request({ method: 'GET', url: '/assets/index-4f3a9c.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const index = await server.request({ method: 'GET', url: '/index.html' });
    expect(index.headers['cache-control']).toBe('no-cache');
  });

  it('answers deep links with index.html (SPA fallback)', async () => {
    for (const url of ['/', '/reservable', '/task/123?x=1', '/passcode?email=a@b.cd']) {
      const res = await server.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it("names a first screen's chunks in a Link header with its page, and no others", async () => {
    const detail = await server.request({ method: 'GET', url: '/task/123?x=1' });
    expect(detail.headers.link).toBe('</assets/TaskDetailRoute-1a.js>; rel=modulepreload, </assets/workPage-2b.css>; rel=preload; as=style');
    const other = await server.request({ method: 'GET', url: '/profile' });
    expect(other.statusCode).toBe(200);
    expect(other.headers.link).toBeUndefined();
  });

  it('serves a letter of authority as a PDF, and a missing one as a plain 404 (not the app)', async () => {
    const letter = await server.request({ method: 'GET', url: '/letters/maxima.pdf' });
    expect(letter.statusCode).toBe(200);
    expect(letter.headers['content-type']).toBe('application/pdf');
    expect(letter.rawPayload.equals(readFileSync(join(process.cwd(), 'public', 'letters', 'maxima.pdf')))).toBe(true);
    const missing = await server.request({ method: 'GET', url: '/letters/nobody.pdf' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('<div id="root">');
  });

  it('keeps /api misses as JSON 404 and missing asset files as plain 404', async () => {
    const api = await server.request({ method: 'GET', url: '/api/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    expect((await server.request({ method: 'GET', url: '/assets/old-1234.js' })).statusCode).toBe(404);
    // Without METRICS_TOKEN there are no metrics: a 404, not the app's page.
    const metrics = await server.request({ method: 'GET', url: '/metrics' });
    expect(metrics.statusCode).toBe(404);
    expect(metrics.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });
});
