/**
 * The console's review (/staff/review and /staff/review/:taskId) as a reviewer uses it: the queue
 * filtered by task type, one task's photos, scans against the product list and defects, and the
 * decision (accept, reject with a reason, accept with a reduced reward).
 */
import { expect, type Locator, type Page } from '@playwright/test';

export class ConsoleReviewPage {
  constructor(private readonly page: Page) {}

  /** The queue, filtered by a task type through its filter (the filters live in the address). */
  async gotoQueue(taskTypeTitle?: string): Promise<void> {
    await this.page.goto('/staff/review');
    await expect(this.page.getByRole('heading', { level: 1, name: /^Review queue/ })).toBeVisible({ timeout: 20_000 });
    await expect(this.queueRows.first()).toBeVisible({ timeout: 20_000 });
    if (taskTypeTitle) {
      await this.page.getByLabel('Task type').selectOption({ label: taskTypeTitle });
      await expect(this.page).toHaveURL(/taskTypeId=/);
    }
  }

  get queueRows(): Locator {
    return this.page.locator('table.review-table--queue tbody tr');
  }

  /** Opens a task of the queue by its title. */
  async open(title: string): Promise<void> {
    await this.queueRows.getByRole('link', { name: title, exact: true }).click();
    await expect(this.page.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 20_000 });
  }

  get photos(): Locator {
    return this.page.locator('.review-photos img');
  }

  /** The scans table's row of an EAN. */
  scanRow(ean: string): Locator {
    return this.page.locator('section[aria-labelledby="rv-scans"] tbody tr').filter({ hasText: ean });
  }

  get defects(): Locator {
    return this.page.locator('section[aria-labelledby="rv-defects"]');
  }

  /** Every photo's image has loaded (a broken or unsigned link has no natural size). */
  async expectPhotosLoaded(count: number): Promise<void> {
    await expect(this.photos).toHaveCount(count);
    for (const img of await this.photos.all()) {
      await img.scrollIntoViewIfNeeded();
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0), { message: 'the photo loaded', timeout: 15_000 }).toBe(true);
    }
  }

  get decision(): Locator {
    return this.page.locator('section.review-decision');
  }

  async reject(reason: string): Promise<void> {
    await this.decision.getByRole('radio', { name: 'Reject' }).check();
    await this.decision.getByLabel('Reason (the tasker sees it)').fill(reason);
    await this.decision.getByRole('button', { name: 'Reject', exact: true }).click();
  }

  async acceptWithReducedReward(amount: string, reason: string): Promise<void> {
    await this.decision.getByRole('radio', { name: 'Accept with a reduced reward' }).check();
    await this.decision.getByLabel(/^Reward to pay/).fill(amount);
    await this.decision.getByLabel('Reason (the tasker sees it)').fill(reason);
    await this.decision.getByRole('button', { name: 'Accept with the reduced reward' }).click();
  }
}
