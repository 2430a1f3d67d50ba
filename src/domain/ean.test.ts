import { describe, expect, it } from 'vitest';
import {
  SPECIAL_EANS,
  classifyEan,
  expandUpcE,
  gs1CheckDigit,
  scannedValue,
  validateEan,
  validateFacings,
  validateScannedItem,
  withCheckDigit,
  type EanKind,
} from './ean';

// Published codes (independent of this implementation): 4006381333931 and 5901234123457 are
// well-known EAN-13s, 9780306406157 is the ISBN-13 example, 96385074 and 73513537 EAN-8s,
// 036000291452 a UPC-A, and UPC-E 01234565 expands to UPC-A 012345000065. The UPC-E and GTIN-14
// values below were computed by hand (GS1 weights 3,1,3,… from the right).

describe('the GS1 check digit', () => {
  it.each([
    ['400638133393', 1],
    ['590123412345', 7],
    ['9638507', 4],
    ['03600029145', 2],
    ['1590123412345', 4],
  ])('of %s is %i', (data, check) => {
    expect(gs1CheckDigit(data)).toBe(check);
  });

  it('completes EAN-13 and EAN-8 bodies (the demo seed, benchmarks and tests build their EANs with it)', () => {
    expect(withCheckDigit('400638133393')).toBe('4006381333931');
    expect(withCheckDigit('7351353')).toBe('73513537');
    expect(withCheckDigit('590123412345')).toBe('5901234123457');
    expect(validateEan(withCheckDigit('200000000042'))).toBeNull();
  });
});

describe('UPC-E expansion to UPC-A', () => {
  it.each([
    ['01234565', '012345000065'], // last digit 5–9: manufacturer 5 digits, item 1 digit
    ['01234505', '012000003455'], // last digit 0–2
    ['01234531', '012300000451'], // last digit 3
    ['01234543', '012340000053'], // last digit 4
    ['12345670', '123456000070'], // number system 1
    ['1234565', '012345000065'], // 7 digits: number system 0 implied
  ])('expands %s to %s', (upcE, upcA) => {
    expect(expandUpcE(upcE)).toBe(upcA);
  });

  it('refuses number systems other than 0 and 1', () => {
    expect(expandUpcE('21234565')).toBeNull();
  });
});

describe('EAN validity (spec section 5)', () => {
  const valid: [string, string, EanKind][] = [
    ['empty', '', 'EMPTY'],
    ['blank (trimmed to empty)', '   ', 'EMPTY'],
    ['EAN-13', '4006381333931', 'EAN_13'],
    ['EAN-13 (ISBN)', '9780306406157', 'EAN_13'],
    ['EAN-13 with surrounding spaces', '  5901234123457 ', 'EAN_13'],
    ['EAN-8', '96385074', 'EAN_8'],
    ['EAN-8', '73513537', 'EAN_8'],
    ['UPC-A', '036000291452', 'UPC_A'],
    ['UPC-E, 8 digits, not also an EAN-8', '01234531', 'UPC_E'],
    ['UPC-E, number system 1', '11234538', 'UPC_E'],
    ['UPC-E, 7 digits (number system 0 implied)', '1234531', 'UPC_E'],
    ['EAN-13 + 5-digit add-on, space', '9780306406157 51299', 'EAN_13_ADDON'],
    ['EAN-13 + 2-digit add-on, hyphen', '9780306406157-12', 'EAN_13_ADDON'],
    ['EAN-13 + 5-digit add-on, together (18)', '978030640615751299', 'EAN_13_ADDON'],
    ['EAN-13 + 2-digit add-on, together (15)', '978030640615712', 'EAN_13_ADDON'],
    ['UPC-A + 5-digit add-on, space', '036000291452 51299', 'UPC_A_ADDON'],
    ['UPC-A + 5-digit add-on, together (17)', '03600029145251299', 'UPC_A_ADDON'],
    ['UPC-A + 2-digit add-on, together (14, not a GTIN-14)', '03600029145212', 'UPC_A_ADDON'],
    ['GTIN-14', '15901234123454', 'GTIN_14'],
    ['GTIN-14 with AI 01', '0115901234123454', 'GTIN_14'],
    ['GTIN-14 with AI 02', '0215901234123454', 'GTIN_14'],
    ['GTIN-14 with AI (01)', '(01)15901234123454', 'GTIN_14'],
    ['GTIN-14 with AI (02) and a space', '(02) 15901234123454', 'GTIN_14'],
  ];

  it.each(valid)('accepts %s: %j', (_what, value, kind) => {
    expect(classifyEan(value)).toBe(kind);
    expect(validateEan(value)).toBeNull();
  });

  const invalid: [string, unknown][] = [
    ['EAN-13 with a wrong check digit', '4006381333932'],
    ['EAN-8 with a wrong check digit', '96385075'],
    ['UPC-A with a wrong check digit', '036000291453'],
    ['UPC-E with a wrong check digit (and not an EAN-8)', '01234532'],
    ['UPC-E with number system 2', '21234531'],
    ['7 digits with a wrong UPC-E check digit', '1234532'],
    ['letters', '40063813339a1'],
    ['inner spaces', '4006 381333931'],
    ['too short', '123456'],
    ['9 digits', '123456789'],
    ['11 digits', '03600029145'],
    ['add-on of 3 digits', '9780306406157 512'],
    ['add-on of 4 digits', '9780306406157 5129'],
    ['add-on after an invalid main code', '9780306406158 51299'],
    ['add-on after an EAN-8', '96385074 12'],
    ['add-on after two spaces', '9780306406157  51299'],
    ['16 digits without a valid main code', '9780306406158512'],
    ['GTIN-14 with a wrong check digit', '15901234123455'],
    ['GTIN-14 with AI 03', '0315901234123454'],
    ['GTIN-14 with AI 01 and a wrong check digit', '(01)15901234123455'],
    ['AI 01 followed by 13 digits', '(01)5901234123457'],
    ['19 digits', '9780306406157512990'],
    ['a number instead of text', 4006381333931],
  ];

  it.each(invalid)('refuses %s: %j', (_what, value) => {
    expect(validateEan(value)).toBe('EAN_INVALID');
  });

  it('accepts the special codes it is given verbatim, and none by default', () => {
    expect(SPECIAL_EANS).toEqual([]);
    expect(validateEan('NO-BARCODE')).toBe('EAN_INVALID');
    expect(classifyEan('NO-BARCODE', { specialCodes: ['NO-BARCODE'] })).toBe('SPECIAL');
    expect(validateEan(' NO-BARCODE ', { specialCodes: ['NO-BARCODE'] })).toBeNull();
  });
});

describe('a scanned value (last 13 characters, spec section 2)', () => {
  it.each([
    ['an EAN-13 as is', '4006381333931', '4006381333931'],
    ['an EAN-8 as is', '96385074', '96385074'],
    ['a UPC-A as is', '036000291452', '036000291452'],
    ['surrounding whitespace trimmed', ' 4006381333931\n', '4006381333931'],
    ['an AIM ]E0 prefix stripped from an EAN-13', ']E04006381333931', '4006381333931'],
    ['an AIM ]E4 prefix stripped from an EAN-8 (last-13 alone would keep it)', ']E496385074', '96385074'],
    ['a GTIN-14 with a leading 0 becomes its EAN-13', '04006381333931', '4006381333931'],
    ['an AI 01 GTIN-14 keeps its last 13', '0104006381333931', '4006381333931'],
    ['an unknown scanner prefix is cut by the last-13 rule', 'SCAN:4006381333931', '4006381333931'],
  ])('keeps %s', (_what, raw, value) => {
    expect(scannedValue(raw)).toBe(value);
    expect(validateEan(scannedValue(raw))).toBeNull();
  });

  it('cuts an add-on written after the code, so scanned add-ons travel separately', () => {
    expect(scannedValue('978030640615751299')).toBe('0640615751299');
    expect(validateEan(scannedValue('978030640615751299'))).toBe('EAN_INVALID');
  });
});

describe('facings (integer 0–99)', () => {
  it.each([0, 1, 8, 99, '0', '12', ' 7 '])('accepts %j', (value) => {
    expect(validateFacings(value)).toBeNull();
  });

  it.each([-1, 100, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '100', '1.5', '-1', 'abc', '1e1', true])(
    'refuses %j',
    (value) => {
      expect(validateFacings(value)).toBe('FACINGS_INVALID');
    },
  );

  it.each([null, undefined, '', '  '])('asks for a value when given %j', (value) => {
    expect(validateFacings(value)).toBe('FACINGS_REQUIRED');
  });
});

describe('a scanned item can be saved only with an EAN and numeric facings', () => {
  it.each([
    ['a valid EAN-13 and facings', { ean: '4006381333931', facings: 3 }, []],
    ['a UPC-E and zero facings', { ean: '01234531', facings: 0 }, []],
    ['no EAN', { ean: '', facings: 3 }, ['EAN_REQUIRED']],
    ['a missing EAN', { ean: null, facings: 3 }, ['EAN_REQUIRED']],
    ['an invalid EAN', { ean: '4006381333932', facings: 3 }, ['EAN_INVALID']],
    ['no facings', { ean: '4006381333931', facings: null }, ['FACINGS_REQUIRED']],
    ['facings out of range', { ean: '4006381333931', facings: 100 }, ['FACINGS_INVALID']],
    ['both wrong', { ean: 'abc', facings: 1.5 }, ['EAN_INVALID', 'FACINGS_INVALID']],
  ] as const)('%s', (_what, item, errors) => {
    expect(validateScannedItem(item)).toEqual(errors);
  });
});
