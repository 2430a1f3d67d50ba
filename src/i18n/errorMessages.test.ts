import { setupI18n, type MessageDescriptor } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import * as errorWords from '#domain/errorWords';
import { translate } from '../../server/http/messages';
import { messages as cs } from '../locales/cs/messages.po';
import { messages as lt } from '../locales/lt/messages.po';
import { messages as pl } from '../locales/pl/messages.po';
import { messages as ro } from '../locales/ro/messages.po';
import { errorMessage, fieldErrorMessage, isNoConnection, type FailedAction, type FailureLike } from './errorMessages';

const text = (m: MessageDescriptor | string) => (typeof m === 'string' ? m : (m.message ?? m.id));
const words = (action: FailedAction, error: FailureLike | null) => text(errorMessage(action, error));

describe('a failed command in the tasker’s words', () => {
  it('says the storage is full on a quota error, whatever the action', () => {
    const quota = { status: 0, code: 'QUOTA_EXCEEDED' as const, message: 'QuotaExceededError' };
    for (const action of ['photoSave', 'checklist', 'start', 'saveSkus'] as const) expect(words(action, quota)).toContain('storage is full');
  });

  it('says there is no connection only when there was no answer', () => {
    expect(words('complete', { status: 0, code: 'NETWORK', message: '' })).toBe('Cannot connect to server');
    expect(words('cancel', { status: 0, code: 'NETWORK', message: 'fetch failed' })).toBe('Cannot connect to server');
    // Reserving is online only: its own words say nothing was reserved and what to do.
    expect(words('reserve', { status: 0, code: 'NETWORK', message: 'fetch failed' })).toBe(
      'Reserving needs a connection. Nothing was reserved: connect to the internet and slide again.',
    );
    expect(isNoConnection({ code: 'NETWORK' })).toBe(true);
    // A worker that threw is not a lost connection.
    expect(isNoConnection({ code: 'UNKNOWN' })).toBe(false);
    expect(words('login', { status: 0, code: 'UNKNOWN', message: 'worker gone' })).toBe('Could not login');
  });

  it('says the service is unavailable on 503 (an outage) and a proxy’s 502/504', () => {
    for (const status of [502, 503, 504]) {
      expect(words('login', { status, code: status === 503 ? 'SERVICE_UNAVAILABLE' : 'UNKNOWN', message: '' })).toBe('The service is temporarily unavailable. Please try again in a few minutes.');
      expect(words('reserve', { status, code: 'UNKNOWN', message: '' })).toBe('The service is temporarily unavailable. Please try again in a few minutes.');
    }
    expect(words('login', { status: 429, code: 'RATE_LIMITED', message: '' })).toBe('Too many attempts. Please wait a few minutes and try again.');
  });

  it('puts a code it knows in the app’s words, not the server’s English', () => {
    expect(words('reserve', { status: 420, code: 'TASK_NO_LONGER_AVAILABLE', message: 'This task is no longer available.' })).toBe(
      'This task is no longer available. Another user has already reserved it.',
    );
    expect(typeof errorMessage('rejected', { status: 420, code: 'TASK_WINDOW_ENDED', message: 'The time window of this task has ended.' })).toBe('object');
    expect(typeof errorMessage('rejected', { status: 420, code: 'TOO_FAR_FROM_PLACE', message: 'Too far' })).toBe('object');
    expect(words('complete', { status: 420, code: 'PHOTOS_REQUIRED', message: 'Add at least one photo first.' })).toBe('Please add at least one photo.');
    expect(words('start', { status: 403, code: 'CANNOT_SEE_TASKS', message: '' })).toBe('This content is not available');
    expect(words('cancel', { status: 404, code: 'TASK_NOT_FOUND', message: 'Task not found' })).toBe('Task not found');
  });

  it('words a late cancel’s refused reason by its field code', () => {
    expect(words('cancel', { status: 400, code: 'VALIDATION_FAILED', message: '', fields: { justification: 'REQUIRED' } })).toBe('Please write why you are canceling.');
    expect(words('cancel', { status: 400, code: 'VALIDATION_FAILED', message: '', fields: { justification: 'TOO_LONG' } })).toBe('The reason must be shorter than 160 characters.');
  });

  it('shows a 420’s own message for a code it does not know, and the action’s words otherwise', () => {
    expect(errorMessage('complete', { status: 420, code: 'UNKNOWN', message: 'Task expired' })).toBe('Task expired');
    expect(errorMessage('login', { status: 420, code: 'WRONG_CREDENTIALS', message: 'Wrong email or password' })).toBe('Wrong email or password');
    expect(words('photoDelete', { status: 500, code: 'UNKNOWN', message: '' })).toBe('Photo not deleted');
    expect(words('register', { status: 500, code: 'INTERNAL', message: 'Unknown Error' })).toBe('Could not register');
    expect(words('reserve', { status: 500, code: 'UNKNOWN', message: 'boom' })).toBe('Could not reserve the task. Please try again.');
    expect(words('saveSkus', { status: 500, code: 'UNKNOWN', message: '' })).toBe('Could not save SKUs');
  });

  it('shows a rejected record’s server message whatever its status, or a fallback', () => {
    expect(errorMessage('rejected', { status: 420, code: 'UNKNOWN', message: 'Photo too large' })).toBe('Photo too large');
    expect(errorMessage('rejected', { status: 409, code: 'PHOTO_ALREADY_UPLOADED', message: 'This photo already has a different file' })).toBe('This photo already has a different file');
    expect(words('rejected', null)).toBe('The server did not accept this change.');
  });

  it('words a refused file (too large, not a JPEG) in the app’s words, not the server’s English', () => {
    expect(words('rejected', { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'The file is too large (at most 64 kB)' })).toBe('The file is too large.');
    expect(words('photoSave', { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the photo as a JPEG file (Content-Type: image/jpeg)' })).toBe('Unsupported file format. Please try a JPEG image.');
  });
});

describe('a field’s error in the tasker’s words', () => {
  it('words REQUIRED by the field', () => {
    expect(text(fieldErrorMessage('email', 'REQUIRED'))).toBe('Email is required');
    expect(text(fieldErrorMessage('reason', 'REQUIRED'))).toBe('Please add the required information');
    expect(text(fieldErrorMessage('policyAgreed', 'REQUIRED'))).toBe('Please agree to the policy');
    expect(text(fieldErrorMessage('consent', 'REQUIRED'))).toBe('This field is required');
  });

  it('words the other codes alike for every field', () => {
    expect(text(fieldErrorMessage('email', 'EMAIL_INVALID'))).toBe('Email is not valid');
    expect(text(fieldErrorMessage('ean', 'EAN_INVALID'))).toBe('Invalid EAN. Scan directly from the product or select it from the list.');
    expect(text(fieldErrorMessage('facings', 'FACINGS_INVALID'))).toBe('Facings must be a whole number from 0 to 99');
    expect(text(fieldErrorMessage('country', 'OUT_OF_RANGE'))).toBe('This value is not valid');
  });
});

describe('a profile field’s error in the tasker’s words (spec section 5)', () => {
  it('says the national ID’s length for the tasker’s market', () => {
    const lt = fieldErrorMessage('nationalId', 'NATIONAL_ID_LENGTH', { country: 'LT' });
    expect(lt.message).toBe('National ID must be {n} digits');
    expect(lt.values).toEqual({ n: 11 });
    expect(fieldErrorMessage('nationalId', 'NATIONAL_ID_LENGTH', { country: 'RO' }).values).toEqual({ n: 13 });
    const cz = fieldErrorMessage('nationalId', 'NATIONAL_ID_LENGTH', { country: 'CZ' });
    expect(cz.message).toBe('National ID must be {min} or {max} digits');
    expect(cz.values).toEqual({ min: 9, max: 10 });
    // Without the market: general words, never an unfilled placeholder.
    expect(text(fieldErrorMessage('nationalId', 'NATIONAL_ID_LENGTH'))).toBe('National ID has the wrong number of digits');
  });

  it('uses the spec’s words for phone, IBAN, national ID and codes', () => {
    expect(text(fieldErrorMessage('phone', 'PHONE_INVALID'))).toBe('Phone number is not valid');
    expect(text(fieldErrorMessage('iban', 'IBAN_INVALID'))).toBe('IBAN is not valid');
    expect(text(fieldErrorMessage('nationalId', 'NATIONAL_ID_INVALID'))).toBe('National ID is not valid');
    expect(text(fieldErrorMessage('individualActivityNo', 'CODE_INVALID'))).toBe('Code is not valid');
    // The login code keeps its own words.
    expect(text(fieldErrorMessage('code', 'CODE_INVALID'))).toBe('Enter the 6-digit code from the email');
  });

  it('words the referral code’s refusals and the documents’ requirements', () => {
    expect(text(fieldErrorMessage('referredByCode', 'NOT_FOUND'))).toBe('There is no such referral code');
    expect(text(fieldErrorMessage('code', 'NOT_ALLOWED'))).toBe('You cannot use your own referral code');
    expect(text(fieldErrorMessage('identityDocument', 'REQUIRED'))).toBe('Please upload a photo of your ID document');
    expect(text(fieldErrorMessage('firstName', 'LOCKED'))).toBe('This cannot be changed after your profile is approved');
  });
});

describe('the words the server says too (src/domain/errorWords.ts), in the tasker’s language', () => {
  const catalogs = { lt, pl, cs, ro };
  const i18nIn = (locale: keyof typeof catalogs) => {
    const i18n = setupI18n({ locale, messages: { [locale]: catalogs[locale] } });
    return (m: MessageDescriptor) => i18n._(m);
  };
  const shared = Object.values(errorWords).flatMap(function all(value: unknown): MessageDescriptor[] {
    if (value === null || typeof value !== 'object' || value instanceof Set) return [];
    return 'message' in value ? [value as MessageDescriptor] : Object.values(value).flatMap(all);
  });

  it('are translated on the page by the compiled catalogs, as the server translates them', () => {
    expect(shared.length).toBeGreaterThan(50);
    for (const locale of ['lt', 'pl', 'cs', 'ro'] as const) {
      const t = i18nIn(locale);
      for (const m of shared) {
        const values = { n: 7, min: 8, max: 9 };
        const page = t({ ...m, values });
        expect(page, `${locale}: ${m.message}`).toBe(translate({ text: m.message ?? '', values }, locale));
        expect(page, `${locale}: ${m.message} is translated`).not.toBe(m.message);
      }
    }
  });

  it('come translated out of the page’s mapping, placeholders filled', () => {
    expect(i18nIn('lt')(fieldErrorMessage('phone', 'PHONE_INVALID'))).toBe('Telefono numeris neteisingas');
    expect(i18nIn('ro')(fieldErrorMessage('nationalId', 'NATIONAL_ID_LENGTH', { country: 'RO' }))).toBe('CNP-ul trebuie să aibă 13 cifre');
    expect(i18nIn('cs')(fieldErrorMessage('nationalId', 'NATIONAL_ID_LENGTH', { country: 'CZ' }))).toBe('Rodné číslo musí mít 9 nebo 10 číslic');
    const gone = errorMessage('reserve', { status: 420, code: 'TASK_NO_LONGER_AVAILABLE', message: '' }) as MessageDescriptor;
    expect(i18nIn('pl')(gone)).toBe(translate({ text: 'This task is no longer available. Another user has already reserved it.' }, 'pl'));
  });
});
