/**
 * Money and motivation on screen, against the real server's demo seed: the payout
 * summary leads to the next payout's breakdown; a task staff accept appears in it; the figures
 * stay readable offline; missions with their detail and the 'missing mission' message; the
 * offerings widget remembers being collapsed; the invite code copies with its 3 s cooldown.
 * (The weekly run that pays a closed week is the server's: test/server.)
 */
import { expect, test } from '@playwright/test';
import { MissionsPage } from './pages/MissionsPage';
import { PayoutPage } from './pages/PayoutPage';
import { listTasks, passwordToken, staffAccept } from './support/api';
import { waitForServiceWorkerControl } from './support/serviceWorker';
import { DEMO_PASSWORD, loginWithPassword } from './support/session';
import { fastForwardSyncWorker } from './support/syncWorkerClock';

const CZ_TASKER = 'cz@demo.shelfwork.app';

test('a task staff accept shows in the next payout within its 60 s refresh, whose figures stay readable offline', async ({ page, context, request }) => {
  test.setTimeout(180_000);
  await loginWithPassword(page, CZ_TASKER);
  const payout = new PayoutPage(page);
  await page.goto('/profile');
  await expect(payout.summary).toBeVisible({ timeout: 20_000 });
  await payout.openFromProfile();
  await expect(payout.rowAmount('repayment')).toBeVisible();
  await expect(payout.row('repayment')).toContainText(/\(30\s?%\)/);
  await expect(payout.formula).toContainText('Payout = completed tasks − reward reductions − overpayment repayment');

  // Staff accept one of the tasker's tasks awaiting confirmation: with the screen open, the next
  // refresh (every 60 s, the worker ticks every 15 s) brings its reward as a line of the
  // completed tasks' row. The minute passes for the sync worker (support/syncWorkerClock.ts).
  const token = await passwordToken(request, CZ_TASKER, DEMO_PASSWORD);
  const [awaiting] = await listTasks(request, token, ['awaiting_confirmation']);
  expect(awaiting, 'the demo seed gives the CZ tasker tasks awaiting confirmation').toBeDefined();
  await staffAccept(request, awaiting!.id, 'Fine');
  await fastForwardSyncWorker(page, 60_000);
  const tasks = await payout.expand('tasks');
  await expect(tasks).toContainText(awaiting!.title, { timeout: 30_000 });
  const total = (await payout.total.textContent()) ?? '';
  expect(total).toMatch(/Kč|CZK/);

  await waitForServiceWorkerControl(page);
  await context.setOffline(true);
  await page.reload();
  await expect(payout.total).toHaveText(total, { timeout: 20_000 });
  await expect(payout.freshness).toContainText(/Could not refresh|Updated/);
  await context.setOffline(false);
});

test("missions: the list, a mission's detail, a mission the tasker does not have, the widget's collapse kept", async ({ page }) => {
  await loginWithPassword(page, CZ_TASKER);
  const missions = new MissionsPage(page);
  await missions.goto();
  await expect(missions.cards.first()).toBeVisible({ timeout: 20_000 });
  // The seeded missions are named in the market's language (server/db/seed-i18n.ts): the CZ 'Scanning sprint'.
  const dialog = await missions.openDetail('Skenovací sprint');
  await expect(dialog).toContainText('Accepted tasks:');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await missions.goto('not-a-mission');
  await expect(missions.missingMission).toBeVisible({ timeout: 20_000 });

  await page.goto('/reservable');
  await expect(missions.widget).toBeVisible({ timeout: 20_000 });
  await expect(missions.currentSlide).toHaveAttribute('aria-label', /^1 of \d+$/);
  await missions.setWidgetCollapsed(true);
  expect(await page.evaluate(() => localStorage.getItem('isActiveMissionWidgetCollapsed'))).toBe('true');
  await page.reload();
  await expect(missions.widgetToggle).toHaveAttribute('aria-expanded', 'false', { timeout: 20_000 });
  await missions.setWidgetCollapsed(false);
});

test("the invite code copies, says 'Copied' for 3 s, and the market's rules show", async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await loginWithPassword(page, CZ_TASKER);
  await page.goto('/invite?hideNavback=true');
  const code = page.getByTestId('referral-code');
  await expect(code).toHaveText(/\S+/, { timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0);
  await expect(page.getByText('a total expected duration of 4 hours')).toBeVisible();

  const copy = page.getByTestId('copy-code');
  await copy.click();
  await expect(copy).toHaveText('Copied');
  await expect(copy).toBeDisabled();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await code.textContent());
  await expect(copy).toHaveText('Copy code', { timeout: 4_000 });
  await expect(copy).toBeEnabled();
});
