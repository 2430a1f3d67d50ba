/** The profile wizard's step titles in the tasker's language. */
import { useLingui } from '@lingui/react/macro';
import type { ProfileStepId } from '#domain/profile';

export function useStepTitles(): Record<ProfileStepId, string> {
  const { t } = useLingui();
  return {
    referral: t`Referral code`,
    contact: t`Contact details`,
    personal: t`Personal details`,
    business: t`Business details`,
    billing: t`Billing`,
  };
}
