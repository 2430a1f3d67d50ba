/**
 * Reach and help, end to end on the real server and the built app:
 * - a support message written offline waits on the phone, arrives once when the signal returns and
 *   is mailed once to the market's support address (the dev mailbox);
 * - the install banner shows on app screens (280–380 px wide) and hides on welcome, install and the
 *   permission pages, and once closed;
 * - welcome, install, the permission pages and the help pages render in lt, pl, cs and ro at
 *   390×844 and 360 px wide (screenshots with E2E_SCREENSHOTS=1).
 */
import { expect, test, type Page } from '@playwright/test';
import type { Locale } from '../../src/domain/types';
import { readMailbox } from './support/mailbox';
import { screenshot } from './support/screenshots';
import { loginWithPassword } from './support/session';

const PL_TASKER = 'pl@demo.shelfwork.app';
const PL_SUPPORT = 'pomoc@shelfwork.example';

async function useLanguage(page: Page, locale: Locale): Promise<void> {
  await page.evaluate((lng) => localStorage.setItem('lng', lng), locale);
}

test.describe('support', () => {
  test('a message written offline arrives once and is mailed to the market’s support', async ({ page, context, request }) => {
    test.setTimeout(120_000);
    await loginWithPassword(page, PL_TASKER);
    await page.goto('/support');
    // The market's contacts, tap to call and tap to mail.
    await expect(page.locator('a[href^="tel:+48"]')).toBeVisible({ timeout: 20_000 });
    await expect(page.locator(`a[href="mailto:${PL_SUPPORT}"]`)).toBeVisible();

    const text = `E2E offline support ${Date.now().toString(36)}: the scanner froze in the store`;
    const before = (await readMailbox(request, PL_SUPPORT)).filter((m) => m.text.includes(text)).length;
    expect(before).toBe(0);

    await context.setOffline(true);
    const box = page.getByRole('textbox');
    // Too short: the form says so and sends nothing.
    await box.fill('ab');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('The message must be at least 3 characters long')).toBeVisible();
    await box.fill(text);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText(`We will answer you at ${PL_TASKER}`)).toBeVisible();
    await expect(page.getByTestId('support-waiting')).toContainText(text);
    await expect(box).toHaveValue('');
    await screenshot(page, 'support-offline-waiting');
    // Nothing reached the server while offline.
    expect((await readMailbox(request, PL_SUPPORT)).filter((m) => m.text.includes(text))).toHaveLength(0);

    await context.setOffline(false);
    await expect(page.getByTestId('support-waiting')).toHaveCount(0, { timeout: 30_000 });
    await expect.poll(async () => (await readMailbox(request, PL_SUPPORT)).filter((m) => m.text.includes(text)).length, { timeout: 15_000 }).toBe(1);
    // Still once a moment later (no second delivery).
    await page.waitForTimeout(1500);
    const mails = (await readMailbox(request, PL_SUPPORT)).filter((m) => m.text.includes(text));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain(PL_TASKER);
  });

  test('the deactivated screen shows the support contacts', async ({ page }) => {
    await loginWithPassword(page, 'deactivated@demo.shelfwork.app').catch(() => undefined);
    await page.goto('/');
    await expect(page.locator('a[href^="tel:+420"]')).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('a[href="mailto:podpora@shelfwork.example"]')).toBeVisible();
  });
});

test.describe('install banner', () => {
  test('shows on app screens at 280–380 px and hides on welcome, install and permission pages, and once closed', async ({ page }) => {
    await loginWithPassword(page, PL_TASKER);
    for (const width of [390, 360]) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto('/reservable');
      const banner = page.getByTestId('install-banner');
      await expect(banner).toBeVisible({ timeout: 20_000 });
      const box = await banner.boundingBox();
      expect(box?.width).toBeGreaterThanOrEqual(280);
      expect(box?.width).toBeLessThanOrEqual(380);
      await screenshot(page, `install-banner-${width}`);
    }
    for (const path of ['/welcome', '/install', '/geolocation-permissions', '/notification-permissions']) {
      await page.goto(path);
      await expect(page.locator('h1').first()).toBeVisible({ timeout: 20_000 });
      await expect(page.getByTestId('install-banner'), path).toHaveCount(0);
    }
    await page.goto('/support');
    await expect(page.getByTestId('install-banner')).toBeVisible({ timeout: 20_000 });
    await page.getByTestId('install-banner').getByRole('button', { name: 'Close' }).click();
    await expect(page.getByTestId('install-banner')).toHaveCount(0);
    await page.goto('/reservable');
    await expect(page.locator('.bottomnav')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('install-banner')).toHaveCount(0);
  });

  test('never shows in the installed app', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
    // display-mode standalone, as the installed app reports it.
    await context.addInitScript(() => {
      const original = window.matchMedia.bind(window);
      window.matchMedia = (query: string) => (query.includes('display-mode: standalone') ? ({ ...original(query), matches: true, media: query } as MediaQueryList) : original(query));
    });
    const page = await context.newPage();
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('install-banner')).toHaveCount(0);
    await context.close();
  });
});

const LOCALES: Locale[] = ['lt', 'pl', 'cs', 'ro'];

test.describe('new pages in each language', () => {
  for (const locale of LOCALES) {
    test(`welcome, install, permissions and help render in ${locale}`, async ({ page }) => {
      test.setTimeout(120_000);
      const tasker = locale === 'cs' ? 'cz@demo.shelfwork.app' : `${locale}@demo.shelfwork.app`;
      await loginWithPassword(page, tasker);
      await useLanguage(page, locale);
      // Each page loaded once and measured at both widths: their width-dependent layout is CSS
      // alone (media queries; no script reads the width), so the narrower screen is a resize away.
      for (const path of ['/welcome', '/install', '/geolocation-permissions', '/notification-permissions', '/support', '/faq', '/knowledge-base', '/troubleshooting']) {
        await page.setViewportSize({ width: 390, height: 844 });
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('lang', locale, { timeout: 20_000 });
        await expect(page.locator('h1, h2').first()).toBeVisible({ timeout: 20_000 });
        for (const width of [390, 360]) {
          await page.setViewportSize({ width, height: 844 });
          await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
          // Nothing wider than the screen.
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow, `${locale} ${path} at ${width}`).toBeLessThanOrEqual(0);
          await screenshot(page, `reach-${locale}-${width}-${path.slice(1)}`);
        }
      }
      // The manifest follows the language.
      await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', `/manifest.${locale}.webmanifest`);
      // Welcome claims the market's earnings; RO has no knowledge base.
      await page.goto('/welcome');
      const claim = { lt: /50.*2.?500/, pl: /500.*3.?000\s*zł/, cs: /1.?200.*13.?000/, ro: /5.?000/ }[locale as 'lt' | 'pl' | 'cs' | 'ro'];
      await expect(page.locator('h1')).toHaveText(claim);
      await page.goto('/knowledge-base');
      if (locale === 'ro') await expect(page.locator('details')).toHaveCount(0, { timeout: 20_000 });
      else await expect(page.locator('details').first()).toBeVisible({ timeout: 20_000 });
    });
  }

  test('the install page per device: desktop QR code, iPhone other browser copies the link for 3 s', async ({ browser }) => {
    const desktop = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: { width: 1280, height: 800 } });
    const page = await desktop.newPage();
    await page.goto('/install');
    await expect(page.locator('img.install-qr')).toBeVisible({ timeout: 20_000 });
    await screenshot(page, 'install-desktop');
    await desktop.close();

    const iphone = await browser.newContext({
      baseURL: process.env.E2E_BASE_URL,
      viewport: { width: 390, height: 844 },
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0 Mobile/15E148 Safari/604.1',
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const phone = await iphone.newPage();
    await phone.goto('/install');
    await phone.getByRole('button', { name: 'Copy link' }).click();
    await expect(phone.getByRole('button', { name: 'Copied' })).toBeVisible();
    await screenshot(phone, 'install-ios-other');
    await expect(phone.getByRole('button', { name: 'Copy link' })).toBeVisible({ timeout: 5000 });
    await iphone.close();
  });
});
