/**
 * /login (green layout): email + the three consents → "Send login code" → /passcode; or the
 * "Sign in with password" mode used by the demo accounts.
 */
import { expect, type Page } from '@playwright/test';

export class LoginPage {
  constructor(private readonly page: Page) {}

  async goto(lng = 'en'): Promise<void> {
    await this.page.goto(`/login?lng=${lng}`);
    await expect(this.heading).toBeVisible();
  }

  get heading() {
    return this.page.getByRole('heading', { level: 1 });
  }

  /** Ticks every consent checkbox on the form (terms, privacy, communication). */
  async acceptConsents(): Promise<void> {
    const boxes = this.page.getByRole('checkbox');
    await expect(boxes.first()).toBeVisible();
    for (const box of await boxes.all()) await box.check();
  }

  async requestCode(email: string): Promise<void> {
    await this.page.getByLabel('Email', { exact: true }).fill(email);
    await this.acceptConsents();
    await this.page.getByRole('button', { name: 'Send login code' }).click();
    await expect(this.page).toHaveURL(/\/passcode\?email=/);
  }

  async loginWithPassword(email: string, password: string): Promise<void> {
    await this.page.getByRole('button', { name: 'Sign in with password' }).click();
    await this.page.getByLabel('Email', { exact: true }).fill(email);
    await this.page.getByLabel('Password', { exact: true }).fill(password);
    await this.acceptConsents();
    await this.page.getByRole('button', { name: 'Log in', exact: true }).click();
  }
}
