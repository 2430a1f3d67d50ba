/** A compact language switcher (native <select>) for screens without /settings, e.g. the login page. */
import { useLingui } from '@lingui/react/macro';
import { LOCALES } from '#domain/types';
import { chooseLocale } from '../i18n/i18n';
import { NATIVE_LANGUAGE_NAMES, isLocale } from '../i18n/locales';
import { Icon } from '#ui/Icon';
import './LanguageSelect.css';

export interface LanguageSelectProps {
  compact?: boolean;
}

export function LanguageSelect({ compact = false }: LanguageSelectProps) {
  const { i18n, t } = useLingui();
  return (
    <label className={compact ? 'language-select language-select-compact' : 'language-select'}>
      <Icon name="globe" className="language-select-icon" />
      <span className="visually-hidden">{t`Language`}</span>
      <select
        value={i18n.locale}
        onChange={(event) => {
          const value = event.target.value;
          if (isLocale(value)) void chooseLocale(value);
        }}
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {NATIVE_LANGUAGE_NAMES[locale]}
          </option>
        ))}
      </select>
    </label>
  );
}
