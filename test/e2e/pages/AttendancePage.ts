/** The attendance banners and popup (src/attendance), as a tasker sees them. */
import { expect, type Locator, type Page } from '@playwright/test';

export class AttendancePage {
  constructor(private readonly page: Page) {}

  /** The banner of the request for the task titled `title`. */
  banner(title: string): Locator {
    return this.page.getByTestId('attendance-banner').filter({ hasText: title });
  }

  get dialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Will you attend?' });
  }

  get submit(): Locator {
    return this.dialog.getByRole('button', { name: 'Send answer' });
  }

  async open(title: string): Promise<void> {
    await this.banner(title).getByRole('button', { name: 'Answer' }).click();
    await expect(this.dialog).toBeVisible();
  }

  /** Answers no with `reason`, checking on the way that submit waits for the reason and the policy. */
  async answerNo(reason: string): Promise<void> {
    await expect(this.submit).toBeDisabled();
    await this.dialog.getByLabel('No, I cannot attend').check();
    await expect(this.submit).toBeDisabled();
    await this.dialog.getByLabel("Why can't you attend?").fill(reason);
    await expect(this.submit).toBeDisabled();
    await this.dialog.getByRole('checkbox').check();
    await expect(this.submit).toBeEnabled();
    await this.submit.click();
    await expect(this.dialog).toBeHidden();
  }
}
