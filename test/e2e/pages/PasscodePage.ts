/**
 * /passcode?email= : the 6-digit code from the email (here: the server's dev mailbox) → logged in.
 */
import { expect, type Page } from '@playwright/test';

export class PasscodePage {
  constructor(private readonly page: Page) {}

  async expectShown(email: string): Promise<void> {
    await expect(this.page).toHaveURL(new RegExp(`/passcode\\?email=${encodeURIComponent(email).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    await expect(this.page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
  }

  /** A complete code logs in by itself (no button press), as when the phone autofills it. */
  async enterCode(code: string): Promise<void> {
    await this.page.getByLabel('Login code').fill(code);
    await expect(this.page).not.toHaveURL(/\/passcode/, { timeout: 20_000 });
  }
}
