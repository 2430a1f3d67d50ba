/**
 * The task pack keeps what a started task shows (DESIGN.md "The read path"): its images
 * and its letter of authority live in a cache of their own (shelfwork-pack-v1) that the service
 * worker's runtime image cache cannot push out, and with the network off the task screen still
 * shows its images and opens the letter — a PDF the app serves from its own origin
 * (/letters/{retailerId}.pdf) — in a new tab, from that cache.
 *
 * Works on an in-progress task of the demo tasker from the seed (it only reads it). The demo's
 * tasks have no target product photo and their logos are precached anyway, so the test adds one
 * image that is not in the precache to the task as the API answers it (`context.route`, which
 * sees the sync worker's requests) and serves its file; the runtime image cache is then emptied
 * (what browsing long lists does to it) before the network is cut.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import type { Task } from '../../src/domain/types';
import { IMAGE_CACHE_NAME, PACK_CACHE_NAME } from '../../src/contracts/serviceWorker';
import { TaskWorkPage } from './pages/TaskWorkPage';
import { listTasks, passwordToken } from './support/api';
import { makeJpegs } from './support/execution';
import { screenshot } from './support/screenshots';
import { waitForServiceWorkerControl } from './support/serviceWorker';
import { APPROVED_LT_TASKER, DEMO_PASSWORD, loginWithPassword } from './support/session';

/** Not in the precache, not on the server: served by the test while online. */
const TARGET_PHOTO = '/media/e2e-task-pack-target.jpg';

/** Adds TARGET_PHOTO to `taskId`'s target product photos in every task answer of the API, and serves its file. */
async function addTargetPhoto(context: BrowserContext, taskId: string, jpeg: Buffer): Promise<void> {
  const withPhoto = (task: Task): Task => (task.id === taskId ? { ...task, targetProductPhotos: [TARGET_PHOTO] } : task);
  await context.route(
    (url) => url.pathname === '/api/task' || url.pathname === `/api/task/${taskId}`,
    async (route) => {
      const response = await route.fetch();
      if (!response.ok()) return route.fulfill({ response });
      const body = (await response.json()) as Task | { data: Task[] };
      const json = 'data' in body ? { ...body, data: body.data.map(withPhoto) } : withPhoto(body);
      return route.fulfill({ response, json });
    },
  );
  await context.route(`**${TARGET_PHOTO}`, (route) => route.fulfill({ status: 200, contentType: 'image/jpeg', body: jpeg }));
}

/** Paths held in a cache of the page's origin. */
function cachedPaths(page: Page, cacheName: string): Promise<string[]> {
  return page.evaluate(async (name) => {
    if (!(await caches.has(name))) return [];
    return (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname).sort();
  }, cacheName);
}

test.describe('task pack', () => {
  test('with the network off, a started task still shows its images and opens its letter of authority', async ({ page, context, request }) => {
    test.setTimeout(90_000);
    const token = await passwordToken(request, APPROVED_LT_TASKER, DEMO_PASSWORD);
    const task = (await listTasks(request, token, ['in_progress'])).find((t) => t.letterOfAuthorityUrl?.startsWith('/letters/'));
    expect(task, 'the demo tasker has an in-progress task of the seed, with its letter on our origin').toBeTruthy();
    const { id, letterOfAuthorityUrl, place } = task as Task;
    const letter = letterOfAuthorityUrl as string;
    expect(letter).toBe(`/letters/${place.retailer.id}.pdf`);
    const [jpegPath] = makeJpegs(1, test.info().outputPath('target'));
    await addTargetPhoto(context, id, readFileSync(jpegPath as string));

    await loginWithPassword(page, APPROVED_LT_TASKER);
    await waitForServiceWorkerControl(page);
    const work = new TaskWorkPage(page);
    await work.goto(id);
    await expect(page.getByRole('heading', { level: 1, name: task?.title })).toBeVisible({ timeout: 20_000 });
    await expect(work.readyOffline, 'the pack is complete (its letter downloaded too)').toBeVisible({ timeout: 45_000 });
    expect(await cachedPaths(page, PACK_CACHE_NAME)).toEqual(expect.arrayContaining([letter, TARGET_PHOTO, `/logos/${place.retailer.id}.svg`]));

    // Browsing long lists pushes images out of the runtime cache; here it goes all at once.
    await context.unrouteAll({ behavior: 'wait' });
    await page.evaluate((name) => caches.delete(name), IMAGE_CACHE_NAME);
    await context.setOffline(true);
    await page.reload();

    const photo = page.getByRole('img', { name: 'Target product 1' });
    await photo.scrollIntoViewIfNeeded();
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)), { message: 'the target photo is shown offline' })
      .toBe(480);
    await screenshot(page, 'task-pack-1-offline-task');

    // The letter opens in a new tab, from the pack cache (the service worker serves the navigation).
    const served = context.waitForEvent('response', (response) => new URL(response.url()).pathname === letter);
    const [tab] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: 'Letter of authority' }).click()]);
    const response = await served;
    expect(response.status()).toBe(200);
    expect(response.fromServiceWorker(), 'answered by the service worker').toBe(true);
    expect(response.headers()['content-type']).toBe('application/pdf');
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toBe(letter);
    // Chromium's PDF viewer draws in a frame of its own a moment later: give the picture time.
    if (process.env.E2E_SCREENSHOTS === '1') await tab.waitForTimeout(2_000);
    await screenshot(tab, 'task-pack-2-letter-offline');

    // Byte for byte the committed letter, as the app's service worker serves it offline.
    const bytes = await page.evaluate(async (path) => {
      const answer = await fetch(path);
      return { type: answer.headers.get('content-type'), data: Array.from(new Uint8Array(await answer.arrayBuffer())) };
    }, letter);
    expect(bytes.type).toBe('application/pdf');
    expect(Buffer.from(bytes.data).equals(readFileSync(`public${letter}`))).toBe(true);
  });
});
