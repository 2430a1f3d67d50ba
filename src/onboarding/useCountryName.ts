/** A market's name in the tasker's language (Intl.DisplayNames), or its code where the browser has no names. */
import { useLingui } from '@lingui/react/macro';
import type { CountryCode } from '#domain/types';

export function useCountryName(): (code: CountryCode) => string {
  const { i18n } = useLingui();
  return (code) => {
    try {
      return new Intl.DisplayNames([i18n.locale], { type: 'region' }).of(code) ?? code;
    } catch {
      return code;
    }
  };
}
