/**
 * The reviewer's decision on a task: accept; reject with a reason; or accept with a reduced
 * reward, which is the API's reject carrying `reducedReward` (a rejected task may carry a reduced
 * reward, paid instead of the reward) and needs a reason too. Checked here with the domain money
 * rules before it is sent, so the reviewer sees the problem at the field; the server checks again.
 */
import { acceptTask, rejectTask } from '#contracts/api/staff';
import { amountWithin, formatAmount, isAmount, parseAmount, typedAmount } from '#domain/money';

export type DecisionKind = 'accept' | 'reject' | 'reduced';

/** The reason's length limit (the server's resultComment limit). */
export const REASON_MAX = 2000;

export interface DecisionInput {
  kind: DecisionKind;
  reason: string;
  /** The reduced reward as typed (decimal, dot or comma). */
  amount: string;
}

export interface DecisionErrors {
  reason?: 'REQUIRED' | 'TOO_LONG';
  amount?: 'REQUIRED' | 'INVALID' | 'TOO_HIGH';
}

/** A typed amount with a decimal comma read as a dot ("12,5" → "12.5"). */
/** A typed reduced reward as the wire's decimal string (the domain's reading of a decimal comma). */
export const normaliseAmount = typedAmount;

/** What is wrong with the decision against the task's reward (a decimal string); empty: can be sent. */
export function checkDecision(input: DecisionInput, reward: string): DecisionErrors {
  const errors: DecisionErrors = {};
  if (input.kind === 'accept') {
    if ([...input.reason.trim()].length > REASON_MAX) errors.reason = 'TOO_LONG';
    return errors;
  }
  const reason = input.reason.trim();
  if (reason === '') errors.reason = 'REQUIRED';
  else if ([...reason].length > REASON_MAX) errors.reason = 'TOO_LONG';
  if (input.kind === 'reduced') {
    const amount = normaliseAmount(input.amount);
    if (amount === '') errors.amount = 'REQUIRED';
    else if (!isAmount(amount) || amount.startsWith('-')) errors.amount = 'INVALID';
    else if (amountWithin(amount, 0n, parseAmount(reward)) === null) errors.amount = 'TOO_HIGH';
  }
  return errors;
}

export const hasErrors = (errors: DecisionErrors) => Object.keys(errors).length > 0;

/** The route and body that carry a checked decision. */
export function decisionRequest(input: DecisionInput) {
  const reason = input.reason.trim();
  if (input.kind === 'accept') return { def: acceptTask, body: reason ? { resultComment: reason } : null } as const;
  const reducedReward = input.kind === 'reduced' ? formatAmount(parseAmount(normaliseAmount(input.amount))) : null;
  return { def: rejectTask, body: { resultComment: reason, reducedReward } } as const;
}

/** The task to open after `currentId` in the queue's order: the next one, else the first other one; null when none is left. */
export function nextInQueue(ids: readonly string[], currentId: string): string | null {
  const at = ids.indexOf(currentId);
  if (at >= 0 && at + 1 < ids.length) return ids[at + 1] as string;
  return ids.find((id) => id !== currentId) ?? null;
}

/** The task before `currentId` in the queue's order, or null. */
export function previousInQueue(ids: readonly string[], currentId: string): string | null {
  const at = ids.indexOf(currentId);
  return at > 0 ? (ids[at - 1] as string) : null;
}
