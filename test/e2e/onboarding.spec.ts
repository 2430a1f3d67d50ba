/**
 * From sign-up to the first reservation, in Chromium at 390×844 against the real
 * server. LT: a new account adds its activity certificate, fills the wizard's five steps with the
 * ID photo — part of it offline: two saves queued, the page reloaded with a draft typed, the
 * waiting state shown — then back online the profile and the ID photo reach the server exactly
 * once; staff approve, staff mark the required trainings done, a profile photo is set on /profile
 * and the tasker reserves a task. PL: the fleet partner and the three steps, no IBAN.
 * Identifiers are the published examples src/domain/profile.test.ts uses.
 */
import { expect, test } from '@playwright/test';
import { OnboardingPage } from './pages/OnboardingPage';
import { ProfilePage } from './pages/ProfilePage';
import { ProfileWizardPage } from './pages/ProfileWizardPage';
import { TaskActionsPage } from './pages/TaskActionsPage';
import { TrainingsPage } from './pages/TrainingsPage';
import { currentUser, emailCodeToken, listTasks } from './support/api';
import { uniqueEmail } from './support/mailbox';
import { LT_IDENTIFIERS, PL_IDENTIFIERS, jpegFile, staffApprove, staffCompleteRequiredTrainings, staffReview, wizardDraftValue } from './support/onboarding';
import { waitForServiceWorkerControl } from './support/serviceWorker';
import { registerNewTasker } from './support/session';
import { fastForwardSyncWorker } from './support/syncWorkerClock';

test('LT: a new tasker fills the five steps with documents, partly offline; staff approve and train; a profile photo; the tasker reserves a task', async ({ page, context, request }) => {
  test.setTimeout(300_000);
  const email = uniqueEmail('onboarding-lt');
  await registerNewTasker(page, request, email, 'Lithuania');
  await expect(page).toHaveURL(/\/onboarding$/, { timeout: 20_000 });
  const onboarding = new OnboardingPage(page);
  await onboarding.expectOpenStep('Payment documents');

  // Payment documents (LT): the certificate's photo, then the activity code confirmed.
  const payment = page.getByRole('region', { name: 'Payment documents' });
  await payment.getByTestId('payment_document-gallery').setInputFiles(jpegFile('certificate.jpg', 1));
  await expect(payment.getByText('Photo received')).toBeVisible({ timeout: 30_000 });
  await payment.getByRole('checkbox', { name: 'My certificate lists the activity code 829900' }).check();
  await payment.getByRole('button', { name: 'Save' }).click();
  await onboarding.expectOpenStep('Fill in profile and payment info');
  const token = await emailCodeToken(request, email);
  await expect.poll(async () => (await currentUser(request, token)).isPaymentDocumentUploaded, { timeout: 20_000 }).toBe(true);

  // The wizard: referral (skipped) and contact online.
  await page.getByRole('link', { name: 'Fill in profile' }).click();
  const wizard = new ProfileWizardPage(page);
  await wizard.expectStep('referral', 1, 5);
  await wizard.skip();
  await wizard.expectStep('contact', 2, 5);
  await wizard.fill({ firstName: 'Rūta', lastName: 'Jonaitienė', phone: LT_IDENTIFIERS.phone, address: 'Gedimino pr. 9, Vilnius' });
  await wizard.saveAndContinue();
  await wizard.expectStep('personal', 3, 5);
  await expect.poll(async () => (await currentUser(request, token)).phone, { timeout: 20_000 }).toBe(LT_IDENTIFIERS.phone);

  // Offline from here: the ID photo and the national ID, the business step, both queued.
  await waitForServiceWorkerControl(page);
  await context.setOffline(true);
  await wizard.uploadIdentityDocument(jpegFile('id-card.jpg', 2));
  await expect(page.getByText('Waiting for signal: the photo is saved on this phone')).toBeVisible();
  await wizard.fill({ nationalId: LT_IDENTIFIERS.nationalId });
  await wizard.saveAndContinue();
  await wizard.expectStep('business', 4, 5);
  await wizard.expectWaitingForSignal();
  await wizard.fill({ individualActivityNo: '1234567' });
  await wizard.saveAndContinue();
  await wizard.expectStep('billing', 5, 5);

  // The IBAN typed but not saved, and the page reloaded (a closed app): the draft is there.
  await wizard.fill({ iban: LT_IDENTIFIERS.iban });
  // The draft is written on every change but asynchronously; reloading within those milliseconds
  // raced its IndexedDB write on a loaded machine (one CI run, 27 Nov). Reload once it is stored.
  await expect.poll(() => wizardDraftValue(page, 'iban')).toBe(LT_IDENTIFIERS.iban);
  await page.reload();
  await wizard.expectStep('billing', 5, 5);
  await expect(wizard.field('iban')).toHaveValue(LT_IDENTIFIERS.iban);
  await wizard.expectWaitingForSignal();
  await wizard.saveAndComplete();
  await expect(page).toHaveURL(/\/onboarding$/);
  expect((await currentUser(request, token)).status, 'nothing reached the server while offline').toBe('new');

  // Back online: everything is delivered, once.
  await context.setOffline(false);
  await expect.poll(async () => (await currentUser(request, token)).status, { timeout: 60_000 }).toBe('awaiting_approval');
  const sent = await currentUser(request, token);
  expect(sent).toMatchObject({ nationalId: LT_IDENTIFIERS.nationalId, iban: 'LT121000011101001000', individualActivityNo: '1234567', isIdentityDocumentUploaded: true });
  const review = await staffReview(request, sent.id);
  expect(review.events.filter((e) => e.kind === 'submitted'), 'submitted exactly once').toHaveLength(1);
  expect(review.documents.filter((d) => d.kind === 'identity_document'), 'one identity document').toHaveLength(1);
  expect(review.documents.filter((d) => d.kind === 'payment_document'), 'one certificate').toHaveLength(1);
  // Sent: the stepper opens at its last step (spec section 4) and says the approval waits.
  await page.reload();
  await expect(onboarding.step('Profile approval')).toContainText('Waiting for review', { timeout: 20_000 });
  await expect(onboarding.step('Fill in profile and payment info')).toContainText('Done');

  // Staff approve; the required trainings are done; a task becomes reservable.
  await staffApprove(request, sent.id);
  expect(await listTasks(request, token, ['available'], { isReservable: 'true' }), 'no reservable task before the trainings').toHaveLength(0);
  const trainingIds = await staffCompleteRequiredTrainings(request, sent.id);
  // The app asks for the account every 60 s (spec section 9): a minute passes for the sync worker
  // (support/syncWorkerClock.ts), its next 15 s tick pulls the account and the stepper follows.
  await fastForwardSyncWorker(page, 60_000);
  await expect(onboarding.step('Profile approval')).toContainText('Done', { timeout: 30_000 });
  await expect(onboarding.step('Trainings')).toContainText('Done', { timeout: 30_000 });
  await page.reload();
  await onboarding.expectOpenStep('First task');
  await expect(page.getByRole('link', { name: 'Find a task' })).toBeVisible();
  const trainings = new TrainingsPage(page);
  await trainings.goto();
  for (const id of trainingIds) await expect(trainings.row(id).locator('.training-status')).toHaveText('Completed', { timeout: 20_000 });

  // The profile photo on /profile, sent and shown back from the server.
  const profile = new ProfilePage(page);
  await profile.goto();
  await profile.expectShown('Rūta Jonaitienė', email);
  await profile.choosePicture(jpegFile('me.jpg', 3));
  await profile.expectPicture();
  await profile.expectPictureSent();
  await expect.poll(async () => (await request.get('/api/user/profile-photo', { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(200);

  // The first reservation.
  const [task] = await listTasks(request, token, ['available'], { isReservable: 'true' });
  expect(task, 'a reservable task once approved and trained').toBeDefined();
  const detail = new TaskActionsPage(page);
  await detail.goto(task!.id);
  await detail.slideToReserve();
  await expect(detail.toast('Task reserved')).toBeVisible();
  await expect.poll(async () => (await listTasks(request, token, ['reserved'])).map((t) => t.id)).toContain(task!.id);
});

test('PL: the fleet partner and the three steps without an IBAN reach approval', async ({ page, request }) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('onboarding-pl');
  await registerNewTasker(page, request, email, 'Poland');
  await expect(page).toHaveURL(/\/onboarding$/, { timeout: 20_000 });
  const onboarding = new OnboardingPage(page);
  await onboarding.expectOpenStep('Payment documents');

  const payment = page.getByRole('region', { name: 'Payment documents' });
  await payment.getByRole('combobox', { name: 'Fleet partner' }).selectOption({ index: 1 });
  await expect(payment.getByRole('link', { name: /^Register with .+ on their website/ })).toHaveAttribute('href', /^https:\/\//);
  await payment.getByRole('checkbox', { name: 'I registered with a fleet partner' }).check();
  await payment.getByRole('button', { name: 'Save' }).click();
  await onboarding.expectOpenStep('Fill in profile and payment info');

  await page.getByRole('link', { name: 'Fill in profile' }).click();
  const wizard = new ProfileWizardPage(page);
  await wizard.expectStep('referral', 1, 3);
  await wizard.skip();
  await wizard.expectStep('contact', 2, 3);
  await wizard.fill({ firstName: 'Zofia', lastName: 'Kowalska', phone: PL_IDENTIFIERS.phone, address: 'ul. Marszałkowska 10, Warszawa' });
  await wizard.saveAndContinue();
  await wizard.expectStep('personal', 3, 3);
  await wizard.expectHidden('iban');
  await wizard.uploadIdentityDocument(jpegFile('dowod.jpg', 4));
  await wizard.fill({ nationalId: PL_IDENTIFIERS.nationalId });
  await wizard.saveAndComplete();
  await expect(page).toHaveURL(/\/onboarding$/);

  const token = await emailCodeToken(request, email);
  await expect.poll(async () => (await currentUser(request, token)).status, { timeout: 60_000 }).toBe('awaiting_approval');
  const user = await currentUser(request, token);
  expect(user).toMatchObject({ countryCode: 'PL', nationalId: PL_IDENTIFIERS.nationalId, isIdentityDocumentUploaded: true });
  expect(user.iban ?? null).toBeNull();
  expect(user.fleetPartnerId).toMatch(/^pl-/);
  await page.reload();
  await expect(onboarding.step('Profile approval')).toContainText('Waiting for review', { timeout: 20_000 });

  await staffApprove(request, user.id);
  expect((await currentUser(request, token)).status).toBe('active');
});
