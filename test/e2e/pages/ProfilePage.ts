/**
 * /profile (approved taskers): the header with picture, name and email; the picture change
 * (camera or gallery, both file inputs); the reservation-limit bar; the menu; the supervisor.
 */
import { expect, type Locator, type Page } from '@playwright/test';

export class ProfilePage {
  constructor(private readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/profile');
  }

  get header(): Locator {
    return this.page.locator('section.profile-header');
  }

  /** The picture: an <img> once there is one, else the initials disc. */
  get picture(): Locator {
    return this.header.locator('.profile-avatar');
  }

  async expectShown(name: string, email: string): Promise<void> {
    await expect(this.header).toBeVisible({ timeout: 20_000 });
    await expect(this.header.getByRole('heading', { name })).toBeVisible();
    await expect(this.header).toContainText(email);
  }

  /** Picks a picture from the gallery (the same pipeline as the camera's file input). */
  async choosePicture(file: string | { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
    await this.header.getByLabel('Choose from gallery').setInputFiles(file);
  }

  /** The picture shown from this phone (blob:) while waiting, or from the server after. */
  async expectPicture(): Promise<void> {
    await expect(this.header.locator('img.profile-avatar')).toBeVisible({ timeout: 20_000 });
  }

  /** "Sending your new picture…" / "… saved on this phone …" while the upload waits; gone after. */
  get waitingLine(): Locator {
    return this.header.locator('.profile-header__waiting');
  }

  async expectPictureSent(): Promise<void> {
    await expect(this.waitingLine).toHaveCount(0, { timeout: 30_000 });
  }

  async expectPictureProblem(text: string | RegExp): Promise<void> {
    await expect(this.header.getByRole('alert')).toContainText(text);
  }

  menuItem(name: 'Invite friends' | 'Task history' | 'Trainings' | 'Edit profile' | 'Sign out'): Locator {
    return this.page.locator('.profile-menu').getByRole(name === 'Sign out' ? 'button' : 'link', { name });
  }

  get limitBar(): Locator {
    return this.page.locator('.profile-screen .limit-bar');
  }
}
