/**
 * /onboarding: the stepper with the six onboarding steps (spec section 2), each a list item with
 * its title and status.
 */
import { expect, type Page } from '@playwright/test';

/** The six steps, in the spec's order, as the English UI titles them. */
export const ONBOARDING_STEPS = [
  'Create account',
  'Payment documents',
  'Fill in profile and payment info',
  'Profile approval',
  'Trainings',
  'First task',
];

export class OnboardingPage {
  constructor(private readonly page: Page) {}

  get steps() {
    return this.page.getByRole('list').filter({ hasText: ONBOARDING_STEPS[1] }).getByRole('listitem');
  }

  /** One step's list item (its title and status: 'Done', 'To do', 'Waiting for review', …). */
  step(title: string) {
    return this.steps.filter({ has: this.page.locator('.onboarding-step-title', { hasText: new RegExp(`^${title}$`) }) });
  }

  async expectSixSteps(): Promise<void> {
    for (const [index, title] of ONBOARDING_STEPS.entries()) {
      await expect(this.steps.nth(index)).toContainText(title, { timeout: index === 0 ? 20_000 : undefined });
    }
  }

  /** Spec section 4: the opening step is the first incomplete one, shown expanded. */
  async expectOpenStep(title: string): Promise<void> {
    await expect(this.page.getByRole('button', { name: new RegExp(`^${title}`), expanded: true })).toBeVisible();
    await expect(this.page.getByRole('region', { name: title })).toBeVisible();
  }
}
