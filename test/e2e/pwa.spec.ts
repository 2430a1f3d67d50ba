/**
 * The installable, offline-capable shell: web manifest + service worker (sw/sw.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import { CHROMIUM_ARGS, PERMISSIONS, VIEWPORT, baseUrl, chromiumPath } from './support/browser';
import { askServiceWorker, precachedPaths, waitForServiceWorkerControl } from './support/serviceWorker';

test('the built app is installable: Chromium reports no installability errors', async () => {
  // Installability is only evaluated in a real (persistent, non-incognito) profile.
  const profile = await mkdtemp(join(tmpdir(), 'shelfwork-install-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    args: CHROMIUM_ARGS,
    headless: true,
    viewport: VIEWPORT,
    permissions: PERMISSIONS,
    baseURL: baseUrl(),
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/login');
    await waitForServiceWorkerControl(page);

    const cdp = await context.newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest')) as {
      url: string;
      errors: Array<{ message: string }>;
    };
    expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
    expect(manifest.errors).toEqual([]);

    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: Array<{ errorId: string; errorArguments: Array<{ name: string; value: string }> }>;
    };
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
});

test('the service worker precaches the shell, the icons and all five language catalogs', async ({ page }) => {
  await page.goto('/login');
  await waitForServiceWorkerControl(page);
  const paths = await precachedPaths(page);

  expect(paths).toContain('/index.html');
  expect(paths).toContain('/manifest.webmanifest');
  for (const icon of ['/icons/icon-192.png', '/icons/icon-512.png', '/icons/maskable-512.png']) {
    expect(paths).toContain(icon);
  }
  // Each src/locales/<lng>/messages.po is compiled into its own lazily imported chunk.
  const catalogChunks = paths.filter((path) => /\/messages[-.][\w-]+\.js$/.test(path));
  expect(catalogChunks.length).toBeGreaterThanOrEqual(5);
});

test('a deep link opens from the precache with the network cut', async ({ page, context }) => {
  await page.goto('/login');
  await waitForServiceWorkerControl(page);
  await context.setOffline(true);
  const response = await page.goto('/task/00000000-0000-4000-8000-000000000000');
  // Served by the service worker's navigation route, not by the (unreachable) server.
  expect(response?.fromServiceWorker()).toBe(true);
  await expect(page.locator('#root')).not.toBeEmpty();
  await context.setOffline(false);
});

test('an outbox request cut off by the network waits in the service worker queue and is replayed on request', async ({
  page,
  context,
}) => {
  await page.goto('/login');
  await waitForServiceWorkerControl(page);
  const before = await askServiceWorker<{ size: number }>(page, { type: 'queue-size' }, 'queue-size');

  await context.setOffline(true);
  const failed = await page.evaluate(async () => {
    try {
      await fetch('/api/user/set-country', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID(), 'Shelfwork-Recorded-At': new Date().toISOString() },
        body: JSON.stringify({ countryCode: 'LT' }),
      });
      return false;
    } catch {
      return true;
    }
  });
  // The caller still sees the network error: its own outbox keeps the record.
  expect(failed).toBe(true);
  const queued = await askServiceWorker<{ size: number }>(page, { type: 'queue-size' }, 'queue-size');
  expect(queued.size).toBe(before.size + 1);

  await context.setOffline(false);
  const replayed = await askServiceWorker<{ ok: boolean; remaining: number }>(page, { type: 'replay' }, 'replay-done');
  // Any HTTP answer (here 401: no session) removes the request from Workbox's queue.
  expect(replayed).toEqual({ type: 'replay-done', ok: true, remaining: 0 });
});

test('when the network returns, the browser sync event replays the queue and tells the page to drain its outbox', async ({
  page,
  context,
}) => {
  await page.goto('/login');
  await waitForServiceWorkerControl(page);
  await context.setOffline(true);
  await page.evaluate(() =>
    fetch('/api/user/set-country', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID(), 'Shelfwork-Recorded-At': new Date().toISOString() },
      body: JSON.stringify({ countryCode: 'LT' }),
    }).catch(() => undefined),
  );
  expect((await askServiceWorker<{ size: number }>(page, { type: 'queue-size' }, 'queue-size')).size).toBe(1);

  // Listen for the wake-up before the network comes back; nothing asks for a replay here.
  const wakeUp = page.evaluate(
    () =>
      new Promise<{ type: string; reason: string; remaining: number }>((resolve) => {
        navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
          const data = event.data as { type?: string; reason?: string } | null;
          if (data?.type === 'shelfwork-sync' && data.reason === 'sync-event') resolve(event.data);
        });
        navigator.serviceWorker.startMessages();
      }),
  );
  await context.setOffline(false);
  expect(await wakeUp).toEqual({ type: 'shelfwork-sync', reason: 'sync-event', remaining: 0 });
});

test('outbox requests sent from a dedicated worker (where the sync engine runs) reach the service worker queue too', async ({
  page,
  context,
}) => {
  await page.goto('/login');
  await waitForServiceWorkerControl(page);
  await context.setOffline(true);
  const outcome = await page.evaluate(async () => {
    // A blob worker has no base URL: give it the absolute address.
    const source = `fetch('${location.origin}/api/user/set-country', { method: 'POST', headers: { 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID(), 'Shelfwork-Recorded-At': new Date().toISOString() }, body: '{"countryCode":"LT"}' })
      .then(() => postMessage('answered'), () => postMessage('network-error'));`;
    const worker = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
    const result = await new Promise<string>((resolve) => worker.addEventListener('message', (e) => resolve(String(e.data))));
    worker.terminate();
    return result;
  });
  expect(outcome).toBe('network-error');
  expect((await askServiceWorker<{ size: number }>(page, { type: 'queue-size' }, 'queue-size')).size).toBe(1);
  await context.setOffline(false);
});

test('an outbox record retried while offline is queued once, not once per attempt', async ({ page, context }) => {
  await page.goto('/login');
  await waitForServiceWorkerControl(page);
  await context.setOffline(true);
  await page.evaluate(async () => {
    const key = crypto.randomUUID();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await fetch('/api/user/set-country', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key, 'Shelfwork-Recorded-At': new Date().toISOString() },
        body: JSON.stringify({ countryCode: 'LT' }),
      }).catch(() => undefined);
    }
  });
  expect((await askServiceWorker<{ size: number }>(page, { type: 'queue-size' }, 'queue-size')).size).toBe(1);
  await context.setOffline(false);
});

test('requests without an Idempotency-Key are never queued for replay', async ({ page, context }) => {
  await page.goto('/login');
  await waitForServiceWorkerControl(page);
  const before = await askServiceWorker<{ size: number }>(page, { type: 'queue-size' }, 'queue-size');
  await context.setOffline(true);
  await page.evaluate(() =>
    fetch('/api/auth/send-email-code', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@e2e.shelfwork.test' }),
    }).catch(() => undefined),
  );
  const after = await askServiceWorker<{ size: number }>(page, { type: 'queue-size' }, 'queue-size');
  expect(after.size).toBe(before.size);
  await context.setOffline(false);
});

test('a reserve or cancel (Idempotency-Key but no recorded time) is never queued for replay', async ({ page, context }) => {
  await page.goto('/login');
  await waitForServiceWorkerControl(page);
  const before = await askServiceWorker<{ size: number }>(page, { type: 'queue-size' }, 'queue-size');
  await context.setOffline(true);
  await page.evaluate(() =>
    fetch('/api/task/some-task/reserve', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
      body: '{}',
    }).catch(() => undefined),
  );
  const after = await askServiceWorker<{ size: number }>(page, { type: 'queue-size' }, 'queue-size');
  expect(after.size).toBe(before.size);
  await context.setOffline(false);
});
