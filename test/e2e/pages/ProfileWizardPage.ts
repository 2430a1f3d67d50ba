/**
 * /onboarding/profile-edit and /profile/edit: the profile wizard, in English. One step at a time
 * ('Step 2 of 5' and the step's title), fields found by their labels, the ID photo through its
 * hidden file inputs, and the wizard's buttons (save and continue, save and complete, skip, back).
 */
import { expect, type Page } from '@playwright/test';

/** Step titles as the English UI shows them. */
export const WIZARD_STEP_TITLES = {
  referral: 'Referral code',
  contact: 'Contact details',
  personal: 'Personal details',
  business: 'Business details',
  billing: 'Billing',
} as const;
export type WizardStepId = keyof typeof WIZARD_STEP_TITLES;

/** Field labels as the English UI shows them (optional fields carry '(optional)' after the name). */
export const WIZARD_FIELD_LABELS = {
  firstName: 'First name',
  middleName: 'Middle name',
  lastName: 'Last name',
  phone: 'Phone number',
  address: 'Address',
  country: 'Country',
  nationalId: 'National ID',
  iban: 'IBAN',
  individualActivityNo: 'Individual activity certificate number',
  legalEntityName: 'Company name',
  legalEntityNumber: 'Company code',
  vatCode: 'VAT code',
  postalCode: 'Postal code',
  referralCode: 'Referral code',
} as const;
export type WizardField = keyof typeof WIZARD_FIELD_LABELS;

export class ProfileWizardPage {
  constructor(private readonly page: Page) {}

  async goto(path: '/onboarding/profile-edit' | '/profile/edit' = '/onboarding/profile-edit', lng = 'en'): Promise<void> {
    await this.page.goto(`${path}${path.includes('?') ? '&' : '?'}lng=${lng}`);
    await expect(this.page.getByText(/^Step \d+ of \d+$/)).toBeVisible({ timeout: 20_000 });
  }

  /** The step shown: 'Step 2 of 5' and its title. */
  async expectStep(step: WizardStepId, index?: number, total?: number): Promise<void> {
    await expect(this.page.getByRole('heading', { level: 2, name: WIZARD_STEP_TITLES[step], exact: true })).toBeVisible();
    if (index !== undefined && total !== undefined) await expect(this.page.getByText(`Step ${index} of ${total}`, { exact: true })).toBeVisible();
  }

  field(name: WizardField) {
    return this.page.getByLabel(new RegExp(`^${WIZARD_FIELD_LABELS[name]}( \\(optional\\))?$`));
  }

  async fill(values: Partial<Record<WizardField, string>>): Promise<void> {
    for (const [name, value] of Object.entries(values) as [WizardField, string][]) await this.field(name).fill(value);
  }

  /** The error line under a field (its accessible description contains it). */
  async expectFieldError(name: WizardField, text: string | RegExp): Promise<void> {
    await expect(this.field(name)).toHaveAccessibleDescription(typeof text === 'string' ? new RegExp(escapeRegExp(text)) : text);
    await expect(this.field(name)).toHaveAttribute('aria-invalid', 'true');
  }

  async expectHidden(name: WizardField): Promise<void> {
    await expect(this.field(name)).toHaveCount(0);
  }

  async expectLocked(name: WizardField): Promise<void> {
    await expect(this.field(name)).toBeDisabled();
  }

  async chooseCompany(): Promise<void> {
    await this.page.getByRole('radio', { name: 'Company' }).check();
  }

  async chooseSelfEmployed(): Promise<void> {
    await this.page.getByRole('radio', { name: /^Self-employed/ }).check();
  }

  /** The ID photo of the personal step, as if picked from the gallery (a JPEG file). */
  async uploadIdentityDocument(file: string | { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
    await this.page.getByTestId('identity_document-gallery').setInputFiles(file);
    await expect(this.page.getByRole('img', { name: 'Your document photo' })).toBeVisible();
  }

  async saveAndContinue(): Promise<void> {
    await this.page.getByRole('button', { name: 'Save and continue' }).click();
  }

  /** The last step: saves, then the wizard goes to the onboarding page (or the profile it was opened from). */
  async saveAndComplete(): Promise<void> {
    await this.page.getByRole('button', { name: 'Save and complete' }).click();
  }

  async skip(): Promise<void> {
    await this.page.getByRole('button', { name: 'Skip' }).click();
  }

  /** The wizard's own Back (the top bar has a back arrow of the same name). */
  async back(): Promise<void> {
    await this.page.locator('.wizard-actions').getByRole('button', { name: 'Back', exact: true }).click();
  }

  /** A save made offline: the wizard says it waits for a signal. */
  async expectWaitingForSignal(): Promise<void> {
    await expect(this.page.getByText(/Waiting for signal: your profile changes/)).toBeVisible();
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
