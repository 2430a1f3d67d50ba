/**
 * Long languages: Lithuanian, Polish, Romanian and Czech words are longer than English ones,
 * and a 360 px phone has no room to spare. Every screen with a list, a form or a navigation bar is
 * opened in those four languages (English, the source and the shortest, is left out) at 360×740
 * and measured twice:
 * - each labelled control (support/overflow.ts): a label cut, running out of its box, under the
 *   slide-to-reserve grabber, a placeholder cut, or a chip row cut with no hint of more;
 * - the page as a whole (support/layout.ts): no sideways scrolling, no element past the screen's
 *   edges, the bottom navigation's four labels shown whole, and no text cut anywhere (store names,
 *   addresses and EANs wrap instead of ending in an ellipsis).
 * A fault fails the test with the screen, the element and its text.
 *
 * Truncation (ellipsis or a line clamp) is left only to the top bar's title (the screen's heading
 * says it whole), and to the list tabs and the bottom-navigation labels on screens narrower than
 * the 360 px measured here. Everywhere else the text must fit.
 *
 * Each language logs in as its market's demo tasker, so the task titles and categories are the
 * ones that tasker sees. Nothing is changed on the server.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Locale, Task } from '../../src/domain/types';
import { listTasks, passwordToken, staffCreateTask } from './support/api';
import { findControlsCoveredBy, findLayoutFaultsWhileScrolling } from './support/layout';
import { findOverflowsWhileScrolling } from './support/overflow';
import { screenshot } from './support/screenshots';
import { encodeJpeg, testPattern } from '../support/images';
import { ProfileWizardPage } from './pages/ProfileWizardPage';
import { uniqueEmail } from './support/mailbox';
import { waitForServiceWorkerControl } from './support/serviceWorker';
import { jpegFile, LT_IDENTIFIERS } from './support/onboarding';
import { DEMO_PASSWORD, loginWithPassword, registerNewTasker } from './support/session';

const TASKERS: Partial<Record<Locale, string>> = {
  lt: 'lt@demo.shelfwork.app',
  pl: 'pl@demo.shelfwork.app',
  ro: 'ro@demo.shelfwork.app',
  cs: 'cz@demo.shelfwork.app',
};
const LOCALES = Object.keys(TASKERS) as Locale[];
/** Profile sent, not approved yet: sees the offerings locked and the onboarding tab. */
const PENDING_TASKER = 'pending@demo.shelfwork.app';

test.use({ viewport: { width: 360, height: 740 } });
const softExpect = expect.configure({ soft: true });

/** Waits for the screen to settle (catalog loaded, no skeletons), then measures it. */
async function expectLabelsFit(page: Page, locale: Locale, screen: string, screens = 4): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
  // Fonts and the last layout pass.
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
  await screenshot(page, `long-languages-${locale}-${screen}`);
  // Layout may still settle (a ResizeObserver's state update, a late font): measure again a few
  // times before judging; a control that never fits fails all the same.
  // The last measurement is what a failure prints: a poll that times out names no control.
  let last: string[] = [];
  const measure = async () =>
    (last = [
      ...(await findOverflowsWhileScrolling(page, screens)).map((o) => `${o.control} "${o.text}": ${o.problem}`),
      ...(await findLayoutFaultsWhileScrolling(page, screens)),
    ]);
  await expect
    .poll(measure, { timeout: 3_000 })
    .toEqual([])
    .catch(() => undefined);
  softExpect(last, `${locale} ${screen}: text that does not fit, or a layout wider than the screen`).toEqual([]);
}

/** A green page (login, register, passcode) is green to its end: none of the app's grey under or after it. */
async function expectGreenToTheEnd(page: Page, locale: Locale, screen: string): Promise<void> {
  const { below, under } = await page.evaluate(() => {
    const green = document.querySelector('.green-layout')?.getBoundingClientRect();
    const brand = getComputedStyle(document.documentElement).getPropertyValue('--brand-dark').trim();
    const probe = document.createElement('span');
    probe.style.color = brand;
    document.body.append(probe);
    const brandColour = getComputedStyle(probe).color;
    probe.remove();
    return {
      below: green ? Math.round(document.documentElement.scrollHeight - (green.bottom + window.scrollY)) : -1,
      under: getComputedStyle(document.body).backgroundColor === brandColour,
    };
  });
  expect.soft(below >= 0 && (below <= 1 || under), `${locale} ${screen}: the page below the green layout (${below}px) is green`).toBe(true);
}

/**
 * Opens a screen of the running app as its own links do (a history entry the router follows), not
 * with a new page load: one app start per account instead of one per screen. The shown screen's
 * elements are marked first and the new screen counts as open once none of them is left: every
 * path opened this way is a different screen component, so the router replaces them all.
 */
async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    for (const element of document.querySelectorAll('.main-content > *')) element.setAttribute('data-e2e-left', '');
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page.locator('[data-e2e-left]')).toHaveCount(0, { timeout: 20_000 });
  await expect(page.locator('.main-content > *').first()).toBeVisible({ timeout: 20_000 });
}

async function tasksFor(request: APIRequestContext, email: string) {
  const token = await passwordToken(request, email, DEMO_PASSWORD);
  const [available, reserved, inProgress] = await Promise.all([
    listTasks(request, token, ['available'], { isReservable: 'true' }),
    listTasks(request, token, ['reserved']),
    listTasks(request, token, ['in_progress']),
  ]);
  // The scanner's list needs a task with products to scan (the seed's SKU and stock-check tasks).
  const scanning = inProgress.find((task) => task.taskTypeId === 'sku-scan' || task.taskTypeId === 'stock-check');
  return { available: available[0], reserved: reserved[0], inProgress: scanning ?? inProgress[0] };
}

async function openTask(page: Page, task: Task | undefined, locale: Locale, screen: string): Promise<void> {
  if (!task) return;
  await page.goto(`/task/${encodeURIComponent(task.id)}`);
  await expect(page.getByRole('heading', { level: 1, name: task.title })).toBeVisible({ timeout: 20_000 });
  await expectLabelsFit(page, locale, screen);
}

for (const locale of LOCALES) {
  test(`every labelled control fits its box in ${locale} at 360×740`, async ({ page, request }) => {
    test.setTimeout(180_000);
    const email = TASKERS[locale] as string;

    // Logged out: login (both modes), register, passcode.
    await page.goto(`/login?lng=${locale}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectLabelsFit(page, locale, 'login');
    await expectGreenToTheEnd(page, locale, 'login');
    await page.locator('.auth-alt button').click();
    await expect(page.locator('input[type="password"]')).toBeVisible();
    await expectLabelsFit(page, locale, 'login-password');
    await page.goto(`/register?lng=${locale}`);
    await expect(page.locator('#register-country')).toBeVisible();
    await expectLabelsFit(page, locale, 'register');
    await expectGreenToTheEnd(page, locale, 'register');
    await page.goto(`/passcode?lng=${locale}&email=${encodeURIComponent(email)}`);
    await expect(page.locator('input[autocomplete="one-time-code"]')).toBeVisible();
    await expectLabelsFit(page, locale, 'passcode');

    // Logged in, with the language chosen as a tasker does in /settings (stored on the device).
    const tasks = await tasksFor(request, email);
    await loginWithPassword(page, email);
    await page.evaluate((lng) => localStorage.setItem('lng', lng), locale);

    for (const list of ['reservable', 'reserved', 'in_progress'] as const) {
      await page.goto(`/${list}`);
      await expect(page.getByRole('navigation').locator('.status-tabs__tab.is-active')).toBeVisible({ timeout: 20_000 });
      await expect(page.locator('.task-list:visible, .task-groups:visible, .task-empty:visible').first()).toBeVisible({ timeout: 20_000 });
      await expectLabelsFit(page, locale, `list-${list}`);
    }

    // The filter chips scrolled to the middle and to the end: a hint on each cut edge.
    await page.goto('/reservable');
    // The shown list's chips: the other lists are kept built, hidden (TaskListScreen).
    const chips = page.locator('.type-filter:visible');
    await expect(chips).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('.task-list:visible').first()).toBeVisible({ timeout: 20_000 });
    await chips.evaluate((row) => row.scrollTo({ left: (row.scrollWidth - row.clientWidth) / 2 }));
    await expectLabelsFit(page, locale, 'chips-middle', 1);
    await chips.evaluate((row) => row.scrollTo({ left: row.scrollWidth }));
    await expectLabelsFit(page, locale, 'chips-end', 1);

    await openTask(page, tasks.available, locale, 'task-available');
    if (tasks.available) await expect(page.getByRole('slider')).toBeVisible();
    await openTask(page, tasks.reserved, locale, 'task-reserved');
    await openTask(page, tasks.inProgress, locale, 'task-in-progress');
    if (tasks.inProgress) {
      // The execution screens of the task at work, opened from its detail as its links do.
      const task = `/task/${encodeURIComponent(tasks.inProgress.id)}`;
      for (const screen of ['skus', 'photos', 'defects', 'blockers', 'confirm_complete', 'confirm_incomplete', 'confirm_blocked', 'instructions']) {
        await openInApp(page, `${task}/${screen}`);
        if (screen === 'skus') {
          // No camera here: the scanner says so in a dialog; closed, the lists show (with the EANs).
          const noCamera = page.locator('dialog[open]');
          await expect(noCamera).toBeVisible({ timeout: 20_000 });
          await page.keyboard.press('Escape');
          await expect(noCamera).toHaveCount(0);
          if (['sku-scan', 'stock-check'].includes(tasks.inProgress.taskTypeId)) await expect(page.locator('.sku-products .sku-ean').first()).toBeVisible();
        }
        await expectLabelsFit(page, locale, `task-${screen}`);
      }
    }

    // The map's bar (status tabs, the way back to the list) over the map.
    await openInApp(page, '/map/reservable');
    await expect(page.locator('.map-screen__bar')).toBeVisible({ timeout: 20_000 });
    await expectLabelsFit(page, locale, 'map', 1);

    for (const path of ['history', 'history/accepted', 'settings', 'onboarding', 'profile', 'profile/next-payout', 'trainings', 'missions', 'invite']) {
      await openInApp(page, `/${path}`);
      await expect(page.locator('.main-content')).toBeVisible({ timeout: 20_000 });
      await expectLabelsFit(page, locale, path.replace('/', '-'));
    }
    // The profile wizard of an approved tasker (locked fields shown disabled).
    await openInApp(page, '/profile/edit?hideCountry=true');
    await expect(page.locator('.wizard-actions')).toBeVisible({ timeout: 20_000 });
    await expectLabelsFit(page, locale, 'profile-edit');

    // The side menu.
    await openInApp(page, '/reservable');
    await page.locator('.topbar button[aria-haspopup="dialog"]').first().click();
    await expect(page.locator('dialog.drawer[open]')).toBeVisible();
    await expectLabelsFit(page, locale, 'menu', 1);
  });

  // Awaiting approval: the onboarding tab (with its dot) instead of the profile, the account
  // notices, and the offerings locked.
  test(`the onboarding tab and the notices fit in ${locale} at 360×740`, async ({ page }) => {
    await loginWithPassword(page, PENDING_TASKER);
    await page.evaluate((lng) => localStorage.setItem('lng', lng), locale);
    for (const path of ['reservable', 'onboarding', 'onboarding/profile-edit']) {
      // The first screen loads the app in the language chosen; the others open inside it.
      if (path === 'reservable') await page.goto(`/${path}`);
      else await openInApp(page, `/${path}`);
      await expect(page.locator('.bottomnav')).toBeVisible({ timeout: 20_000 });
      if (path.endsWith('profile-edit')) await expect(page.locator('.wizard-actions')).toBeVisible({ timeout: 20_000 });
      await expectLabelsFit(page, locale, `pending-${path.replace('/', '-')}`);
    }
  });
}

// A document photo as the phone's camera takes it (905×1280), on the onboarding screen's first
// load (the wizard's styles not loaded yet): drawn as a thumbnail, so the confirmation and Save stay
// right under it instead of a screen and more further down.
test('an uploaded document photo is drawn as a thumbnail at 360×740', async ({ page, request }) => {
  const email = uniqueEmail('document-thumbnail');
  await registerNewTasker(page, request, email, 'Lithuania');
  await expect(page).toHaveURL(/\/onboarding$/, { timeout: 20_000 });
  const payment = page.getByRole('region', { name: 'Payment documents' });
  await payment
    .getByTestId('payment_document-gallery')
    .setInputFiles({ name: 'certificate.jpg', mimeType: 'image/jpeg', buffer: encodeJpeg(testPattern(905, 1280, 1), 85) });
  const photo = payment.getByRole('img', { name: 'Your document photo' });
  await expect(photo).toBeVisible({ timeout: 30_000 });
  await page.reload();
  await expect(photo).toBeVisible({ timeout: 20_000 });
  await expect(photo).toHaveJSProperty('complete', true);
  const drawn = (await photo.boundingBox())!;
  expect(drawn.width, 'the photo is drawn as a thumbnail').toBeLessThanOrEqual(120);
  expect(drawn.height, 'the photo is drawn as a thumbnail').toBeLessThanOrEqual(120);
  const confirmation = (await payment.getByRole('checkbox').boundingBox())!;
  const save = (await payment.getByRole('button', { name: 'Save' }).boundingBox())!;
  expect(confirmation.y - (drawn.y + drawn.height), 'the confirmation right under the photo').toBeLessThan(200);
  expect(save.y + save.height - drawn.y, 'the photo, the confirmation and Save on one screen').toBeLessThan(740);
});

// The wizard's "Saved" toast after a step: it covers none of the next step's controls (at the
// bottom of a 360×740 screen it lay over the fields and the button of the next step).
test('the wizard\'s "Saved" toast covers none of its controls at 360×740', async ({ page, context, request }) => {
  await registerNewTasker(page, request, uniqueEmail('wizard-toast'), 'Lithuania');
  await expect(page).toHaveURL(/\/onboarding$/, { timeout: 20_000 });
  await page.getByTestId('install-banner').getByRole('button', { name: 'Close' }).click();
  const wizard = new ProfileWizardPage(page);
  await wizard.goto();
  await wizard.expectStep('referral', 1, 5);
  await wizard.skip();
  await wizard.expectStep('contact', 2, 5);
  await wizard.fill({ firstName: 'Rūta', lastName: 'Jonaitienė', phone: LT_IDENTIFIERS.phone, address: 'Gedimino pr. 9, Vilnius' });
  // Saved offline, the toast is longer ("Saved on this phone…"): two steps offline.
  const savedToast = page.locator('.toast', { hasText: /^Saved/ });
  const expectNothingUnderTheToast = async (step: string) => {
    await expect(savedToast).toBeVisible();
    expect.soft(await findControlsCoveredBy(page, '.toast'), `${step}: controls under the toast`).toEqual([]);
    await savedToast.getByRole('button', { name: 'Close' }).click();
  };
  await wizard.saveAndContinue();
  await wizard.expectStep('personal', 3, 5);
  await expectNothingUnderTheToast('personal');
  await waitForServiceWorkerControl(page);
  await context.setOffline(true);
  await wizard.uploadIdentityDocument(jpegFile('id-card.jpg', 2));
  await wizard.fill({ nationalId: LT_IDENTIFIERS.nationalId });
  await wizard.saveAndContinue();
  await wizard.expectStep('business', 4, 5);
  await expectNothingUnderTheToast('business');
  await wizard.fill({ individualActivityNo: '1234567' });
  await wizard.saveAndContinue();
  await wizard.expectStep('billing', 5, 5);
  await expectNothingUnderTheToast('billing');
  await context.setOffline(false);
});

// The bell's tooltip ("You have 1 new notification") shows a moment after the app starts; the menu
// opened then dims the page behind its backdrop, and the tooltip goes with the page, not over it.
test('the bell tooltip is not drawn over the open menu at 360×740', async ({ page, request }) => {
  const email = TASKERS.cs as string;
  const token = await passwordToken(request, email, DEMO_PASSWORD);
  const [available] = await listTasks(request, token, ['available'], {});
  expect(available, 'the seed has an available CZ task (its store is used)').toBeTruthy();
  const start = new Date(Date.now() + 30 * 3600_000);
  start.setUTCMinutes(0, 0, 0);
  // A new task in the tasker's market: a notification for the bell.
  await staffCreateTask(request, {
    placeId: (available as Task).place.id,
    taskTypeId: 'defects',
    timeWindowStart: start,
    timeWindowEnd: new Date(start.getTime() + 6 * 3600_000),
    expectedDuration: 15,
    reward: '150.00',
    title: `Bell tooltip ${Date.now().toString(36)}`,
  });
  await loginWithPassword(page, email);
  await page.goto('/reservable');
  await expect(page.getByTestId('notifications-count')).toBeVisible({ timeout: 30_000 });
  await page.reload();
  const tooltip = page.locator('.bell-tooltip');
  await expect(tooltip).toBeVisible({ timeout: 10_000 });
  await page.locator('.topbar button[aria-haspopup="dialog"]').first().click();
  await expect(page.locator('dialog.drawer[open]')).toBeVisible();
  // Still in the page (its 3 s are not over), but not drawn: read at once, in one go.
  const state = await page.evaluate(() => {
    const shown = document.querySelector('.bell-tooltip');
    return shown ? (shown.checkVisibility() ? 'drawn' : 'not drawn') : 'gone';
  });
  expect(state, 'the tooltip under the open menu').toBe('not drawn');
});
