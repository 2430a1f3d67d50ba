/**
 * Staff sign-in: the e-mail, then the code mailed to it (the same code machinery as taskers,
 * for staff accounts only). The e-mail is kept as a draft, so a reload between the two steps
 * keeps it; after signing in the member returns to the page they asked for.
 */
import { useState, type FormEvent } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { staffLogin, staffSendCode } from '#contracts/api/staffAuth';
import { validateEmail } from '#domain/validation';
import { staffCall, StaffApiError } from '../api';
import { useDraft } from '../drafts';
import { useErrorText } from '../errors';
import { getSession, setSession } from '../session';
import { LanguageSelect } from '../LanguageSelect';
import { ConnectionBanner } from '../ConnectionBanner';

export function LoginScreen() {
  const { t } = useLingui();
  const errorText = useErrorText();
  const [search] = useSearchParams();
  const [email, setEmail, clearEmail] = useDraft<string>('login:email', '');
  const [step, setStep] = useState<'email' | 'code'>('email');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const next = search.get('next');
  const target = next && next.startsWith('/staff') && !next.startsWith('/staff/login') ? next : '/staff';
  const [signedIn, setSignedIn] = useState(() => getSession() !== null);
  if (signedIn) return <Navigate to={target} replace />;

  async function sendCode(event: FormEvent) {
    event.preventDefault();
    const trimmed = email.trim();
    if (validateEmail(trimmed) !== null) {
      setError(t`Please enter a valid e-mail address`);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await staffCall(staffSendCode, { body: { email: trimmed } });
      setStep('code');
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  async function signIn(event: FormEvent) {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) {
      setError(t`The code has 6 digits`);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const session = await staffCall(staffLogin, { body: { email: email.trim(), code: code.trim() } });
      // Cleared before the session starts: the sign-in form's draft belongs to nobody signed in.
      clearEmail();
      setSession(session);
      setSignedIn(true);
    } catch (e) {
      setError(e instanceof StaffApiError && e.fields?.code ? t`The code has 6 digits` : errorText(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="console-login">
      <ConnectionBanner />
      <div className="card console-login__card">
        <div className="console-login__head">
          <h1>
            <Trans>Shelfwork staff</Trans>
          </h1>
          <LanguageSelect />
        </div>
        {step === 'email' ? (
          <form onSubmit={sendCode} noValidate>
            <div className="field">
              <label htmlFor="login-email">
                <Trans>Work e-mail</Trans>
              </label>
              <input id="login-email" type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} aria-invalid={error ? true : undefined} autoFocus />
            </div>
            {error ? (
              <p className="field-error" role="alert">
                {error}
              </p>
            ) : null}
            <button className="btn btn-block" type="submit" disabled={busy}>
              <Trans>Send sign-in code</Trans>
            </button>
          </form>
        ) : (
          <form onSubmit={signIn} noValidate>
            <p className="muted">
              <Trans>If {email} is a staff account, a 6-digit code is on its way there.</Trans>
            </p>
            <div className="field">
              <label htmlFor="login-code">
                <Trans>Code</Trans>
              </label>
              <input id="login-code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(e) => setCode(e.target.value)} aria-invalid={error ? true : undefined} autoFocus />
            </div>
            {error ? (
              <p className="field-error" role="alert">
                {error}
              </p>
            ) : null}
            <button className="btn btn-block" type="submit" disabled={busy}>
              <Trans>Sign in</Trans>
            </button>
            <button
              className="btn btn-text btn-block"
              type="button"
              onClick={() => {
                setStep('email');
                setCode('');
                setError(null);
              }}
            >
              <Trans>Use another e-mail</Trans>
            </button>
          </form>
        )}
      </div>
    </main>
  );
}
