/**
 * Staff review's rejection, as the tasker lives it: an LT account sent for approval
 * (arranged through the API) is rejected with two reasons and a comment; the onboarding page lists
 * them, the wizard opens at the first reason's step with each reason as its field's error, a
 * wrong fix is refused on the phone, the right one is sent, the account waits for approval
 * again (recorded once, by the tasker) and staff approve it.
 */
import { expect, test } from '@playwright/test';
import { OnboardingPage } from './pages/OnboardingPage';
import { ProfileWizardPage } from './pages/ProfileWizardPage';
import { currentUser } from './support/api';
import { uniqueEmail } from './support/mailbox';
import { ltAccountAwaitingApproval, staffApprove, staffReject, staffReview } from './support/onboarding';
import { loginWithEmailCode } from './support/session';
import { fastForwardSyncWorker } from './support/syncWorkerClock';

const COMMENT = 'The phone number does not answer and the address has no flat number.';
/** A Vilnius landline: a real area code (5), as in src/domain/profile.test.ts. */
const FIXED_PHONE = '+370 5 212 3456';

test('a rejection shows its reasons under their fields; the fix is sent, the account waits for approval again, approval follows', async ({ page, request }) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('onboarding-rejected');
  const { token, user } = await ltAccountAwaitingApproval(request, email);
  await staffReject(request, user.id, ['phone', 'address'], COMMENT);

  await loginWithEmailCode(page, request, email);
  await page.goto('/onboarding');
  const notice = page.getByRole('alert').filter({ hasText: 'Your profile was not approved' });
  await expect(notice).toBeVisible({ timeout: 20_000 });
  await expect(notice).toContainText(COMMENT);
  await expect(notice.getByRole('listitem')).toHaveCount(2);

  await page.getByRole('link', { name: 'Correct profile' }).click();
  const wizard = new ProfileWizardPage(page);
  // No referral step once the account is no longer new: contact is the first of four.
  await wizard.expectStep('contact', 1, 4);
  await wizard.expectFieldError('phone', 'Our team asked you to correct this');
  await wizard.expectFieldError('address', 'Our team asked you to correct this');
  await expect(wizard.field('firstName')).not.toHaveAttribute('aria-invalid', 'true');

  // A number without a real area code is refused before anything is sent.
  await wizard.fill({ phone: '+370 999 99999' });
  await wizard.saveAndContinue();
  await wizard.expectFieldError('phone', 'Phone number is not valid');
  await wizard.expectStep('contact', 1, 4);

  await wizard.fill({ phone: FIXED_PHONE, address: 'Vilniaus g. 10-3, Vilnius' });
  await wizard.saveAndContinue();
  await wizard.expectStep('personal', 2, 4);
  // The fix is saved, but the profile goes back to review only from the last step (reasons may sit on later steps).
  await expect.poll(async () => (await currentUser(request, token)).phone, { timeout: 30_000 }).toBe(FIXED_PHONE);
  expect((await currentUser(request, token)).status).toBe('rejected');
  await wizard.saveAndContinue();
  await wizard.expectStep('business', 3, 4);
  await wizard.saveAndContinue();
  await wizard.expectStep('billing', 4, 4);
  await wizard.saveAndComplete();
  await expect.poll(async () => (await currentUser(request, token)).status, { timeout: 30_000 }).toBe('awaiting_approval');
  const resent = await currentUser(request, token);
  expect(resent).toMatchObject({ phone: FIXED_PHONE, address: 'Vilniaus g. 10-3, Vilnius', rejectionReasons: [] });

  const { events } = await staffReview(request, user.id);
  expect(events.filter((e) => e.kind === 'rejected')).toEqual([expect.objectContaining({ actor: 'E2E reviewer', reasons: ['phone', 'address'], comment: COMMENT })]);
  expect(events.filter((e) => e.kind === 'resubmitted')).toEqual([expect.objectContaining({ actor: 'tasker' })]);

  await page.goto('/onboarding');
  const onboarding = new OnboardingPage(page);
  await expect(page.getByRole('status').filter({ hasText: 'Your profile is waiting for approval' })).toBeVisible({ timeout: 20_000 });
  await expect(onboarding.step('Profile approval')).toContainText('Waiting for review');

  await staffApprove(request, user.id);
  // The app asks for the account every 60 s (spec section 9): a minute passes for the sync worker
  // (support/syncWorkerClock.ts) and its next 15 s tick pulls the account; the approval shows.
  await fastForwardSyncWorker(page, 60_000);
  await expect(page.getByRole('status').filter({ hasText: 'Your profile is approved' })).toBeVisible({ timeout: 30_000 });
  await expect(onboarding.step('Profile approval')).toContainText('Done');
  await expect(onboarding.step('Trainings')).toContainText('To do');
});
