/**
 * The payout screens: the summary on /profile and /profile/next-payout — the total, the
 * three expandable rows (completed tasks value, reward reductions, overpayment repayment with the
 * policy percentage), bonuses when any, the formula footer, and past payouts with their status.
 * English texts (the e2e tests run in en unless they switch).
 */
import { expect, type Locator, type Page } from '@playwright/test';

export class PayoutPage {
  constructor(private readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/profile/next-payout');
    await expect(this.total).toBeVisible({ timeout: 20_000 });
  }

  /** The summary card on /profile (links to the breakdown). */
  get summary(): Locator {
    return this.page.getByTestId('payout-summary');
  }

  async openFromProfile(): Promise<void> {
    await this.summary.getByRole('link').click();
    await expect(this.page).toHaveURL(/\/profile\/next-payout$/);
    await expect(this.total).toBeVisible({ timeout: 20_000 });
  }

  get total(): Locator {
    return this.page.getByTestId('next-payout-total');
  }

  /** 'tasks' | 'reductions' | 'repayment' | 'bonuses': one expandable row. */
  row(name: 'tasks' | 'reductions' | 'repayment' | 'bonuses'): Locator {
    return this.page.getByTestId(`row-${name}`);
  }

  /** Opens a row (a <details>) and returns it. */
  async expand(name: 'tasks' | 'reductions' | 'repayment' | 'bonuses'): Promise<Locator> {
    const row = this.row(name);
    if ((await row.getAttribute('open')) === null) await row.locator('summary').click();
    await expect(row).toHaveAttribute('open', '');
    return row;
  }

  /** The row's amount as shown (e.g. '€12.50', '−€5.00'). */
  rowAmount(name: 'tasks' | 'reductions' | 'repayment' | 'bonuses'): Locator {
    return this.row(name).locator('summary [class^="payout-row__amount"]');
  }

  get formula(): Locator {
    return this.page.getByTestId('payout-formula');
  }

  /** "Updated just now" / "Could not refresh — showing saved data" … */
  get freshness(): Locator {
    return this.page.locator('.freshness-line').first();
  }

  get pastPayouts(): Locator {
    return this.page.getByTestId('past-payout');
  }

  /** A past payout by its week's text (e.g. 'Nov 16 – 22, 2026'); data-status is 'paid' or 'pending'. */
  pastPayout(week: string | RegExp): Locator {
    return this.pastPayouts.filter({ hasText: week });
  }

  async expectPaid(week: string | RegExp): Promise<void> {
    const payout = this.pastPayout(week);
    await expect(payout).toHaveAttribute('data-status', 'paid', { timeout: 70_000 });
    await expect(payout).toContainText('Paid on');
  }
}
