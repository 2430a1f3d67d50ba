/**
 * /passcode?email=: the 6-digit code from the email (numeric keyboard, one-time-code autofill),
 * 'Code is required', 'Wrong code', resend with a 5 s cooldown (spec section 4), and back.
 */
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useFormik } from 'formik';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { LOGIN_CODE_LENGTH, validateEmail } from '#domain/validation';
import { formikField } from '#ui/formikField';
import { Icon } from '#ui/Icon';
import { TextField } from '#ui/TextField';
import { showToast } from '#ui/toastStore';
import { loginCodeFromInput, passcodeSchema } from './authSchemas';
import { showCommandFailure, useLoginWithCode, useSendEmailCode } from './mutations';
import { useFieldErrorText } from './useFieldErrorText';
import './auth.css';

/** Spec section 4: resend cooldown 5 s. */
export const RESEND_COOLDOWN_S = 5;

export function PasscodeScreen() {
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const { t } = useLingui();
  const navigate = useNavigate();
  const errorText = useFieldErrorText();
  const loginWithCode = useLoginWithCode();
  const sendEmailCode = useSendEmailCode();
  // The code was just sent by /login or /register: the cooldown starts now.
  const [cooldown, setCooldown] = useState(RESEND_COOLDOWN_S);
  const [resending, setResending] = useState(false);

  useEffect(() => {
    if (cooldown <= 0) return;
    const timer = setTimeout(() => setCooldown((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [cooldown]);

  const formik = useFormik({
    initialValues: { code: '' },
    validationSchema: passcodeSchema,
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: async (values, helpers) => {
      const result = await loginWithCode(email, values.code.trim());
      if (result.ok) {
        navigate('/', { replace: true });
        return;
      }
      const { error } = result;
      if (error.code === 'WRONG_CODE') helpers.setFieldError('code', 'WRONG_CODE');
      else if (error.fields?.code) helpers.setFieldError('code', error.fields.code);
      else showCommandFailure(error, 'login');
    },
  });

  const { handleSubmit, isSubmitting, setFieldValue, submitForm } = formik;
  // Shown after a submit only: a complete code submits itself, so a half-typed one is no error.
  const code = formikField(formik, 'code', (value) => errorText('code', value), 'submitted');

  async function resend() {
    setResending(true);
    const result = await sendEmailCode(email);
    setResending(false);
    if (result.ok) {
      setCooldown(RESEND_COOLDOWN_S);
      showToast({ kind: 'success', message: msg`We sent you a new code` });
    } else {
      showCommandFailure(result.error, 'login');
    }
  }

  // Without a usable email there is nothing to log in to: start over.
  if (validateEmail(email) !== null) return <Navigate to="/login" replace />;

  return (
    <>
      <h1 className="green-title">
        <Trans>Check your email</Trans>
      </h1>
      <p className="green-lead">
        <Trans>
          We sent a 6-digit code to <span className="passcode-email">{email}</span>. It is valid for 10 minutes.
        </Trans>
      </p>
      <form className="auth-form" onSubmit={handleSubmit} noValidate>
        <TextField
          id="passcode-code"
          label={<Trans>Login code</Trans>}
          inputClassName="code-input"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          autoFocus
          name={code.name}
          value={code.value}
          error={code.error}
          errorRole="alert"
          onChange={async (event) => {
            const digits = loginCodeFromInput(event.target.value);
            await setFieldValue('code', digits, false);
            formik.setFieldError('code', undefined);
            // A complete code (typed or autofilled) logs in right away.
            if (digits.length === LOGIN_CODE_LENGTH && !isSubmitting) void submitForm();
          }}
        />
        <button type="submit" className="btn btn-block" disabled={isSubmitting}>
          {isSubmitting ? <span className="btn-spinner" aria-hidden="true" /> : null}
          <Trans>Log in</Trans>
        </button>
      </form>
      <div className="passcode-actions">
        <button type="button" className="btn btn-text" onClick={() => navigate('/login')}>
          <Icon name="back" />
          <Trans>Back</Trans>
        </button>
        <button type="button" className="btn btn-text" onClick={resend} disabled={cooldown > 0 || resending}>
          {cooldown > 0 ? t`Resend code in ${cooldown} s` : t`Resend code`}
        </button>
      </div>
    </>
  );
}
