/**
 * The finishing forms' values, the completion each of them sends, and their Yup schemas (spec
 * sections 4 and 5). Every field's rule is the domain's completion rule (`readCompletion` in
 * src/domain/completion.ts), the same one the sync worker applies before queueing and the server
 * applies to `POST task/{id}/complete`: the schema builds the completion the form would send and
 * takes that field's code (REQUIRED, TOO_LONG, INVALID), so what the form accepts is what is sent.
 * Errors are codes, put into words by the screen. What the form does not type itself — the photos
 * (`needsPhoto`) and the blockers chosen on their own screen — the screen checks on submit.
 */
import * as yup from 'yup';
import { completionErrors, type CompletionField, type CompletionInput } from '#domain/completion';

export type CompleteValues = {
  comment: string;
};

export type IncompleteValues = {
  /** Why the task could not be done in full; also sent as the tasker's comment. */
  reason: string;
  /** The policy agreement: an incomplete task may be paid less or not at all. */
  agreed: boolean;
};

export type BlockedValues = {
  comment: string;
};

export const EMPTY_COMPLETE: CompleteValues = { comment: '' };
export const EMPTY_INCOMPLETE: IncompleteValues = { reason: '', agreed: false };
export const EMPTY_BLOCKED: BlockedValues = { comment: '' };

export function completeInput(values: CompleteValues): CompletionInput {
  return { outcome: 'complete', taskerComment: values.comment };
}

export function incompleteInput(values: IncompleteValues): CompletionInput {
  return { outcome: 'incomplete', taskerComment: values.reason, reason: values.reason, policyAgreed: values.agreed };
}

/** The blockers are ticked on the blockers screen; the form sends the ones ticked now. */
export function blockedInput(values: BlockedValues, blockerIds: readonly string[]): CompletionInput {
  return { outcome: 'blocked', taskerComment: values.comment, blockerIds: [...blockerIds] };
}

/**
 * A test that applies the completion rule to the whole form (the field's siblings are
 * `context.parent`) and answers the code of `field`, the rule's name for this form field.
 */
function byCompletionRule<V>(toInput: (values: V) => CompletionInput, field: CompletionField) {
  return (_value: unknown, context: yup.TestContext) => {
    const code = completionErrors(toInput(context.parent as V))[field];
    return code === undefined ? true : context.createError({ message: code });
  };
}

const text = () => yup.string().default('');

export const completeSchema = yup.object({
  comment: text().test('completion-comment', byCompletionRule(completeInput, 'taskerComment')),
});

export const incompleteSchema = yup.object({
  reason: text().test('completion-reason', byCompletionRule(incompleteInput, 'reason')),
  agreed: yup.boolean().default(false).test('completion-policy', byCompletionRule(incompleteInput, 'policyAgreed')),
});

/** The comment only: the blockers are not typed in this form (see blockedInput). */
export const blockedSchema = yup.object({
  comment: text().test('completion-comment', byCompletionRule((values: BlockedValues) => blockedInput(values, []), 'taskerComment')),
});
