/**
 * The completion rule (spec sections 4 and 5), one copy for the confirm screens, the sync worker
 * (checked before the completion is queued) and the server (its body reader): the outcome, the
 * tasker's comment, and what each outcome needs — a reason and the policy agreed to for
 * `incomplete`, at least one blocker for `blocked`. The parts that need data stay with the
 * caller: a photo on the task for `incomplete` and `blocked` (`needsPhoto`; PHOTOS_REQUIRED),
 * and, on the server, each blocker being a task-blocker defect (UNKNOWN_BLOCKER). Pure.
 */
import type { FieldErrorCode } from './errors';
import { COMPLETION_OUTCOMES, type CompletionOutcome } from './types';
import { isPlausibleId } from './validation';

/** The longest tasker comment and reason, in characters after trimming. */
export const COMPLETION_TEXT_MAX = 2000;
/** The most blockers one completion may name. */
export const COMPLETION_BLOCKERS_MAX = 500;

/** How a tasker finishes a task: the completion command's input and the body of `POST task/{id}/complete`. */
export interface CompletionInput {
  outcome: CompletionOutcome;
  /** The tasker's comment; '' for none. */
  taskerComment: string;
  /** Why the task was not completed (`incomplete`). */
  reason?: string;
  /** The tasker agreed that an incomplete task may be paid less or not at all (`incomplete`). */
  policyAgreed?: boolean;
  /** The task-blocker defects that stopped the work (`blocked`). */
  blockerIds?: string[];
}

export type CompletionField = 'outcome' | 'taskerComment' | 'reason' | 'policyAgreed' | 'blockerIds';
export type CompletionErrors = Partial<Record<CompletionField, Extract<FieldErrorCode, 'REQUIRED' | 'INVALID' | 'TOO_LONG'>>>;

export interface ReadCompletion {
  /** The completion as read: texts trimmed, blockers deduplicated in order; only meaningful without errors. */
  value: CompletionInput;
  /** Per-field codes; empty when the completion may be sent. */
  errors: CompletionErrors;
}

function isAbsent(value: unknown): boolean {
  return value === undefined || value === null;
}

/**
 * Reads a completion from untrusted data (a request body, a command's argument) and applies the
 * rule. A missing outcome is `complete`; wrong types are INVALID (before any REQUIRED of the same
 * field); texts longer than COMPLETION_TEXT_MAX are TOO_LONG; `incomplete` needs a reason and
 * `policyAgreed: true`, `blocked` at least one blocker id (REQUIRED).
 */
export function readCompletion(raw: unknown): ReadCompletion {
  const body = raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const errors: CompletionErrors = {};

  let outcome: CompletionOutcome = 'complete';
  if (!isAbsent(body.outcome)) {
    if (typeof body.outcome === 'string' && (COMPLETION_OUTCOMES as readonly string[]).includes(body.outcome)) outcome = body.outcome as CompletionOutcome;
    else errors.outcome = 'INVALID';
  }

  let taskerComment = '';
  if (!isAbsent(body.taskerComment)) {
    if (typeof body.taskerComment !== 'string') errors.taskerComment = 'INVALID';
    else {
      taskerComment = body.taskerComment.trim();
      if (taskerComment.length > COMPLETION_TEXT_MAX) errors.taskerComment = 'TOO_LONG';
    }
  }

  let reason: string | undefined;
  if (!isAbsent(body.reason)) {
    if (typeof body.reason !== 'string') errors.reason = 'INVALID';
    else if (body.reason.trim().length > COMPLETION_TEXT_MAX) errors.reason = 'TOO_LONG';
    else reason = body.reason.trim() || undefined;
  }

  let policyAgreed: boolean | undefined;
  if (!isAbsent(body.policyAgreed)) {
    if (typeof body.policyAgreed !== 'boolean') errors.policyAgreed = 'INVALID';
    else policyAgreed = body.policyAgreed;
  }

  let blockerIds: string[] | undefined;
  if (!isAbsent(body.blockerIds)) {
    const ids = body.blockerIds;
    if (!Array.isArray(ids) || ids.length > COMPLETION_BLOCKERS_MAX || !ids.every(isPlausibleId)) errors.blockerIds = 'INVALID';
    else blockerIds = [...new Set(ids)];
  }

  if (outcome === 'incomplete') {
    if (!reason) errors.reason ??= 'REQUIRED';
    if (policyAgreed !== true) errors.policyAgreed ??= 'REQUIRED';
  }
  if (outcome === 'blocked' && (blockerIds ?? []).length === 0) errors.blockerIds ??= 'REQUIRED';

  const value: CompletionInput = { outcome, taskerComment };
  if (reason !== undefined) value.reason = reason;
  if (policyAgreed !== undefined) value.policyAgreed = policyAgreed;
  if (blockerIds !== undefined) value.blockerIds = blockerIds;
  return { value, errors };
}

/** The rule's field codes for a completion a screen is about to send (empty: it may be sent). */
export function completionErrors(input: CompletionInput): CompletionErrors {
  return readCompletion(input).errors;
}

/** `incomplete` and `blocked` need at least one photo on the task (PHOTOS_REQUIRED). */
export function needsPhoto(outcome: CompletionOutcome): boolean {
  return outcome !== 'complete';
}

/** A confirm screen may send the completion: the rule has no field code and a needed photo is there. */
export function canSendCompletion(input: CompletionInput, photoCount: number): boolean {
  return Object.keys(completionErrors(input)).length === 0 && !(needsPhoto(input.outcome) && photoCount === 0);
}
