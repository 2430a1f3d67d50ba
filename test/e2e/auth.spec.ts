/**
 * Registration and login by email code, then the first screens a tasker sees (spec sections 2, 4).
 */
import { expect, test } from '@playwright/test';
import { OnboardingPage } from './pages/OnboardingPage';
import { TaskDetailPage } from './pages/TaskDetailPage';
import { TaskListPage } from './pages/TaskListPage';
import { uniqueEmail } from './support/mailbox';
import { APPROVED_LT_TASKER, loginWithEmailCode, registerNewTasker } from './support/session';

test('a new tasker registers, gets the code from the dev mailbox and lands on onboarding', async ({ page, request }) => {
  await registerNewTasker(page, request, uniqueEmail('register'));

  await expect(page).toHaveURL(/\/onboarding$/, { timeout: 20_000 });
  const onboarding = new OnboardingPage(page);
  await onboarding.expectSixSteps();
  // The account exists, so the first incomplete step opens.
  await onboarding.expectOpenStep('Payment documents');
});

test('an approved tasker logs in and opens an available task', async ({ page, request }) => {
  await loginWithEmailCode(page, request, APPROVED_LT_TASKER);

  const list = new TaskListPage(page);
  await list.goto('/reservable');
  await list.expectCards();
  const card = list.cards.first();
  const [first] = await list.summaries(1);
  const reward = await list.rewardOf(card);
  expect(first?.href).toMatch(/^\/task\/.+/);

  await card.click();
  await expect(page).toHaveURL(new RegExp(`${first?.href ?? ''}$`));
  await new TaskDetailPage(page).expectTask(first?.title ?? '', reward);
});
