/**
 * Task lists (/reservable, /reserved, /in_progress): task cards are links to /task/{id} with the
 * task title as a level-3 heading and the reward in the card.
 */
import { expect, type Locator, type Page } from '@playwright/test';

export interface CardSummary {
  href: string;
  title: string;
}

export class TaskListPage {
  constructor(private readonly page: Page) {}

  async goto(path: '/reservable' | '/reserved' | '/in_progress' = '/reservable'): Promise<void> {
    await this.page.goto(path);
  }

  get cards(): Locator {
    return this.page.getByRole('link').filter({ has: this.page.getByRole('heading', { level: 3 }) });
  }

  async expectCards(): Promise<void> {
    await expect(this.cards.first()).toBeVisible({ timeout: 20_000 });
  }

  /** Titles and links of the cards currently rendered, in order. */
  async summaries(limit = 10): Promise<CardSummary[]> {
    const result: CardSummary[] = [];
    const count = Math.min(await this.cards.count(), limit);
    for (let i = 0; i < count; i += 1) {
      const card = this.cards.nth(i);
      result.push({
        href: (await card.getAttribute('href')) ?? '',
        // textContent, not innerText: a card below the fold is skipped by `content-visibility: auto`
        // (TaskListScreen.css), and Chromium's innerText of a skipped subtree is ''.
        title: ((await card.getByRole('heading', { level: 3 }).textContent()) ?? '').trim(),
      });
    }
    return result;
  }

  /** The reward as the card shows it (formatted money: digits and a currency sign or code). */
  async rewardOf(card: Locator): Promise<string> {
    return (await card.locator('.task-card__reward').innerText()).trim();
  }
}
