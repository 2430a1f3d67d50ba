/**
 * The words under a profile field: a validator's code (the Yup schema's, or a refused save's
 * `fields`) through the app's one mapping (src/i18n/errorMessages.ts; the tasker's market words
 * the national ID's length), and the form's own codes.
 */
import { useLingui } from '@lingui/react/macro';
import type { CountryCode } from '#domain/types';
import { fieldErrorMessage, type FormErrorCode } from '../i18n/errorMessages';

export function useProfileErrorText(country?: CountryCode | null): (field: string, code: string | undefined) => string | undefined {
  const { i18n, t } = useLingui();
  return (field, code) => {
    if (!code) return undefined;
    if (code === 'CONFIRM_REQUIRED') return t`Please tick this to confirm the activity code`;
    return i18n._(fieldErrorMessage(field, code as FormErrorCode, { country }));
  };
}
