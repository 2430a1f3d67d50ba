/**
 * "Country where you will work": the registration markets (REGISTRATION_COUNTRIES) named in the
 * app's language. One control for the register screen and for a Google sign-up's country choice.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { CountryCode } from '#domain/types';
import type { FormikFieldBinding } from '#ui/formikField';
import { SelectField } from '#ui/TextField';
import { REGISTRATION_COUNTRIES } from './authSchemas';

function countryName(code: CountryCode, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

export function CountryField({ id, field }: { id: string; field: FormikFieldBinding }) {
  const { t, i18n } = useLingui();
  return (
    <SelectField id={id} label={<Trans>Country where you will work</Trans>} {...field}>
      <option value="" disabled>
        {t`Choose a country`}
      </option>
      {REGISTRATION_COUNTRIES.map((code) => (
        <option key={code} value={code}>
          {countryName(code, i18n.locale)}
        </option>
      ))}
    </SelectField>
  );
}
