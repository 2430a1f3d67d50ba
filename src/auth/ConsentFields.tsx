/** The three consents that must be ticked before login or registration (spec section 5, Access). */
import { Trans, useLingui } from '@lingui/react/macro';
import type { FormikProps } from 'formik';
import { legalLinks } from '#domain/legal';
import { COUNTRY_CODES, type CountryCode } from '#domain/types';
import { isLocale } from '../i18n/locales';

export interface ConsentValues {
  terms: boolean;
  privacy: boolean;
  communication: boolean;
}

export interface ConsentFieldsProps<V extends ConsentValues> {
  formik: FormikProps<V>;
  /** The market whose terms apply (registration's chosen country); else the language's market. */
  country?: string | null;
}

export function ConsentFields<V extends ConsentValues>({ formik, country }: ConsentFieldsProps<V>) {
  const { t, i18n } = useLingui();
  const market = (COUNTRY_CODES as readonly string[]).includes(country ?? '') ? (country as CountryCode) : null;
  const links = legalLinks(market, isLocale(i18n.locale) ? i18n.locale : 'en');
  const { values, handleChange } = formik;
  const allTicked = values.terms && values.privacy && values.communication;
  return (
    <fieldset className="consents">
      <legend className="visually-hidden">{t`Consents`}</legend>
      <label className="check-row">
        <input type="checkbox" name="terms" checked={values.terms} onChange={handleChange} />
        <span>
          <Trans>I agree to the Shelfwork terms of service</Trans>
        </span>
      </label>
      <label className="check-row">
        <input type="checkbox" name="privacy" checked={values.privacy} onChange={handleChange} />
        <span>
          <Trans>I have read the privacy policy and agree to my data being processed</Trans>
        </span>
      </label>
      <label className="check-row">
        <input type="checkbox" name="communication" checked={values.communication} onChange={handleChange} />
        <span>
          <Trans>I agree to receive messages about tasks and my account</Trans>
        </span>
      </label>
      <p className="consents-links">
        <a href={links.terms} target="_blank" rel="noopener noreferrer">
          <Trans>Terms of service</Trans>
        </a>
        {' · '}
        <a href={links.privacy} target="_blank" rel="noopener noreferrer">
          <Trans>Privacy policy</Trans>
        </a>
      </p>
      {!allTicked ? (
        <p className="consents-hint muted" id="consents-hint">
          <Trans>Tick all three to continue.</Trans>
        </p>
      ) : null}
    </fieldset>
  );
}
