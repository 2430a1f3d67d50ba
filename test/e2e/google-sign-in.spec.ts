/**
 * Google sign-in at 360×740 against a real OpenID provider on localhost (oidc-provider with its
 * development login and consent pages, test/support/oidcProvider.ts), which scripts/test-e2e.sh
 * starts beside each server and names to it as GOOGLE_OIDC_ISSUER: the whole flow from the login
 * screen to the task list for an existing code-login tasker (the same account), a registration
 * through Google (country choice → onboarding), a refusal in words (an unverified e-mail) and a
 * cancel, and offline the button saying it needs a connection; the login screen with the button
 * in lt and pl (E2E_SCREENSHOTS=1 keeps them).
 */
import { expect, test, type Page } from '@playwright/test';
import { LoginPage } from './pages/LoginPage';
import { ProfilePage } from './pages/ProfilePage';
import { RegisterPage } from './pages/RegisterPage';
import { TaskListPage } from './pages/TaskListPage';
import { screenshot } from './support/screenshots';
import { APPROVED_LT_TASKER } from './support/session';

test.use({ viewport: { width: 360, height: 740 } });

const GOOGLE_BUTTON = 'Continue with Google';

test.beforeEach(async ({ request }) => {
  const providers = (await (await request.get('/api/auth/providers')).json()) as { google?: boolean };
  test.skip(providers.google !== true, 'the server has no Google sign-in configured (scripts/test-e2e.sh starts the test provider)');
});

/** The provider's development pages: a login form (any password) and a consent page. */
async function signInAtProvider(page: Page, email: string): Promise<void> {
  await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/interaction\//, { timeout: 20_000 });
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill('any');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  // A first sign-in of the account asks for consent; the provider's session may skip it later.
  const consent = page.getByRole('button', { name: 'Continue' });
  await expect(consent.or(page.locator('.green-layout')).first()).toBeVisible({ timeout: 20_000 });
  if (await consent.isVisible()) await consent.click();
}

/** /login with the consents ticked, then "Continue with Google". */
async function startFromLogin(page: Page): Promise<void> {
  const login = new LoginPage(page);
  await login.goto();
  const google = page.getByRole('button', { name: GOOGLE_BUTTON });
  await expect(google).toBeDisabled();
  await login.acceptConsents();
  await google.click();
}

test('an existing code-login tasker signs in with Google and lands on their own task list', async ({ page }) => {
  await startFromLogin(page);
  await signInAtProvider(page, APPROVED_LT_TASKER);

  // Where a code login lands: the task list, the code and state gone from the address.
  await expect(page).toHaveURL(/\/(reservable|reserved|in_progress)$/, { timeout: 20_000 });
  await new TaskListPage(page).expectCards();

  // The same account as by e-mail code: the demo tasker's name and e-mail on the profile.
  await page.getByRole('link', { name: 'Profile' }).first().click();
  await new ProfilePage(page).expectShown('Aistė Kazlauskienė', APPROVED_LT_TASKER);
});

test('a Google account without an account chooses its country and lands on onboarding', async ({ page }) => {
  await startFromLogin(page);
  await signInAtProvider(page, 'google.new@example.com');

  // A second try under CI may find the account its first try made (the provider's accounts are
  // fixed), which signs in straight to onboarding.
  const madeBefore = test.info().retry > 0 && (await page.waitForURL(/\/onboarding$/, { timeout: 10_000 }).then(() => true, () => false));
  if (!madeBefore) {
    await expect(page).toHaveURL(/\/auth\/google\/callback$/);
    await expect(page.getByRole('heading', { name: 'One more step' })).toBeVisible({ timeout: 20_000 });
    await page.getByLabel('Country where you will work').selectOption({ label: 'Lithuania' });
    await screenshot(page, 'google-callback-country');
    await page.getByRole('button', { name: 'Create account' }).click();
  }
  await expect(page).toHaveURL(/\/onboarding$/, { timeout: 20_000 });
});

test('a cancel at Google says so with a way back; an unverified Google e-mail is refused in words', async ({ page }) => {
  await startFromLogin(page);
  await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/interaction\//, { timeout: 20_000 });
  await page.getByRole('link', { name: '[ Cancel ]' }).click();
  await expect(page.getByRole('heading', { name: 'Google sign-in cancelled' })).toBeVisible({ timeout: 20_000 });
  expect(page.url()).not.toMatch(/[?&](error|state)=/);

  // Back to log in keeps the ticks (a draft in the mirror), so Google is one press away.
  await page.getByRole('link', { name: 'Back to log in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  for (const box of await page.getByRole('checkbox').all()) await expect(box).toBeChecked();
  await page.getByRole('button', { name: GOOGLE_BUTTON }).click();
  await signInAtProvider(page, 'unverified@example.com');

  await expect(page.getByRole('heading', { name: 'Not signed in' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('alert')).toHaveText('The email of this Google account is not verified. Please verify it with Google or log in with your email.');
  // The code and state left the address bar once used.
  expect(page.url()).toMatch(/\/auth\/google\/callback$/);
  await expect(page.getByRole('link', { name: 'Back to log in' })).toBeVisible();
  await screenshot(page, 'google-callback-unverified');
});

test("a callback link someone else started is not used: this phone is not signed into their account", async ({ page, browser, request }) => {
  // The attacker starts a sign-in of their own and stops at Google's redirect, keeping its link.
  const started = await request.post('/api/auth/google/start', { data: { intent: 'login' } });
  expect(started.status()).toBe(200);
  const { authorizationUrl } = (await started.json()) as { authorizationUrl: string };
  const attacker = await browser.newContext();
  const attackerPage = await attacker.newPage();
  // The provider's redirect to the callback, as the browser requested it (the attacker's own app
  // does not send the code either: it did not start this sign-in in that browser).
  let link: string | null = null;
  attackerPage.on('request', (r) => {
    if (new URL(r.url()).pathname === '/auth/google/callback' && new URL(r.url()).searchParams.has('code')) link = r.url();
  });
  await attackerPage.goto(authorizationUrl);
  await signInAtProvider(attackerPage, 'attacker@example.com').catch(() => undefined);
  await expect.poll(() => link, { timeout: 20_000 }).not.toBeNull();
  await attacker.close();

  // The tasker opens that link: the app did not start this sign-in, so the code is never sent.
  const logins: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/auth/login') logins.push(r.url());
  });
  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Not signed in' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('alert')).toContainText('was not started in this app');
  expect(logins).toEqual([]);
  expect(page.url()).toMatch(/\/auth\/google\/callback$/);
});

test("the Google button does not push the login form's links on a first visit", async ({ page }) => {
  await page.addInitScript(() => {
    const shifts: Array<{ value: number; at: number; sources: string[] }> = [];
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node | null }> }>) {
        if (entry.hadRecentInput) continue;
        const sources = (entry.sources ?? []).map(({ node, previousRect, currentRect }: { node?: Node | null; previousRect?: DOMRectReadOnly; currentRect?: DOMRectReadOnly }) => `${node instanceof Element ? `${node.tagName.toLowerCase()}.${[...node.classList].join('.')}` : String(node?.nodeName ?? '?')} y ${previousRect?.y} → ${currentRect?.y}`);
        shifts.push({ value: entry.value, at: Math.round(entry.startTime), sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // A first visit: nothing kept in the mirror yet, so the app learns of Google only from the server.
  await page.goto('/login?lng=en');
  await expect(page.getByRole('button', { name: GOOGLE_BUTTON })).toBeVisible({ timeout: 20_000 });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const shifts = await page.evaluate(() => (window as unknown as { __shifts: Array<{ value: number }> }).__shifts);
  expect(shifts.reduce((sum, s) => sum + s.value, 0), `layout shifts: ${JSON.stringify(shifts)}`).toBeLessThanOrEqual(0.02);
});

test('the button fits in lt and pl; on register it waits for the country; offline it says it needs a connection', async ({ page, context }) => {
  const login = new LoginPage(page);
  for (const lng of ['lt', 'pl']) {
    await login.goto(lng);
    await login.acceptConsents();
    const google = page.locator('.btn-google');
    await expect(google).toBeEnabled();
    // The label on one line, inside the button (no cut text, no sideways scroll).
    const fits = await google.evaluate((button) => button.scrollWidth <= button.clientWidth && document.documentElement.scrollWidth <= window.innerWidth);
    expect(fits, `the Google button fits at 360 px in ${lng}`).toBe(true);
    await google.scrollIntoViewIfNeeded();
    await screenshot(page, `google-login-${lng}`);
  }

  // On /register the market goes with the start: without one, Google waits and the country says so.
  await new RegisterPage(page).goto();
  await login.acceptConsents();
  await page.getByRole('button', { name: GOOGLE_BUTTON }).click();
  await expect(page.getByLabel('Country where you will work')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/register\?lng=en$/);

  await login.goto('en');
  await login.acceptConsents();
  await context.setOffline(true);
  const google = page.getByRole('button', { name: GOOGLE_BUTTON });
  await expect(google).toBeDisabled();
  await expect(page.getByText('Google sign-in needs a connection.')).toBeVisible();
  await google.scrollIntoViewIfNeeded();
  await screenshot(page, 'google-login-offline-en');
  await context.setOffline(false);
  await expect(google).toBeEnabled();
});
