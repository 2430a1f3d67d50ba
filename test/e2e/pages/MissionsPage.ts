/**
 * Missions: /missions (cards with circular progress, objectives, the detail popup, a
 * 'missing mission' alert for an unknown ?missionId=) and the widget on the offerings
 * (collapsible, a carousel of the active missions).
 */
import { expect, type Locator, type Page } from '@playwright/test';

export class MissionsPage {
  constructor(private readonly page: Page) {}

  async goto(missionId?: string): Promise<void> {
    await this.page.goto(missionId ? `/missions?missionId=${encodeURIComponent(missionId)}` : '/missions');
    await expect(this.page.locator('.missions-screen')).toBeVisible({ timeout: 20_000 });
  }

  get cards(): Locator {
    return this.page.locator('article.mission-card');
  }

  card(title: string | RegExp): Locator {
    return this.cards.filter({ hasText: title });
  }

  /** The card's progress ring: its aria-label is '<n>% done' (or with the share awaiting confirmation). */
  progress(title: string | RegExp): Locator {
    return this.card(title).getByRole('img');
  }

  async openDetail(title: string | RegExp): Promise<Locator> {
    await this.card(title).getByRole('button', { name: 'Details' }).click();
    const dialog = this.page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    return dialog;
  }

  get missingMission(): Locator {
    return this.page.getByRole('alert').filter({ hasText: 'This mission is not available any more.' });
  }

  get empty(): Locator {
    return this.page.getByText('You have no missions yet.', { exact: false });
  }

  // ---- The widget on /reservable ----

  get widget(): Locator {
    return this.page.locator('section.missions-widget');
  }

  get widgetToggle(): Locator {
    return this.widget.locator('.missions-widget__toggle');
  }

  async setWidgetCollapsed(collapsed: boolean): Promise<void> {
    const expanded = (await this.widgetToggle.getAttribute('aria-expanded')) === 'true';
    if (expanded === collapsed) await this.widgetToggle.click();
    await expect(this.widgetToggle).toHaveAttribute('aria-expanded', String(!collapsed));
  }

  /** The slide shown ('1 of 3'…). */
  get currentSlide(): Locator {
    return this.widget.locator('[aria-roledescription="slide"]');
  }

  async nextSlide(): Promise<void> {
    await this.widget.getByRole('button', { name: 'Next mission' }).click();
  }
}
