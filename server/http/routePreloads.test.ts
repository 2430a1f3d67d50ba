import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { linkHeader, matchesPattern, preloadLocale, routePreloads } from './routePreloads';

describe('route preloads', () => {
  it('matches a pattern segment by segment, `:name` standing for one segment', () => {
    expect(matchesPattern('/login', '/login')).toBe(true);
    expect(matchesPattern('/login', '/login/')).toBe(true);
    expect(matchesPattern('/task/:taskId', '/task/42')).toBe(true);
    expect(matchesPattern('/task/:taskId', '/task')).toBe(false);
    expect(matchesPattern('/task/:taskId', '/task/42/camera')).toBe(false);
    expect(matchesPattern('/login', '/loginx')).toBe(false);
  });

  it('names scripts as module preloads and stylesheets as style preloads, nothing outside assets/', () => {
    const table = { '/login': ['/assets/LoginScreen-a1.js', '/assets/auth-b2.css', 'https://evil.example/x.js', '/assets/../x.js'] };
    expect(linkHeader(table, '/login')).toBe('</assets/LoginScreen-a1.js>; rel=modulepreload, </assets/auth-b2.css>; rel=preload; as=style');
    expect(linkHeader(table, '/profile')).toBeNull();
  });

  it('reads the build file, and gives no header without one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'preloads-'));
    const lookup = routePreloads(dir);
    expect(lookup('/login')).toBeNull();
    writeFileSync(join(dir, 'route-preloads.json'), JSON.stringify({ '/reservable': ['/assets/TaskListRoute-x.js'] }));
    expect(lookup('/reservable')).toBe('</assets/TaskListRoute-x.js>; rel=modulepreload');
  });

  it('adds the catalog of the language asked for to a first screen, never to another path', () => {
    const dir = mkdtempSync(join(tmpdir(), 'preloads-'));
    writeFileSync(join(dir, 'route-preloads.json'), JSON.stringify({ '/login': ['/assets/access-a.js'] }));
    writeFileSync(join(dir, 'catalog-preloads.json'), JSON.stringify({ lt: '/assets/messages-lt.js', pl: 'https://evil.example/x.js' }));
    const lookup = routePreloads(dir);
    expect(lookup('/login', 'lt')).toBe('</assets/access-a.js>; rel=modulepreload, </assets/messages-lt.js>; rel=modulepreload');
    expect(lookup('/login', 'pl')).toBe('</assets/access-a.js>; rel=modulepreload');
    expect(lookup('/login', 'cs')).toBe('</assets/access-a.js>; rel=modulepreload');
    expect(lookup('/profile', 'lt')).toBeNull();
  });

  it("guesses the page's language as the boot does: ?lng=, then the language last shown, then the browser's", () => {
    expect(preloadLocale('/login', '?lng=lt-LT', 'lng-last=pl', 'ro')).toBe('lt');
    expect(preloadLocale('/login', '?lng=cz', undefined, undefined)).toBe('cs');
    expect(preloadLocale('/login', '?lng=xx', 'a=1; lng-last=pl', 'ro')).toBe('pl');
    // The maps' `lng` is the longitude.
    expect(preloadLocale('/map/available', '?lng=21.01220', 'lng-last=lt', 'en')).toBe('lt');
    expect(preloadLocale('/reservable', '', 'lng-last=de', 'ro-RO,ro;q=0.9,en;q=0.8')).toBe('ro');
    expect(preloadLocale('/reservable', '', 'lng-last=<script>', undefined)).toBe('en');
  });
});
