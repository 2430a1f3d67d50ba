import { beforeAll, describe, expect, it } from 'vitest';
import type { User } from '#domain/types';
import type { OnboardingStep } from '#domain/users';
import { activateEnglish, renderMarkup } from '../test-support/renderMarkup';
import { OnboardingStepDetails } from './OnboardingStepDetails';
import { testUser } from './testFixtures';

beforeAll(activateEnglish);

const user = testUser;

const step = (id: OnboardingStep['id'], complete = false): OnboardingStep => ({ id, complete, clickable: true });
const render = (s: OnboardingStep, u: User) => renderMarkup(<OnboardingStepDetails step={s} user={u} />);

describe('OnboardingStepDetails', () => {
  it('no longer says a form comes in a later update', () => {
    for (const id of ['payment_documents', 'profile', 'trainings'] as const) {
      expect(render(step(id), user())).not.toContain('next update');
    }
  });

  it('leads into the profile wizard: fill in, edit once complete, correct after a rejection', () => {
    expect(render(step('profile'), user())).toMatch(/href="\/onboarding\/profile-edit"[^>]*>Fill in profile</);
    expect(render(step('profile', true), user({ status: 'awaiting_approval', isNew: false }))).toContain('>Edit profile<');
    const rejected = render(step('profile', true), user({ status: 'rejected', isNew: false, rejectionReasons: ['iban'] }));
    expect(rejected).toContain('>Correct profile<');
  });

  it("counts the wizard's parts for the market and the account", () => {
    expect(render(step('profile'), user())).toContain('Five short parts: referral code');
    expect(render(step('profile'), user({ status: 'rejected', isNew: false }))).toContain('Four short parts');
    expect(render(step('profile'), user({ countryCode: 'PL' }))).toContain('Three short parts: referral code');
    expect(render(step('profile'), user({ countryCode: 'RO', isNew: false }))).toContain('Two short parts');
  });

  it('asks for the IBAN only where the form asks for it (not in PL)', () => {
    expect(render(step('profile'), user({ countryCode: 'PL' }))).not.toContain('IBAN');
    expect(render(step('profile'), user({ countryCode: 'PL' }))).toContain('national ID with a photo of your ID document.');
    for (const countryCode of ['LT', 'CZ', 'RO'] as const) expect(render(step('profile'), user({ countryCode }))).toContain('bank account (IBAN)');
  });

  it('says the payment documents are saved once done, and asks for them again when staff named them', () => {
    expect(render(step('payment_documents', true), user())).toContain('activity code 829900 is saved');
    expect(render(step('payment_documents', true), user({ countryCode: 'PL' }))).toContain('You registered with a fleet partner.');
    const redo = render(step('payment_documents', true), user({ status: 'rejected', isNew: false, rejectionReasons: ['paymentDocuments'] }));
    expect(redo).toContain('Add a photo of it here.');
  });

  it('links to the trainings until they are done', () => {
    expect(render(step('trainings'), user())).toContain('href="/trainings"');
    expect(render(step('trainings', true), user())).not.toContain('href="/trainings"');
  });
});
