import { describe, expect, it } from 'vitest';
import { emailLoginSchema, loginCodeFromInput, passcodeSchema, registerSchema } from './authSchemas';

const consents = { terms: true, privacy: true, communication: true };

async function errorsOf(schema: { validate: (v: unknown, o: object) => Promise<unknown> }, value: unknown): Promise<Record<string, string>> {
  try {
    await schema.validate(value, { abortEarly: false });
    return {};
  } catch (error) {
    const inner = (error as { inner: { path: string; message: string }[] }).inner;
    return Object.fromEntries(inner.map((e) => [e.path, e.message]));
  }
}

describe('access form schemas', () => {
  it('accepts an email login once all three consents are ticked', async () => {
    expect(await errorsOf(emailLoginSchema, { email: 'ana@example.lt', ...consents })).toEqual({});
  });

  it('refuses to continue while any consent is unticked', async () => {
    const errors = await errorsOf(emailLoginSchema, { email: 'ana@example.lt', ...consents, privacy: false });
    expect(errors).toEqual({ privacy: 'CONSENT_REQUIRED' });
  });

  it('reports the shared validator codes for the email', async () => {
    expect((await errorsOf(emailLoginSchema, { email: '', ...consents })).email).toBe('REQUIRED');
    expect((await errorsOf(emailLoginSchema, { email: 'ana@', ...consents })).email).toBe('EMAIL_INVALID');
  });

  it('requires a country at registration and offers only LT, PL and RO', async () => {
    expect((await errorsOf(registerSchema, { email: 'a@b.lt', country: '', ...consents })).country).toBe('REQUIRED');
    expect((await errorsOf(registerSchema, { email: 'a@b.lt', country: 'CZ', ...consents })).country).toBe('COUNTRY_NOT_OFFERED');
    expect(await errorsOf(registerSchema, { email: 'a@b.lt', country: 'RO', ...consents })).toEqual({});
  });

  it('requires a six-digit code', async () => {
    expect((await errorsOf(passcodeSchema, { code: '' })).code).toBe('REQUIRED');
    expect((await errorsOf(passcodeSchema, { code: '12345' })).code).toBe('CODE_INVALID');
    expect(await errorsOf(passcodeSchema, { code: '123456' })).toEqual({});
  });
});

describe('loginCodeFromInput: a typed or pasted code', () => {
  it.each([
    [' 827047', '827047'],
    ['827-047', '827047'],
    ['827 047 ', '827047'],
    ['\t827\u2013047\n', '827047'],
    ['8270471', '827047'],
    ['82a7', '827'],
  ])('%j → %s', (raw, code) => {
    expect(loginCodeFromInput(raw)).toBe(code);
  });
});
