/** Translated names of the history statuses (card titles, screen titles, empty states). */
import { useLingui } from '@lingui/react/macro';
import type { HistoryStatus } from '#domain/types';

export function useHistoryStatusLabels(): Record<HistoryStatus, string> {
  const { t } = useLingui();
  return {
    accepted: t`Accepted`,
    rejected: t`Rejected`,
    expired: t`Expired`,
    awaiting_confirmation: t`Awaiting confirmation`,
  };
}
