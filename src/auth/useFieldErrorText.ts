/** Turns the validators' error codes into words in the active language, per field (src/i18n/errorMessages.ts). */
import { useLingui } from '@lingui/react/macro';
import { fieldErrorMessage, type FormErrorCode } from '../i18n/errorMessages';

export type AccessField = 'email' | 'username' | 'password' | 'country' | 'code' | 'consent';

export function useFieldErrorText(): (field: AccessField, code: string | undefined) => string | undefined {
  const { i18n } = useLingui();
  return (field, code) => (code ? i18n._(fieldErrorMessage(field, code as FormErrorCode)) : undefined);
}
