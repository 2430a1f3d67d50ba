/** Turns the validators' error codes into words in the active language, per field. */
import { useLingui } from '@lingui/react/macro';

export type AccessField = 'email' | 'username' | 'password' | 'country' | 'code' | 'consent';

export function useFieldErrorText(): (field: AccessField, code: string | undefined) => string | undefined {
  const { t } = useLingui();
  return (field, code) => {
    if (!code) return undefined;
    switch (code) {
      case 'REQUIRED':
        if (field === 'email' || field === 'username') return t`Email is required`;
        if (field === 'code') return t`Code is required`;
        if (field === 'country') return t`Country is required`;
        if (field === 'password') return t`Password is required`;
        return t`This field is required`;
      case 'EMAIL_INVALID':
        return t`Email is not valid`;
      case 'TOO_LONG':
        return t`This is too long`;
      case 'CODE_INVALID':
        return t`Enter the 6-digit code from the email`;
      case 'WRONG_CODE':
        return t`Wrong code`;
      case 'COUNTRY_INVALID':
      case 'COUNTRY_NOT_OFFERED':
        return t`Registration is not open in this country`;
      case 'CONSENT_REQUIRED':
        return t`Please accept to continue`;
      default:
        return t`This value is not valid`;
    }
  };
}
