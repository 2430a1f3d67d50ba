/**
 * Screenshots of the steps a spec walks through, for a person to look at (issue notes, reviews):
 * written to test-results/screens/<name>.png only when E2E_SCREENSHOTS=1, so ordinary runs pay
 * nothing. Failures get Playwright's own screenshot and trace regardless.
 */
import type { Page } from '@playwright/test';

export async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SCREENSHOTS !== '1') return;
  await page.screenshot({ path: `test-results/screens/${name}.png` });
}
