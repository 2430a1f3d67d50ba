/**
 * Language detection (DESIGN.md, i18n): `?lng=` picks the catalog. The expected text is read from
 * the Lithuanian catalog itself, so the test checks that the app shows it, not a copy of it.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';

/** msgstr of a msgid in a .po catalog (single-line entries, which is what Lingui writes for short strings). */
async function translation(locale: string, msgid: string): Promise<string> {
  const po = await readFile(new URL(`../../src/locales/${locale}/messages.po`, import.meta.url), 'utf8');
  const escaped = msgid.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`^msgid "${escaped}"\\nmsgstr "(.*)"$`, 'm').exec(po);
  return match?.[1] ?? '';
}

test('?lng=lt shows Lithuanian', async ({ page }) => {
  const heading = await translation('lt', 'Log in');
  const button = await translation('lt', 'Send login code');
  // The catalog must really be translated, not an English copy.
  expect(heading, 'lt translation of "Log in"').not.toBe('');
  expect(heading).not.toBe('Log in');
  expect(button, 'lt translation of "Send login code"').not.toBe('');

  await page.goto('/login?lng=lt');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  await expect(page.getByRole('button', { name: button })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'lt');
});
