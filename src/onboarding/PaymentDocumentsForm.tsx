/**
 * The payment documents step of the stepper (spec section 2, onboarding): in LT a photo of the
 * individual activity certificate and the tasker's confirmation of its activity code 829900; in
 * PL, CZ and RO the fleet partner the tasker registered with (choice, the partner's website, and
 * the "I registered" tick). Saved through the outbox, so it works offline and says so.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useFormik } from 'formik';
import * as yup from 'yup';
import { LT_ACTIVITY_CODE } from '#domain/profile';
import type { FleetPartner, User } from '#domain/types';
import { formikField } from '#ui/formikField';
import { Icon } from '#ui/Icon';
import { SelectField } from '#ui/TextField';
import { Spinner } from '#ui/Spinner';
import { savePaymentDocuments, useFleetPartners, useUserDocument } from '../profile';
import { DocumentPhotoField } from './DocumentPhotoField';
import { isOnline } from '../shared/useOnline';
import { showSaveFeedback } from './saveFeedback';
import { useProfileErrorText } from './useProfileErrorText';

export function PaymentDocumentsForm({ user }: { user: User }) {
  return user.countryCode === 'LT' ? <ActivityCertificateForm /> : <FleetPartnerForm user={user} />;
}


function ActivityCertificateForm() {
  const { t } = useLingui();
  const errorText = useProfileErrorText('LT');
  const certificate = useUserDocument('payment_document');
  const formik = useFormik({
    initialValues: { confirmed: false },
    validationSchema: yup.object({ confirmed: yup.boolean().oneOf([true], 'CONFIRM_REQUIRED') }),
    // The errors show only after a save was tried; a fixed one then goes at once.
    validateOnChange: true,
    onSubmit: async () => {
      // The server needs the certificate's photo first (it may still be waiting on this phone).
      if (!certificate) return;
      const result = await savePaymentDocuments({ activityCode: LT_ACTIVITY_CODE });
      showSaveFeedback(result, isOnline());
    },
  });
  const showErrors = formik.submitCount > 0;
  return (
    <form className="payment-form" onSubmit={formik.handleSubmit} noValidate>
      <DocumentPhotoField
        kind="payment_document"
        label={<Trans>Photo of your individual activity certificate</Trans>}
        hint={<Trans>The whole certificate, readable, with the activity code visible.</Trans>}
        error={showErrors && certificate === null ? errorText('paymentDocument', 'REQUIRED') : undefined}
      />
      <label className="check-row">
        <input
          type="checkbox"
          name="confirmed"
          checked={formik.values.confirmed}
          onChange={formik.handleChange}
          aria-invalid={showErrors && formik.errors.confirmed ? true : undefined}
        />
        <span>
          <Trans>My certificate lists the activity code {LT_ACTIVITY_CODE}</Trans>
        </span>
      </label>
      {showErrors && formik.errors.confirmed ? (
        <p className="field-error" role="alert">
          {errorText('confirmed', formik.errors.confirmed)}
        </p>
      ) : null}
      <button type="submit" className="btn" disabled={formik.isSubmitting}>
        {formik.isSubmitting ? <span className="wizard-spinner" aria-hidden="true" /> : null}
        {t`Save`}
      </button>
    </form>
  );
}

function FleetPartnerForm({ user }: { user: User }) {
  const { t } = useLingui();
  const partners = useFleetPartners();
  const errorText = useProfileErrorText(user.countryCode);
  const formik = useFormik({
    initialValues: { fleetPartnerId: user.fleetPartnerId ?? '', registered: false },
    validationSchema: yup.object({
      fleetPartnerId: yup.string().required('REQUIRED'),
      registered: yup.boolean().oneOf([true], 'REQUIRED'),
    }),
    // The errors show only after a save was tried; a fixed one then goes at once.
    validateOnChange: true,
    onSubmit: async (values, helpers) => {
      const result = await savePaymentDocuments({ fleetPartnerId: values.fleetPartnerId, registered: true });
      const fieldCode = result.ok ? undefined : result.error.fields?.fleetPartnerId;
      if (fieldCode) helpers.setFieldError('fleetPartnerId', fieldCode);
      else showSaveFeedback(result, isOnline());
    },
  });
  if (partners === undefined) return <Spinner />;
  const chosen: FleetPartner | undefined = partners.find((p) => p.id === formik.values.fleetPartnerId);
  const partnerName = chosen?.shortName ?? '';
  const showErrors = formik.submitCount > 0;
  return (
    <form className="payment-form" onSubmit={formik.handleSubmit} noValidate>
      {partners.length === 0 ? (
        <p className="muted">
          <Trans>The list of fleet partners has not arrived yet. It loads when there is a connection.</Trans>
        </p>
      ) : (
        <SelectField label={<Trans>Fleet partner</Trans>} {...formikField(formik, 'fleetPartnerId', (code) => errorText('fleetPartnerId', code))}>
          <option value="" disabled>
            {t`Choose a partner`}
          </option>
          {partners.map((partner) => (
            <option key={partner.id} value={partner.id}>
              {partner.shortName}
            </option>
          ))}
        </SelectField>
      )}
      {chosen ? (
        <p>
          <a href={chosen.url} target="_blank" rel="noopener noreferrer" className="payment-partner-link">
            <Trans>Register with {partnerName} on their website</Trans>
            <Icon name="external" size={16} />
          </a>
        </p>
      ) : null}
      <label className="check-row">
        <input type="checkbox" name="registered" checked={formik.values.registered} onChange={formik.handleChange} aria-invalid={showErrors && formik.errors.registered ? true : undefined} />
        <span>
          <Trans>I registered with a fleet partner</Trans>
        </span>
      </label>
      {showErrors && formik.errors.registered ? (
        <p className="field-error" role="alert">
          {errorText('registered', formik.errors.registered)}
        </p>
      ) : null}
      <button type="submit" className="btn" disabled={formik.isSubmitting || partners.length === 0}>
        {formik.isSubmitting ? <span className="wizard-spinner" aria-hidden="true" /> : null}
        {t`Save`}
      </button>
    </form>
  );
}
