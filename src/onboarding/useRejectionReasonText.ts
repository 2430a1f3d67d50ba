/**
 * Staff reject a profile with reasons that name profile fields (spec section 5: server rejection
 * reasons show as field errors). Known field names get a translated label; anything else is the
 * staff's own text and is shown as it is.
 */
import { useProfileFieldLabels } from './useProfileFieldLabels';

export function useRejectionReasonText(): (reason: string) => string {
  const labels: Record<string, string> = useProfileFieldLabels();
  return (reason) => (Object.hasOwn(labels, reason) ? labels[reason]! : reason);
}
