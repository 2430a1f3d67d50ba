/**
 * /login: email + the three consents → a 6-digit code is emailed → /passcode; or, with the
 * consents ticked, "Continue with Google" (GoogleSignIn). A small "Sign in with password" mode
 * serves the demo accounts (loginWithPassword). The form starts from what was kept when Google was
 * last pressed (googleDraft.ts).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useFormik } from 'formik';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { normalizeEmail } from '#domain/validation';
import { formikField } from '#ui/formikField';
import { EmailField, TextField } from '#ui/TextField';
import { emailLoginSchema, passwordLoginSchema } from './authSchemas';
import { showCommandFailure, useLoginWithPassword, useSendEmailCode } from './mutations';
import { ConsentFields } from './ConsentFields';
import { GoogleSignIn } from './GoogleSignIn';
import { useGoogleDraft, type GoogleDraft } from './googleDraft';
import { useFieldErrorText } from './useFieldErrorText';
import './auth.css';

type Mode = 'email' | 'password';

interface LoginValues {
  email: string;
  username: string;
  password: string;
  terms: boolean;
  privacy: boolean;
  communication: boolean;
}

export function LoginScreen() {
  const kept = useGoogleDraft();
  // Read from the mirror in a moment: the form then opens with what was kept, not empty first.
  return kept === undefined ? null : <LoginForm kept={kept} />;
}

function LoginForm({ kept }: { kept: GoogleDraft }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const errorText = useFieldErrorText();
  const [mode, setMode] = useState<Mode>('email');
  const sendEmailCode = useSendEmailCode();
  const loginWithPassword = useLoginWithPassword();

  const formik = useFormik<LoginValues>({
    initialValues: { email: kept.email, username: '', password: '', terms: kept.terms, privacy: kept.privacy, communication: kept.communication },
    validationSchema: () => (mode === 'email' ? emailLoginSchema : passwordLoginSchema),
    validateOnBlur: true,
    validateOnChange: false,
    onSubmit: async (values, helpers) => {
      if (mode === 'email') {
        const email = normalizeEmail(values.email);
        const result = await sendEmailCode(email);
        if (result.ok) {
          navigate(`/passcode?email=${encodeURIComponent(email)}`);
          return;
        }
        if (result.error.fields?.email) helpers.setFieldError('email', result.error.fields.email);
        else showCommandFailure(result.error, 'login');
      } else {
        const result = await loginWithPassword(normalizeEmail(values.username), values.password);
        if (result.ok) {
          navigate('/', { replace: true });
          return;
        }
        showCommandFailure(result.error, 'login');
      }
    },
  });

  const { values, handleSubmit, isSubmitting } = formik;
  const consented = values.terms && values.privacy && values.communication;
  const field = (name: 'email' | 'username' | 'password') => formikField(formik, name, (code) => errorText(name, code));

  return (
    <>
      <h1 className="green-title">{mode === 'email' ? <Trans>Log in</Trans> : <Trans>Sign in with password</Trans>}</h1>
      <p className="green-lead">
        {mode === 'email' ? (
          <Trans>Enter your email and we will send you a 6-digit login code.</Trans>
        ) : (
          <Trans>For demo and test accounts that have a password.</Trans>
        )}
      </p>
      <form className="auth-form" onSubmit={handleSubmit} noValidate>
        {mode === 'email' ? (
          <EmailField
            id="login-email"
            label={<Trans>Email</Trans>}
            {...field('email')}
          />
        ) : (
          <>
            <EmailField
              id="login-username"
              label={<Trans>Email</Trans>}
              autoComplete="username"
              {...field('username')}
            />
            <TextField id="login-password" label={<Trans>Password</Trans>} type="password" autoComplete="current-password" {...field('password')} />
          </>
        )}
        <ConsentFields formik={formik} />
        <button type="submit" className="btn btn-block" disabled={!consented || isSubmitting} aria-describedby={consented ? undefined : 'consents-hint'}>
          {isSubmitting ? <span className="btn-spinner" aria-hidden="true" /> : null}
          {mode === 'email' ? <Trans>Send login code</Trans> : <Trans>Log in</Trans>}
        </button>
      </form>
      {mode === 'email' ? (
        <GoogleSignIn
          intent="login"
          consented={consented}
          prepare={() => ({ intent: 'login', email: values.email, country: '', terms: values.terms, privacy: values.privacy, communication: values.communication })}
        />
      ) : null}
      <div className="auth-alt">
        <button
          type="button"
          className="btn btn-text"
          onClick={() => {
            setMode(mode === 'email' ? 'password' : 'email');
            formik.setErrors({});
          }}
        >
          {mode === 'email' ? <Trans>Sign in with password</Trans> : <Trans>Log in with an email code</Trans>}
        </button>
      </div>
      <p className="auth-switch">
        <Trans>
          New to Shelfwork? <Link to="/register">Create an account</Link>
        </Trans>
      </p>
      <p className="auth-switch">
        <Link to="/welcome">
          <Trans>What is Shelfwork?</Trans>
        </Link>
      </p>
      <span className="visually-hidden" aria-live="polite">
        {isSubmitting ? t`Sending…` : ''}
      </span>
    </>
  );
}

/** Awaited by the route before the first render (src/app/router.tsx): what the form opens with. */
export { readAccessScreenAhead as readAheadFirstPaint } from './readAhead';
