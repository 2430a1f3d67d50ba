/**
 * /history/{taskStatus}: the tasker's past tasks of one status, grouped by day; each card is a
 * link to the historical task view (status banner, reviewer's comment, reward, time taken).
 */
import { expect, type Locator, type Page } from '@playwright/test';

export class HistoryPage {
  constructor(private readonly page: Page) {}

  async goto(status: 'accepted' | 'rejected' | 'expired' | 'awaiting_confirmation'): Promise<void> {
    await this.page.goto(`/history/${status}`);
  }

  /** The card of one task (titles repeat across tasks, so the link's target tells them apart). */
  card(taskId: string): Locator {
    return this.page.locator(`a.history-card[href="/task/${encodeURIComponent(taskId)}"]`);
  }

  async expectCard(taskId: string, title: string): Promise<void> {
    await expect(this.card(taskId)).toBeVisible({ timeout: 20_000 });
    await expect(this.card(taskId)).toContainText(title);
  }
}
