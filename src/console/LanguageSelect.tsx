/** The console's language picker (en, lt, pl, cs, ro), each named in its own language. */
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { LOCALES, type Locale } from '#domain/types';
import { activateConsoleLocale } from './i18n';

const NAMES: Record<Locale, string> = { en: 'English', lt: 'Lietuvių', pl: 'Polski', cs: 'Čeština', ro: 'Română' };

export function LanguageSelect() {
  const { i18n } = useLingui();
  return (
    <label className="console-lang">
      <span className="visually-hidden">
        <Trans>Language</Trans>
      </span>
      <select value={i18n.locale} onChange={(e) => void activateConsoleLocale(e.target.value as Locale, true)}>
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {NAMES[locale]}
          </option>
        ))}
      </select>
    </label>
  );
}
