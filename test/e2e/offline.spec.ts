/**
 * Offline-first reading (DESIGN.md, "The read path"): once synced, the lists and an opened task
 * render from the IndexedDB mirror with the network cut, and the connection notice says so.
 */
import { expect, test, type Page } from '@playwright/test';
import { TaskDetailPage } from './pages/TaskDetailPage';
import { TaskListPage } from './pages/TaskListPage';
import { waitForServiceWorkerControl } from './support/serviceWorker';
import { APPROVED_LT_TASKER, loginWithEmailCode } from './support/session';

const OFFLINE_NOTICE = /you are offline/i;
/** The top bar's pill stays while offline; the toast itself hides after 5 s. */
const offlinePill = (page: Page) => page.locator('.topbar').getByRole('status').filter({ hasText: /^Offline$/ });

test('lists and the opened task render from the mirror with the network cut', async ({ page, context, request }) => {
  await loginWithEmailCode(page, request, APPROVED_LT_TASKER);
  const list = new TaskListPage(page);
  await list.goto('/reservable');
  await list.expectCards();
  await waitForServiceWorkerControl(page);
  const before = await list.summaries(5);
  const card = list.cards.first();
  const reward = await list.rewardOf(card);
  await card.click();
  const detail = new TaskDetailPage(page);
  await detail.expectTask(before[0]?.title ?? '', reward);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText(OFFLINE_NOTICE)).toBeVisible();
  await detail.expectTask(before[0]?.title ?? '', reward);
  await expect(offlinePill(page)).toBeVisible();

  await list.goto('/reservable');
  await list.expectCards();
  expect(await list.summaries(5)).toEqual(before);
  await expect(offlinePill(page)).toBeVisible();

  await context.setOffline(false);
  await expect(offlinePill(page)).toBeHidden();
  await expect(page.getByText(OFFLINE_NOTICE)).toBeHidden();
});
