/**
 * The console's office screens: staff accounts (/staff/accounts, the admin adds members with
 * roles and markets), payouts (/staff/money/:country/:week, finance runs and exports a week) and
 * the audit trail (/staff/audit, filtered by person).
 */
import { expect, type Download, type Locator, type Page } from '@playwright/test';

export class ConsoleAccountsPage {
  constructor(private readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/staff/accounts');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Staff accounts' })).toBeVisible({ timeout: 20_000 });
  }

  row(email: string): Locator {
    return this.page.locator('table.console-table tbody tr').filter({ hasText: email });
  }

  /** "Add a staff member": e-mail, name, roles and markets (none ticked: every market). */
  async add(member: { email: string; name: string; roles: readonly string[]; markets?: readonly string[] }): Promise<void> {
    const form = this.page.locator('form.accounts-form');
    await form.getByLabel('E-mail').fill(member.email);
    await form.getByLabel('Name', { exact: true }).fill(member.name);
    for (const role of member.roles) await form.locator(`#add-role-${role}`).check();
    for (const market of member.markets ?? []) await form.locator(`#add-market-${market}`).check();
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(this.row(member.email)).toBeVisible({ timeout: 20_000 });
    await expect(form.getByLabel('E-mail'), 'the form is cleared once the server took it').toHaveValue('');
  }
}

export class ConsoleMoneyPage {
  constructor(private readonly page: Page) {}

  async gotoWeek(country: string, weekStart: string): Promise<void> {
    await this.page.goto(`/staff/money?country=${country}`);
    await expect(this.page.getByRole('heading', { level: 1, name: 'Payouts' })).toBeVisible({ timeout: 20_000 });
    await this.page.locator(`a[href="/staff/money/${country}/${weekStart}"]`).click();
    await expect(this.page.getByRole('heading', { level: 1, name: new RegExp(`^${country}: week of`) })).toBeVisible({ timeout: 20_000 });
  }

  async runWeek(): Promise<void> {
    await this.page.locator('.money-actions').getByRole('button', { name: 'Run the week' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Run the week?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Run the week' }).click();
    await expect(dialog).toBeHidden({ timeout: 30_000 });
  }

  payoutRow(email: string): Locator {
    // The e-mail exactly: crowd-lt@… holds lt@… too.
    return this.page.locator('table tbody tr').filter({ has: this.page.getByText(email, { exact: true }) });
  }

  /** "Export CSV": the browser saves the file the console fetched with the member's bearer. */
  async exportCsv(): Promise<Download> {
    const download = this.page.waitForEvent('download');
    await this.page.getByRole('button', { name: 'Export CSV' }).click();
    return download;
  }
}

export class ConsoleAuditPage {
  constructor(private readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/staff/audit');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Audit trail' })).toBeVisible({ timeout: 20_000 });
  }

  get rows(): Locator {
    return this.page.locator('table.audit-table > tbody > tr');
  }

  /** Filters the trail by one person (the Person picker lists "Name <e-mail>"). */
  async filterByPerson(email: string): Promise<void> {
    const person = this.page.getByLabel('Person');
    const value = await person.locator('option', { hasText: `<${email}>` }).getAttribute('value');
    expect(value, `${email} is among the people of the filter`).toBeTruthy();
    await person.selectOption(value as string);
    await this.page.getByRole('button', { name: 'Filter', exact: true }).click();
    await expect(this.page).toHaveURL(new RegExp(`staffId=${value}`));
  }

  /** Filters by an actor name (the CLI's 'cli', or an automation key's name). */
  async filterByActor(actor: string): Promise<void> {
    await this.page.getByLabel('Or actor name').fill(actor);
    await this.page.getByRole('button', { name: 'Filter', exact: true }).click();
    await expect(this.page).toHaveURL(/actor=/);
  }

  /** Each shown row as "who action", loading every page. */
  async entries(): Promise<{ who: string; action: string }[]> {
    await expect(this.rows.first().or(this.page.getByText('No actions match these filters.'))).toBeVisible({ timeout: 20_000 });
    const more = this.page.getByRole('button', { name: 'Show more' });
    while (await more.isVisible()) {
      const before = await this.rows.count();
      await more.click();
      await expect.poll(() => this.rows.count()).toBeGreaterThan(before);
    }
    return this.rows.evaluateAll((trs) =>
      trs.map((tr) => {
        const cells = tr.querySelectorAll(':scope > td');
        return { who: (cells[1]?.textContent ?? '').trim(), action: (cells[2]?.textContent ?? '').trim() };
      }),
    );
  }
}
