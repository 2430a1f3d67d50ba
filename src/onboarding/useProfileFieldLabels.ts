/**
 * The tasker's words for each profile field and for the other things staff can name in a
 * rejection (the ID photo, the payment documents, the profile photo, the country). One place, so
 * a field's label and the rejection reason that names it always read the same.
 */
import { useLingui } from '@lingui/react/macro';
import type { ProfileField } from '#domain/profile';

export type LabelledField = ProfileField | 'country' | 'identityDocument' | 'profilePhoto' | 'paymentDocuments';

export function useProfileFieldLabels(): Record<LabelledField, string> {
  const { t } = useLingui();
  return {
    firstName: t`First name`,
    middleName: t`Middle name`,
    lastName: t`Last name`,
    phone: t`Phone number`,
    address: t`Address`,
    country: t`Country`,
    iban: t`IBAN`,
    nationalId: t`National ID`,
    identityDocument: t`ID photo`,
    businessType: t`Business type`,
    individualActivityNo: t`Individual activity certificate number`,
    legalEntityName: t`Company name`,
    legalEntityNumber: t`Company code`,
    vatCode: t`VAT code`,
    businessId: t`Contracting company`,
    postalCode: t`Postal code`,
    profilePhoto: t`Profile photo`,
    paymentDocuments: t`Payment documents`,
  };
}
