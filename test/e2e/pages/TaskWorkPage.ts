/**
 * Doing the work of an in-progress task (spec sections 2–4): the checklist's ticks and
 * actions on /task/{taskId}, the camera screen (shutter over Chromium's fake camera, 'Upload from
 * gallery'), the defects screen, the finish and confirm screens, and the task's sync status.
 */
import { expect, type Locator, type Page } from '@playwright/test';

export class TaskWorkPage {
  constructor(private readonly page: Page) {}

  /** `?lng=en`: a fresh page would otherwise take the tasker's own language (LT for the demo). */
  async goto(taskId: string): Promise<void> {
    await this.page.goto(`/task/${encodeURIComponent(taskId)}?lng=en`);
  }

  get checklistHeading(): Locator {
    return this.page.getByRole('heading', { name: 'Checklist' });
  }

  /** The tick of a checklist item, by the item's title (its label). */
  tick(title: string): Locator {
    return this.page.locator('.checklist-item').filter({ hasText: title }).getByRole('checkbox');
  }

  /** The "done" mark of an item that ticks itself when its work is done (photos, scans). */
  autoDone(title: string): Locator {
    return this.page.locator('.checklist-item').filter({ hasText: title }).getByRole('img', { name: 'Done', exact: true });
  }

  /** The action button of a checklist item ('Take photos', 'Log defects', …). */
  itemAction(title: string, action: string | RegExp): Locator {
    return this.page.locator('.checklist-item').filter({ hasText: title }).getByRole('link', { name: action });
  }

  get readyOffline(): Locator {
    return this.page.getByRole('status').filter({ hasText: 'Ready offline' });
  }

  /** 'Waiting for signal: …', 'Sending: …' or 'All saved'. */
  syncStatus(text: string | RegExp): Locator {
    return this.page.getByRole('status').filter({ hasText: text });
  }

  get finishedOnDevice(): Locator {
    return this.page.getByText('This task is finished on this device and will be sent when there is a connection.');
  }

  /**
   * Ticks a checkbox whose state the mirror drives: the box changes once the change is written
   * to IndexedDB, a moment after the click (Playwright's check() would call that no change).
   */
  async tickBox(box: Locator): Promise<void> {
    await expect(box).not.toBeChecked();
    await box.click();
    await expect(box).toBeChecked();
  }

  // --- camera screen -------------------------------------------------------------------------

  get shutter(): Locator {
    return this.page.getByRole('button', { name: 'Take photo' });
  }

  get photoTiles(): Locator {
    return this.page.locator('.photo-tile');
  }

  /** Waits for the fake camera's first frames, takes a photo and saves it with `comment`. */
  async takePhoto(comment: string): Promise<void> {
    await expect(this.shutter).toBeEnabled({ timeout: 20_000 });
    await this.page.waitForFunction(() => {
      const video = document.querySelector('video');
      return video !== null && video.readyState >= 2 && video.videoWidth > 0;
    });
    const before = await this.photoTiles.count();
    await this.shutter.click();
    await this.savePhoto(comment);
    await expect(this.photoTiles).toHaveCount(before + 1);
  }

  /** 'Upload from gallery' with a file from disk, saved with `comment`. */
  async addFromGallery(path: string, comment: string): Promise<void> {
    const before = await this.photoTiles.count();
    await this.page.getByLabel('Upload from gallery').setInputFiles(path);
    await this.savePhoto(comment);
    await expect(this.photoTiles).toHaveCount(before + 1);
  }

  private async savePhoto(comment: string): Promise<void> {
    const dialog = this.page.getByRole('dialog', { name: 'New photo' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Comment (optional)').fill(comment);
    await dialog.getByRole('button', { name: 'Save photo' }).click();
    await expect(dialog).toBeHidden();
  }

  // --- defects, finish ----------------------------------------------------------------------

  defect(name: string): Locator {
    return this.page.getByRole('checkbox', { name });
  }

  get finishButton(): Locator {
    return this.page.getByRole('link', { name: 'Finish task' });
  }

  /** Finish task → 'Is everything done?' → Complete task with `comment`. */
  async complete(comment: string): Promise<void> {
    await this.finishButton.click();
    await expect(this.page).toHaveURL(/\/confirm_complete/);
    await expect(this.page.getByRole('heading', { name: 'Is everything done?' })).toBeVisible();
    await this.page.getByLabel('Comment (optional)').fill(comment);
    await this.page.getByRole('button', { name: 'Complete task' }).click();
  }
}
