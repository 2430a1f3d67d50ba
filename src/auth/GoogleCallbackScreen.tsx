/**
 * /auth/google/callback: where Google sends the window back (`?code=…&state=…&iss=…`, or
 * `?error=access_denied&state=…` when the tasker cancelled). The code and state go to the server
 * once (`loginWithGoogle`); signed in, the app lands where a code login lands (the guest guard's
 * `/`: the task list or onboarding). A Google account with no Shelfwork account yet (GOOGLE_REGISTRATION_REQUIRED)
 * chooses the country where it will work — the register screen's control — and the account is
 * made with `registerWithGoogle`. Every refusal is said in words, with a way back to where the
 * sign-in started (kept in googleDraft.ts). The code and state leave the address bar at once
 * (history.replaceState): a reload or a shared screenshot never carries them.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useFormik } from 'formik';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { REFUSAL_WORDS } from '#domain/errorWords';
import { formikField } from '#ui/formikField';
import { Icon } from '#ui/Icon';
import { Spinner } from '#ui/Spinner';
import { errorMessage, type FailureLike } from '../i18n/errorMessages';
import { registerSchema } from './authSchemas';
import { CountryField } from './CountryField';
import { registrationCountryOf } from '#domain/validation';
import { clearGoogleDraft, startedHere, useGoogleDraft, type GoogleDraft } from './googleDraft';
import { showCommandFailure, useLoginWithGoogle, useRegisterWithGoogle, type GoogleIntent } from './mutations';
import type { CommandResult } from '../sync/commands';
import { useFieldErrorText } from './useFieldErrorText';
import './auth.css';

interface CallbackQuery {
  code: string | null;
  state: string | null;
  /** The issuer that answered (RFC 9207), forwarded for the server to check. */
  iss: string | null;
  error: string | null;
}

/**
 * The query Google sent, read once per page load: the address is cleaned right away, so a second
 * mount (React's StrictMode mounts twice in development) reads what the first one saw.
 */
let captured: CallbackQuery | null = null;
function callbackQuery(): CallbackQuery {
  const params = new URLSearchParams(window.location.search);
  if (params.has('code') || params.has('error') || params.has('state')) {
    captured = { code: params.get('code'), state: params.get('state'), iss: params.get('iss'), error: params.get('error') };
    window.history.replaceState(window.history.state, '', window.location.pathname);
  }
  return captured ?? { code: null, state: null, iss: null, error: null };
}

/** One exchange per code: a code is good for one use, and a second mount must not send it again. */
const exchanges = new Map<string, Promise<CommandResult>>();

type Phase =
  | { kind: 'working' }
  | { kind: 'cancelled' }
  | { kind: 'country' }
  | { kind: 'failed'; error: FailureLike | null; retry: boolean };

/** Nothing reached the server, or it could not answer: the same code may be sent again. */
function mayRetry(error: FailureLike): boolean {
  return error.code === 'NETWORK' || error.status >= 500;
}

export function GoogleCallbackScreen() {
  const [query] = useState(callbackQuery);
  const loginWithGoogle = useLoginWithGoogle();
  const kept = useGoogleDraft();
  const [attempt, setAttempt] = useState(0);
  const [phase, setPhase] = useState<Phase>(() => {
    if (query.error === 'access_denied') return { kind: 'cancelled' };
    if (query.error || !query.code || !query.state) return { kind: 'failed', error: null, retry: false };
    return { kind: 'working' };
  });

  // Whether this app started the sign-in the callback names (null while the draft is read). A
  // boolean, not the draft: the draft is a new object on every read.
  const ours = kept === undefined ? null : startedHere(kept, query.state);
  useEffect(() => {
    const { code, state, iss, error } = query;
    if (error || !code || !state || ours === null) return;
    // A code whose sign-in this app did not start is never sent (googleDraft.ts, login CSRF).
    if (!exchanges.has(code) && !ours) return;
    let current = true;
    let exchange = exchanges.get(code);
    if (!exchange) {
      exchange = loginWithGoogle(code, state, iss);
      exchanges.set(code, exchange);
    }
    void exchange.then((result) => {
      if (result.ok) {
        // Signed in: the guest guard above this screen sends the tasker to `/` (the task list or
        // onboarding) as soon as the session is stored, as after a code login. A navigation of
        // our own on top would cut short the one `/` starts.
        void clearGoogleDraft();
        return;
      }
      if (!current) return;
      if (result.error.code === 'GOOGLE_REGISTRATION_REQUIRED') {
        setPhase({ kind: 'country' });
        return;
      }
      const retry = mayRetry(result.error);
      if (retry) exchanges.delete(code);
      setPhase({ kind: 'failed', error: result.error, retry });
    });
    return () => {
      current = false;
    };
  }, [query, attempt, loginWithGoogle, ours]);

  const intent: GoogleIntent = kept?.intent ?? 'login';
  const notStartedHere = phase.kind === 'working' && ours === false && query.code !== null && !exchanges.has(query.code);
  if (notStartedHere) {
    return (
      <Outcome title={<Trans>Not signed in</Trans>} intent={intent}>
        <Trans>This Google sign-in was not started in this app, so it was not used. Start it again from the app's login screen.</Trans>
      </Outcome>
    );
  }
  switch (phase.kind) {
    case 'working':
      return <Working />;
    case 'cancelled':
      return (
        <Outcome title={<Trans>Google sign-in cancelled</Trans>} intent={intent}>
          <Trans>You cancelled signing in with Google. Nothing was changed.</Trans>
        </Outcome>
      );
    case 'failed':
      return (
        <Outcome
          title={<Trans>Not signed in</Trans>}
          intent={intent}
          retry={
            phase.retry
              ? () => {
                  setPhase({ kind: 'working' });
                  setAttempt((n) => n + 1);
                }
              : undefined
          }
        >
          <FailureWords error={phase.error} />
        </Outcome>
      );
    case 'country':
      return kept === undefined || !query.state ? <Working /> : <CountryChoice state={query.state} kept={kept} onRefused={(error) => setPhase({ kind: 'failed', error, retry: false })} />;
  }
}

function Working() {
  return (
    <div className="message-screen google-callback" role="status">
      <Spinner />
      <h1 className="green-title">
        <Trans>Signing in with Google…</Trans>
      </h1>
    </div>
  );
}

function FailureWords({ error }: { error: FailureLike | null }) {
  const { i18n } = useLingui();
  const message = errorMessage('googleSignIn', error);
  return <>{typeof message === 'string' ? message : i18n._(message)}</>;
}

function Outcome({ title, intent, retry, children }: { title: ReactNode; intent: GoogleIntent; retry?: () => void; children: ReactNode }) {
  return (
    <div className="message-screen google-callback">
      <Icon name="info" className="message-icon" />
      <h1 className="green-title">{title}</h1>
      <p className="muted" role="alert">
        {children}
      </p>
      {retry ? (
        <button type="button" className="btn btn-block" onClick={retry}>
          <Trans>Try again</Trans>
        </button>
      ) : null}
      <Link to={intent === 'register' ? '/register' : '/login'} className={retry ? 'btn btn-block btn-secondary' : 'btn btn-block'}>
        {intent === 'register' ? <Trans>Back to registration</Trans> : <Trans>Back to log in</Trans>}
      </Link>
    </div>
  );
}

const countrySchema = registerSchema.pick(['country']);

/** GOOGLE_REGISTRATION_REQUIRED: the market of the new account, then `registerWithGoogle`. */
function CountryChoice({ state, kept, onRefused }: { state: string; kept: GoogleDraft; onRefused: (error: FailureLike) => void }) {
  const { i18n } = useLingui();
  const registerWithGoogle = useRegisterWithGoogle();
  const errorText = useFieldErrorText();
  const formik = useFormik({
    initialValues: { country: registrationCountryOf(kept.country) ?? '' },
    validationSchema: countrySchema,
    validateOnChange: false,
    onSubmit: async (values, helpers) => {
      const country = registrationCountryOf(values.country);
      if (!country) return;
      const result = await registerWithGoogle(state, country);
      if (result.ok) {
        // The guest guard takes the signed-in tasker on (see above).
        void clearGoogleDraft();
        return;
      }
      const { error } = result;
      if (error.fields?.country) helpers.setFieldError('country', error.fields.country);
      else if (mayRetry(error)) showCommandFailure(error, 'googleSignIn');
      else onRefused(error);
    },
  });
  const { handleSubmit, isSubmitting } = formik;
  return (
    <div className="google-callback">
      <h1 className="green-title">
        <Trans>One more step</Trans>
      </h1>
      <p className="green-lead">{i18n._(REFUSAL_WORDS.GOOGLE_REGISTRATION_REQUIRED)}</p>
      <form className="auth-form" onSubmit={handleSubmit} noValidate>
        <CountryField id="google-country" field={formikField(formik, 'country', (code) => errorText('country', code))} />
        <button type="submit" className="btn btn-block" disabled={isSubmitting}>
          {isSubmitting ? <span className="btn-spinner" aria-hidden="true" /> : null}
          <Trans>Create account</Trans>
        </button>
      </form>
    </div>
  );
}
