/** /register: email + country (LT, PL, RO) + the three consents → register → /passcode. */
import { Trans, useLingui } from '@lingui/react/macro';
import { useFormik } from 'formik';
import { Link, useNavigate } from 'react-router';
import type { CountryCode } from '#domain/types';
import { normalizeEmail } from '#domain/validation';
import { formikField } from '#ui/formikField';
import { EmailField, SelectField } from '#ui/TextField';
import { REGISTRATION_COUNTRIES, registerSchema } from './authSchemas';
import { showCommandFailure, useRegister } from './mutations';
import { ConsentFields } from './ConsentFields';
import { useFieldErrorText } from './useFieldErrorText';
import './auth.css';

interface RegisterValues {
  email: string;
  country: string;
  terms: boolean;
  privacy: boolean;
  communication: boolean;
}

function countryName(code: CountryCode, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

export function RegisterScreen() {
  const { t, i18n } = useLingui();
  const register = useRegister();
  const navigate = useNavigate();
  const errorText = useFieldErrorText();

  const formik = useFormik<RegisterValues>({
    initialValues: { email: '', country: '', terms: false, privacy: false, communication: false },
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
        <SelectField id="register-country" label={<Trans>Country where you will work</Trans>} {...formikField(formik, 'country', (code) => errorText('country', code))}>
          <option value="" disabled>
            {t`Choose a country`}
          </option>
          {REGISTRATION_COUNTRIES.map((code) => (
            <option key={code} value={code}>
              {countryName(code, i18n.locale)}
            </option>
          ))}
        </SelectField>
        <ConsentFields formik={formik} country={formik.values.country} />
        <button type="submit" className="btn btn-block" disabled={!consented || isSubmitting} aria-describedby={consented ? undefined : 'consents-hint'}>
          {isSubmitting ? <span className="btn-spinner" aria-hidden="true" /> : null}
          <Trans>Create account</Trans>
        </button>
      </form>
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
