/** The server's words for profile refusals: the app's own English texts, translated from the app's catalogs by Accept-Language. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fieldsMessage, fieldWords, localeOf, parsePo, translate } from '../../server/http/messages';

const english = parsePo(readFileSync('src/locales/en/messages.po', 'utf8'));
const msgids = new Set([...readFileSync('src/locales/en/messages.po', 'utf8').matchAll(/^msgid "(.*)"$/gm)].map((m) => JSON.parse(`"${m[1]}"`) as string));

const CASES: [string, string][] = [
  ['phone', 'PHONE_INVALID'],
  ['iban', 'IBAN_INVALID'],
  ['nationalId', 'NATIONAL_ID_LENGTH'],
  ['nationalId', 'NATIONAL_ID_INVALID'],
  ['nationalId', 'ID_DOCUMENT_REQUIRED'],
  ['postalCode', 'POSTAL_CODE_INVALID'],
  ['firstName', 'LOCKED'],
  ['firstName', 'REQUIRED'],
  ['firstName', 'TOO_LONG'],
  ['firstName', 'INVALID'],
  ['individualActivityNo', 'CODE_INVALID'],
  ['activityCode', 'CODE_INVALID'],
  ['paymentDocument', 'REQUIRED'],
  ['fleetPartnerId', 'REQUIRED'],
  ['fleetPartnerId', 'NOT_FOUND'],
  ['registered', 'REQUIRED'],
  ['code', 'NOT_FOUND'],
  ['code', 'NOT_ALLOWED'],
  ['referredByCode', 'LOCKED'],
  ['countryCode', 'COUNTRY_INVALID'],
];

describe('the server’s words for field codes', () => {
  it('are the app’s own texts (msgids of the catalogs), so they have translations', () => {
    expect(msgids.size).toBeGreaterThan(100);
    for (const [field, code] of CASES) expect(msgids.has(fieldWords(field, code).text), `${field} ${code}: ${fieldWords(field, code).text}`).toBe(true);
    for (const country of ['LT', 'CZ'] as const) expect(msgids.has(fieldWords('nationalId', 'NATIONAL_ID_LENGTH', country).text)).toBe(true);
    // And the English catalog says them as they are.
    for (const [field, code] of CASES) expect(english.get(fieldWords(field, code).text) ?? fieldWords(field, code).text).toBe(fieldWords(field, code).text);
  });

  it('come in the asked language, with the market’s national ID length', () => {
    expect(translate(fieldWords('phone', 'PHONE_INVALID'), 'lt')).toBe('Telefono numeris neteisingas');
    expect(translate(fieldWords('phone', 'PHONE_INVALID'), 'en')).toBe('Phone number is not valid');
    expect(translate(fieldWords('nationalId', 'NATIONAL_ID_LENGTH', 'RO'), 'ro')).toBe('CNP-ul trebuie să aibă 13 cifre');
    expect(translate(fieldWords('nationalId', 'NATIONAL_ID_LENGTH', 'CZ'), 'cs')).toBe('Rodné číslo musí mít 9 nebo 10 číslic');
    expect(translate(fieldWords('nationalId', 'NATIONAL_ID_LENGTH', 'LT'), 'en')).toBe('National ID must be 11 digits');
    expect(fieldsMessage({ iban: 'IBAN_INVALID', phone: 'PHONE_INVALID' }, 'pl')).toBe('IBAN jest nieprawidłowy');
    expect(fieldsMessage({}, 'pl')).toBeNull();
  });

  it('read Accept-Language with its weights, falling back to English', () => {
    expect(localeOf('lt')).toBe('lt');
    expect(localeOf('pl-PL,pl;q=0.9,en;q=0.8')).toBe('pl');
    expect(localeOf('de-DE,cs;q=0.5,ro;q=0.7')).toBe('ro');
    expect(localeOf('de, fr')).toBe('en');
    expect(localeOf('lt;q=0, cs')).toBe('cs');
    expect(localeOf(undefined)).toBe('en');
    expect(localeOf(['ro', 'lt'])).toBe('ro');
    expect(localeOf(';;;q=x,,')).toBe('en');
  });

  it('parses multi-line .po strings', () => {
    const po = 'msgid ""\nmsgstr ""\n"Language: lt\\n"\n\nmsgid "A long"\n" text"\nmsgstr "Ilgas"\n" tekstas"\n\nmsgid "Empty"\nmsgstr ""\n';
    expect([...parsePo(po)]).toEqual([['A long text', 'Ilgas tekstas']]);
  });
});
