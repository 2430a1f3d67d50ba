import { describe, expect, it } from 'vitest';
import { prepareDataForValidation } from 'formik';
import {
  editableFields,
  fieldState,
  initialWizardValues,
  isStepComplete,
  openingStep,
  outsideFieldErrors,
  stepInput,
  stepOfField,
  visibleFields,
  wizardSteps,
  type WizardValues,
} from './profileWizard';
import { testUser, testWizardContext } from './testFixtures';

const user = testUser;

const ctx = testWizardContext;

/** A complete LT profile (public example values: a valid asmens kodas, IBAN and mobile number). */
const filledLt = (over: Partial<WizardValues> = {}): WizardValues => ({
  ...initialWizardValues(user()),
  firstName: 'Ona',
  lastName: 'Onaitė',
  phone: '+370 612 34567',
  address: 'Gedimino pr. 1, Vilnius',
  nationalId: '33309240064',
  iban: 'LT12 1000 0111 0100 1000',
  individualActivityNo: '1234567',
  ...over,
});

const ids = (country: 'LT' | 'PL', isNew: boolean) => wizardSteps(country, isNew).map((s) => s.id);

describe('the wizard steps', () => {
  it('has five steps in LT and three elsewhere for a new account', () => {
    expect(ids('LT', true)).toEqual(['referral', 'contact', 'personal', 'business', 'billing']);
    expect(ids('PL', true)).toEqual(['referral', 'contact', 'personal']);
  });

  it('shows the referral step only while the account is new', () => {
    expect(ids('LT', false)).toEqual(['contact', 'personal', 'business', 'billing']);
    expect(ids('PL', false)).toEqual(['contact', 'personal']);
  });

  it('finds the step of a rejection reason, the ID photo on the national ID step, the country on the first form step', () => {
    const steps = wizardSteps('LT', false);
    expect(stepOfField(steps, 'iban')).toBe('billing');
    expect(stepOfField(steps, 'identityDocument')).toBe('personal');
    expect(stepOfField(steps, 'country')).toBe('contact');
    expect(stepOfField(steps, 'paymentDocuments')).toBeNull();
  });
});

describe('field visibility per market and account', () => {
  const values = initialWizardValues(user());

  it('hides the IBAN in PL and shows it in LT, CZ and RO', () => {
    expect(fieldState('iban', values, ctx({ country: 'PL' }))).toBe('hidden');
    for (const country of ['LT', 'CZ', 'RO'] as const) expect(fieldState('iban', values, ctx({ country }))).toBe('editable');
  });

  it("shows a company's fields only for a company, self-employed by default", () => {
    const business = wizardSteps('LT', true).find((s) => s.id === 'business')!;
    expect(values.businessType).toBe('self_employed');
    expect(visibleFields(business, values, ctx())).toEqual(['businessType', 'individualActivityNo']);
    const company = { ...values, businessType: 'company' as const };
    expect(visibleFields(business, company, ctx())).toEqual(['businessType', 'individualActivityNo', 'legalEntityName', 'legalEntityNumber', 'vatCode']);
  });

  it('asks the postal code only once a legal entity name is given', () => {
    const company = { ...values, businessType: 'company' as const };
    expect(fieldState('postalCode', company, ctx())).toBe('hidden');
    expect(fieldState('postalCode', { ...company, legalEntityName: '  ' }, ctx())).toBe('hidden');
    expect(fieldState('postalCode', { ...company, legalEntityName: 'UAB Lentyna' }, ctx())).toBe('editable');
  });

  it("answers for values as Formik validates them (an empty field comes as undefined)", () => {
    // Formik's validation turns '' into undefined: a company with no name yet threw a TypeError
    // in the schema and the Save button stayed on 'Saving…'.
    const prepared = prepareDataForValidation({ ...values, businessType: 'company', legalEntityName: '' }) as WizardValues;
    expect(prepared.legalEntityName).toBeUndefined();
    expect(fieldState('postalCode', prepared, ctx())).toBe('hidden');
    const business = wizardSteps('LT', true).find((s) => s.id === 'business')!;
    expect(editableFields(business, prepared, ctx())).toEqual(['businessType', 'individualActivityNo', 'legalEntityName', 'legalEntityNumber', 'vatCode']);
  });

  it('locks name, IBAN and national ID after approval, and hides an empty middle name', () => {
    const approved = ctx({ approved: true, savedMiddleName: null });
    for (const field of ['firstName', 'lastName', 'iban', 'nationalId'] as const) expect(fieldState(field, values, approved)).toBe('disabled');
    expect(fieldState('middleName', values, approved)).toBe('hidden');
    expect(fieldState('middleName', values, ctx({ approved: true, savedMiddleName: 'Marija' }))).toBe('disabled');
    expect(fieldState('phone', values, approved)).toBe('editable');
    expect(fieldState('middleName', values, ctx())).toBe('editable');
  });

  it('sends only the shown, unlocked fields of a step, normalised', () => {
    const contact = wizardSteps('LT', false)[0]!;
    const typed = { ...filledLt(), firstName: '  Ona ', phone: ' +370 612 34567 ' };
    expect(editableFields(contact, typed, ctx({ approved: true, savedMiddleName: null }))).toEqual(['phone', 'address']);
    expect(stepInput(contact, typed, ctx())).toMatchObject({ firstName: 'Ona', middleName: null, phone: '+370 612 34567' });
    const billing = wizardSteps('LT', false).find((s) => s.id === 'billing')!;
    expect(stepInput(billing, typed, ctx())).toMatchObject({ iban: 'LT121000011101001000' });
  });
});

describe('the values the form starts from', () => {
  it('takes the mirrored user, the postal code without its LT- prefix, and a draft on top', () => {
    const from = initialWizardValues(user({ firstName: 'Ona', postalCode: 'LT-01100', businessType: 'company' }), { phone: '+370 6', countryCode: 'PL' });
    expect(from).toMatchObject({ firstName: 'Ona', postalCode: '01100', businessType: 'company', phone: '+370 6', countryCode: 'PL', lastName: '' });
  });


  it("keeps an approved profile's locked fields and country as the server holds them, whatever an older draft says", () => {
    const approved = user({ status: 'active', isNew: false, isApproved: true, firstName: 'Ona', iban: 'LT121000011101001000' });
    const from = initialWizardValues(approved, { firstName: 'Onutė', iban: 'LT00', countryCode: 'PL', phone: '+370 600 00000' });
    expect(from).toMatchObject({ firstName: 'Ona', iban: 'LT121000011101001000', countryCode: 'LT', phone: '+370 600 00000' });
  });
});

describe('the opening step (spec section 4)', () => {
  const lt = wizardSteps('LT', true);

  it('opens a new, empty profile at the referral step', () => {
    expect(openingStep(lt, { user: user(), values: initialWizardValues(user()), ctx: ctx() })).toBe('referral');
  });

  it('skips the referral step once another step is complete, and opens at the first incomplete one', () => {
    const values = { ...initialWizardValues(user()), firstName: 'Ona', lastName: 'Onaitė', phone: '+370 612 34567', address: 'Vilnius' };
    expect(openingStep(lt, { user: user(), values, ctx: ctx() })).toBe('personal');
  });

  it('never counts the referral step complete, and opens at the last step when everything is filled', () => {
    expect(isStepComplete(lt[0]!, filledLt(), ctx())).toBe(false);
    expect(openingStep(lt, { user: user(), values: filledLt(), ctx: ctx() })).toBe('billing');
  });

  it("does not count a step of optional fields only (a self-employed tasker's business step) before something is in it", () => {
    const business = lt.find((s) => s.id === 'business')!;
    expect(isStepComplete(business, initialWizardValues(user()), ctx())).toBe(false);
    expect(isStepComplete(business, filledLt(), ctx())).toBe(true);
    expect(isStepComplete(business, filledLt({ businessType: 'company' }), ctx())).toBe(false);
  });

  it('counts the national ID step incomplete without the ID photo', () => {
    const personal = lt.find((s) => s.id === 'personal')!;
    expect(isStepComplete(personal, filledLt(), ctx())).toBe(true);
    expect(isStepComplete(personal, filledLt(), ctx({ identityDocumentUploaded: false }))).toBe(false);
  });

  it("opens a rejected profile at the step of its first rejection reason's field", () => {
    const rejected = user({ status: 'rejected', isNew: false, isRejected: true, rejectionReasons: ['paymentDocuments', 'iban', 'phone'] });
    const steps = wizardSteps('LT', false);
    expect(openingStep(steps, { user: rejected, values: filledLt(), ctx: ctx() })).toBe('billing');
    const idPhoto = user({ status: 'rejected', isNew: false, rejectionReasons: ['identityDocument'] });
    expect(openingStep(steps, { user: idPhoto, values: filledLt(), ctx: ctx() })).toBe('personal');
  });

  it('opens a reviewed profile without reasons at the last step', () => {
    const awaiting = user({ status: 'awaiting_approval', isNew: false, isAwaitingApproval: true });
    expect(openingStep(wizardSteps('LT', false), { user: awaiting, values: initialWizardValues(awaiting), ctx: ctx() })).toBe('billing');
    const active = user({ status: 'active', isNew: false, isApproved: true, countryCode: 'PL' });
    expect(openingStep(wizardSteps('PL', false), { user: active, values: initialWizardValues(active), ctx: ctx({ country: 'PL' }) })).toBe('personal');
  });

  it('opens first at the field the server refused in a queued save', () => {
    expect(openingStep(lt, { user: user(), values: filledLt(), ctx: ctx(), refusedFields: ['phone'] })).toBe('contact');
  });
});

describe('errors from outside the form', () => {
  it("shows staff's reasons on their fields and a refused save's codes over them", () => {
    const steps = wizardSteps('LT', false);
    expect(outsideFieldErrors(steps, { iban: 'IBAN_INVALID' }, ['iban', 'country', 'identityDocument', 'paymentDocuments'])).toEqual({
      iban: { kind: 'refused', code: 'IBAN_INVALID' },
      countryCode: { kind: 'rejected' },
      identityDocument: { kind: 'rejected' },
    });
  });
});
