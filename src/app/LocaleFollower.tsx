/**
 * Keeps the interface language in step with the logged-in tasker's country when neither a stored
 * setting nor `?lng=` chose one (detection order in src/i18n/detectLocale.ts).
 */
import { useLingui } from '@lingui/react';
import { useEffect } from 'react';
import { activateLocale, currentDetectedLocale } from '../i18n/i18n';
import { useUser } from '../auth/queries';

export function LocaleFollower() {
  const user = useUser();
  const { i18n } = useLingui();
  const country = user === undefined ? undefined : (user?.countryCode ?? null);

  useEffect(() => {
    if (country === undefined) return;
    const wanted = currentDetectedLocale(country);
    // Detection is deterministic (a manual choice is stored and wins), so re-checking on every
    // locale change cannot fight the language picker.
    if (wanted !== i18n.locale) void activateLocale(wanted);
  }, [country, i18n.locale]);

  return null;
}
