/**
 * The way in: the language chosen with `?lng=` survives the map's own `lng` (its longitude) and a
 * reload; a pasted login code with a space or a dash signs in; `/` shows a first-time visitor the
 * welcome slides and login and register link to them; the opportunities map opens signed out; a
 * push's link (`?source=push_notification`) marks its notification seen where it lands; a first
 * visit to /login downloads none of the task lists' code.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import type { AppNotification } from '../../src/domain/notifications';
import type { Task } from '../../src/domain/types';
import { LoginPage } from './pages/LoginPage';
import { MapPage } from './pages/MapPage';
import { PasscodePage } from './pages/PasscodePage';
import { waitForCode } from './support/mailbox';
import { listTasks, passwordToken, staffCreateTask } from './support/api';
import { APPROVED_LT_TASKER, DEMO_PASSWORD, loginWithEmailCode, loginWithPassword } from './support/session';

test.use({ viewport: { width: 360, height: 740 } });

test("the map's longitude is not taken as the language: /login?lng=en, the map, a reload stays English", async ({ page, request }) => {
  // The LT tasker: without the chosen English the app would follow the market into Lithuanian.
  await loginWithEmailCode(page, request, APPROVED_LT_TASKER);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  const map = new MapPage(page);
  await map.goto('/map/available');
  // The map writes its view into the URL, longitude as `lng`.
  await expect(page).toHaveURL(/[?&]lng=\d+\.\d+/);
  await page.reload();
  await map.expectReady();
  await expect(page).toHaveURL(/[?&]lng=\d+\.\d+/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  // An old map link with the longitude as `lng` keeps working, and is no language either.
  await page.goto('/map/available?lat=54.68720&lng=25.27970&zoom=12');
  await map.expectReady();
  await expect(page).toHaveURL(/lat=54\.687\d*&lng=25\.279\d*/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

for (const [name, paste] of [
  ['a leading space', (code: string) => ` ${code}`],
  ['a dash in the middle', (code: string) => `${code.slice(0, 3)}-${code.slice(3)}`],
] as const) {
  test(`a pasted login code with ${name} signs in`, async ({ page, request }) => {
    const since = new Date();
    const login = new LoginPage(page);
    await login.goto();
    await login.requestCode(APPROVED_LT_TASKER);
    const passcode = new PasscodePage(page);
    await passcode.expectShown(APPROVED_LT_TASKER);
    const code = await waitForCode(request, APPROVED_LT_TASKER, since);
    const field = page.getByLabel('Login code');
    await field.focus();
    // Inserted as a paste inserts it: as one edit, which the field's own limits apply to.
    await page.keyboard.insertText(paste(code));
    await expect(page).not.toHaveURL(/\/(login|passcode)/, { timeout: 20_000 });
  });
}

test("a first visit to /login downloads none of the task lists' code", async ({ page }) => {
  // The lists' chunk (vite.config.ts, group `listScreen`) once reached /login through a shared
  // helper and the shell's expiry reminders: ~25 KB more on a slow connection before the form.
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/login?lng=lt');
  await expect(page.locator('#login-email')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.some((path) => path.startsWith('/assets/index-')), `the app's entry chunk was seen: ${scripts.join(', ')}`).toBe(true);
  expect(scripts.filter((path) => path.startsWith('/assets/listScreen-'))).toEqual([]);
});

test('/ shows a first-time visitor the welcome slides; login and register link to them', async ({ page }) => {
  await page.goto('/?lng=en');
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('a month');

  // (By its address: a new text shows its catalog id until the catalogs are extracted.)
  const welcomeLink = page.locator('.auth-switch a[href="/welcome"]');
  await page.getByRole('link', { name: 'I have an account' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await welcomeLink.click();
  await expect(page).toHaveURL(/\/welcome$/);
  await page.getByRole('link', { name: 'Start earning' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await welcomeLink.click();
  await expect(page).toHaveURL(/\/welcome$/);

  // Seen once: the next visit of / goes to login.
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
});

test('/opportunities-map opens signed out, with the way to log in or register', async ({ page }) => {
  const map = new MapPage(page);
  await map.goto('/opportunities-map');
  await expect(page).toHaveURL(/\/opportunities-map/);
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  // Leaving while the map is still moving: its view (lat, lng, zoom) waits to go into the URL, and
  // must not land on the next page's.
  const canvas = await page.locator('.maplibregl-canvas').boundingBox();
  if (!canvas) throw new Error('no map canvas');
  await page.mouse.move(canvas.x + canvas.width / 2, canvas.y + canvas.height / 2);
  await page.mouse.down();
  await page.mouse.move(canvas.x + canvas.width / 2 + 80, canvas.y + canvas.height / 2 + 40, { steps: 4 });
  await page.mouse.up();
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/register$/);
});

async function unseen(request: APIRequestContext, token: string): Promise<AppNotification[]> {
  const res = await request.get('/api/notifications', { headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: AppNotification[] }).data;
}

test('a push link (?source=push_notification) marks its notification seen where it lands', async ({ page, request }) => {
  const token = await passwordToken(request, APPROVED_LT_TASKER, DEMO_PASSWORD);
  const [available] = await listTasks(request, token, ['available'], {});
  expect(available, 'the seed has an available LT task (its store is used)').toBeTruthy();
  const start = new Date(Date.now() + 30 * 3600_000);
  start.setUTCMinutes(0, 0, 0);
  // A new task in the tasker's market: a "new task near you" notification, and its push.
  const task: Task = await staffCreateTask(request, {
    placeId: (available as Task).place.id,
    taskTypeId: 'defects',
    timeWindowStart: start,
    timeWindowEnd: new Date(start.getTime() + 6 * 3600_000),
    expectedDuration: 15,
    reward: '9.00',
    title: `Push link ${Date.now().toString(36)}`,
  });
  await expect.poll(async () => (await unseen(request, token)).some((n) => n.resourceId === task.id), { timeout: 20_000 }).toBe(true);

  await loginWithPassword(page, APPROVED_LT_TASKER);
  // The push's click opens this (sw/push.ts); no bell was touched.
  await page.goto(`/task/${task.id}?source=push_notification`);
  await expect(page.getByRole('heading', { name: task.title }).first()).toBeVisible({ timeout: 20_000 });
  await expect.poll(async () => (await unseen(request, token)).some((n) => n.resourceId === task.id), { timeout: 30_000 }).toBe(false);
});
