/**
 * /settings: the language picker (stored on this device as 'lng' and sent to the sync worker) and
 * sign out. Push settings (installed app only) come with notifications in a later issue.
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { LOCALES } from '../domain/types';
import { chooseLocale } from '../i18n/i18n';
import { NATIVE_LANGUAGE_NAMES } from '../i18n/locales';
import { signOut } from '../app/signOut';
import { useOutbox, useSessionEmail } from '../sync/hooks';
import { Dialog } from '../ui/Dialog';
import { Icon } from '../ui/Icon';
import './SettingsScreen.css';

export function SettingsScreen() {
  const { i18n, t } = useLingui();
  const navigate = useNavigate();
  const email = useSessionEmail();
  const waiting = (useOutbox() ?? []).filter((r) => r.state !== 'done').length;
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);

  async function doSignOut() {
    setSigningOut(true);
    await signOut();
    navigate('/login', { replace: true });
  }

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
                checked={i18n.locale === locale}
                onChange={() => void chooseLocale(locale)}
              />
              <span lang={locale} className="language-option-name">
                {NATIVE_LANGUAGE_NAMES[locale]}
              </span>
              {i18n.locale === locale ? <Icon name="check" className="language-option-check" /> : null}
            </label>
          ))}
        </div>
      </section>

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
        <button
          type="button"
          className="btn btn-danger btn-block"
          disabled={signingOut}
          onClick={() => (waiting > 0 ? setConfirmOpen(true) : void doSignOut())}
        >
          <Icon name="logout" />
          <Trans>Sign out</Trans>
        </button>
      </section>

      <Dialog
        open={confirmOpen}
        onClose={() => setConfirmOpen(false)}
        title={<Trans>Sign out now?</Trans>}
        actions={
          <>
            <button type="button" className="btn btn-secondary" onClick={() => setConfirmOpen(false)}>
              <Trans>Stay signed in</Trans>
            </button>
            <button type="button" className="btn btn-danger" onClick={() => void doSignOut()} disabled={signingOut}>
              {t`Sign out`}
            </button>
          </>
        }
      >
        <p>
          <Plural
            value={waiting}
            one="# change on this phone has not reached the server yet."
            other="# changes on this phone have not reached the server yet."
          />{' '}
          <Trans>If you sign out now they will be lost. Connect to the internet and wait until they are sent.</Trans>
        </p>
      </Dialog>
    </div>
  );
}
