/**
 * Yup schemas of the access forms (spec section 5, Access). Every rule is a call into
 * src/domain/validation.ts (the same validators the server runs); errors are codes, turned into
 * words only when rendered (useFieldErrorText).
 */
import * as yup from 'yup';
import { isRegistrationCountry, LOGIN_CODE_LENGTH, validateCountry, validateEmail, validateLoginCode } from '#domain/validation';

export { REGISTRATION_COUNTRIES } from '#domain/validation';

export type AccessErrorCode = NonNullable<ReturnType<typeof validateEmail>> | 'CONSENT_REQUIRED' | 'COUNTRY_NOT_OFFERED';

function byValidator(name: string, validator: (value: unknown) => string | null) {
  return yup
    .string()
    .default('')
    .test(name, (value, context) => {
      const code = validator(value);
      return code === null ? true : context.createError({ message: code });
    });
}

const consent = yup.boolean().default(false).oneOf([true], 'CONSENT_REQUIRED').required('CONSENT_REQUIRED');

export const consentsSchema = yup.object({ terms: consent, privacy: consent, communication: consent });

export const emailLoginSchema = consentsSchema.shape({ email: byValidator('email', validateEmail) });

export const passwordLoginSchema = consentsSchema.shape({
  username: byValidator('username', validateEmail),
  password: yup.string().default('').required('REQUIRED'),
});

export const registerSchema = consentsSchema.shape({
  email: byValidator('email', validateEmail),
  country: byValidator('country', validateCountry).test(
    'offered',
    'COUNTRY_NOT_OFFERED',
    // Only judged once the shared validator accepted it, so one field shows one error.
    (value) => validateCountry(value) !== null || isRegistrationCountry(value),
  ),
});

export const passcodeSchema = yup.object({ code: byValidator('code', validateLoginCode) });

/**
 * The code as typed or pasted (' 827047', '827-047', '827 047'): its digits, then at most the code's
 * length. The field itself has no maxLength, which the browser would apply to the pasted text
 * before the spaces and dashes are gone, cutting the last digit.
 */
export function loginCodeFromInput(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, LOGIN_CODE_LENGTH);
}
