import { useFormik } from 'formik';
import { beforeAll, describe, expect, it } from 'vitest';
import type { User } from '#domain/types';
import { activateEnglish, renderMarkup } from '../test-support/renderMarkup';
import { ProfileStepFields, type OutsideErrors } from './ProfileStepFields';
import { initialWizardValues, wizardSteps, type WizardContext, type WizardValues } from './profileWizard';
import { testUser, testWizardContext } from './testFixtures';

beforeAll(activateEnglish);

const user = (over: Partial<User> = {}): User => testUser({ firstName: 'Ona', lastName: 'Onaitė', fullName: 'Ona Onaitė', phone: '+370 612 34567', ...over });

const ctx = (over: Partial<WizardContext> = {}): WizardContext => testWizardContext({ identityDocumentUploaded: false, ...over });

interface Props {
  stepId: 'contact' | 'personal' | 'business' | 'billing';
  values: WizardValues;
  context: WizardContext;
  showCountry?: boolean;
  outside?: OutsideErrors;
}

function StepUnderTest({ stepId, values, context, showCountry = false, outside = {} }: Props) {
  const formik = useFormik<WizardValues>({ initialValues: values, onSubmit: () => undefined });
  const step = wizardSteps(context.country, false).find((s) => s.id === stepId)!;
  return (
    <ProfileStepFields step={step} formik={formik} ctx={context} showCountry={showCountry} countryLocked={context.approved} outside={outside} edited={new Set()} onEdited={() => undefined} />
  );
}

const render = (props: Props) => renderMarkup(<StepUnderTest {...props} />);
const inputTag = (html: string, id: string) => html.match(new RegExp(`<input[^>]*id="profile-${id}"[^>]*>`))?.[0] ?? null;

describe('ProfileStepFields', () => {
  it('offers the markets that take registrations (LT, PL, RO); a CZ account keeps its own', () => {
    const options = (html: string) => [...html.matchAll(/<option value="([A-Z]{2})"/g)].map((m) => m[1]);
    expect(options(render({ stepId: 'contact', values: initialWizardValues(user()), context: ctx(), showCountry: true }))).toEqual(['LT', 'PL', 'RO']);
    const czech = initialWizardValues(user({ countryCode: 'CZ' }));
    expect(options(render({ stepId: 'contact', values: czech, context: ctx({ country: 'CZ' }), showCountry: true }))).toEqual(['LT', 'PL', 'RO', 'CZ']);
  });

  it('asks a self-employed LT tasker only the business type and the certificate number, a company its legal entity too', () => {
    const selfEmployed = render({ stepId: 'business', values: initialWizardValues(user()), context: ctx() });
    expect(selfEmployed).toContain('Self-employed (individual activity)');
    expect(inputTag(selfEmployed, 'individualActivityNo')).not.toBeNull();
    expect(inputTag(selfEmployed, 'legalEntityName')).toBeNull();
    expect(inputTag(selfEmployed, 'postalCode')).toBeNull();

    const company = render({ stepId: 'business', values: { ...initialWizardValues(user()), businessType: 'company' }, context: ctx() });
    expect(inputTag(company, 'legalEntityName')).not.toBeNull();
    expect(inputTag(company, 'legalEntityNumber')).not.toBeNull();
    expect(company).toMatch(/VAT code<span class="field-optional"> \(optional\)/);
    expect(inputTag(company, 'postalCode')).toBeNull();

    const named = render({ stepId: 'business', values: { ...initialWizardValues(user()), businessType: 'company', legalEntityName: 'UAB Lentyna' }, context: ctx() });
    expect(inputTag(named, 'postalCode')).not.toBeNull();
    expect(named).toContain('5 digits, saved as LT-12345');
  });

  it('asks in PL the national ID with the ID photo and the tax number, never an IBAN', () => {
    const html = render({ stepId: 'personal', values: initialWizardValues(user({ countryCode: 'PL' })), context: ctx({ country: 'PL' }) });
    expect(html).toContain('Photo of your ID document');
    expect(inputTag(html, 'nationalId')).not.toBeNull();
    expect(html).toContain('11 digits');
    expect(html).toContain('Tax number (NIP)');
    expect(inputTag(html, 'iban')).toBeNull();
  });

  it('shows the IBAN in RO with its national ID length', () => {
    const html = render({ stepId: 'personal', values: initialWizardValues(user({ countryCode: 'RO' })), context: ctx({ country: 'RO' }) });
    expect(inputTag(html, 'iban')).not.toBeNull();
    expect(html).toContain('13 digits');
    expect(html).toContain('Tax code (CUI)');
  });

  it('locks the name after approval, hides an empty middle name and keeps the phone editable', () => {
    const html = render({ stepId: 'contact', values: initialWizardValues(user()), context: ctx({ approved: true }) });
    expect(inputTag(html, 'firstName')).toContain('disabled');
    expect(inputTag(html, 'lastName')).toContain('disabled');
    expect(inputTag(html, 'middleName')).toBeNull();
    expect(inputTag(html, 'phone')).not.toContain('disabled');
    expect(html).toContain('Locked after approval. To change it, contact support.');
  });

  it('shows the country only when asked, and a rejection reason as its field error', () => {
    const withCountry = render({ stepId: 'contact', values: initialWizardValues(user()), context: ctx(), showCountry: true, outside: { phone: { kind: 'rejected' } } });
    expect(withCountry).toContain('>Country</label>');
    expect(withCountry).toContain('Our team asked you to correct this');
    expect(inputTag(withCountry, 'phone')).toContain('aria-invalid="true"');
    const hidden = render({ stepId: 'contact', values: initialWizardValues(user()), context: ctx() });
    expect(hidden).not.toContain('>Country</label>');
  });

  it("words a refused save's code under its field", () => {
    const html = render({ stepId: 'billing', values: initialWizardValues(user()), context: ctx(), outside: { iban: { kind: 'refused', code: 'IBAN_INVALID' } } });
    expect(html).toContain('IBAN is not valid');
  });
});
