/**
 * The console's authoring screens as an author uses them: a task type with its name and checklist
 * in several languages (/staff/task-types/new), the CSV import with its preview and per-row errors
 * (/staff/tasks/import), and one task's product list (/staff/tasks/:id).
 */
import { expect, type Locator, type Page } from '@playwright/test';

export type ConsoleLanguage = 'English' | 'Lithuanian' | 'Polish' | 'Czech' | 'Romanian';

/** One checklist item as the editor takes it: its kind (the "Add an item" button) and its title per language. */
export interface TemplateItemInput {
  kind: 'Photo' | 'Product scan' | 'Defects' | 'Link' | 'Tick only';
  titles: Partial<Record<ConsoleLanguage, string>>;
}

export class ConsoleTaskTypePage {
  constructor(private readonly page: Page) {}

  async gotoNew(): Promise<void> {
    await this.page.goto('/staff/task-types/new');
    await expect(this.page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
  }

  name(language: ConsoleLanguage): Locator {
    return this.page.getByLabel(`Name in ${language}`, { exact: true });
  }

  itemTitle(index: number, language: ConsoleLanguage): Locator {
    return this.page.getByLabel(`Item ${index} title in ${language}`, { exact: true });
  }

  /** The items' kind pickers, in order. */
  get kinds(): Locator {
    return this.page.locator('fieldset.authoring-item select');
  }

  /**
   * Fills a new type: its names, then its items. A new form starts with one photo item; it is
   * given the first item's kind, and the others are added with the "Add an item" buttons.
   */
  async fill(names: Partial<Record<ConsoleLanguage, string>>, items: readonly TemplateItemInput[]): Promise<void> {
    for (const [language, text] of Object.entries(names)) await this.name(language as ConsoleLanguage).fill(text);
    await expect(this.kinds).toHaveCount(1);
    for (const [i, item] of items.entries()) {
      if (i === 0) await this.kinds.first().selectOption({ label: item.kind });
      else await this.page.locator('.authoring-row').filter({ hasText: 'Add an item:' }).getByRole('button', { name: item.kind, exact: true }).click();
      await expect(this.kinds).toHaveCount(i + 1);
      for (const [language, text] of Object.entries(item.titles)) await this.itemTitle(i + 1, language as ConsoleLanguage).fill(text);
    }
  }

  /** Creates the type; answers its id (the editor moves to /staff/task-types/<id>). */
  async create(): Promise<string> {
    await this.page.getByRole('button', { name: 'Create task type' }).click();
    await expect(this.page).toHaveURL(/\/staff\/task-types\/(?!new)[^/?]+$/, { timeout: 20_000 });
    const id = decodeURIComponent(new URL(this.page.url()).pathname.split('/').pop() as string);
    expect(id).not.toBe('new');
    return id;
  }
}

export class ConsoleImportPage {
  constructor(private readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/staff/tasks/import');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Import tasks from CSV' })).toBeVisible({ timeout: 20_000 });
  }

  get text(): Locator {
    return this.page.getByLabel('CSV text');
  }

  /** A row of the preview by its line in the file (the header is line 1). */
  row(line: number): Locator {
    return this.page.locator('table.authoring-table tbody tr').filter({ has: this.page.locator('td.num', { hasText: new RegExp(`^${line}$`) }) });
  }

  get importButton(): Locator {
    return this.page.getByRole('button', { name: /^Import( \d+ tasks?)?$/ });
  }

  async preview(csv: string): Promise<void> {
    await this.text.fill(csv);
    await this.page.getByRole('button', { name: 'Preview', exact: true }).click();
    await expect(this.page.getByRole('heading', { level: 2, name: 'Preview' })).toBeVisible({ timeout: 20_000 });
  }

  /** Imports the previewed file; answers the created tasks' ids in the file's order. */
  async importAll(expected: number): Promise<string[]> {
    await this.page.getByRole('button', { name: `Import ${expected} tasks` }).click();
    await expect(this.page.getByRole('status').filter({ hasText: `${expected} tasks imported.` })).toBeVisible({ timeout: 30_000 });
    const links = this.page.locator('table.authoring-table a[href^="/staff/tasks/"]');
    await expect(links).toHaveCount(expected);
    const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    return hrefs.map((href) => decodeURIComponent(href.split('/').pop() as string));
  }
}

export class ConsoleTaskPage {
  constructor(private readonly page: Page) {}

  async goto(taskId: string): Promise<void> {
    await this.page.goto(`/staff/tasks/${encodeURIComponent(taskId)}`);
    await expect(this.page.getByRole('heading', { level: 1, name: 'Edit task' })).toBeVisible({ timeout: 20_000 });
  }

  get productRows(): Locator {
    return this.page.locator('.authoring-products__table tbody tr');
  }

  /** Adds products through the paste box ("EAN, name, facings" per line) and saves the task. */
  async addProductsAndSave(lines: readonly string[]): Promise<void> {
    await this.page.getByLabel('Paste many products').fill(lines.join('\n'));
    await this.page.getByRole('button', { name: 'Add pasted products' }).click();
    await expect(this.page.getByRole('status').filter({ hasText: lines.length === 1 ? '1 product added' : `${lines.length} products added` })).toBeVisible();
    // The editor reloads the saved task once the list is stored: the PUT's answer is the proof.
    const stored = this.page.waitForResponse((r) => r.request().method() === 'PUT' && /\/api\/staff\/tasks\/[^/]+\/products$/.test(new URL(r.url()).pathname));
    await this.page.getByRole('button', { name: 'Save', exact: true }).click();
    const answer = await stored;
    expect(answer.ok(), `PUT products answered ${answer.status()}: ${await answer.text()}`).toBe(true);
  }
}
