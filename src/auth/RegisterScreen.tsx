/**
 * /register: email + country (LT, PL, RO) + the three consents → register → /passcode; or, with
 * the consents ticked and the country chosen, "Continue with Google" (GoogleSignIn). The form
 * starts from what was kept when Google was last pressed (googleDraft.ts).
 */
import { Trans } from '@lingui/react/macro';
import { useFormik } from 'formik';
import { Link, useNavigate } from 'react-router';
import type { CountryCode } from '#domain/types';
import { normalizeEmail } from '#domain/validation';
import { formikField } from '#ui/formikField';
import { EmailField } from '#ui/TextField';
import { registerSchema } from './authSchemas';
import { showCommandFailure, useRegister } from './mutations';
import { ConsentFields } from './ConsentFields';
import { CountryField } from './CountryField';
import { GoogleSignIn } from './GoogleSignIn';
import { registrationCountryOf } from '#domain/validation';
import { useGoogleDraft, type GoogleDraft } from './googleDraft';
import { useFieldErrorText } from './useFieldErrorText';
import './auth.css';

interface RegisterValues {
  email: string;
  country: string;
  terms: boolean;
  privacy: boolean;
  communication: boolean;
}

export function RegisterScreen() {
  const kept = useGoogleDraft();
  // Read from the mirror in a moment: the form then opens with what was kept, not empty first.
  return kept === undefined ? null : <RegisterForm kept={kept} />;
}

function RegisterForm({ kept }: { kept: GoogleDraft }) {
  const register = useRegister();
  const navigate = useNavigate();
  const errorText = useFieldErrorText();

  const formik = useFormik<RegisterValues>({
    initialValues: {
      email: kept.email,
      country: registrationCountryOf(kept.country) ?? '',
      terms: kept.terms,
      privacy: kept.privacy,
      communication: kept.communication,
    },
    validationSchema: registerSchema,
    validateOnChange: false,
    onSubmit: async (values, helpers) => {
      const email = normalizeEmail(values.email);
      const country = values.country.toUpperCase() as CountryCode;
      const result = await register(email, country);
      if (result.ok) {
        navigate(`/passcode?email=${encodeURIComponent(email)}`);
        return;
      }
      const fields = result.error.fields;
      if (fields?.email || fields?.country) {
        if (fields.email) helpers.setFieldError('email', fields.email);
        if (fields.country) helpers.setFieldError('country', fields.country);
      } else {
        showCommandFailure(result.error, 'register');
      }
    },
  });

  const { values, handleSubmit, isSubmitting } = formik;
  const consented = values.terms && values.privacy && values.communication;

  return (
    <>
      <h1 className="green-title">
        <Trans>Create an account</Trans>
      </h1>
      <p className="green-lead">
        <Trans>Earn money doing short tasks in stores near you. We will send a code to your email to confirm it.</Trans>
      </p>
      <form className="auth-form" onSubmit={handleSubmit} noValidate>
        <EmailField
          id="register-email"
          label={<Trans>Email</Trans>}
          {...formikField(formik, 'email', (code) => errorText('email', code))}
        />
        <CountryField id="register-country" field={formikField(formik, 'country', (code) => errorText('country', code))} />
        <ConsentFields formik={formik} country={formik.values.country} />
        <button type="submit" className="btn btn-block" disabled={!consented || isSubmitting} aria-describedby={consented ? undefined : 'consents-hint'}>
          {isSubmitting ? <span className="btn-spinner" aria-hidden="true" /> : null}
          <Trans>Create account</Trans>
        </button>
      </form>
      <GoogleSignIn
        intent="register"
        consented={consented}
        prepare={() => {
          // The market goes with the start: chosen first, like for the form's own button.
          const country = registrationCountryOf(values.country);
          if (!country) {
            void formik.setFieldTouched('country', true, true);
            document.getElementById('register-country')?.focus();
            return null;
          }
          return { intent: 'register', ...values, country };
        }}
      />
      <p className="auth-switch">
        <Trans>
          Already have an account? <Link to="/login">Log in</Link>
        </Trans>
      </p>
      <p className="auth-switch">
        <Link to="/welcome">
          <Trans>What is Shelfwork?</Trans>
        </Link>
      </p>
    </>
  );
}

/** Awaited by the route before the first render (src/app/router.tsx): what the form opens with. */
export { readAccessScreenAhead as readAheadFirstPaint } from './readAhead';
