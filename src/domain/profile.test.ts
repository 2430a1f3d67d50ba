import { describe, expect, it } from 'vitest';
import {
  isProfileComplete,
  LOCKED_AFTER_APPROVAL,
  normalizeProfile,
  PROFILE_FIELDS,
  profileSteps,
  validateIban,
  validateCompanyName,
  validateIndividualActivityNo,
  validatePersonName,
  validateNationalId,
  validatePhone,
  validatePostalCode,
  validateProfile,
  validateProfileField,
  type ProfileContext,
  type ProfileInput,
} from './profile';

const LT: ProfileContext = { country: 'LT', approved: false, identityDocumentUploaded: true };
const PL: ProfileContext = { country: 'PL', approved: false, identityDocumentUploaded: true };

/** A complete LT self-employed profile (identifiers from the public examples below). */
const LT_PROFILE: ProfileInput = {
  firstName: 'Ona',
  lastName: 'Petraitė',
  phone: '+370 612 34567',
  address: 'Gedimino pr. 1, Vilnius',
  nationalId: '33309240064',
  iban: 'LT12 1000 0111 0100 1000',
  businessType: 'self_employed',
};

describe('phone', () => {
  // Example numbers of libphonenumber's metadata (PhoneNumberMetadata.xml, <exampleNumber>), and
  // the fictional-use ranges of Ofcom (UK, 020 7946 0xxx) and NANP (555-01xx).
  it.each(['+370 612 34567', '+37061234567', '+370 5 212 3456', '+48 512 345 678', '+420 601 123 456', '+40 712 034 567', '+44 20 7946 0958', '+1 202 555 0143'])(
    'accepts %s (international, a real country and area code; foreign numbers too)',
    (phone) => expect(validatePhone(phone)).toBeNull(),
  );

  it.each([
    ['no plus', '370 612 34567'],
    ['double space', '+370  612 34567'],
    ['hyphens', '+370-612-34567'],
    ['letters', '+370 612 3456a'],
    ['too few digits (6)', '+370 61'],
    ['too many digits (16)', '+3706123456789012'],
    ['no such country calling code', '+999 1234567'],
    ['no such LT prefix', '+370 999 99999'],
    ['one digit short for LT', '+370 612 3456'],
    ['a space after the plus', '+ 370 612 34567'],
  ])('refuses %s', (_why, phone) => expect(validatePhone(phone)).toBe('PHONE_INVALID'));
});

describe('IBAN', () => {
  // Examples of the SWIFT IBAN registry (one per market) and Wikipedia's "IBAN" article (GB82 WEST…, valid; GB82 TEST…, bad checksum).
  it.each(['LT12 1000 0111 0100 1000', 'PL61 1090 1014 0000 0712 1981 2874', 'CZ65 0800 0000 1920 0014 5399', 'RO49 AAAA 1B31 0075 9384 0000', 'GB82 WEST 1234 5698 7654 32', 'lt121000011101001000'])(
    'accepts %s',
    (iban) => expect(validateIban(iban)).toBeNull(),
  );

  it.each(['GB82 TEST 1234 5698 7654 32', 'LT12 1000 0111 0100 1001', 'LT12 1000 0111 0100 100', 'XX12 1000 0111 0100 1000', 'LT12.1000.0111.0100.1000', '12345'])('refuses %s', (iban) =>
    expect(validateIban(iban)).toBe('IBAN_INVALID'),
  );

  it('is required except in PL, where it is hidden and optional', () => {
    expect(validateProfileField('iban', '', {}, LT)).toBe('REQUIRED');
    expect(validateProfileField('iban', null, {}, PL)).toBeNull();
    expect(validateProfileField('iban', 'PL61 1090 1014 0000 0712 1981 2875', {}, PL)).toBe('IBAN_INVALID');
    expect(profileSteps('PL').flatMap((s) => s.fields)).not.toContain('iban');
    expect(profileSteps('RO').flatMap((s) => s.fields)).toContain('iban');
  });
});

describe('national ID', () => {
  // python-stdnum's documented examples (stdnum/lt/asmens.py, pl/pesel.py, cz/rc.py, ro/cnp.py),
  // the same examples the stdnum npm package tests.
  it.each([
    ['LT', '33309240064'],
    ['LT', '333-092-400 64'],
    ['PL', '44051401359'],
    ['CZ', '710319/2745'],
    ['CZ', '7103192745'],
    ['CZ', '991231123'], // 9 digits: born before 1954
    ['RO', '1630615123457'],
  ] as const)('accepts %s %s', (country, id) => expect(validateNationalId(id, country)).toBeNull());

  it.each([
    ['LT', '33309240164', 'NATIONAL_ID_INVALID'], // checksum
    ['LT', '33313240064', 'NATIONAL_ID_INVALID'], // month 13
    ['LT', '3330924006', 'NATIONAL_ID_LENGTH'],
    ['LT', '333092400645', 'NATIONAL_ID_LENGTH'],
    ['LT', '3330924006X', 'NATIONAL_ID_INVALID'],
    ['PL', '44051401358', 'NATIONAL_ID_INVALID'], // checksum
    ['PL', '02381307589', 'NATIONAL_ID_INVALID'], // birth date
    ['PL', '4405140135', 'NATIONAL_ID_LENGTH'],
    ['CZ', '7103192746', 'NATIONAL_ID_INVALID'], // checksum
    ['CZ', '1103492745', 'NATIONAL_ID_INVALID'], // birth date
    ['CZ', '590312/123', 'NATIONAL_ID_INVALID'], // 9 digits after 1953
    ['CZ', '71031927', 'NATIONAL_ID_LENGTH'],
    ['RO', '1630615123458', 'NATIONAL_ID_INVALID'], // checksum
    ['RO', '1632215123457', 'NATIONAL_ID_INVALID'], // birth date (month 22)
    ['RO', '1630615993454', 'NATIONAL_ID_INVALID'], // county 99
    ['RO', '8800101221144', 'NATIONAL_ID_INVALID'], // first digit
    ['RO', '163061512345', 'NATIONAL_ID_LENGTH'],
    ['RO', '33309240064', 'NATIONAL_ID_LENGTH'], // an LT code in RO
  ] as const)('refuses %s %s with %s', (country, id, code) => expect(validateNationalId(id, country)).toBe(code));

  it('needs the identity document uploaded first, unless it is the saved value again', () => {
    const noDoc = { ...LT, identityDocumentUploaded: false };
    expect(validateProfileField('nationalId', '33309240064', {}, noDoc)).toBe('ID_DOCUMENT_REQUIRED');
    expect(validateProfileField('nationalId', '33309240064', {}, { ...noDoc, saved: { nationalId: '33309240064' } })).toBeNull();
    // A bad number is reported as such first.
    expect(validateProfileField('nationalId', '33309240164', {}, noDoc)).toBe('NATIONAL_ID_INVALID');
  });
});

describe('names', () => {
  it('takes letters of any script, spaces, hyphens, apostrophes and dots in a person\'s name', () => {
    for (const name of ['Ona', 'Rūta', 'Jonaitienė', 'Łukasz', 'Ștefan', 'Žaneta-Marija', "O'Brien", 'D’Angelo', 'J. R.', 'Šaltinytė Vaitkienė', 'Дмитрий', 'Χρήστος', 'Nguyễn', 'Zoë']) {
      expect(validatePersonName(name), name).toBeNull();
    }
    // A decomposed ą (a + combining ogonek) is a letter too.
    expect(validatePersonName('Mąja'.normalize('NFD'))).toBeNull();
  });

  it('refuses emoji, symbols and digits in a person\'s name', () => {
    for (const name of ['Ona 😀', '😀', 'Jonas👍', 'R2D2', 'Ona <b>', 'Ona_', 'Jonas!', '#Ona', 'Ona❤', 'Ona\u200dX', '---', "'."]) {
      expect(validatePersonName(name), name).toBe('NAME_INVALID');
    }
  });

  it('takes a company name with digits and its usual punctuation, not emoji', () => {
    for (const name of ['UAB „Lentyna“', 'UAB "Maxima LT"', 'Sp. z o.o. Półka 24', 'A&B, S.R.L.', 'Firma (Polska) s.c.', 'S.C. Raft/Plus SRL']) {
      expect(validateCompanyName(name), name).toBeNull();
    }
    for (const name of ['UAB 🚀', 'Shop™', 'Ltd ©', '★ Stars']) expect(validateCompanyName(name), name).toBe('NAME_INVALID');
  });

  it('is the profile\'s rule for the first, middle, last and company names (the server runs it too)', () => {
    expect(validateProfile({ firstName: 'Ona 😀', middleName: '🙂', lastName: 'P3traitė', legalEntityName: 'UAB 🚀' }, LT)).toEqual({
      firstName: 'NAME_INVALID',
      middleName: 'NAME_INVALID',
      lastName: 'NAME_INVALID',
      legalEntityName: 'NAME_INVALID',
    });
    expect(validateProfile({ firstName: '  Rūta  ', lastName: "O'Neill-Kazlauskienė" }, LT)).toEqual({});
  });
});

describe('business', () => {
  it('is self-employed by default; a company needs its legal entity and activity number', () => {
    expect(normalizeProfile({ businessType: '' as never }, 'LT').businessType).toBe('self_employed');
    expect(validateProfile({ businessType: 'self_employed' }, LT)).toEqual({});
    expect(validateProfile({ businessType: 'company' }, LT)).toEqual({
      individualActivityNo: 'REQUIRED',
      legalEntityName: 'REQUIRED',
      legalEntityNumber: 'REQUIRED',
    });
    expect(validateProfileField('businessType', 'corporation', {}, LT)).toBe('INVALID');
  });

  it('checks the individual activity number length per market (nullable when self-employed)', () => {
    expect(validateIndividualActivityNo('123456', 'LT')).toBeNull();
    expect(validateIndividualActivityNo('12345', 'LT')).toBe('CODE_INVALID');
    expect(validateIndividualActivityNo('526-104-08-28', 'PL')).toBeNull();
    expect(validateIndividualActivityNo('52610408', 'PL')).toBe('CODE_INVALID');
    expect(validateIndividualActivityNo('25596641', 'CZ')).toBeNull();
    expect(validateIndividualActivityNo('18547290', 'RO')).toBeNull();
    expect(validateIndividualActivityNo('AB123456', 'LT')).toBe('CODE_INVALID');
    expect(validateProfileField('individualActivityNo', null, { businessType: 'self_employed' }, LT)).toBeNull();
  });

  it('asks the postal code only with a legal entity name: five digits, stored as LT-', () => {
    expect(validatePostalCode('01103')).toBeNull();
    expect(validatePostalCode('LT-01103')).toBeNull();
    expect(validatePostalCode('0110')).toBe('POSTAL_CODE_INVALID');
    expect(validatePostalCode('011033')).toBe('POSTAL_CODE_INVALID');
    expect(validatePostalCode('01a03')).toBe('POSTAL_CODE_INVALID');
    expect(validateProfile({ businessType: 'company', legalEntityName: 'UAB Pavyzdys', legalEntityNumber: '300000000', individualActivityNo: '123456' }, LT)).toEqual({ postalCode: 'REQUIRED' });
    // A self-employed tasker's left-over company name asks for nothing.
    expect(validateProfile({ businessType: 'self_employed', legalEntityName: 'UAB Pavyzdys' }, LT)).toEqual({});
    expect(validateProfile({ legalEntityName: null, postalCode: null }, LT)).toEqual({});
    expect(normalizeProfile({ postalCode: ' 01103 ' }, 'LT').postalCode).toBe('LT-01103');
    expect(normalizeProfile({ postalCode: 'lt-01103' }, 'LT').postalCode).toBe('LT-01103');
  });

  it('keeps the VAT code optional', () => {
    expect(validateProfileField('vatCode', '', {}, LT)).toBeNull();
    expect(validateProfileField('vatCode', 'LT100001738313', {}, LT)).toBeNull();
    expect(validateProfileField('vatCode', 'x'.repeat(31), {}, LT)).toBe('TOO_LONG');
  });
});

describe('the profile', () => {
  it('needs first name, last name, phone, address and national ID; the middle name is optional', () => {
    expect(validateProfile({}, LT, { requireAll: true })).toEqual({
      firstName: 'REQUIRED',
      lastName: 'REQUIRED',
      phone: 'REQUIRED',
      address: 'REQUIRED',
      nationalId: 'REQUIRED',
      iban: 'REQUIRED',
    });
    expect(validateProfile({}, PL, { requireAll: true })).not.toHaveProperty('iban');
    expect(validateProfileField('middleName', '  ', {}, LT)).toBeNull();
  });

  it('trims everything and stores compact forms', () => {
    expect(
      normalizeProfile(
        { firstName: '  Ona ', middleName: '   ', iban: ' lt12 1000 0111 0100 1000 ', nationalId: '333-092 40064', phone: ' +370 612 34567 ' },
        'LT',
      ),
    ).toEqual({ firstName: 'Ona', middleName: null, iban: 'LT121000011101001000', nationalId: '33309240064', phone: '+370 612 34567' });
  });

  it('checks only the fields given, unless asked for all', () => {
    expect(validateProfile({ phone: '+370 612 34567' }, LT)).toEqual({});
    expect(validateProfile({ phone: '+370 612 34567', firstName: '' }, LT)).toEqual({ firstName: 'REQUIRED' });
    expect(validateProfile({ firstName: 'x'.repeat(101) }, LT)).toEqual({ firstName: 'TOO_LONG' });
  });

  it('says INVALID for values of the wrong type, never throws', () => {
    for (const field of PROFILE_FIELDS) {
      expect(validateProfileField(field, 42, {}, LT)).toBe('INVALID');
      expect(validateProfileField(field, { a: 1 }, {}, LT)).toBe('INVALID');
    }
  });

  it('locks name, IBAN and national ID after approval', () => {
    expect(LOCKED_AFTER_APPROVAL).toEqual(['firstName', 'middleName', 'lastName', 'iban', 'nationalId']);
    const approved: ProfileContext = { ...LT, approved: true, identityDocumentUploaded: false, saved: LT_PROFILE };
    expect(validateProfile({ firstName: 'Onutė' }, approved)).toEqual({ firstName: 'LOCKED' });
    expect(validateProfile({ firstName: ' Ona ', iban: 'lt121000011101001000' }, approved)).toEqual({});
    expect(validateProfile({ middleName: 'Marija' }, approved)).toEqual({ middleName: 'LOCKED' });
    // The other fields stay editable.
    expect(validateProfile({ phone: '+370 612 34568', address: 'Vilniaus g. 2' }, approved)).toEqual({});
    // The forms (no saved copy) do not check the disabled fields.
    expect(validateProfile({ firstName: '' }, { ...LT, approved: true })).toEqual({});
  });

  it('is complete with every required field valid and the identity document', () => {
    expect(isProfileComplete(LT_PROFILE, LT)).toBe(true);
    expect(isProfileComplete({ ...LT_PROFILE, iban: null }, LT)).toBe(false);
    expect(isProfileComplete({ ...LT_PROFILE, iban: null, nationalId: '44051401359' }, PL)).toBe(true);
    expect(isProfileComplete(LT_PROFILE, { ...LT, identityDocumentUploaded: false })).toBe(false);
    expect(isProfileComplete({ ...LT_PROFILE, businessType: 'company' }, LT)).toBe(false);
    expect(
      isProfileComplete(
        { ...LT_PROFILE, businessType: 'company', individualActivityNo: '123456', legalEntityName: 'UAB Pavyzdys', legalEntityNumber: '300000000', postalCode: 'LT-01103' },
        LT,
      ),
    ).toBe(true);
  });

  it('has five steps in LT and three elsewhere, each field in at most one step', () => {
    expect(profileSteps('LT').map((s) => s.id)).toEqual(['referral', 'contact', 'personal', 'business', 'billing']);
    for (const country of ['PL', 'CZ', 'RO'] as const) {
      expect(profileSteps(country)).toHaveLength(3);
      const fields = profileSteps(country).flatMap((s) => s.fields);
      expect(new Set(fields).size).toBe(fields.length);
    }
    const lt = profileSteps('LT').flatMap((s) => s.fields);
    expect(new Set(lt).size).toBe(lt.length);
  });
});
