/**
 * The issue-13 screens in long languages (lt, pl, ro) at 390×844 and 360×740: the attendance
 * banner, the attendance popup answered "no" (reason and policy showing), the task instructions and
 * a task in history with its SKUs, defects and photos. Every labelled control must fit
 * (support/overflow.ts); screenshots go to test-results/screens with E2E_SCREENSHOTS=1.
 * Each language logs in as its market's demo tasker and gets a fresh reserved task with a request.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Locale, Task } from '../../src/domain/types';
import { listTasks } from './support/api';
import { arrangeAttendanceRequest } from './support/attendance';
import { findOverflowsWhileScrolling } from './support/overflow';
import { screenshot } from './support/screenshots';
import { loginWithPassword } from './support/session';

const TASKERS: Partial<Record<Locale, string>> = { lt: 'lt@demo.shelfwork.app', pl: 'pl@demo.shelfwork.app', ro: 'ro@demo.shelfwork.app' };
const SIZES = [
  { width: 390, height: 844 },
  { width: 360, height: 740 },
];

async function settle(page: Page, locale: Locale, name: string): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
  await screenshot(page, name);
  let overflows = await findOverflowsWhileScrolling(page, 3);
  for (let attempt = 0; overflows.length > 0 && attempt < 3; attempt += 1) {
    await page.waitForTimeout(300);
    overflows = await findOverflowsWhileScrolling(page, 3);
  }
  expect.soft(overflows.map((o) => `${o.control} "${o.text}": ${o.problem}`), `${name}: labelled controls whose text does not fit`).toEqual([]);
}

async function arrange(request: APIRequestContext, email: string, locale: string): Promise<{ task: Task; history: Task | undefined }> {
  const { token, task } = await arrangeAttendanceRequest(request, { email, title: `Attendance ${locale}`, expiry: { expiresInMinutes: 600 } });
  const [history] = await listTasks(request, token, ['accepted', 'rejected']);
  return { task, history };
}

for (const [locale, email] of Object.entries(TASKERS) as [Locale, string][]) {
  test(`attendance, instructions and history screens fit in ${locale} at 390 and 360 px`, async ({ page, request }) => {
    test.setTimeout(180_000);
    const { task, history } = await arrange(request, email, locale);
    await loginWithPassword(page, email);
    await page.evaluate((lng) => localStorage.setItem('lng', lng), locale);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      const tag = `${locale}-${size.width}`;
      await page.goto('/reserved');
      const banner = page.getByTestId('attendance-banner').filter({ hasText: task.title });
      await expect(banner).toBeVisible({ timeout: 30_000 });
      await settle(page, locale, `attendance-banner-${tag}`);
      await banner.getByRole('button').click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await dialog.getByRole('radio').nth(1).check();
      await dialog.locator('textarea').fill('Susirgau, atsiprašau — negalėsiu atvykti rytoj ryte.');
      await dialog.getByRole('checkbox').check();
      await settle(page, locale, `attendance-dialog-${tag}`);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      await page.goto(`/task/${encodeURIComponent(task.id)}/instructions`);
      await expect(page.locator('.instructions-trainings, .markdown-text').first()).toBeVisible({ timeout: 20_000 });
      await settle(page, locale, `instructions-${tag}`);

      if (history) {
        await page.goto(`/task/${encodeURIComponent(history.id)}`);
        await expect(page.locator('.history-banner')).toBeVisible({ timeout: 20_000 });
        await expect(page.locator('.history-skus, .history-defects').or(page.getByText(/SKU/)).first()).toBeVisible({ timeout: 20_000 });
        await settle(page, locale, `history-${tag}`);
        if (process.env.E2E_SCREENSHOTS === '1') await page.screenshot({ path: `test-results/screens/history-full-${tag}.png`, fullPage: true });
      }
    }
  });
}
