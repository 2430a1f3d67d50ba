/**
 * The Content-Security-Policy the server sends (server/http/security.ts) blocks nothing the app
 * does: the boot splash's inline style (allowed by hash), the entry script and its chunks, the
 * sync worker's API calls, the service worker and its precache, retailer logos, the task screen.
 * Any `securitypolicyviolation` in the page, or a console report of one, fails the test. (The
 * other specs exercise the scanner worker, photos and letters under the same policy.)
 */
import { expect, test, type Page } from '@playwright/test';
import { listTasks, passwordToken } from './support/api';
import { waitForServiceWorkerControl } from './support/serviceWorker';
import { APPROVED_LT_TASKER, DEMO_PASSWORD, loginWithPassword } from './support/session';

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

async function violations(page: Page): Promise<string[]> {
  return page.evaluate(() => window.__cspViolations ?? []);
}

test('the app runs under its Content-Security-Policy without a single violation', async ({ page, context, request }) => {
  test.setTimeout(90_000);
  await context.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations?.push(`${event.violatedDirective} blocked ${event.blockedURI || '(inline)'} in ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  const reported: string[] = [];
  context.on('console', (message) => {
    if (/content security policy/i.test(message.text())) reported.push(message.text());
  });

  const login = await page.goto('/login?lng=en');
  expect(login?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await violations(page)).toEqual([]);

  await loginWithPassword(page, APPROVED_LT_TASKER, DEMO_PASSWORD);
  await page.goto('/reservable');
  await expect(page.locator('a[href^="/task/"]').first()).toBeVisible({ timeout: 20_000 });
  await waitForServiceWorkerControl(page);
  expect(await violations(page)).toEqual([]);

  const token = await passwordToken(request, APPROVED_LT_TASKER, DEMO_PASSWORD);
  const [task] = await listTasks(request, token, ['in_progress']);
  expect(task, 'the demo tasker has an in-progress task').toBeTruthy();
  await page.goto(`/task/${task?.id}`);
  await expect(page.getByRole('heading', { level: 1 }).or(page.getByRole('heading', { level: 2 })).first()).toBeVisible({ timeout: 20_000 });
  // Reloaded from the service worker's precache: the cached index.html keeps its own policy.
  await page.reload();
  await expect(page.locator('#root')).not.toBeEmpty();
  expect(await violations(page)).toEqual([]);
  expect(reported).toEqual([]);
});
