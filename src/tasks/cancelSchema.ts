/**
 * The cancel dialog's Yup schema (spec sections 4 and 5). An early cancel is a confirmation (no
 * fields); a late cancel needs a reason — the domain's rule, `lateCancelJustificationError`, the
 * one the server applies through `cancelRefusal` — and the policy tick. Errors are codes.
 */
import * as yup from 'yup';
import { lateCancelJustificationError, type CancelPolicy } from '#domain/lifecycle';

export interface CancelValues {
  justification: string;
  policyAccepted: boolean;
}

export const EMPTY_CANCEL: CancelValues = { justification: '', policyAccepted: false };

export const lateCancelSchema = yup.object({
  justification: yup
    .string()
    .default('')
    .test('late-cancel-justification', (value, context) => {
      const code = lateCancelJustificationError(value);
      return code === null ? true : context.createError({ message: code });
    }),
  policyAccepted: yup.boolean().default(false).oneOf([true], 'REQUIRED'),
});

/** The schema for a dialog opened under `policy` (none for an early cancel). */
export function cancelSchema(policy: Exclude<CancelPolicy, 'none'>) {
  return policy === 'late' ? lateCancelSchema : undefined;
}
