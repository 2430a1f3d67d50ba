/**
 * /settings: the language picker (stored on this device as 'lng' and sent to the sync worker) and
 * sign out, and the push settings in the installed app only (src/notifications/PushSettingsCard.tsx).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { LOCALES } from '#domain/types';
import { chooseLocale } from '../i18n/i18n';
import { NATIVE_LANGUAGE_NAMES } from '../i18n/locales';
import { SignOutButton } from '../chrome/SignOutButton';
import { useSessionEmail } from '../auth';
import { PushSettingsCard } from '../notifications';
import { Icon } from '#ui/Icon';
import { isInstalledApp } from '../pwa/register';
import './SettingsScreen.css';

export function SettingsScreen() {
  const { i18n } = useLingui();
  const email = useSessionEmail();
  // The catalog loads asynchronously: show the tapped language as selected right away.
  const [picked, setPicked] = useState<string | null>(null);
  const selected = picked ?? i18n.locale;
  // Spec section 2: push settings in the installed app only.
  const [installed] = useState(isInstalledApp);

  return (
    <div className="page settings">
      <section className="card" aria-labelledby="settings-language">
        <h2 id="settings-language" className="settings-heading">
          <Icon name="globe" />
          <Trans>Language</Trans>
        </h2>
        <div role="radiogroup" aria-labelledby="settings-language" className="language-options">
          {LOCALES.map((locale) => (
            <label key={locale} className="language-option">
              <input
                type="radio"
                name="language"
                value={locale}
                checked={selected === locale}
                onChange={() => {
                  setPicked(locale);
                  void chooseLocale(locale).finally(() => setPicked(null));
                }}
              />
              <span lang={locale} className="language-option-name">
                {NATIVE_LANGUAGE_NAMES[locale]}
              </span>
              {selected === locale ? <Icon name="check" className="language-option-check" /> : null}
            </label>
          ))}
        </div>
      </section>

      {installed ? <PushSettingsCard /> : null}

      <section className="card" aria-labelledby="settings-account">
        <h2 id="settings-account" className="settings-heading">
          <Icon name="user" />
          <Trans>Account</Trans>
        </h2>
        {email ? (
          <p className="settings-email">
            <Trans>
              Signed in as <strong>{email}</strong>
            </Trans>
          </p>
        ) : null}
        <SignOutButton className="btn btn-danger btn-block">
          <Icon name="logout" />
          <Trans>Sign out</Trans>
        </SignOutButton>
      </section>

    </div>
  );
}
