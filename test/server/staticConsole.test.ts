/**
 * The staff console's page from dist/staff: every /staff path that is not a file gets it (with the
 * app's CSP and no-cache), its hashed assets are immutable, a missing asset is a plain 404, and the
 * tasker app's fallback is untouched (a path merely starting with "staff" is the tasker app's).
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';

let server: TestServer;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'shelfwork-dist-console-'));
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, 'staff', 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Shelfwork</title><div id="root" data-app="tasker"></div>');
  writeFileSync(join(dist, 'staff', 'index.html'), '<!doctype html><title>Shelfwork staff</title><div id="root" data-app="console"></div>');
  writeFileSync(join(dist, 'staff', 'assets', 'index-9a8b7c.js'), 'console.log("console");');
  server = await startTestServer({ distDir: dist });
});
afterAll(async () => {
  await server?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the staff console page', () => {
  it('answers /staff and every path below it with the console page, no-cache, under the CSP', async () => {
    for (const url of ['/staff', '/staff/', '/staff/login?next=%2Fstaff%2Faudit', '/staff/taskers/u1', '/staff/money/LT/2026-11-02']) {
      const res = await server.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('data-app="console"');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(String(res.headers['content-security-policy']), url).toContain("script-src 'self'");
    }
  });

  it("keeps the tasker app's fallback for everything else, a path starting with 'staff' too", async () => {
    for (const url of ['/', '/reservable', '/staffing', '/task/staff']) {
      const res = await server.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('data-app="tasker"');
    }
  });

  it("serves the console's hashed assets as immutable and a missing one as a plain 404", async () => {
    const asset = await server.request({ method: 'GET', url: '/staff/assets/index-9a8b7c.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await server.request({ method: 'GET', url: '/staff/assets/gone-123.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('data-app');
  });

  it('keeps the staff API a JSON API', async () => {
    const res = await server.request({ method: 'GET', url: '/api/staff/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });
});
