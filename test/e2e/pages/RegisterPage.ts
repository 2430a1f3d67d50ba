/**
 * /register (green layout): email, country where the tasker will work, the three consents →
 * "Create account" → /passcode.
 */
import { expect, type Page } from '@playwright/test';
import { LoginPage } from './LoginPage';

export class RegisterPage {
  constructor(private readonly page: Page) {}

  async goto(lng = 'en'): Promise<void> {
    await this.page.goto(`/register?lng=${lng}`);
    await expect(this.page.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
  }

  /** `country` is the option's visible name in English, e.g. 'Lithuania'. */
  async register(email: string, country: string): Promise<void> {
    await this.page.getByLabel('Email', { exact: true }).fill(email);
    await this.page.getByLabel('Country where you will work').selectOption({ label: country });
    await new LoginPage(this.page).acceptConsents();
    await this.page.getByRole('button', { name: 'Create account' }).click();
    await expect(this.page).toHaveURL(/\/passcode\?email=/);
  }
}
