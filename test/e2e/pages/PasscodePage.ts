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

  async enterCode(code: string): Promise<void> {
    await this.page.getByLabel('Login code').fill(code);
    await this.page.getByRole('button', { name: 'Log in', exact: true }).click();
  }
}
