/**
 * Staff reject a profile with reasons that name profile fields (spec section 5: server rejection
 * reasons show as field errors). Known field names get a translated label; anything else is the
 * staff's own text and is shown as it is.
 */
import { useLingui } from '@lingui/react/macro';

export function useRejectionReasonText(): (reason: string) => string {
  const { t } = useLingui();
  const labels: Record<string, string> = {
    firstName: t`First name`,
    middleName: t`Middle name`,
    lastName: t`Last name`,
    phone: t`Phone number`,
    address: t`Address`,
    country: t`Country`,
    iban: t`IBAN`,
    nationalId: t`National ID`,
    identityDocument: t`ID photo`,
    individualActivityNo: t`Individual activity certificate number`,
    legalEntityName: t`Company name`,
    legalEntityNumber: t`Company code`,
    vatCode: t`VAT code`,
    postalCode: t`Postal code`,
    profilePhoto: t`Profile photo`,
    paymentDocuments: t`Payment documents`,
  };
  return (reason) => labels[reason] ?? reason;
}
