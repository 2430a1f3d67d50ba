/**
 * /trainings and /trainings/{trainingId}: the list (title, completed or not, 'New' within 45
 * days) and the detail with the button that opens the material in a new window.
 */
import { expect, type Locator, type Page } from '@playwright/test';

export class TrainingsPage {
  constructor(private readonly page: Page) {}

  async goto(trainingId?: string): Promise<void> {
    await this.page.goto(trainingId ? `/trainings/${encodeURIComponent(trainingId)}` : '/trainings');
  }

  row(trainingId: string): Locator {
    return this.page.locator(`a.training-row[href="/trainings/${encodeURIComponent(trainingId)}"]`);
  }

  async expectRow(trainingId: string, title: string, status: 'Completed' | 'Not completed'): Promise<void> {
    await expect(this.row(trainingId)).toBeVisible({ timeout: 20_000 });
    await expect(this.row(trainingId)).toContainText(title);
    await expect(this.row(trainingId).locator('.training-status')).toHaveText(status);
  }

  async expectNew(trainingId: string, isNew: boolean): Promise<void> {
    await expect(this.row(trainingId).locator('.training-badge--new')).toHaveCount(isNew ? 1 : 0);
  }

  /** On the detail: the link that opens the material (target _blank, rel noopener). */
  get openButton(): Locator {
    return this.page.getByRole('link', { name: 'Open the training' });
  }

  /** Opens the material and answers the new window's page. */
  async openMaterial(): Promise<Page> {
    const [popup] = await Promise.all([this.page.waitForEvent('popup'), this.openButton.click()]);
    return popup;
  }

  async expectNeedsApproval(): Promise<void> {
    await expect(this.openButton).toHaveCount(0);
    await expect(this.page.locator('.training-detail')).toContainText('You can open it once your profile is approved.');
  }

  async expectNotFoundNotice(): Promise<void> {
    await expect(this.page).toHaveURL(/\/trainings$/);
    await expect(this.page.getByRole('alert')).toContainText('Training not found');
  }
}
