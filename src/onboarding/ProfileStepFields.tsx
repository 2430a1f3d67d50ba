/**
 * The inputs of one wizard step, as profileWizard.ts says: shown, locked (after approval) or
 * hidden, per market and per the other values (a company's fields, the postal code with a legal
 * entity name, no IBAN in PL). A field's error is the form's own (the Yup schema's code) or, until
 * the tasker edits it, one from outside: the server's code from a refused save, or staff's
 * rejection reason naming it. The identity document's photo comes right before the national ID.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { FormikProps } from 'formik';
import type { ChangeEvent, ReactNode } from 'react';
import { countryChoices, isProfileFieldRequired, nationalIdLengths, type ProfileField } from '#domain/profile';
import { formikField } from '#ui/formikField';
import { SelectField, TextField } from '#ui/TextField';
import { useBusinesses } from '../profile';
import { DocumentPhotoField } from './DocumentPhotoField';
import { fieldState, toProfileInput, visibleFields, type WizardContext, type WizardStep, type WizardValues } from './profileWizard';
import { useCountryName } from './useCountryName';
import { useProfileErrorText } from './useProfileErrorText';
import { useProfileFieldLabels } from './useProfileFieldLabels';

export type OutsideErrors = Partial<Record<string, { kind: 'refused'; code: string } | { kind: 'rejected' }>>;

export interface ProfileStepFieldsProps {
  step: WizardStep;
  formik: FormikProps<WizardValues>;
  ctx: WizardContext;
  showCountry: boolean;
  countryLocked: boolean;
  outside: OutsideErrors;
  edited: ReadonlySet<string>;
  onEdited: (field: string) => void;
}

const INPUT_PROPS: Partial<Record<ProfileField, Record<string, string>>> = {
  firstName: { autoComplete: 'given-name' },
  middleName: { autoComplete: 'additional-name' },
  lastName: { autoComplete: 'family-name' },
  phone: { type: 'tel', inputMode: 'tel', autoComplete: 'tel' },
  address: { autoComplete: 'street-address' },
  nationalId: { inputMode: 'numeric', autoComplete: 'off' },
  iban: { autoComplete: 'off', autoCapitalize: 'characters', spellCheck: 'false' },
  postalCode: { inputMode: 'numeric', autoComplete: 'postal-code', maxLength: '8' },
  individualActivityNo: { inputMode: 'numeric', autoComplete: 'off' },
  legalEntityName: { autoComplete: 'organization' },
  legalEntityNumber: { autoComplete: 'off' },
  vatCode: { autoComplete: 'off', autoCapitalize: 'characters' },
};

export function ProfileStepFields({ step, formik, ctx, showCountry, countryLocked, outside, edited, onEdited }: ProfileStepFieldsProps) {
  const { t } = useLingui();
  const labels = useProfileFieldLabels();
  const errorText = useProfileErrorText(ctx.country);
  const countryName = useCountryName();
  const businesses = useBusinesses();
  const values = formik.values;
  const all = toProfileInput(values, step.fields);

  const outsideError = (field: string): string | undefined => {
    const error = edited.has(field) ? undefined : outside[field];
    if (!error) return undefined;
    return error.kind === 'refused' ? errorText(field, error.code) : t`Our team asked you to correct this`;
  };

  const bind = (field: keyof WizardValues & string) => {
    const binding = formikField(formik, field, (code) => errorText(field, code));
    return {
      ...binding,
      error: binding.error ?? outsideError(field),
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
        onEdited(field);
        binding.onChange(event);
      },
    };
  };

  const label = (field: ProfileField): ReactNode => {
    const optional = !isProfileFieldRequired(field, all, ctx.country) && field !== 'businessType';
    return (
      <>
        {fieldLabel(field)}
        {optional ? <span className="field-optional"> {t`(optional)`}</span> : null}
      </>
    );
  };

  const fieldLabel = (field: ProfileField): string => {
    if (field !== 'individualActivityNo') return labels[field];
    switch (ctx.country) {
      case 'LT':
        return labels.individualActivityNo;
      case 'PL':
        return t`Tax number (NIP)`;
      case 'CZ':
        return t`Business ID (IČO)`;
      case 'RO':
        return t`Tax code (CUI)`;
    }
  };

  const hint = (field: ProfileField): ReactNode => {
    if (fieldState(field, values, ctx) === 'disabled') return <Trans>Locked after approval. To change it, contact support.</Trans>;
    switch (field) {
      case 'phone':
        return <Trans>International format with +, for example +370 612 34567</Trans>;
      case 'nationalId': {
        const lengths = nationalIdLengths(ctx.country);
        const first = lengths[0]!;
        const last = lengths[lengths.length - 1]!;
        return lengths.length > 1 ? <Trans>{first} or {last} digits</Trans> : <Trans>{first} digits</Trans>;
      }
      case 'iban':
        return <Trans>Your bank account, for example LT60 1010 0123 4567 8901</Trans>;
      case 'postalCode':
        return <Trans>5 digits, saved as LT-12345</Trans>;
      case 'businessId':
        return <Trans>The Shelfwork company in your country that you work with</Trans>;
      default:
        return undefined;
    }
  };

  const fields = visibleFields(step, values, ctx);
  return (
    <div className="wizard-fields">
      {showCountry ? (
        <SelectField
          label={labels.country}
          hint={countryLocked ? <Trans>Locked after approval. To change it, contact support.</Trans> : undefined}
          disabled={countryLocked}
          {...bind('countryCode')}
        >
          <option value="" disabled>
            {t`Choose a country`}
          </option>
          {/* The registration markets; an account of another market keeps its own. */}
          {countryChoices(formik.initialValues.countryCode).map((code) => (
            <option key={code} value={code}>
              {countryName(code)}
            </option>
          ))}
        </SelectField>
      ) : null}
      {fields.map((field) => {
        const disabled = fieldState(field, values, ctx) === 'disabled';
        if (field === 'businessType') {
          return (
            <fieldset key={field} className="field wizard-choice">
              <legend>{labels.businessType}</legend>
              <label className="check-row">
                <input type="radio" name="businessType" value="self_employed" checked={values.businessType !== 'company'} onChange={formik.handleChange} />
                <span>
                  <Trans>Self-employed (individual activity)</Trans>
                </span>
              </label>
              <label className="check-row">
                <input type="radio" name="businessType" value="company" checked={values.businessType === 'company'} onChange={formik.handleChange} />
                <span>
                  <Trans>Company</Trans>
                </span>
              </label>
            </fieldset>
          );
        }
        if (field === 'businessId') {
          return (
            <SelectField key={field} label={label(field)} hint={hint(field)} disabled={disabled} {...bind(field)}>
              <option value="">{t`Not chosen`}</option>
              {(businesses ?? []).map((business) => (
                <option key={business.id} value={business.id}>
                  {business.name}
                </option>
              ))}
            </SelectField>
          );
        }
        const input = (
          <TextField key={field} id={`profile-${field}`} label={label(field)} hint={hint(field)} disabled={disabled} {...INPUT_PROPS[field]} {...bind(field)} />
        );
        if (field !== 'nationalId') return input;
        return (
          <div key={field} className="wizard-national-id">
            <DocumentPhotoField
              kind="identity_document"
              label={<Trans>Photo of your ID document</Trans>}
              hint={<Trans>Your ID card or passport, the page with your photo and national ID. Needed before the national ID can be saved.</Trans>}
              error={edited.has('identityDocument') ? undefined : outsideError('identityDocument')}
              readOnly={disabled}
              onAdded={() => onEdited('identityDocument')}
            />
            {input}
          </div>
        );
      })}
    </div>
  );
}
