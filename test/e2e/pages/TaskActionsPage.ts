/**
 * /task/{taskId} as a tasker acts on it (spec sections 2 and 4): slide to reserve (with the
 * commitment dialog), start (the 'Ready to start?' dialog and its refusals), cancel (early or
 * late). Read-only checks of the detail stay in TaskDetailPage.
 */
import { expect, type Locator, type Page } from '@playwright/test';

export class TaskActionsPage {
  constructor(private readonly page: Page) {}

  async goto(taskId: string): Promise<void> {
    await this.page.goto(`/task/${encodeURIComponent(taskId)}`);
  }

  async expectTitle(title: string): Promise<void> {
    await expect(this.page.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 20_000 });
  }

  /** The status pill in the detail's header ('Available', 'Reserved', 'In progress', …). */
  statusPill(label: string): Locator {
    return this.page.locator('.task-detail__hero').getByText(label, { exact: true });
  }

  get slider(): Locator {
    return this.page.getByRole('slider', { name: 'Slide to reserve' });
  }

  /** A dialog by its title (the native <dialog> is labelled by its heading). */
  dialog(title: string | RegExp): Locator {
    return this.page.getByRole('dialog', { name: title });
  }

  toast(text: string | RegExp): Locator {
    return this.page.locator('.toaster').getByText(text);
  }

  /**
   * Slides to the end by keyboard (the slider is an ARIA slider: End jumps to 100 %), then, when
   * the commitment dialog shows (3+ accepted tasks, or no early cancel left), commits. Says
   * whether the dialog showed.
   */
  async slideToReserve(): Promise<boolean> {
    await expect(this.slider).toBeVisible({ timeout: 20_000 });
    await expect(this.slider).toHaveAttribute('aria-valuenow', '0');
    await this.slider.focus();
    await this.slider.press('End');
    const commitment = this.dialog('Do you commit to this task?');
    const commit = commitment.getByRole('button', { name: 'I commit, reserve' });
    // The dialog opens after the 500 ms success animation, or the reservation goes straight out.
    await expect(commit.or(this.page.locator('.toaster .toast')).first()).toBeVisible();
    if (!(await commit.isVisible())) return false;
    await commit.click();
    return true;
  }

  get startButton(): Locator {
    return this.page.getByRole('region', { name: 'Task actions' }).getByRole('button', { name: 'Start task' });
  }

  /** Start → 'Ready to start?' → 'Start task' in the dialog; the position is read then. */
  async startFromReadyDialog(): Promise<Locator> {
    await this.startButton.click();
    const ready = this.dialog('Ready to start?');
    await expect(ready).toBeVisible();
    await ready.getByRole('button', { name: 'Start task' }).click();
    return ready;
  }

  get lateCancelButton(): Locator {
    return this.page.getByRole('button', { name: 'Cancel reservation (late)' });
  }
}
