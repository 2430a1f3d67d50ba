/**
 * The profile wizard's own checks at 360×740, against the real server: a company without its
 * name is refused under the field (the wizard once hung on 'Saving…' with a TypeError), and a
 * name with an emoji is refused with a field error, on the phone and by POST /api/user alike.
 * A new LT account is arranged through the API up to the business step.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ProfileWizardPage } from './pages/ProfileWizardPage';
import { uniqueEmail } from './support/mailbox';
import { LT_IDENTIFIERS, jpegFile, postProfile, registerViaApi, uploadUserDocument } from './support/onboarding';
import { APPROVED_LT_TASKER, loginWithEmailCode } from './support/session';

test.use({ viewport: { width: 360, height: 740 } });

/** The name's error as the app words it (its catalog id until the catalogs are extracted). */
const NAME_ERROR = /Use only letters, spaces, hyphens, apostrophes and dots|zWAZh5/;

/** An LT account with its contact and personal steps saved: the wizard opens at the business step. */
async function ltAccountAtBusinessStep(request: APIRequestContext, email: string): Promise<string> {
  const token = await registerViaApi(request, email, 'LT');
  await uploadUserDocument(request, token, 'identity-document', jpegFile('id.jpg', 2).buffer);
  await postProfile(request, token, {
    firstName: 'Eglė',
    lastName: 'Petraitytė',
    phone: LT_IDENTIFIERS.phone,
    address: 'Vilniaus g. 10, Vilnius',
    nationalId: LT_IDENTIFIERS.nationalId,
  });
  return token;
}

test('Company ticked with its name empty: Save shows the field error and the button comes back', async ({ page, request }) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const email = uniqueEmail('wizard-company');
  await ltAccountAtBusinessStep(request, email);
  await loginWithEmailCode(page, request, email);

  const wizard = new ProfileWizardPage(page);
  await wizard.goto();
  await wizard.expectStep('business', 4, 5);
  await wizard.chooseCompany();
  await wizard.fill({ individualActivityNo: '1234567', legalEntityNumber: '300000000' });
  await wizard.saveAndContinue();

  await wizard.expectFieldError('legalEntityName', 'This field is required');
  await expect(page.getByRole('button', { name: 'Save and continue' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Saving…' })).toHaveCount(0);
  await wizard.expectStep('business', 4, 5);
  expect(errors, 'no error thrown in the page').toEqual([]);

  // Filled, the step saves and the wizard moves on.
  await wizard.fill({ legalEntityName: 'UAB „Lentyna“' });
  await wizard.fill({ postalCode: '01103' });
  await wizard.saveAndContinue();
  await wizard.expectStep('billing', 5, 5);
});

test('a name with an emoji is refused under its field; the server refuses it too', async ({ page, request }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('wizard-emoji');
  const token = await ltAccountAtBusinessStep(request, email);
  await loginWithEmailCode(page, request, email);

  const wizard = new ProfileWizardPage(page);
  await wizard.goto();
  await wizard.expectStep('business', 4, 5);
  await wizard.back();
  await wizard.back();
  await wizard.expectStep('contact', 2, 5);
  await wizard.fill({ firstName: 'Eglė 😀' });
  await wizard.saveAndContinue();
  await wizard.expectFieldError('firstName', NAME_ERROR);
  await wizard.expectStep('contact', 2, 5);

  // A name of any script with a hyphen and an apostrophe passes.
  await wizard.fill({ firstName: "Eglė-Marija O'Neill" });
  await wizard.saveAndContinue();
  await wizard.expectStep('personal', 3, 5);

  const refused = await request.post('/api/user', {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': randomUUID(), 'Accept-Language': 'en' },
    data: { lastName: 'Petraitytė 🚀' },
  });
  expect(refused.status()).toBe(400);
  const body = (await refused.json()) as { error: { code: string; fields: Record<string, string> } };
  expect(body.error.code).toBe('VALIDATION_FAILED');
  expect(body.error.fields).toEqual({ lastName: 'NAME_INVALID' });
});

/** The clipboard refuses every write, as a browser without the permission does. */
async function refuseClipboard(page: Page): Promise<void> {
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'clipboard', {
      configurable: true,
      get: () => ({ writeText: () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')) }),
    });
  });
}

const selectedText = (page: Page) => page.evaluate(() => window.getSelection()?.toString().trim() ?? '');

test("a refused clipboard: 'Copy link' on /install and 'Copy code' on /invite say so and select what to copy by hand", async ({ page, request }) => {
  test.setTimeout(120_000);
  await refuseClipboard(page);
  await page.goto('/install?lng=en');
  await page.getByRole('button', { name: 'iPhone (other browser)' }).click();
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /Could not copy the link|^[A-Za-z0-9+/]{6}$/ })).toBeVisible();
  await expect.poll(() => selectedText(page)).toBe(await page.getByTestId('install-link').innerText());

  await loginWithEmailCode(page, request, APPROVED_LT_TASKER);
  await page.goto('/invite?lng=en');
  const code = page.getByTestId('referral-code');
  await expect(code).toBeVisible({ timeout: 20_000 });
  await page.getByTestId('copy-code').click();
  await expect(page.getByRole('alert').filter({ hasText: /Could not copy the code|^[A-Za-z0-9+/]{6}$/ })).toBeVisible();
  await expect.poll(() => selectedText(page)).toBe((await code.innerText()).trim());
});
