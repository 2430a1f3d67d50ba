/**
 * Route guards of spec section 2: login needed, can-see-tasks (else onboarding), guest-only.
 */
import { expect, test } from '@playwright/test';
import { uniqueEmail } from './support/mailbox';
import { registerNewTasker } from './support/session';

test('a guarded route redirects as the spec says: logged out, /reserved goes to /login', async ({ page }) => {
  await page.goto('/reserved?lng=en');
  await expect(page).toHaveURL(/\/login(\?|$)/);
  await expect(page.getByRole('button', { name: 'Send login code' })).toBeVisible();
});

test('a guarded route redirects as the spec says: a new tasker opening a task list goes to /onboarding', async ({
  page,
  request,
}) => {
  await registerNewTasker(page, request, uniqueEmail('guard'));
  await expect(page).toHaveURL(/\/onboarding$/, { timeout: 20_000 });

  for (const path of ['/reservable', '/reserved', '/in_progress']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/onboarding$/);
  }
  // Guest-only: a logged-in tasker does not get the login page.
  await page.goto('/login');
  await expect(page).not.toHaveURL(/\/login/);
});
