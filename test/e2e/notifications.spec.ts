/**
 * Notifications and web push end to end, real Chromium against the real server:
 * - a staff action (a new task in the tasker's market) raises the bell's count at the next 60 s
 *   pull; the single notification opens directly, 'Open task' opens its task with
 *   ?source=notification, and it is marked seen on the server (it no longer comes back);
 * - a push delivered to the service worker through the DevTools protocol
 *   (ServiceWorker.deliverPushMessage) shows a notification, and its click opens the screen the
 *   push names (?source=push_notification). Chromium has no way to click a system notification
 *   from a test, so the click is a NotificationEvent built in the service worker from the very
 *   notification it shows, dispatched to the app's own handler.
 */
import { expect, test, type APIRequestContext, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import type { Task } from '../../src/domain/types';
import type { AppNotification } from '../../src/domain/notifications';
import { listTasks, passwordToken, staffCreateTask } from './support/api';
import { screenshot } from './support/screenshots';
import { waitForServiceWorkerControl } from './support/serviceWorker';
import { APPROVED_LT_TASKER, DEMO_PASSWORD, loginWithPassword } from './support/session';
import { fastForwardSyncWorker } from './support/syncWorkerClock';

async function unseen(request: APIRequestContext, token: string): Promise<AppNotification[]> {
  const res = await request.get('/api/notifications', { headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: AppNotification[] }).data;
}

/** Marks every notification of the demo tasker seen, so the test starts from a count of 0. */
async function clearNotifications(request: APIRequestContext, token: string): Promise<void> {
  for (const n of await unseen(request, token)) {
    const res = await request.post(`/api/notifications/${encodeURIComponent(n.id)}/mark-as-seen`, { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status()).toBe(204);
  }
}

async function newTask(request: APIRequestContext, token: string, title: string): Promise<Task> {
  const [available] = await listTasks(request, token, ['available'], {});
  expect(available, 'the seed has an available LT task (its store is used)').toBeTruthy();
  const start = new Date(Date.now() + 30 * 3600_000);
  start.setUTCMinutes(0, 0, 0);
  return staffCreateTask(request, {
    placeId: (available as Task).place.id,
    taskTypeId: 'defects',
    timeWindowStart: start,
    timeWindowEnd: new Date(start.getTime() + 6 * 3600_000),
    expectedDuration: 15,
    reward: '9.00',
    title: `${title} ${Date.now().toString(36)}`,
  });
}

async function registrationId(context: BrowserContext, page: Page): Promise<{ id: string; origin: string; cdp: CDPSession }> {
  const cdp = await context.newCDPSession(page);
  const origin = new URL(page.url()).origin;
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event: { registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] }) => {
      const reg = event.registrations.find((r) => r.scopeURL.startsWith(origin) && !r.isDeleted);
      if (reg) resolve(reg.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return { id: await found, origin, cdp };
}

test.describe('notifications', () => {
  test('a staff action raises the bell count; the notification opens its task and is seen', async ({ page, request }) => {
    test.setTimeout(180_000);
    const token = await passwordToken(request, APPROVED_LT_TASKER, DEMO_PASSWORD);
    await clearNotifications(request, token);
    await loginWithPassword(page, APPROVED_LT_TASKER);
    await page.goto('/reservable');
    const bell = page.getByTestId('notifications-bell');
    await expect(bell).toBeVisible();
    await expect(page.getByTestId('notifications-count')).toHaveCount(0);

    const task = await newTask(request, token, 'Bell check');
    // The next pull (every 60 s) brings it: the minute passes for the sync worker
    // (support/syncWorkerClock.ts), whose next 15 s tick pulls.
    await fastForwardSyncWorker(page, 60_000);
    await expect(page.getByTestId('notifications-count')).toHaveText('1', { timeout: 30_000 });
    await expect(bell).toHaveAccessibleName(/1 new/);
    await screenshot(page, 'notifications-bell-count');

    // A single notification opens directly.
    await bell.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'New task near you' })).toBeVisible();
    await expect(page.getByTestId('notification-body')).toContainText(task.title);
    await screenshot(page, 'notifications-detail');
    await page.getByTestId('notification-open').click();
    await expect(page).toHaveURL(new RegExp(`/task/${task.id}\\?source=notification$`));
    await expect(page.getByRole('heading', { name: task.title }).first()).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('notifications-count')).toHaveCount(0);
    // Seen on the server: it does not come back.
    await expect.poll(async () => (await unseen(request, token)).some((n) => n.resourceId === task.id), { timeout: 20_000 }).toBe(false);
    await page.reload();
    await expect(page.getByTestId('notifications-bell')).toBeVisible();
    await page.waitForTimeout(2000);
    await expect(page.getByTestId('notifications-count')).toHaveCount(0);
  });

  test('a push delivered to the service worker shows a notification whose click opens its screen', async ({ page, context, request }) => {
    test.setTimeout(120_000);
    const token = await passwordToken(request, APPROVED_LT_TASKER, DEMO_PASSWORD);
    const task = await newTask(request, token, 'Push check');
    await context.grantPermissions(['notifications']);
    await loginWithPassword(page, APPROVED_LT_TASKER);
    await page.goto('/reserved');
    await waitForServiceWorkerControl(page);
    expect(await page.evaluate(() => Notification.permission)).toBe('granted');

    const { id, origin, cdp } = await registrationId(context, page);
    const payload = { title: 'New task near you', body: `“${task.title}”`, url: `/task/${task.id}?source=push_notification`, tag: `push-${task.id}` };
    const [worker] = context.serviceWorkers();
    expect(worker, 'the app service worker runs').toBeTruthy();
    const shown = async () => worker?.evaluate(async () => (await (self as unknown as ServiceWorkerGlobalScope).registration.getNotifications()).map((n) => [n.title, n.body, n.tag]));
    // DevTools' delivery was seen dropped once in a full run (no push event, nothing shown) and never
    // alone: the harness delivers again, up to 3 times. The same tag replaces, so a push shown
    // twice still counts one notification; the handler must show it within 5 s of a delivery.
    for (let attempt = 1; attempt <= 3; attempt++) {
      await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: id, data: JSON.stringify(payload) });
      const deadline = Date.now() + 5_000;
      while (Date.now() < deadline && ((await shown()) ?? []).length === 0) await page.waitForTimeout(250);
      if (((await shown()) ?? []).length > 0) break;
    }
    expect(await shown()).toEqual([[payload.title, payload.body, payload.tag]]);

    // The click, on the notification the worker shows, through the app's own handler.
    await worker?.evaluate(async () => {
      const sw = self as unknown as ServiceWorkerGlobalScope;
      const [shown] = await sw.registration.getNotifications();
      if (!shown) throw new Error('no notification shown');
      sw.dispatchEvent(new NotificationEvent('notificationclick', { notification: shown }));
    });
    await expect(page).toHaveURL(new RegExp(`/task/${task.id}\\?source=push_notification$`), { timeout: 20_000 });
    await expect(page.getByRole('heading', { name: task.title }).first()).toBeVisible({ timeout: 20_000 });
    // The click closed it.
    await expect.poll(async () => worker?.evaluate(async () => (await (self as unknown as ServiceWorkerGlobalScope).registration.getNotifications()).length)).toBe(0);
  });

  for (const [locale, email] of [['lt', 'lt@demo.shelfwork.app'], ['pl', 'pl@demo.shelfwork.app'], ['ro', 'ro@demo.shelfwork.app']] as const) {
    test(`bell, tooltip, list, detail, push popup and push settings read in ${locale} at 390 and 360 px`, async ({ page, context, request }) => {
      test.setTimeout(150_000);
      const token = await passwordToken(request, email, DEMO_PASSWORD);
      await clearNotifications(request, token);
      await newTask(request, token, 'Ekspozicijos patikra ir lentynų nuotraukos');
      await newTask(request, token, 'Stock check');
      // The installed app, as a home-screen app says so (navigator.standalone; this Chromium does not
      // emulate display-mode): the push popup and the push settings show.
      await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'standalone', { get: () => true, configurable: true }));
      await loginWithPassword(page, email);
      // The language for this tab (kept for the tab's life, reloads included).
      await page.goto(`/reserved?lng=${locale}`);
      for (const viewport of [{ width: 390, height: 844 }, { width: 360, height: 740 }]) {
        await page.setViewportSize(viewport);
        const tag = `${locale}-${viewport.width}`;
        // At 360 px the permission is not decided yet: the popup offers to turn notifications on.
        if (viewport.width === 360) await context.grantPermissions(['notifications']);
        // The push popup: offered at each start until it was closed 3 times.
        await page.evaluate(() => localStorage.setItem('pushPopupCloseCount', '2'));
        await page.goto('/reserved');
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        const popup = page.getByTestId('push-popup');
        await expect(popup).toBeVisible({ timeout: 30_000 });
        // Headless Chromium answers 'denied' until the permission is granted: blocked → the device instructions.
        if (viewport.width === 390) await expect(page.getByRole('dialog').getByRole('link')).toHaveAttribute('href', '/notification-permissions');
        else await expect(page.getByRole('dialog').getByRole('button')).toHaveCount(3);
        await screenshot(page, `notifications-push-popup-${tag}`);
        await expectFits(page);
        await page.getByRole('dialog').getByRole('button').first().click();
        await expect(popup).toBeHidden();
        expect(await page.evaluate(() => localStorage.getItem('pushPopupCloseCount'))).toBe('3');
        // The tooltip opens 1 s after the start and stays 3 s; the popup, closed 3 times, stays away.
        await expect(page.getByTestId('notifications-count')).toHaveText('2', { timeout: 20_000 });
        await page.reload();
        await expect(page.getByRole('tooltip')).toBeVisible({ timeout: 6_000 });
        await screenshot(page, `notifications-tooltip-${tag}`);
        await expect(page.getByRole('tooltip')).toBeHidden({ timeout: 6_000 });
        await expect(popup).toHaveCount(0);
        await page.getByTestId('notifications-bell').click();
        await expect(page.getByTestId('notification-list').getByRole('button')).toHaveCount(2);
        await screenshot(page, `notifications-list-${tag}`);
        await expectFits(page);
        await page.keyboard.press('Escape');
        await page.goto('/settings');
        await expect(page.getByTestId('push-settings').getByRole('switch')).toHaveCount(2, { timeout: 15_000 });
        await screenshot(page, `notifications-settings-${tag}`);
        await expectFits(page);
      }
      // Opening one marks it seen: one left.
      await page.goto('/reserved');
      await page.getByTestId('notifications-bell').click();
      await page.getByTestId('notification-list').getByRole('button').first().click();
      await expect(page.getByTestId('notification-body')).toBeVisible();
      await screenshot(page, `notifications-detail-${locale}-360`);
      await expectFits(page);
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('notifications-count')).toHaveText('1');
    });
  }
});

/** The popups, the tooltip and the push settings stay on the screen, and no text in them is cut. */
async function expectFits(page: Page): Promise<void> {
  const problems = await page.evaluate(() => {
    const out: string[] = [];
    const width = window.innerWidth;
    for (const el of document.querySelectorAll<HTMLElement>('dialog[open] *, .bell-tooltip, [data-testid="push-settings"] *')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0) continue;
      if (r.right > width + 0.5 || r.left < -0.5) out.push(`${el.tagName}.${el.className} ${Math.round(r.left)}–${Math.round(r.right)}: ${el.textContent?.slice(0, 40) ?? ''}`);
      if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible') out.push(`${el.tagName}.${el.className} cut: ${el.textContent?.slice(0, 40) ?? ''}`);
    }
    return out;
  });
  expect(problems).toEqual([]);
}
