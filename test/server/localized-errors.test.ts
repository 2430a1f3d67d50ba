/**
 * Every error the server answers comes in the tasker's language (server/http/localize.ts):
 * 420 refusals by their code and 400 field errors, from Accept-Language, in all five languages.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFUSAL_WORDS, SUPPORT_MESSAGE_WORDS } from '#domain/errorWords';
import { LOCALES } from '#domain/types';
import { parsePo } from '../../server/http/messages';
import { localizeErrorMessage } from '../../server/http/localize';
import { startTestServer, type TestServer } from './helpers';

const catalogs = Object.fromEntries(LOCALES.map((l) => [l, parsePo(readFileSync(`src/locales/${l}/messages.po`, 'utf8'))]));
const enIds = new Set([...readFileSync('src/locales/en/messages.po', 'utf8').matchAll(/^msgid "(.*)"$/gm)].map((m) => JSON.parse(`"${m[1]}"`) as string));

describe('the words of the server’s refusals', () => {
  it('are msgids of the app translated in lt, pl, cs and ro', () => {
    for (const [code, { message: text }] of [...Object.entries(REFUSAL_WORDS), ...Object.entries(SUPPORT_MESSAGE_WORDS)]) {
      expect(enIds.has(text), `${code}: "${text}" is not a msgid`).toBe(true);
      for (const locale of ['lt', 'pl', 'cs', 'ro'] as const) expect(catalogs[locale]!.get(text), `${code} in ${locale}`).toBeTruthy();
    }
  });

  it('keep the server’s English, translate a 420 by its code and a generic 400 by its first field', () => {
    const refusal = { statusCode: 420, code: 'TASK_NO_LONGER_AVAILABLE' as const, message: 'server english' };
    expect(localizeErrorMessage(refusal, 'en')).toBe('server english');
    for (const locale of ['lt', 'pl', 'cs', 'ro'] as const) {
      expect(localizeErrorMessage(refusal, locale)).toBe(catalogs[locale]!.get(REFUSAL_WORDS.TASK_NO_LONGER_AVAILABLE.message));
    }
    const fields = { statusCode: 400, code: 'VALIDATION_FAILED' as const, message: 'Some fields are not valid', fields: { email: 'EMAIL_INVALID' } };
    expect(localizeErrorMessage(fields, 'cs')).not.toBe('Some fields are not valid');
    // A route's own wording (already in the language) stays.
    expect(localizeErrorMessage({ ...fields, message: 'Numer telefonu jest nieprawidłowy' }, 'pl')).toBe('Numer telefonu jest nieprawidłowy');
  });
});

describe('420 over HTTP in each language', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('a login for an unknown email answers USER_NOT_FOUND in the Accept-Language', async () => {
    const seen = new Set<string>();
    for (const locale of LOCALES) {
      const res = await server.request({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'accept-language': locale },
        payload: { email: `nobody-${locale}@example.test`, code: '123456' },
      });
      expect(res.statusCode, res.body).toBe(420);
      const error = res.json<{ error: { code: string; message: string } }>().error;
      expect(error.code).toBe('USER_NOT_FOUND');
      const expected = locale === 'en' ? 'There is no account with this email. Please register first.' : catalogs[locale]!.get(REFUSAL_WORDS.USER_NOT_FOUND.message);
      expect(error.message).toBe(expected);
      seen.add(error.message);
    }
    expect(seen.size).toBe(5);
  });
});
