/**
 * What the tasker is told when reserve, cancel or start is refused (spec section 8). The server's
 * refusal codes (and the local rule codes of src/domain/lifecycle.ts, which use the same names)
 * map to words here; a 420 this app does not know yet shows the server's own message; no
 * connection and other failures get the spec's generic texts.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { CommandError } from '../sync/contract';

export type LifecycleCommand = 'reserve' | 'cancel' | 'start';

/** The codes this app has words for. */
export const KNOWN_FAILURE_CODES = [
  'NETWORK',
  'TASK_NO_LONGER_AVAILABLE',
  'PROFILE_NOT_APPROVED',
  'TRAININGS_MISSING',
  'RESERVATION_LIMIT_EXCEEDED',
  'CANCEL_DEADLINE_PASSED',
  'TASK_NOT_RESERVED',
  'JUSTIFICATION_REQUIRED',
  'JUSTIFICATION_TOO_LONG',
  'TASK_NOT_STARTABLE_YET',
  'TASK_WINDOW_ENDED',
  'TOO_FAR_FROM_PLACE',
  'POSITION_REQUIRED',
  'FORBIDDEN',
  'TASK_NOT_FOUND',
] as const;
export type KnownFailureCode = (typeof KNOWN_FAILURE_CODES)[number];

export type LifecycleFailure =
  | { kind: 'known'; code: KnownFailureCode }
  /** A 420 the app has no words for: the server's message is meant for the tasker. */
  | { kind: 'server'; message: string }
  | { kind: 'generic'; command: LifecycleCommand };

function isKnown(code: string): code is KnownFailureCode {
  return (KNOWN_FAILURE_CODES as readonly string[]).includes(code);
}

export function classifyFailure(command: LifecycleCommand, error: CommandError): LifecycleFailure {
  if (error.status === 0) return { kind: 'known', code: 'NETWORK' };
  // 400 with per-field codes: a late cancel whose reason the server refused.
  if (error.fields?.justification) {
    const code = error.fields.justification;
    return { kind: 'known', code: code === 'JUSTIFICATION_TOO_LONG' ? 'JUSTIFICATION_TOO_LONG' : 'JUSTIFICATION_REQUIRED' };
  }
  if (isKnown(error.code)) return { kind: 'known', code: error.code };
  if (error.status === 403) return { kind: 'known', code: 'FORBIDDEN' };
  if (error.status === 404) return { kind: 'known', code: 'TASK_NOT_FOUND' };
  if (error.status === 420 && error.message.trim() !== '') return { kind: 'server', message: error.message };
  return { kind: 'generic', command };
}

const KNOWN_MESSAGES: Record<KnownFailureCode, MessageDescriptor> = {
  NETWORK: msg`Cannot connect to server`,
  TASK_NO_LONGER_AVAILABLE: msg`This task is no longer available. Another user has already reserved it.`,
  PROFILE_NOT_APPROVED: msg`Tasks can be reserved once your profile is approved.`,
  TRAININGS_MISSING: msg`Complete the required trainings to reserve this task.`,
  RESERVATION_LIMIT_EXCEEDED: msg`Your reservation limit is reached. Finish or cancel a reserved task to reserve more.`,
  CANCEL_DEADLINE_PASSED: msg`This task cannot be canceled anymore`,
  TASK_NOT_RESERVED: msg`This task is not reserved by you anymore.`,
  JUSTIFICATION_REQUIRED: msg`Please write why you are canceling.`,
  JUSTIFICATION_TOO_LONG: msg`The reason must be shorter than 160 characters.`,
  TASK_NOT_STARTABLE_YET: msg`This task cannot be started yet`,
  TASK_WINDOW_ENDED: msg`The time window of this task has ended.`,
  TOO_FAR_FROM_PLACE: msg`You are too far from the store. Tasks can be started within 1000 m of the store.`,
  POSITION_REQUIRED: msg`Your location is needed to start the task.`,
  FORBIDDEN: msg`This content is not available`,
  TASK_NOT_FOUND: msg`Task not found`,
};

const GENERIC_MESSAGES: Record<LifecycleCommand, MessageDescriptor> = {
  reserve: msg`Could not reserve the task. Please try again.`,
  cancel: msg`Could not cancel the task. Please try again.`,
  start: msg`Could not start the task. Please try again.`,
};

/** Words for a refusal code this app knows (the server's messages are English only), or null. */
export function knownFailureMessage(code: string): MessageDescriptor | null {
  return isKnown(code) && code !== 'NETWORK' ? KNOWN_MESSAGES[code] : null;
}

/** A descriptor (translated on render) or the server's text, ready for showToast or an alert. */
export function failureMessage(failure: LifecycleFailure): MessageDescriptor | string {
  switch (failure.kind) {
    case 'known':
      return KNOWN_MESSAGES[failure.code];
    case 'server':
      return failure.message;
    case 'generic':
      return GENERIC_MESSAGES[failure.command];
  }
}
