/**
 * "Continue with Google" under the login and register forms, shown only when the server offers
 * Google sign-in (GET auth/providers, asked through the worker on every visit and kept in kv, so
 * offline the button is still there, disabled, saying Google sign-in needs a connection).
 *
 * Like the forms' own buttons it waits for the three consents (spec: ticked before login,
 * register or Google sign-in). Pressed, it keeps the form's ticks and choices as a draft
 * (googleDraft.ts), asks the server for the authorization URL and sends this same window there —
 * no popup, so it works the same in an installed app (standalone display mode), where a popup
 * would open the browser instead. Google sends the window back to /auth/google/callback.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useOnline } from '../shared/useOnline';
import { registrationCountryOf } from '#domain/validation';
import { saveGoogleDraft, type GoogleDraft } from './googleDraft';
import { refreshSignInProviders, showCommandFailure, startGoogleSignIn, type GoogleIntent } from './mutations';
import { useSignInProviders } from './queries';

export interface GoogleSignInProps {
  intent: GoogleIntent;
  /** All three consents ticked: until then the button is disabled, described by the consents' hint. */
  consented: boolean;
  /**
   * Called on press, before anything is sent: checks what the form needs first (the country on
   * register, showing its error) and answers the values to keep, or null to stop.
   */
  prepare: () => Omit<GoogleDraft, 'state'> | null;
}

/** Only a web address is followed (the answer comes from the server, but the window is ours). */
function isWebUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

export function GoogleSignIn({ intent, consented, prepare }: GoogleSignInProps) {
  const { t } = useLingui();
  const providers = useSignInProviders();
  const online = useOnline();
  const [starting, setStarting] = useState(false);

  // Asked on every visit and again when the connection comes back; offline the kept answer stays.
  useEffect(() => {
    if (online) void refreshSignInProviders();
  }, [online]);

  // Back from Google with the back button, the browser may show this page as it was left
  // (back/forward cache): still "starting". It is not any more.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setStarting(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  // Not known at the first render (never asked on this device): the button's room is kept, so the
  // links under it do not move when the answer comes; if the answer is "no Google", the room stays
  // empty for this visit (the next one knows).
  const [reserved] = useState(() => providers == null);
  if (!providers?.google) {
    return reserved ? (
      <div className="auth-google auth-google--reserved" aria-hidden="true" inert>
        <p className="auth-divider" />
        <button type="button" className="btn btn-block btn-google" disabled tabIndex={-1} />
      </div>
    ) : null;
  }

  async function start() {
    const draft = prepare();
    if (!draft) return;
    setStarting(true);
    // No state until the server answers: a callback of an earlier start is no longer accepted.
    await saveGoogleDraft({ ...draft, state: '' });
    const country = intent === 'register' ? registrationCountryOf(draft.country) : null;
    const result = await startGoogleSignIn(intent, country);
    if (result.ok && isWebUrl(result.value.authorizationUrl)) {
      // The callback accepts only this sign-in's state (googleDraft.ts).
      await saveGoogleDraft({ ...draft, state: new URL(result.value.authorizationUrl).searchParams.get('state') ?? '' });
      // The same window goes to Google; "starting" stays until the page is gone.
      window.location.assign(result.value.authorizationUrl);
      return;
    }
    setStarting(false);
    showCommandFailure(result.ok ? { status: 0, code: 'UNKNOWN', message: '' } : result.error, 'googleSignIn');
  }

  const describedBy = !online ? 'google-offline' : consented ? undefined : 'consents-hint';
  return (
    <div className="auth-google">
      <p className="auth-divider">
        <Trans>or</Trans>
      </p>
      <button type="button" className="btn btn-block btn-google" disabled={!online || !consented || starting} aria-describedby={describedBy} onClick={() => void start()}>
        {starting ? <span className="btn-spinner btn-spinner--dark" aria-hidden="true" /> : <GoogleMark />}
        <Trans>Continue with Google</Trans>
      </button>
      {!online ? (
        <p className="auth-google-offline muted" id="google-offline">
          <Trans>Google sign-in needs a connection.</Trans>
        </p>
      ) : null}
      <span className="visually-hidden" aria-live="polite">
        {starting ? t`Opening Google…` : ''}
      </span>
    </div>
  );
}

/** Google's "G" (its sign-in branding asks for the mark in its own colours on a light button). */
function GoogleMark() {
  return (
    <svg className="google-mark" viewBox="0 0 48 48" width="18" height="18" aria-hidden="true" focusable="false">
      <path fill="#EA4335" d="M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z" />
      <path fill="#4285F4" d="M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z" />
      <path fill="#FBBC05" d="M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z" />
      <path fill="#34A853" d="M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z" />
    </svg>
  );
}
