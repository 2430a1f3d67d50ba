/**
 * /task/{taskId}: the detail view for the task's status. Read-only in this issue.
 */
import { expect, type Page } from '@playwright/test';

export class TaskDetailPage {
  constructor(private readonly page: Page) {}

  async expectTask(title: string, reward: string): Promise<void> {
    await expect(this.page).toHaveURL(/\/task\/[^/]+$/);
    await expect(this.page.getByRole('heading', { name: title }).first()).toBeVisible({ timeout: 20_000 });
    await expect(this.page.getByText(reward, { exact: false }).first()).toBeVisible();
  }
}
