/**
 * /task/{taskId}/skus as a tasker uses it (spec section 2, Scanner): the live scanner, the facings
 * picker, the overwrite and delete questions, manual EAN entry, the entered list and saving.
 */
import { expect, type Locator, type Page } from '@playwright/test';

export class SkuPage {
  constructor(private readonly page: Page) {}

  async goto(taskId: string, query = ''): Promise<void> {
    await this.page.goto(`/task/${encodeURIComponent(taskId)}/skus${query}`);
  }

  /** A dialog by its title (the native <dialog> is labelled by its heading). */
  dialog(title: string | RegExp): Locator {
    return this.page.getByRole('dialog', { name: title });
  }

  get facingsDialog(): Locator {
    return this.dialog('How many facings?');
  }

  get overwriteDialog(): Locator {
    return this.dialog('This EAN is already entered');
  }

  get deleteDialog(): Locator {
    return this.dialog('Delete this SKU?');
  }

  get scannerErrorDialog(): Locator {
    return this.dialog('Could not start the scanner');
  }

  get scannerLive(): Locator {
    return this.page.getByText('Point the camera at a barcode');
  }

  /** The EAN the open facings picker is asking about. */
  async facingsEan(): Promise<string> {
    await expect(this.facingsDialog).toBeVisible();
    return ((await this.facingsDialog.locator('.sku-ean').textContent()) ?? '').trim();
  }

  /**
   * Answers the open picker. The camera keeps scanning, so the next code in view may open a new
   * picker at once: done means this EAN's picker is gone, not that no picker is open.
   */
  async chooseFacings(facings: number): Promise<void> {
    const ean = await this.facingsEan();
    await this.facingsDialog.getByRole('button', { name: String(facings), exact: true }).click();
    await expect(this.facingsDialog.locator('.sku-ean', { hasText: ean })).toBeHidden();
  }

  async chooseOtherFacings(facings: string): Promise<void> {
    await this.facingsDialog.getByRole('button', { name: 'Other' }).click();
    await this.facingsDialog.getByLabel('Number of facings (0–99)').fill(facings);
    await this.facingsDialog.getByRole('button', { name: 'Add' }).click();
  }

  get manualInput(): Locator {
    return this.page.getByLabel('Enter EAN by hand');
  }

  async enterManually(ean: string): Promise<void> {
    await this.manualInput.fill(ean);
    await this.page.getByRole('region', { name: 'Manual entry' }).getByRole('button', { name: 'Add' }).click();
  }

  get items(): Locator {
    return this.page.locator('.sku-items__row');
  }

  item(ean: string): Locator {
    return this.page.locator(`.sku-items__row[data-ean="${ean}"]`);
  }

  async itemId(ean: string): Promise<string> {
    const id = await this.item(ean).getAttribute('data-sku-id');
    expect(id, `the entered item ${ean} has an id`).toBeTruthy();
    return id as string;
  }

  /** A row of the task's product list. */
  product(ean: string): Locator {
    return this.page.locator(`.sku-products li[data-ean="${ean}"]`).getByRole('button');
  }

  /**
   * Pause the scanner (the camera turns off). The fake camera keeps showing codes, so the next
   * scan's question may pop up at any moment, as for a tasker still pointing at the shelf: an
   * open question is closed first.
   */
  async pauseScanner(): Promise<void> {
    const pause = this.page.getByRole('button', { name: 'Pause scanner' });
    await expect(async () => {
      for (const dialog of [this.facingsDialog, this.overwriteDialog]) {
        if (await dialog.isVisible()) await dialog.getByRole('button', { name: 'Close' }).click({ timeout: 2_000 });
      }
      await pause.click({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expect(this.page.getByRole('button', { name: 'Resume scanning' })).toBeVisible();
    await expect(this.facingsDialog.or(this.overwriteDialog)).toBeHidden();
  }

  async save(): Promise<void> {
    const save = this.page.getByRole('button', { name: 'Save', exact: true });
    await save.click();
    await expect(save).toBeDisabled();
  }

  status(text: string | RegExp): Locator {
    return this.page.locator('.sku-status').getByText(text);
  }
}
