import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { linkHeader, matchesPattern, routePreloads } from './routePreloads';

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
});
