import { describe, expect, it } from 'vitest';
import type { ProfileContext } from '#domain/profile';
import { profileErrors, profileFormValues, profileStepSchema, profileToSave } from './profileSchema';

const LT: ProfileContext = { country: 'LT', approved: false, identityDocumentUploaded: true };

async function stepErrors(step: Parameters<typeof profileStepSchema>[0], ctx: ProfileContext, values: object): Promise<Record<string, string>> {
  try {
    await profileStepSchema(step, ctx).validate(values, { abortEarly: false });
    return {};
  } catch (error) {
    const inner = (error as { inner: { path: string; message: string }[] }).inner;
    return Object.fromEntries(inner.map((e) => [e.path, e.message]));
  }
}

describe('profile form schemas', () => {
  it('checks a step’s fields with the domain rules, as codes', async () => {
    const values = profileFormValues({ firstName: 'Ona', lastName: ' ', phone: '+370 612 3456', address: 'Gedimino pr. 1' });
    expect(await stepErrors('contact', LT, values)).toEqual({ lastName: 'REQUIRED', phone: 'PHONE_INVALID' });
    expect(await stepErrors('contact', LT, { ...values, lastName: 'Petraitė', phone: '+370 612 34567' })).toEqual({});
  });

  it('says the national ID’s own codes and asks for the document first', async () => {
    expect(await stepErrors('personal', LT, { nationalId: '3330924006' })).toEqual({ nationalId: 'NATIONAL_ID_LENGTH' });
    expect(await stepErrors('personal', LT, { nationalId: '33309240164' })).toEqual({ nationalId: 'NATIONAL_ID_INVALID' });
    expect(await stepErrors('personal', { ...LT, identityDocumentUploaded: false }, { nationalId: '33309240064' })).toEqual({ nationalId: 'ID_DOCUMENT_REQUIRED' });
  });

  it('asks a company for its legal entity and a postal code with it', async () => {
    const base = profileFormValues({});
    expect(await stepErrors('business', LT, base)).toEqual({});
    expect(await stepErrors('business', LT, { ...base, businessType: 'company', legalEntityName: 'UAB Pavyzdys', postalCode: '123' })).toEqual({
      individualActivityNo: 'REQUIRED',
      legalEntityNumber: 'REQUIRED',
      postalCode: 'POSTAL_CODE_INVALID',
    });
  });

  it('hides and skips the IBAN in PL', async () => {
    expect(await stepErrors('billing', LT, { iban: '' })).toEqual({ iban: 'REQUIRED' });
    expect(profileErrors({ iban: '' }, { ...LT, country: 'PL' }, ['iban'])).toEqual({});
  });

  it('does not check the locked fields of an approved profile (they are disabled)', () => {
    expect(profileErrors(profileFormValues({ phone: '+370 612 34567', address: 'x' }), { ...LT, approved: true }, ['firstName', 'phone', 'address'])).toEqual({});
  });

  it('turns a profile into form values and back into what is saved', () => {
    const values = profileFormValues({ firstName: 'Ona', middleName: null, postalCode: 'LT-01103', businessType: 'company' });
    expect(values.middleName).toBe('');
    expect(values.postalCode).toBe('01103');
    expect(values.businessType).toBe('company');
    expect(profileToSave({ ...values, iban: ' lt12 1000 0111 0100 1000 ' }, ['firstName', 'middleName', 'postalCode', 'iban'], LT)).toEqual({
      firstName: 'Ona',
      middleName: null,
      postalCode: 'LT-01103',
      iban: 'LT121000011101001000',
    });
  });
});
