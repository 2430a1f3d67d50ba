/**
 * The cancel dialog's form state (spec sections 4 and 5): an early cancel only needs a
 * confirmation; a late cancel needs a reason under 160 characters and the policy checkbox.
 * Pure, so the live counter and the submit button follow one rule the tests pin.
 */
import { JUSTIFICATION_MAX_EXCLUSIVE, type CancelPolicy } from '#domain/lifecycle';

export interface CancelFormInput {
  policy: CancelPolicy;
  justification: string;
  policyAccepted: boolean;
}

export interface CancelFormState {
  /** Characters typed (trimmed, as the server counts them). */
  length: number;
  /** The most a reason may have: one less than the 160 limit. */
  maxLength: number;
  /** Characters still allowed; negative when over. */
  remaining: number;
  tooLong: boolean;
  missingReason: boolean;
  canSubmit: boolean;
  /** What goes to cancelTask: null for early cancels. */
  justification: string | null;
}

export function cancelFormState({ policy, justification, policyAccepted }: CancelFormInput): CancelFormState {
  const maxLength = JUSTIFICATION_MAX_EXCLUSIVE - 1;
  const text = justification.trim();
  const length = text.length;
  if (policy !== 'late') {
    return { length, maxLength, remaining: maxLength - length, tooLong: false, missingReason: false, canSubmit: policy === 'early', justification: null };
  }
  const tooLong = length > maxLength;
  const missingReason = length === 0;
  return {
    length,
    maxLength,
    remaining: maxLength - length,
    tooLong,
    missingReason,
    canSubmit: !tooLong && !missingReason && policyAccepted,
    justification: text,
  };
}
